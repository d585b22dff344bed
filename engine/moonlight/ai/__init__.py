"""Moonlight's computer players, behind the same interface as every game's.

Each picks one of `legal_actions`, deterministically from its seed (and, for `strong`,
its budget). `make_player(name_or_level, seed, think_ms=..., iterations=...)` takes only
plain values, so a worker process can build the same player from what it is sent; the
levels (easy, normal, hard) are every game's, `engine.games.levels`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from engine.games.levels import AI_NAMES, DEFAULT_THINK_MS, build_player
from engine.moonlight.actions import Action
from engine.moonlight.ai.greedy import GreedyPlayer, greedy_choice, play_values
from engine.moonlight.ai.random_player import RandomPlayer
from engine.moonlight.ai.strong import StrongPlayer, determinise
from engine.moonlight.state import GameState


class Player(Protocol):
    name: str

    def choose(self, state: GameState) -> Action: ...


AI_PLAYERS: dict[str, type[RandomPlayer] | type[GreedyPlayer] | type[StrongPlayer]] = {
    "random": RandomPlayer, "greedy": GreedyPlayer, "strong": StrongPlayer,
}

assert AI_PLAYERS.keys() == set(AI_NAMES)  # every game offers the same three


def make_player(name: str, seed: int, *, think_ms: int = DEFAULT_THINK_MS,
                iterations: int | None = None) -> Player:
    """A computer player by AI name or level (engine.games.levels)."""
    simple: dict[str, Callable[[int], Player]] = {"random": RandomPlayer, "greedy": GreedyPlayer}
    return build_player(name, seed, simple,
                        lambda s, ms, n: StrongPlayer(s, think_ms=ms, iterations=n),
                        think_ms=think_ms, iterations=iterations)


__all__ = ["AI_PLAYERS", "GreedyPlayer", "Player", "RandomPlayer", "StrongPlayer",
           "determinise", "greedy_choice", "make_player", "play_values"]
