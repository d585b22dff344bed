"""Computer players: each picks one of `legal_actions`, deterministically from a seed."""

from __future__ import annotations

from typing import Protocol

from engine.actions import Action
from engine.game import apply, legal_actions
from engine.rng import Rng
from engine.scoring import apply_overpopulation, score_ranch
from engine.state import GameState
from engine.view import ranch_grid


class Player(Protocol):
    name: str

    def choose(self, state: GameState) -> Action: ...


class RandomPlayer:
    """Uniform over the legal actions: the baseline and the playout driver in tests."""

    name = "random"

    def __init__(self, seed: int) -> None:
        self._rng = Rng(seed)

    def choose(self, state: GameState) -> Action:
        return self._rng.choice(legal_actions(state))


class GreedyPlayer:
    """Takes the action that most raises its own ranch score right now (ties at random)."""

    name = "greedy"

    def __init__(self, seed: int) -> None:
        self._rng = Rng(seed)

    def choose(self, state: GameState) -> Action:
        seat = state.active_seat
        assert seat is not None
        best: list[Action] = []
        best_value = -1
        for action in legal_actions(state):
            after, _ = apply(state, action)
            grid, _removed = apply_overpopulation(ranch_grid(after, seat))
            value = score_ranch(grid).total
            if value > best_value:
                best, best_value = [action], value
            elif value == best_value:
                best.append(action)
        return self._rng.choice(best)


AI_PLAYERS: dict[str, type[RandomPlayer] | type[GreedyPlayer]] = {
    "random": RandomPlayer, "greedy": GreedyPlayer,
}


def make_player(name: str, seed: int) -> Player:
    try:
        return AI_PLAYERS[name](seed)
    except KeyError:
        raise ValueError(f"unknown AI {name!r} (available: {', '.join(AI_PLAYERS)})") from None
