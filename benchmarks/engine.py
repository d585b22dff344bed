"""Engine speed (issues 2 and 14): random 4-player games per second on one core, `legal_actions`
at a build decision, and a late-game state's to_dict + from_dict.

    python -m benchmarks.engine [--games 100] [--repeats 5]

Reports medians over repeats: the machines are shared and noisy.
"""

from __future__ import annotations

import argparse
import statistics
import time

from engine.actions import Build
from engine.ai import RandomPlayer
from engine.game import apply, legal_actions, new_game
from engine.state import GameState, Phase


def play_random_game(seed: int, players: int = 4) -> list[GameState]:
    """One random game; returns the states at build decisions (for the next figure)."""
    state = new_game([f"P{i}" for i in range(players)], seed)
    ai = RandomPlayer(seed)
    builds = []
    while state.phase is not Phase.OVER:
        options = legal_actions(state)
        if state.phase is Phase.BUILD and isinstance(options[0], Build):
            builds.append(state)
        state, _ = apply(state, ai.choose(state))
    return builds


def late_game_state(seed: int) -> GameState:
    state = new_game(["A", "B", "C", "D"], seed)
    ai = RandomPlayer(seed)
    while state.round < 22:
        state, _ = apply(state, ai.choose(state))
    return state


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()

    rates = []
    cpu_rates = []  # per CPU second of this process: steadier on a shared, loaded machine
    build_states: list[GameState] = []
    for repeat in range(args.repeats):
        started, cpu_started = time.perf_counter(), time.process_time()
        for game in range(args.games):
            found = play_random_game(repeat * 10_000 + game)
            if repeat == 0:
                build_states += found
        rates.append(args.games / (time.perf_counter() - started))
        cpu_rates.append(args.games / (time.process_time() - cpu_started))

    timings = []
    for state in build_states:
        fresh = state.copy()  # no cached options: measure the generation itself
        started = time.perf_counter()
        legal_actions(fresh)
        timings.append((time.perf_counter() - started) * 1e6)
    sizes = [len(legal_actions(s)) for s in build_states]

    late = late_game_state(7)
    serialise = []
    for _ in range(200):
        started = time.perf_counter()
        GameState.from_dict(late.to_dict())
        serialise.append((time.perf_counter() - started) * 1e3)

    print(f"random 4-player games/s (median of {args.repeats} x {args.games}): "
          f"{statistics.median(rates):.1f}  (all: {', '.join(f'{r:.1f}' for r in rates)}); "
          f"per CPU second: {statistics.median(cpu_rates):.1f}")
    print(f"legal_actions at a build decision, median: {statistics.median(timings):.1f} us "
          f"(p90 {statistics.quantiles(timings, n=10)[-1]:.1f} us, median "
          f"{statistics.median(sizes):.0f} options, {len(timings)} decisions)")
    print(f"late-game 4-player to_dict + from_dict, median: "
          f"{statistics.median(serialise):.3f} ms")


if __name__ == "__main__":
    main()
