"""Table service speed, on a real SQLite file with 1,000 active games.

    python -m benchmarks.tables [--games 1000] [--concurrent 200]

Figures: `act` including the commit (median, p99); 200 games acting at once at an offered
300 actions/s for 10 s (open loop: each game acts on its own schedule, as players do),
the rate sustained and its p99; the closed-loop capacity (every game acting back to back);
start-up (open + resume) with every game active.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from pathlib import Path

from bot.tables.service import TableService, User
from bot.tables.store import SqliteStore
from engine.games.rng import Rng

USERS = [User(i, f"Player {i}") for i in range(1, 5)]


def p99(values: list[float]) -> float:
    return statistics.quantiles(values, n=100)[98]


async def one_move(service: TableService, channel: int, rng: Rng) -> float:
    status = await service.status(channel)
    assert status.state is not None  # a started table
    user = next(u for u in USERS
                if u.id == status.game.seats[status.state.active_seat].user_id)
    options = await service.legal(channel, user)
    started = time.perf_counter()
    await service.act(channel, user, str(rng.choice(options)), status.game.version)
    return (time.perf_counter() - started) * 1e3


async def build(path: Path, games: int) -> None:
    store = SqliteStore(path)
    await store.open()
    service = TableService(store)
    rng = Rng(1)
    for channel in range(1, games + 1):
        players = 2 + channel % 3
        await service.create(channel, USERS[0])
        for user in USERS[1:players]:
            await service.join(channel, user)
        await service.start(channel, USERS[0])
        for _ in range(channel % 20):  # games at different stages
            await one_move(service, channel, rng)
    await store.close()


async def measure(path: Path, games: int, concurrent: int, rate: float,
                  seconds: float) -> None:
    started = time.perf_counter()
    store = SqliteStore(path)
    await store.open()
    service = TableService(store)
    await service.resume()
    startup = time.perf_counter() - started

    async def checkpoints() -> None:  # what the bot's maintenance loop does
        while True:
            await asyncio.sleep(2)
            await store.checkpoint()

    maintenance = asyncio.create_task(checkpoints())
    rng = Rng(2)
    single = [await one_move(service, 1 + rng.below(games), rng) for _ in range(600)]

    channels = list(range(1, concurrent + 1))
    period = concurrent / rate  # seconds between two actions of one game

    async def paced(channel: int, until: float) -> list[float]:
        local = Rng(channel)
        due = time.perf_counter() + local.below(1000) / 1000 * period
        out = []
        while due < until:
            await asyncio.sleep(max(0.0, due - time.perf_counter()))
            out.append(await one_move(service, channel, local))
            due += period
        return out

    started = time.perf_counter()
    paced_results = await asyncio.gather(*(paced(c, started + seconds) for c in channels))
    elapsed = time.perf_counter() - started
    paced_latencies = [x for r in paced_results for x in r]

    async def back_to_back(channel: int, moves: int) -> list[float]:
        local = Rng(channel + 7)
        return [await one_move(service, channel, local) for _ in range(moves)]

    started = time.perf_counter()
    closed = await asyncio.gather(*(back_to_back(c, 5) for c in channels))
    capacity = sum(len(r) for r in closed) / (time.perf_counter() - started)
    maintenance.cancel()
    await store.close()

    print(f"act incl. commit, {games} active games: median {statistics.median(single):.2f} ms, "
          f"p99 {p99(single):.2f} ms")
    print(f"{concurrent} games at an offered {rate:.0f} actions/s for {seconds:.0f} s: "
          f"{len(paced_latencies) / elapsed:.0f} actions/s sustained, median "
          f"{statistics.median(paced_latencies):.1f} ms, p99 {p99(paced_latencies):.1f} ms")
    print(f"capacity, {concurrent} games acting back to back: {capacity:.0f} actions/s")
    print(f"start-up with {games} active games (open + resume): {startup:.2f} s")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--concurrent", type=int, default=200)
    parser.add_argument("--rate", type=float, default=300.0)
    parser.add_argument("--seconds", type=float, default=10.0)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bench.sqlite3"
        started = time.perf_counter()
        asyncio.run(build(path, args.games))
        print(f"(set-up of {args.games} games: {time.perf_counter() - started:.1f} s)")
        asyncio.run(measure(path, args.games, args.concurrent, args.rate, args.seconds))


if __name__ == "__main__":
    main()
