"""A process that plays many games into one SQLite file until it is killed.

Used by test_crash.py: `python -m tests.bot.crash_worker DB GAMES` prints "ready" once the
games exist, then acts forever (random legal actions, round robin over the games). Before
each action it prints `try <game> <action>`, and `ack <game> <action>` once the service
has returned (committed): the test holds the database to exactly what was acknowledged.
"""

from __future__ import annotations

import asyncio
import sys

from bot.tables.service import TableService, User
from bot.tables.store import SqliteStore
from engine.games.rng import Rng

USERS = {1: User(1, "Alice"), 2: User(2, "Bob"), 3: User(3, "Carol")}


async def main(path: str, games: int) -> None:
    store = SqliteStore(path)
    await store.open()
    service = TableService(store)

    async def open_table(channel: int) -> None:
        if await store.open_game_in(channel) is None:
            await service.create(channel, USERS[1])
            await service.join(channel, USERS[2])
            await service.join(channel, USERS[3])
            await service.start(channel, USERS[1])

    for channel in range(1, games + 1):
        await open_table(channel)
    print("ready", flush=True)
    rng = Rng(7)
    while True:
        for channel in range(1, games + 1):
            status = await service.status(channel)
            user = USERS[status.game.seats[status.state.active_seat].user_id]
            action = str(rng.choice(await service.legal(channel, user)))
            print(f"try {status.game.id} {action}", flush=True)
            result = await service.act(channel, user, action, status.game.version)
            for played in result.played:
                print(f"ack {status.game.id} {played.action}", flush=True)
            if result.finished:  # a finished game frees the channel: deal a new one
                await open_table(channel)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2])))
