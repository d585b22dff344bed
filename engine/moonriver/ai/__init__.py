"""Moon River's three computer players, named for `engine.games.levels.PlayerMaker`
(random, greedy, strong: how each chooses, its own module)."""

from __future__ import annotations

from engine.games.levels import Chooser, PlayerMaker
from engine.moonriver.actions import Action
from engine.moonriver.ai.greedy import GreedyPlayer
from engine.moonriver.ai.random_player import RandomPlayer
from engine.moonriver.ai.strong import StrongPlayer
from engine.moonriver.state import GameState

#: What a computer player of this game is (every game's shape, engine.games.levels).
Player = Chooser[GameState, Action]
#: A computer player by AI name or level (engine.games.levels).
make_player: PlayerMaker[Player] = PlayerMaker(RandomPlayer, GreedyPlayer, StrongPlayer)

__all__ = ["GreedyPlayer", "Player", "RandomPlayer", "StrongPlayer",
           "make_player"]
