"""Kingdomino's computer players, behind the same interface as every game's.

Each picks one of `legal_actions`, deterministically from its seed (and, for `strong`,
its budget). `make_player(name_or_level, seed, think_ms=..., iterations=...)` takes only
plain values, so a worker process can build the same player from what it is sent; the
levels (easy, normal, hard) are every game's, `engine.games.levels`.
"""

from __future__ import annotations

from engine.games.levels import Chooser, PlayerMaker
from engine.kingdomino.actions import Action
from engine.kingdomino.ai.evaluation import DEAD_CELL, best_placement, evaluate
from engine.kingdomino.ai.greedy import GreedyPlayer, greedy_choice
from engine.kingdomino.ai.random_player import RandomPlayer
from engine.kingdomino.ai.strong import StrongPlayer
from engine.kingdomino.state import GameState

#: What a computer player of this game is (every game's shape, engine.games.levels).
Player = Chooser[GameState, Action]
#: A computer player by AI name or level (engine.games.levels).
make_player: PlayerMaker[Player] = PlayerMaker(RandomPlayer, GreedyPlayer, StrongPlayer)

__all__ = ["DEAD_CELL", "GreedyPlayer",
           "Player", "RandomPlayer", "StrongPlayer", "best_placement",
           "evaluate", "greedy_choice", "make_player"]
