"""Kingdomino computer players, behind the same interface as Moon River's (`engine.ai`).

Each picks one of `legal_actions`, deterministically from its seed (and, for `strong`,
its budget). `make_player(name_or_level, seed, think_ms=..., iterations=...)` takes only
plain values, so a worker process can build the same player from what it is sent; the
levels (easy, normal, hard) are Moon River's own mapping, `engine.ai.AI_LEVELS`.
"""

from __future__ import annotations

from typing import Protocol

from engine.ai import AI_LEVELS, DEFAULT_THINK_MS, ai_name
from engine.kingdomino.actions import Action
from engine.kingdomino.ai.evaluation import DEAD_CELL, best_placement, evaluate
from engine.kingdomino.ai.greedy import GreedyPlayer, greedy_choice
from engine.kingdomino.ai.random_player import RandomPlayer
from engine.kingdomino.ai.strong import StrongPlayer
from engine.kingdomino.state import GameState


class Player(Protocol):
    name: str

    def choose(self, state: GameState) -> Action: ...


AI_PLAYERS: dict[str, type[RandomPlayer] | type[GreedyPlayer] | type[StrongPlayer]] = {
    "random": RandomPlayer, "greedy": GreedyPlayer, "strong": StrongPlayer,
}


# Both games offer the same three players, so names and levels resolve the same way
# (engine.ai.ai_name: the one home of that mapping).
assert AI_PLAYERS.keys() == set(AI_LEVELS.values())


def make_player(name: str, seed: int, *, think_ms: int = DEFAULT_THINK_MS,
                iterations: int | None = None) -> Player:
    """A computer player by AI name or level. `think_ms` and `iterations` bound the
    strong player's search (with `iterations` its moves no longer depend on speed)."""
    name = ai_name(name)
    if name == "strong":
        return StrongPlayer(seed, think_ms=think_ms, iterations=iterations)
    return AI_PLAYERS[name](seed)


__all__ = ["AI_LEVELS", "AI_PLAYERS", "DEAD_CELL", "DEFAULT_THINK_MS", "GreedyPlayer",
           "Player", "RandomPlayer", "StrongPlayer", "ai_name", "best_placement",
           "evaluate", "greedy_choice", "make_player"]
