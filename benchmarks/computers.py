"""Other tables' response time while `hard` computers search: thread vs process.

    python -m benchmarks.computers [--seconds 15] [--rounds 3] [--think-ms 1000]
                                   [--hard-tables 1] [--tables 8]

One or more tables where a person (scripted, moving at once) plays three `hard` seats,
so a search is running nearly all the time; beside them `--tables` two-person tables
whose players each make a move every 50–150 ms. Measured for each move of those other
tables: the time the bot takes to answer it (`legal` + `act` through the table service
with its real SQLite store: what a click handler awaits before its first response).
Modes, taken in turn each round: `none` (no hard table: the baseline), `thread`
(searches in a thread of the bot's process, the first version) and `process` (searches
in the worker process, bot.tables.computers). Prints medians over the rounds of each
round's median, p90 and p99, and how many decisions the hard seats made.

First it prints what a cheap decision costs (random and greedy over a 4-player game, in
this process) against the same greedy decisions sent to a worker process: the figures
behind keeping `easy` and `normal` in the bot's process.
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import random
import statistics
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from bot.tables.computers import ComputerSeats, Decision, decide
from bot.tables.service import TableService, User
from bot.tables.store import SqliteStore
from engine.moonriver.actions import parse_action
from engine.moonriver.ai import make_player
from engine.moonriver.game import apply, new_game
from engine.moonriver.state import Phase

MODES = ("none", "thread", "process")


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def hard_table(service: TableService, channel: int, stop: asyncio.Event) -> int:
    """A person moving at once against three `hard` seats; returns the computers'
    decisions made."""
    person = User(channel, f"H{channel}")
    await service.create(channel, person)
    for _ in range(3):
        await service.add_ai(channel, person, "strong")
    result = await service.start(channel, person)
    decisions = len(result.played)
    while not stop.is_set() and not result.finished:
        option = (await service.legal(channel, person))[0]
        result = await service.act(channel, person, str(option), result.game.version)
        decisions += len(result.played) - 1
    return decisions


async def other_table(service: TableService, channel: int, stop: asyncio.Event,
                      latencies: list[float], rng: random.Random) -> None:
    """Two people taking turns, one move every 50–150 ms, each move timed."""
    people = {channel * 10 + i: User(channel * 10 + i, f"P{i}") for i in (1, 2)}
    first, second = people.values()
    await service.create(channel, first)
    await service.join(channel, second)
    await service.start(channel, first)
    while not stop.is_set():
        await asyncio.sleep(rng.uniform(0.05, 0.15))
        status = await service.status(channel)
        state = status.state
        if state is None or state.active_seat is None:
            return
        user = people[status.game.seats[state.active_seat].user_id or 0]
        began = time.perf_counter()
        options = await service.legal(channel, user)
        await service.act(channel, user, str(rng.choice(options)), status.game.version)
        latencies.append(time.perf_counter() - began)


async def one_run(mode: str, seconds: float, think_ms: int, hard_tables: int, tables: int,
                  folder: Path) -> tuple[list[float], int]:
    store = SqliteStore(folder / f"{mode}-{time.monotonic_ns()}.sqlite3")
    await store.open()
    computers = ComputerSeats(workers=1 if mode == "process" else 0, think_ms=think_ms)
    service = TableService(store, computers=computers)
    stop = asyncio.Event()
    latencies: list[float] = []
    try:
        if mode == "process":  # start the worker before timing, as the bot's first use does
            await computers.choose(_warm_up_decision())
        rng = random.Random(7)
        others = [asyncio.create_task(other_table(service, 1000 + i, stop, latencies, rng))
                  for i in range(tables)]
        hard = [asyncio.create_task(hard_table(service, 10 + i, stop))
                for i in range(hard_tables if mode != "none" else 0)]
        await asyncio.sleep(seconds)
        stop.set()
        await asyncio.gather(*others)
        decisions = sum(await asyncio.gather(*hard))
    finally:
        await asyncio.to_thread(computers.close)
        await store.close()
    return latencies, decisions


def _warm_up_decision() -> Decision:
    return Decision("moonriver", new_game(["a", "b"], 1).to_dict(), "strong", 1, 20)


def decision_costs() -> None:
    """Per decision over one 4-player game: random and greedy here, greedy via a worker."""
    state = new_game(["a", "b", "c", "d"], 7)
    here: dict[str, list[float]] = {"random": [], "greedy": []}
    worker: list[float] = []
    with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as pool:
        pool.submit(decide, Decision("moonriver", state.to_dict(), "random", 0)).result()
        while state.phase is not Phase.OVER:
            for name, times in here.items():
                began = time.perf_counter()
                make_player(name, 1).choose(state)
                times.append(time.perf_counter() - began)
            began = time.perf_counter()
            text = pool.submit(decide, Decision("moonriver", state.to_dict(), "greedy", 1)
                               ).result()
            worker.append(time.perf_counter() - began)
            state, _ = apply(state, parse_action(text))
    for name, times in (*here.items(), ("greedy via worker", worker)):
        print(f"{name:18} median {statistics.median(times) * 1000:6.2f} ms  "
              f"p90 {quantile(times, 0.9) * 1000:6.2f} ms  max {max(times) * 1000:6.2f} ms"
              f"  ({len(times)} decisions)")


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=15.0)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--think-ms", type=int, default=1000)
    parser.add_argument("--hard-tables", type=int, default=1)
    parser.add_argument("--tables", type=int, default=8)
    args = parser.parse_args()
    decision_costs()
    figures: dict[str, list[tuple[float, float, float, int, int]]] = {m: [] for m in MODES}
    with tempfile.TemporaryDirectory() as folder:
        for _ in range(args.rounds):
            for mode in MODES:
                latencies, decisions = await one_run(mode, args.seconds, args.think_ms,
                                                     args.hard_tables, args.tables,
                                                     Path(folder))
                row = (statistics.median(latencies), quantile(latencies, 0.9),
                       quantile(latencies, 0.99), len(latencies), decisions)
                figures[mode].append(row)
                print(f"{mode:8} median {row[0] * 1000:6.1f} ms  p90 {row[1] * 1000:6.1f} ms"
                      f"  p99 {row[2] * 1000:6.1f} ms  moves {row[3]:4}  "
                      f"hard decisions {row[4]}", flush=True)
    print(f"medians over {args.rounds} rounds ({args.tables} other tables, "
          f"{args.hard_tables} hard table(s), think {args.think_ms} ms):")
    for mode, rows in figures.items():
        median, p90, p99 = (statistics.median(r[i] for r in rows) * 1000 for i in range(3))
        print(f"{mode:8} median {median:6.1f} ms  p90 {p90:6.1f} ms  p99 {p99:6.1f} ms  "
              f"hard decisions per run {statistics.median(r[4] for r in rows):.0f}")


if __name__ == "__main__":
    asyncio.run(main())
