"""The random player: uniform over the legal actions (the baseline, and test playouts)."""

from __future__ import annotations

from engine.actions import Action
from engine.game import legal_actions
from engine.rng import Rng
from engine.state import GameState


class RandomPlayer:
    name = "random"

    def __init__(self, seed: int) -> None:
        self._rng = Rng(seed)

    def choose(self, state: GameState) -> Action:
        return self._rng.choice(legal_actions(state))
