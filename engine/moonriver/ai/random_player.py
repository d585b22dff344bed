"""The random player: uniform over the legal actions (the baseline, and test playouts)."""

from __future__ import annotations

from engine.games.rng import Rng
from engine.moonriver.actions import Action
from engine.moonriver.game import legal_actions
from engine.moonriver.state import GameState


class RandomPlayer:
    name = "random"

    def __init__(self, seed: int) -> None:
        self._rng = Rng(seed)

    def choose(self, state: GameState) -> Action:
        return self._rng.choice(legal_actions(state))
