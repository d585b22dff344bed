"""Computer players' levels and think budgets, the same for every game.

Every game offers the same three computer players (a random one, a greedy one and a
strong one that searches) behind the same three levels, so front ends name and validate
them once. Each game names its three players in a `PlayerMaker`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

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


S = TypeVar("S", contravariant=True)
A = TypeVar("A", covariant=True)
P_co = TypeVar("P_co", covariant=True)


class Chooser(Protocol[S, A]):
    """A computer player of one game: picks one of `legal_actions(state)`."""

    name: str

    def choose(self, state: S) -> A: ...


class StrongMaker(Protocol[P_co]):
    """A game's searching player, built from its seed and budget."""

    def __call__(self, seed: int, *, think_ms: int = ...,
                 iterations: int | None = ...) -> P_co: ...


@dataclass(frozen=True, slots=True)
class PlayerMaker(Generic[P]):
    """A game's `make_player(name_or_level, seed, think_ms=..., iterations=...)` from
    its three players, each picking one of `legal_actions` deterministically from its
    seed (and a strong one's budget): it takes only plain values, so a worker process
    can build the same player from what it is sent."""

    random: Callable[[int], P]
    greedy: Callable[[int], P]
    strong: StrongMaker[P]

    def __call__(self, name_or_level: str, seed: int, *, think_ms: int | None = None,
                 iterations: int | None = None) -> P:
        """A computer player by AI name or level (`ai_name`); a strong one thinks
        `think_ms` (DEFAULT_THINK_MS unless given) or `iterations`."""
        name = ai_name(name_or_level)
        if name == "strong":
            return self.strong(seed, think_ms=DEFAULT_THINK_MS if think_ms is None else think_ms,
                               iterations=iterations)
        return self.random(seed) if name == "random" else self.greedy(seed)
