"""Shards: when a shard may IDENTIFY, so processes on shard ranges never exceed Discord's
session start limit.

Discord lets a bot start `max_concurrency` sessions per 5 seconds, in buckets:
shard `s` is in bucket `s % max_concurrency`, and each bucket may IDENTIFY once per
5 seconds; more is refused (an invalid session) and counts against the daily limit.
discord.py's own hook only sleeps 5 s before every shard but a process's first, and knows
nothing of another process starting its first shard at the same moment; this gate keeps
the bucket rule inside a process and, given a lock shared by the processes (the store's
advisory lock on PostgreSQL), across them.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager

from bot import APP_NAME

log = logging.getLogger(APP_NAME)

IDENTIFY_SECONDS = 5.0  # Discord's window for max_concurrency IDENTIFYs
#: The gate opens before the IDENTIFY leaves (discord.py builds and sends it after), and
#: the one before may have left later after its own opening: a margin keeps two of a
#: bucket at least Discord's window apart as Discord receives them.
IDENTIFY_MARGIN = 0.5
POLL_SECONDS = 0.25  # how often a process asks again for a shared lock another holds

#: A try-lock held by one process at a time, by name: `async with lock(name) as held`
#: (None: this process is the only one). The store's `exclusive("identify:<bucket>")` on
#: PostgreSQL, one lock per bucket: over several processes, one IDENTIFY per window in
#: each bucket, as Discord allows (`max_concurrency` buckets start side by side).
SharedLock = Callable[[str], AbstractAsyncContextManager[bool]]


class IdentifyGate:
    """One IDENTIFY per bucket per window, in this process and, with `shared`, in all."""

    def __init__(self, max_concurrency: int = 1, *,
                 window: float = IDENTIFY_SECONDS + IDENTIFY_MARGIN,
                 shared: SharedLock | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.max_concurrency = max(1, max_concurrency)
        self.window = window
        self.shared = shared
        self.clock = clock
        self._locks: dict[int, asyncio.Lock] = {}
        self._last: dict[int, float] = {}
        self._releases: set[asyncio.Task[None]] = set()

    def bucket(self, shard_id: int) -> int:
        return shard_id % self.max_concurrency

    async def wait_turn(self, shard_id: int) -> None:
        """Return when `shard_id` may IDENTIFY: its bucket's last IDENTIFY (here, or in
        another process holding the shared lock) is a whole window ago."""
        bucket = self.bucket(shard_id)
        lock = self._locks.setdefault(bucket, asyncio.Lock())
        async with lock:
            wait = self._last.get(bucket, -self.window) + self.window - self.clock()
            if wait > 0:
                await asyncio.sleep(wait)
            if self.shared is not None:
                await self._hold_shared(bucket)
            self._last[bucket] = self.clock()

    async def _hold_shared(self, bucket: int) -> None:
        """Take the bucket's shared lock and give it back a window later (after this
        IDENTIFY went out): another process's shard of the bucket waits until then."""
        shared = self.shared
        assert shared is not None
        entered = asyncio.get_running_loop().create_future()

        async def hold() -> None:
            try:
                while True:  # a try-lock: another process holds it for its window
                    async with shared(f"identify:{bucket}") as held:
                        if held:
                            entered.set_result(True)
                            await asyncio.sleep(self.window)
                            return
                    await asyncio.sleep(POLL_SECONDS)
            except Exception as exc:  # a lost database connection: identify alone
                if not entered.done():
                    entered.set_exception(exc)
                else:
                    log.warning("identify lock of bucket %d: %s", bucket, exc)

        task = asyncio.create_task(hold())
        self._releases.add(task)
        task.add_done_callback(self._releases.discard)
        try:
            await entered
        except Exception as exc:
            log.warning("identify lock of bucket %d not taken (%s): identifying anyway",
                        bucket, exc)

    async def close(self) -> None:
        for task in list(self._releases):
            task.cancel()
        await asyncio.gather(*self._releases, return_exceptions=True)

