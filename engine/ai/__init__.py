"""Computer players. Each picks one of `legal_actions`, deterministically from its seed
(and, for `strong`, its budget).

`make_player(name, seed, think_ms=..., iterations=...)` takes only plain values, so a
worker process can build the same player from what it is sent.
"""

from __future__ import annotations

from typing import Protocol

from engine.actions import Action
from engine.ai.greedy import GreedyPlayer
from engine.ai.random_player import RandomPlayer
from engine.ai.strong import StrongPlayer
from engine.state import GameState


class Player(Protocol):
    name: str

    def choose(self, state: GameState) -> Action: ...


AI_PLAYERS: dict[str, type[RandomPlayer] | type[GreedyPlayer] | type[StrongPlayer]] = {
    "random": RandomPlayer, "greedy": GreedyPlayer, "strong": StrongPlayer,
}
#: The one home of the difficulty levels that front ends offer.
AI_LEVELS: dict[str, str] = {"easy": "random", "normal": "greedy", "hard": "strong"}
DEFAULT_THINK_MS = 1000


def ai_name(name_or_level: str) -> str:
    """The AI behind a name or a level ("hard" -> "strong"); ValueError if neither."""
    name = AI_LEVELS.get(name_or_level, name_or_level)
    if name not in AI_PLAYERS:
        known = ", ".join([*AI_PLAYERS, *AI_LEVELS])
        raise ValueError(f"unknown AI {name_or_level!r} (available: {known})")
    return name


def make_player(name: str, seed: int, *, think_ms: int = DEFAULT_THINK_MS,
                iterations: int | None = None) -> Player:
    """A computer player by AI name or level. `think_ms` and `iterations` bound the
    strong player's search (with `iterations` its moves no longer depend on speed)."""
    name = ai_name(name)
    if name == "strong":
        return StrongPlayer(seed, think_ms=think_ms, iterations=iterations)
    return AI_PLAYERS[name](seed)


__all__ = ["AI_LEVELS", "AI_PLAYERS", "DEFAULT_THINK_MS", "GreedyPlayer", "Player",
           "RandomPlayer", "StrongPlayer", "ai_name", "make_player"]
