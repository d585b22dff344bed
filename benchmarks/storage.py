"""What storage's self-defence costs, on a real SQLite file with 1,000 games.

    python -m benchmarks.storage [--games 1000]

Figures: the file identity check run before every write (median, µs); `act` including
the commit with that check (median, p99); opening the store with its lock and
`PRAGMA quick_check` (median of 5); one online backup with SQLite's backup API (median
of 5) and the backup's size.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

from benchmarks.tables import build, one_move, p99
from bot.tables.service import TableService
from bot.tables.store import SqliteStore
from bot.tables.store.guard import FileIdentity
from engine.games.rng import Rng


async def measure(path: Path, games: int) -> None:
    identity = FileIdentity.of(str(path))
    checks = []
    for _ in range(20_000):
        started = time.perf_counter()
        identity.check()
        checks.append((time.perf_counter() - started) * 1e6)

    opens = []
    for _ in range(5):
        started = time.perf_counter()
        store = SqliteStore(path)
        await store.open()
        opens.append(time.perf_counter() - started)
        await store.close()

    store = SqliteStore(path)
    await store.open()
    service = TableService(store)
    rng = Rng(3)
    acts = [await one_move(service, 1 + rng.below(games), rng) for _ in range(600)]
    backups, sizes = [], []
    with tempfile.TemporaryDirectory() as folder:
        for i in range(5):
            started = time.perf_counter()
            made = await store.backup(Path(folder), 2, datetime(2026, 1, 1, 0, i, tzinfo=UTC))
            backups.append(time.perf_counter() - started)
            sizes.append(made.stat().st_size)
    await store.close()
    print(f"file identity check before a write: median {statistics.median(checks):.1f} µs")
    print(f"act incl. commit and the check, {games} games: median "
          f"{statistics.median(acts):.2f} ms, p99 {p99(acts):.2f} ms")
    print(f"open with lock + quick_check + migrations check: median "
          f"{statistics.median(opens) * 1e3:.0f} ms")
    print(f"online backup: median {statistics.median(backups) * 1e3:.0f} ms, "
          f"{sizes[-1] / 1e6:.1f} MB")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=1000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bench.sqlite3"
        asyncio.run(build(path, args.games))
        asyncio.run(measure(path, args.games))


if __name__ == "__main__":
    main()
