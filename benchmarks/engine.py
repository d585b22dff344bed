"""Engine speed: random 4-player games per second on one core, `legal_actions`
at a build decision, and a late-game state's to_dict + from_dict.

    python -m benchmarks.engine [--games 100] [--repeats 5]

Random games are played twice, on the same seeds and with the same choices: through
`apply` (a new state and the events per action: what the bot and records use) and
through the in-place path of `engine.moonriver.playout` (one fork per game, no events: what a
search uses). Reports medians over repeats: the machines are shared and noisy.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

from engine.games.rng import Rng
from engine.moonriver.actions import Action, Build
from engine.moonriver.ai import RandomPlayer
from engine.moonriver.game import apply, legal_actions, new_game
from engine.moonriver.playout import options, play_in_place
from engine.moonriver.state import GameState, Phase


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


def play_random_game_in_place(seed: int, players: int = 4) -> GameState:
    """The game `play_random_game(seed)` plays (the same choices), on one private fork."""
    state = new_game([f"P{i}" for i in range(players)], seed).fork()
    rng = Rng(seed)  # RandomPlayer(seed) draws `below(len(options))` from this stream

    def choose(position: GameState) -> Action:
        legal = options(position)
        return legal[rng.below(len(legal))]

    play_in_place(state, choose)
    return state


def games_per_cpu_second(play: Callable[[int], object], games: int, repeat: int
                         ) -> tuple[float, float]:
    """(games per wall-clock second, games per CPU second of this process)."""
    started, cpu_started = time.perf_counter(), time.process_time()
    for game in range(games):
        play(repeat * 10_000 + game)
    return (games / (time.perf_counter() - started),
            games / (time.process_time() - cpu_started))


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
    in_place_rates = []
    in_place_cpu_rates = []
    for repeat in range(args.repeats):  # the two paths take turns: both see the same load
        wall, cpu = games_per_cpu_second(play_random_game, args.games, repeat)
        rates.append(wall)
        cpu_rates.append(cpu)
        wall, cpu = games_per_cpu_second(play_random_game_in_place, args.games, repeat)
        in_place_rates.append(wall)
        in_place_cpu_rates.append(cpu)
    build_states = [s for game in range(args.games) for s in play_random_game(game)]

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
    print(f"random 4-player games/s in place (engine.moonriver.playout, same games): "
          f"{statistics.median(in_place_rates):.1f}  "
          f"(all: {', '.join(f'{r:.1f}' for r in in_place_rates)}); "
          f"per CPU second: {statistics.median(in_place_cpu_rates):.1f}")
    print(f"legal_actions at a build decision, median: {statistics.median(timings):.1f} us "
          f"(p90 {statistics.quantiles(timings, n=10)[-1]:.1f} us, median "
          f"{statistics.median(sizes):.0f} options, {len(timings)} decisions)")
    print(f"late-game 4-player to_dict + from_dict, median: "
          f"{statistics.median(serialise):.3f} ms")


if __name__ == "__main__":
    main()
