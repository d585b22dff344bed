"""Computer players' levels and think budgets, the same for every game.

Every game offers the same three computer players (a random one, a greedy one and a
strong one that searches) behind the same three levels, so front ends name and validate
them once. Each game builds its own players with `player_maker`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TypeVar

P = TypeVar("P")

#: The computer players every game offers, weakest first.
AI_NAMES: tuple[str, ...] = ("random", "greedy", "strong")
#: The one home of the difficulty levels that front ends offer.
AI_LEVELS: dict[str, str] = {"easy": "random", "normal": "greedy", "hard": "strong"}
#: A strong player's budget per decision, in ms of CPU, unless the table says otherwise.
DEFAULT_THINK_MS = 1000


def ai_name(name_or_level: str) -> str:
    """The AI behind a name or a level ("hard" -> "strong"); ValueError if neither."""
    name = AI_LEVELS.get(name_or_level, name_or_level)
    if name not in AI_NAMES:
        known = ", ".join([*AI_NAMES, *AI_LEVELS])
        raise ValueError(f"unknown AI {name_or_level!r} (available: {known})")
    return name


def build_player(name_or_level: str, seed: int, simple: Mapping[str, Callable[[int], P]],
                 strong: Callable[[int, int, int | None], P], *, think_ms: int,
                 iterations: int | None) -> P:
    """One of a game's three players by AI name or level (`ai_name`): `simple` builds the
    random and greedy ones from a seed, `strong` is called as `strong(seed, think_ms,
    iterations)`. Each game's `make_player` takes only plain values, so a worker process
    can build the same player from what it is sent."""
    name = ai_name(name_or_level)
    if name == "strong":
        return strong(seed, think_ms, iterations)
    return simple[name](seed)
