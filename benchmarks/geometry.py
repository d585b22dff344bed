"""The shared grid's hot paths: where a domino fits, in both games.

    python -m benchmarks.geometry [--games 40] [--repeats 7]

Collects positions from seeded random games (Moon River: every build decision; Kingdomino:
every kingdom of every position, with three dominoes), then times Moon River's
`legal_actions` on fresh copies (build generation, engine.moonriver.game._legal_builds) and
Kingdomino's `Kingdom.placement_masks`, both on engine.games.geometry. Reports the median over
repeats of CPU microseconds per call: the machines are shared and noisy, so compare
trees by running this in turn with each.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

from engine.games.rng import Rng
from engine.kingdomino.dominoes import Domino, domino
from engine.kingdomino.game import apply as kingdomino_apply
from engine.kingdomino.game import new_game as kingdomino_new_game
from engine.kingdomino.kingdom import Kingdom
from engine.kingdomino.options import legal_actions as kingdomino_legal_actions
from engine.moonriver.actions import Build
from engine.moonriver.ai import RandomPlayer
from engine.moonriver.game import apply, legal_actions, new_game
from engine.moonriver.state import GameState, Phase

SAMPLE_DOMINOES = (1, 20, 47)  # two equal halves, two terrains, crowns


def build_decisions(games: int) -> list[GameState]:
    states = []
    for seed in range(games):
        state = new_game([f"P{i}" for i in range(4)], seed)
        ai = RandomPlayer(seed)
        while state.phase is not Phase.OVER:
            if state.phase is Phase.BUILD and isinstance(legal_actions(state)[0], Build):
                states.append(state)
            state, _ = apply(state, ai.choose(state))
    return states


def kingdoms(games: int) -> list[tuple[Kingdom, Domino]]:
    cases = []
    for seed in range(games):
        state = kingdomino_new_game(["a", "b", "c", "d"], seed)
        rng = Rng(seed)
        while options := kingdomino_legal_actions(state):
            cases += [(k, domino(n)) for k in state.kingdoms for n in SAMPLE_DOMINOES]
            state, _ = kingdomino_apply(state, options[rng.below(len(options))])
    return cases


def cpu_us_per_call(run: Callable[[], object], calls: int, repeats: int) -> float:
    timings = []
    for _ in range(repeats):
        started = time.process_time()
        run()
        timings.append((time.process_time() - started) * 1e6 / calls)
    return statistics.median(timings)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--repeats", type=int, default=7)
    args = parser.parse_args()
    states = build_decisions(args.games)
    cases = kingdoms(args.games)

    def moon_river() -> None:
        for state in states:
            legal_actions(state.copy())  # a copy has no cached options

    def kingdomino() -> None:
        for kingdom, piece in cases:
            kingdom.placement_masks(piece)

    print(f"Moon River legal_actions at a build decision: "
          f"{cpu_us_per_call(moon_river, len(states), args.repeats):.2f} CPU us "
          f"(median of {args.repeats}, {len(states)} decisions)")
    print(f"Kingdomino placement_masks: "
          f"{cpu_us_per_call(kingdomino, len(cases), args.repeats):.2f} CPU us "
          f"(median of {args.repeats}, {len(cases)} kingdom/domino pairs)")


if __name__ == "__main__":
    main()
