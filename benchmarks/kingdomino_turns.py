"""Kingdomino on Discord: taps and messages per player turn over whole games.

    python -m benchmarks.kingdomino_turns [--games 3] [--players 2,3,4]

The real bot process against the fake Discord on 127.0.0.1. For each player count, whole
games one after another (each in its own channel, `/kingdomino new`), every player
turn played as a person would: Play on the post (or on in the private message that shows
the next turn), then every step of it (the first lettered place, the first domino
offered) until the turn passes on. Prints per
player turn: taps, new private messages, public table posts and pings (the
targets: ≤ 1.25 posts and pings, ≤ 2.5 private messages), and the median time from the
last tap to the new table post.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
from pathlib import Path

from benchmarks.bot import Counts, is_post, play_turns
from tests.fake_discord import CHANNEL_ID, FakeDiscord

ROOT = Path(__file__).resolve().parents[1]


async def play_game(fake: FakeDiscord, channel: int, players: int, counts: Counts,
                    posted: list[float]) -> None:
    people = [(channel * 10 + i, f"P{channel * 10 + i}") for i in range(1, players + 1)]
    iid = await fake.slash(people[0], "new", channel_id=channel, group="kingdomino",
                           players=players, thread=False)
    lobby = await fake.wait_for(lambda s: s.interaction_id == iid and s.custom_ids(),
                                timeout=120)
    for guest in people[1:]:
        await fake.answered(await fake.click(guest, lobby, "mr:lobby:join"), timeout=60)
    before = len(fake.sent)
    await fake.click(people[0], lobby, "mr:lobby:start")
    table = await fake.wait_for(lambda s: is_post(s, channel), after=before, timeout=120)
    # as Moon River's players: Play on a post, or on in the private message that shows
    # the next turn (kept), the first offered move each time, to the game's end
    await play_turns(fake, channel, table, 10_000, posted, counts)


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--players", default="2,3,4")
    args = parser.parse_args()
    fake = FakeDiscord()
    await fake.start()
    with tempfile.TemporaryDirectory() as folder:
        env = {**os.environ, **fake.env, "MOONRIVER_DB": str(Path(folder) / "kd.sqlite3"),
               "MOONRIVER_LOG_LEVEL": "WARNING", "MOONRIVER_RATE_PER_MINUTE": "0"}
        process = await asyncio.create_subprocess_exec(sys.executable, "-m", "bot.cli", "run",
                                                       cwd=ROOT, env=env)
        try:
            await asyncio.wait_for(fake.ready.wait(), 60)
            while not fake.commands:
                await asyncio.sleep(0.05)
            channel = CHANNEL_ID + 500
            for players in (int(p) for p in args.players.split(",")):
                counts, posted = Counts(), list[float]()
                for _ in range(args.games):
                    channel += 1
                    await play_game(fake, channel, players, counts, posted)
                per = counts.turns or 1
                print(f"{players} players, {args.games} games, {counts.turns} player turns: "
                      f"{counts.taps / per:.2f} taps ({(counts.taps + counts.menus) / per:.2f} "
                      f"with each menu's opening), {counts.private / per:.2f} new private "
                      f"messages, {counts.posts / per:.2f} public posts, "
                      f"{counts.pings / per:.2f} pings per turn; last tap -> table post "
                      f"median {statistics.median(posted) * 1e3:.0f} ms")
        finally:
            process.kill()
            await process.wait()
            await fake.stop()
    print(f"limit violations recorded by the fake: {len(fake.violations)}")


if __name__ == "__main__":
    asyncio.run(main())
