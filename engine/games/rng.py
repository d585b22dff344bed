"""A tiny deterministic random number generator (SplitMix64).

Games replay from seed + action log, so the shuffle must give the same order on every
Python version forever; `random.Random` makes no such promise across releases, and the
engine must not touch the module-level `random` at all (DESIGN.md lesson 4).
"""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import TypeVar

_MASK = (1 << 64) - 1
_LIMIT = 1 << 64
T = TypeVar("T")


class Rng:
    """SplitMix64: 64-bit state, good statistical quality, trivial to port."""

    __slots__ = ("_state",)

    def __init__(self, seed: int) -> None:
        self._state = seed & _MASK

    def next_u64(self) -> int:
        self._state = (self._state + 0x9E3779B97F4A7C15) & _MASK
        z = self._state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform integer in [0, n), by rejection so there is no modulo bias.

        The SplitMix64 step of `next_u64` is written out here: random playouts call this
        for every move, and the method call was a tenth of their time.
        """
        if n <= 0:
            raise ValueError(f"below() needs a positive bound, got {n}")
        limit = _LIMIT - _LIMIT % n
        while True:
            z = self._state = (self._state + 0x9E3779B97F4A7C15) & _MASK
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            value = z ^ (z >> 31)
            if value < limit:
                return value % n

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher–Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items: list[T]) -> T:
        return items[self.below(len(items))]
