"""Kingdomino's three computer players, named for `engine.games.levels.PlayerMaker`
(random, greedy, strong: how each chooses, its own module)."""

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
