"""The shared root search (engine/games/search.py): it finds the better action, spends exactly
its budget, stops at an injected clock's deadline and is deterministic for a seed."""

import math

import pytest

from engine.games.rng import Rng
from engine.games.search import flat_monte_carlo

# A toy game: the world is a noise level shared by every action of a sweep (common random
# numbers), and action k is worth k plus that noise plus a little of its own.
TRUE_VALUES = [3.0, 1.0, 4.0, 1.5, 2.0, 0.5]


def world(rng: Rng) -> float:
    return (rng.below(2001) - 1000) / 100  # ±10: far larger than the gaps between actions


def simulate(noise: float, action: int, rng: Rng) -> float:
    return TRUE_VALUES[action] + noise + (rng.below(201) - 100) / 100


def test_the_search_finds_the_best_action_under_shared_noise() -> None:
    for seed in range(10):
        result = flat_monte_carlo(range(len(TRUE_VALUES)), world, simulate, Rng(seed),
                                  iterations=8)
        assert result.choice == 2


def test_an_iteration_budget_is_spent_in_halving_phases_and_replays() -> None:
    calls: list[int] = []

    def counted(noise: float, action: int, rng: Rng) -> float:
        calls.append(action)
        return simulate(noise, action, rng)

    first = flat_monte_carlo(range(6), world, counted, Rng(4), iterations=10)
    # a budget of 60 simulations, halving in 3 phases: 6 x 3, then 3 x 7, then 2 x 10
    assert first.simulations == len(calls) == 6 * 3 + 3 * 7 + 2 * 10
    assert first.sweeps == 3
    again = flat_monte_carlo(range(6), world, simulate, Rng(4), iterations=10)
    assert again.means == first.means and again.choice == first.choice


def test_halving_gives_the_leaders_the_most_samples() -> None:
    result = flat_monte_carlo(range(6), world, simulate, Rng(1), iterations=10)
    worst = min(range(6), key=lambda a: TRUE_VALUES[a])
    assert not math.isnan(result.means[worst])  # judged in the first phase, then dropped


def test_a_time_budget_stops_at_the_injected_clock() -> None:
    ticks = [0.0]

    def clock() -> float:  # every reading costs 1 ms of pretend time
        ticks[0] += 0.001
        return ticks[0]

    result = flat_monte_carlo(range(6), world, simulate, Rng(2), think_ms=200, clock=clock)
    assert result.simulations > 6
    # readings happen around each simulation: at most one simulation past the deadline
    assert ticks[0] <= 0.2 + 0.005


def test_a_sweep_longer_than_the_first_phase_still_counts_on_a_slow_machine() -> None:
    """16 candidates halve in 4 phases, so the first phase's share of 1 s is 250 ms; a
    sweep here takes 16 × 30 ms = 480 ms. It must still be finished and used, not
    answered with the prior's favourite."""
    ticks = [0.0]

    def clock() -> float:
        return ticks[0]

    def slow(noise: float, action: int, rng: Rng) -> float:
        ticks[0] += 0.030  # every simulation costs 30 ms of pretend time
        return float(action)  # the last candidate is the best; the prior says the first

    result = flat_monte_carlo(range(16), lambda rng: 0.0, slow, Rng(3), think_ms=1000,
                              clock=clock)
    assert result.sweeps >= 1 and result.choice != 0
    assert ticks[0] <= 1.0 + 0.030  # still within the budget (one simulation's grace)


def test_no_time_at_all_answers_the_prior_favourite() -> None:
    ticks = [0.0]

    def clock() -> float:  # every reading costs a whole second
        ticks[0] += 1.0
        return ticks[0]

    result = flat_monte_carlo(["first", "second"], lambda rng: 0.0,
                              lambda w, a, rng: float(a == "second"), Rng(0),
                              think_ms=10, clock=clock)
    assert result.choice == "first" and result.simulations == 0


def test_a_search_needs_candidates_and_a_budget() -> None:
    with pytest.raises(ValueError, match="candidates"):
        flat_monte_carlo([], world, simulate, Rng(0), iterations=1)
    with pytest.raises(ValueError, match="budget"):
        flat_monte_carlo([1, 2], world, simulate, Rng(0))
    with pytest.raises(ValueError, match="clock"):  # engine/ modules import no clock
        flat_monte_carlo([1, 2], world, simulate, Rng(0), think_ms=10)
    assert flat_monte_carlo([7], world, simulate, Rng(0), iterations=1).choice == 7
