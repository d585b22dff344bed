"""Moon River's computer players. Each picks one of `legal_actions`, deterministically from its seed
(and, for `strong`, its budget).

`make_player(name, seed, think_ms=..., iterations=...)` takes only plain values, so a
worker process can build the same player from what it is sent.
"""

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
