"""The random player: the baseline every other player is measured against."""

from __future__ import annotations

from engine.games.rng import Rng
from engine.moonlight.actions import Action
from engine.moonlight.game import legal_action, legal_action_count
from engine.moonlight.state import GameState


class RandomPlayer:
    """Uniform over the legal actions: the baseline and the playout driver in tests."""

    name = "random"

    def __init__(self, seed: int) -> None:
        self._rng = Rng(seed)

    def choose(self, state: GameState) -> Action:
        # the same pick as `self._rng.choice(legal_actions(state))`, without the list
        return legal_action(state, self._rng.below(legal_action_count(state)))
