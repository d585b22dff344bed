"""Moonlight's three computer players, named for `engine.games.levels.PlayerMaker`
(random, greedy, strong: how each chooses, its own module)."""

from __future__ import annotations

from engine.games.levels import Chooser, PlayerMaker
from engine.moonlight.actions import Action
from engine.moonlight.ai.greedy import GreedyPlayer, greedy_choice, play_values
from engine.moonlight.ai.random_player import RandomPlayer
from engine.moonlight.ai.strong import StrongPlayer, determinise
from engine.moonlight.state import GameState

#: What a computer player of this game is (every game's shape, engine.games.levels).
Player = Chooser[GameState, Action]
#: A computer player by AI name or level (engine.games.levels).
make_player: PlayerMaker[Player] = PlayerMaker(RandomPlayer, GreedyPlayer, StrongPlayer)

__all__ = ["GreedyPlayer", "Player", "RandomPlayer", "StrongPlayer",
           "determinise", "greedy_choice", "make_player", "play_values"]
