"""Bot memory with many active games (≤ 150 MiB with 1,000, worker included).

    python -m benchmarks.memory [--games 1000] [--turns 2] [--players 2] [--at-once 40]

The real bot process (`moonriver run`, a real SQLite file, discord.py) against the fake
Discord on 127.0.0.1: every game is a lobby opened in its own channel, joined, started
and played for a few player turns, then left open (active, waiting for its next player).
At most `--at-once` games are being set up at the same time. Memory is read from /proc
for the bot and every process below it (the drawing worker, multiprocessing's resource
tracker): VmRSS, and PSS from smaps_rollup, which shares the pages a child has in common
with others fairly instead of counting them in full for each.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.bot import Counts, play
from tests.fake_discord import CHANNEL_ID, FakeDiscord

ROOT = Path(__file__).resolve().parents[1]


def status_kib(pid: int, field: str, file: str = "status") -> int:
    """One `Field:  N kB` line of /proc/<pid>/status (or smaps_rollup); 0 if gone."""
    try:
        for line in Path(f"/proc/{pid}/{file}").read_text().splitlines():
            if line.startswith(field + ":"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def descendants(pid: int) -> list[int]:
    """Every process below `pid` (children, their children …)."""
    out: list[int] = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            kids = [int(c) for c in (task / "children").read_text().split()]
        except OSError:
            continue
        for kid in kids:
            out += [kid, *descendants(kid)]
    return out


def command_of(pid: int) -> str:
    try:
        raw = Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return "?"
    text = raw.replace(b"\0", b" ").decode(errors="replace")
    if "resource_tracker" in text:
        return "resource tracker"
    if "render.worker" in text or "spawn_main" in text:
        return "drawing worker"
    return "bot" if "bot.cli" in text else text[:40]


def memory_table(pid: int) -> list[tuple[str, int, float, float]]:
    """(what, pid, RSS MiB, PSS MiB) for the bot and each process below it."""
    rows = []
    for p in [pid, *descendants(pid)]:
        rows.append((command_of(p), p, status_kib(p, "VmRSS") / 1024,
                     status_kib(p, "Pss", "smaps_rollup") / 1024))
    return rows


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--turns", type=int, default=2, help="player turns per game")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--at-once", type=int, default=40,
                        help="games being set up at the same time")
    args = parser.parse_args()
    fake = FakeDiscord()
    await fake.start()
    with tempfile.TemporaryDirectory() as folder:
        database = Path(folder) / "memory.sqlite3"
        env = {**os.environ, **fake.env, "MOONRIVER_DB": str(database),
               "MOONRIVER_LOG_LEVEL": "WARNING", "MOONRIVER_RATE_PER_MINUTE": "0"}
        process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot.cli", "run", cwd=ROOT, env=env)
        try:
            await asyncio.wait_for(fake.ready.wait(), 60)
            while not fake.commands:
                await asyncio.sleep(0.05)
            idle = memory_table(process.pid)
            gate = asyncio.Semaphore(args.at_once)
            counts, posted = Counts(), list[float]()
            done = 0
            started = time.monotonic()

            async def one(i: int) -> None:
                nonlocal done
                async with gate:
                    await play(fake, CHANNEL_ID + 100 + i, args.turns, posted, counts,
                               players=args.players)
                done += 1
                if done % 100 == 0:
                    total = sum(r[2] for r in memory_table(process.pid))
                    print(f"  {done} games: RSS {total:.0f} MiB in all "
                          f"({time.monotonic() - started:.0f} s)", flush=True)

            await asyncio.gather(*(one(i) for i in range(args.games)))
            elapsed = time.monotonic() - started
            await asyncio.sleep(2)  # the last posts delivered, the loop idle again
            busy = memory_table(process.pid)
            size = database.stat().st_size / 2**20
        finally:
            process.kill()
            await process.wait()
            await fake.stop()
    print(f"{args.games} active games ({args.players} players, {counts.turns} player turns "
          f"played) set up in {elapsed:.0f} s; database {size:.1f} MiB")
    for title, rows in (("idle, no game", idle), (f"{args.games} active games", busy)):
        print(f"{title}:")
        for what, pid, rss, pss in rows:
            print(f"  {what:<17} pid {pid:<7} RSS {rss:6.1f} MiB  PSS {pss:6.1f} MiB")
        print(f"  {'total':<29} RSS {sum(r[2] for r in rows):6.1f} MiB  "
              f"PSS {sum(r[3] for r in rows):6.1f} MiB")
    print(f"limit violations recorded by the fake: {len(fake.violations)}")


if __name__ == "__main__":
    asyncio.run(main())
