"""What the claims cost a delivered post: claim (in batches), the re-check before posting
and settling it, per post, on SQLite and (given a URL) PostgreSQL.

    python -m benchmarks.claims [--games 200] [--rounds 5] [--database postgresql://…]

Each round writes one table post for each of `--games` games, then claims them all (one
batch, as a delivery round does), re-checks and settles each as sent. Figures: the
medians over the rounds of the wall time and this process's CPU time per post (the
PostgreSQL server's own CPU is not in it); with two claimers on PostgreSQL (two stores,
as two processes), the posts per second of both together.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

from bot.tables.domain import GameOptions, NewPost, PostKind, PostState, Seat, TableSettings
from bot.tables.store import ActionEntry, GameStore, SqliteStore
from bot.tables.store.postgres import PostgresStore

NOW = datetime(2026, 12, 2, tzinfo=UTC)


async def games_of(store: GameStore, count: int, first_channel: int) -> list[int]:
    ids = []
    for n in range(count):
        game = await store.create_game(
            guild_id=1, channel_id=first_channel + n, host=Seat(0, 1, "A"),
            options=GameOptions(), settings=TableSettings(), seed=n, components="", now=NOW)
        game = await store.start_game(game, seats=[Seat(0, 1, "A"), Seat(1, 2, "B")],
                                      state={}, reminders=[], now=NOW)
        ids.append(game.id)
    return ids


async def post_each(store: GameStore, ids: list[int]) -> None:
    for game_id in ids:
        game = await store.game(game_id)
        assert game is not None
        await store.record_actions(game, entries=[ActionEntry(0, "x")], state={},
                                   reminders=None, now=NOW, posts=[NewPost(PostKind.TABLE)])


async def deliver_all(store: GameStore) -> int:
    """One delivery round's store work for every due post: claim, re-check, settle."""
    done = 0
    while posts := await store.claim_posts(NOW, 200):
        for post in posts:
            if await store.recheck_post(post.id, NOW):
                await store.settle_post(post.id, PostState.SENT, f"message {post.id}")
                done += 1
    return done


async def per_post(store: GameStore, games: int, rounds: int) -> tuple[float, float]:
    ids = await games_of(store, games, 10_000)
    walls, cpus = [], []
    for _ in range(rounds):
        await post_each(store, ids)
        wall, cpu = time.perf_counter(), time.process_time()
        done = await deliver_all(store)
        walls.append((time.perf_counter() - wall) / done * 1e3)
        cpus.append((time.process_time() - cpu) / done * 1e3)
    return statistics.median(walls), statistics.median(cpus)


async def two_claimers(url: str, games: int, rounds: int) -> float:
    first, second = PostgresStore(url), PostgresStore(url)
    await first.open()
    await second.open()
    try:
        ids = await games_of(first, games, 20_000)
        rates = []
        for _ in range(rounds):
            await post_each(first, ids)
            started = time.perf_counter()
            done = sum(await asyncio.gather(deliver_all(first), deliver_all(second)))
            rates.append(done / (time.perf_counter() - started))
            assert done == games  # each post once
        return statistics.median(rates)
    finally:
        await first.close()
        await second.close()


async def on(store: GameStore, args: argparse.Namespace) -> tuple[float, float]:
    """`per_post` on a store opened for it and closed after."""
    await store.open()
    try:
        return await per_post(store, args.games, args.rounds)
    finally:
        await store.close()


async def main(args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory() as folder:
        wall, cpu = await on(SqliteStore(Path(folder) / "claims.sqlite3"), args)
    print(f"SQLite: {wall:.2f} ms a post (wall), {cpu:.2f} ms CPU")
    if args.database:
        wall, cpu = await on(PostgresStore(args.database), args)
        print(f"PostgreSQL: {wall:.2f} ms a post (wall), {cpu:.2f} ms CPU in this process")
        rate = await two_claimers(args.database, args.games, args.rounds)
        print(f"PostgreSQL, two claimers at once: {rate:.0f} posts/s together, each once")


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--database", default="",
                        help="a postgresql:// URL of an empty database (its tables are "
                             "written to)")
    asyncio.run(main(parser.parse_args()))
