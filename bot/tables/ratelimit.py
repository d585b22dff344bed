"""Per-user rate limits for commands and clicks: a token bucket per user.

Discord-free and clock-injected, so tests run it without sleeping. A burst lets a player
click through a turn quickly; the steady rate stops one user from making the bot ping,
post or draw on demand. Buckets of users who went quiet are dropped, so memory stays
proportional to the users active in the last few minutes.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(slots=True)
class _Bucket:
    tokens: float
    updated: float


class RateLimiter:
    """`per_minute=0` switches the limit off (for test rigs that click like machines)."""

    def __init__(self, per_minute: float, burst: int, *,
                 clock: Callable[[], float] = time.monotonic) -> None:
        if per_minute < 0 or burst < 1:
            raise ValueError("a rate limit needs a rate >= 0 and a burst of at least 1")
        self.off = per_minute == 0
        per_minute = per_minute or 1.0
        self.rate = per_minute / 60.0  # tokens per second
        self.burst = float(burst)
        self.clock = clock
        self._buckets: dict[int, _Bucket] = {}
        self._swept = clock()

    def retry_after(self, user_id: int) -> float:
        """Take one token for `user_id`: 0.0 when allowed, else the seconds to wait."""
        if self.off:
            return 0.0
        now = self.clock()
        self._sweep(now)
        bucket = self._buckets.get(user_id)
        if bucket is None:
            bucket = self._buckets[user_id] = _Bucket(self.burst, now)
        bucket.tokens = min(self.burst, bucket.tokens + (now - bucket.updated) * self.rate)
        bucket.updated = now
        if bucket.tokens >= 1.0:
            bucket.tokens -= 1.0
            return 0.0
        return (1.0 - bucket.tokens) / self.rate

    def _sweep(self, now: float) -> None:
        """Forget users whose buckets have refilled (they would start full anyway)."""
        full_after = self.burst / self.rate
        if now - self._swept < full_after:
            return
        self._swept = now
        for user, bucket in list(self._buckets.items()):
            if now - bucket.updated >= full_after:
                del self._buckets[user]

    def __len__(self) -> int:
        return len(self._buckets)
