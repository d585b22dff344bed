"""Flat Monte Carlo at the root: the search loop the games' strong players share.

A strong player hands over a few candidate actions (already pruned and ordered by its
own prior, best first), a way to sample a world consistent with what it sees
(`determinise`: the hidden pile shuffled) and a way to judge an action in such a world
(`simulate`: apply it, play on with a fast policy, score the end for the searching
seat). Nothing here knows a game's rules.

* Common random numbers: in one *sweep* every surviving candidate is judged in the same
  world with the same playout seed, so differences come from the actions, not luck.
* Successive halving: the budget is cut into phases; after each phase the worse half of
  the candidates (by mean over all their sweeps) is dropped, so the promising ones get
  most of the samples.
* Budget: `iterations` (as many simulations as that many sweeps of every candidate; the
  result then depends only on the seed and the position) or else `think_ms` of the
  `clock` the caller injects (seconds; the engine's top-level modules import no clock).
  An unfinished sweep is dropped; the first phase may use the whole budget to finish
  one sweep, and only without a single finished sweep is the first candidate (the
  prior's favourite) the answer.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from engine.games.rng import Rng

A = TypeVar("A")  # an action (or a tuple of actions decided together)
W = TypeVar("W")  # a sampled world


@dataclass(frozen=True, slots=True)
class SearchResult(Generic[A]):
    """The chosen candidate and what the search did, for benchmarks and tests."""

    choice: A
    simulations: int
    sweeps: int  # sweeps of the first phase, the widest
    means: tuple[float, ...]  # per candidate, over its sweeps (nan if never simulated)


def flat_monte_carlo(candidates: Sequence[A], determinise: Callable[[Rng], W],
                     simulate: Callable[[W, A, Rng], float], rng: Rng, *,
                     iterations: int | None = None, think_ms: int = 0,
                     clock: Callable[[], float] | None = None,
                     halving: bool = True) -> SearchResult[A]:
    """The candidate with the best mean simulated value (see the module text)."""
    count = len(candidates)
    if count == 0:
        raise ValueError("nothing to search: no candidates")
    if iterations is None and (think_ms <= 0 or clock is None):
        raise ValueError("a search needs an iteration budget, or think_ms > 0 and a clock")
    if count == 1:
        return SearchResult(candidates[0], 0, 0, (math.nan,))
    now = clock if clock is not None else _no_clock
    totals = [0.0] * count
    sweeps = [0] * count
    alive = list(range(count))
    phases = max(1, math.ceil(math.log2(count))) if halving else 1
    sims_left = iterations * count if iterations is not None else 0
    end = now() + think_ms / 1000 if iterations is None else math.inf
    simulations, slowest, first_sweeps = 0, 0.0, 0
    for phase in range(phases):
        phases_left = phases - phase
        if iterations is not None:
            quota = max(1, sims_left // phases_left // len(alive))
            phase_end = math.inf
        else:
            quota = None
            started = now()
            phase_end = started + (end - started) / phases_left
        done = 0
        while quota is None or done < quota:
            world_rng = Rng(rng.next_u64())
            world = determinise(world_rng)
            playout_seed = world_rng.next_u64()
            # the first phase may run past its share until one sweep is done: on a slow
            # or busy machine the widest phase is the costliest, and giving up there
            # would leave the whole budget unspent on the prior's favourite
            limit = end if phase == 0 and done == 0 else phase_end
            results: list[float] = []
            for index in alive:
                before = now()
                if quota is None and before + slowest > limit:
                    break  # an unfinished sweep is dropped: all see the same worlds
                results.append(simulate(world, candidates[index], Rng(playout_seed)))
                slowest = max(slowest, now() - before)
            if len(results) < len(alive):
                break
            for index, value in zip(alive, results, strict=True):
                totals[index] += value
                sweeps[index] += 1
            simulations += len(alive)
            sims_left -= len(alive)
            done += 1
        if phase == 0:
            first_sweeps = done
            if done == 0:
                return SearchResult(candidates[0], 0, 0, (math.nan,) * count)
        if phase < phases - 1:
            alive.sort(key=lambda i: (-totals[i] / max(sweeps[i], 1), i))
            alive = sorted(alive[: max(1, (len(alive) + 1) // 2)])
        if len(alive) == 1:
            break
    means = tuple(totals[i] / sweeps[i] if sweeps[i] else math.nan for i in range(count))
    best = min(alive, key=lambda i: (-means[i], i))
    return SearchResult(candidates[best], simulations, first_sweeps, means)


def _no_clock() -> float:
    """With an iteration budget time plays no part."""
    return 0.0
