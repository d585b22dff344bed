"""One picture to draw, as plain data a worker process can be sent (pickled).

Nothing here knows a game: `game` names the registered game whose drawing routines
(`render.registry`) read the request, and `kind` one of its pictures.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.games.events import Event


@dataclass(frozen=True, slots=True)
class DrawRequest:
    """One picture of game `game` to draw. `state` is the game's `state_to_dict`; `seat`
    for a player's own board and for previews; `choices` (the legal placements, lettered in the
    picture) and `proposed` (the one to draw as a ghost) for previews; `events` (the turn
    just played) for the turn picture's marks."""

    game: str  # a key of render.registry.GAMES (the engine's registry key)
    kind: str
    state: dict[str, Any]
    theme: str = "dark"
    locale: str = "en"
    seat: int = 0
    events: tuple[Event, ...] = ()
    choices: tuple[Any, ...] = ()
    proposed: Any = None

    @classmethod
    def of(cls, game: str, kind: str, state: Any, **options: Any) -> DrawRequest:
        """A request for `state` (any game's state with `to_dict`)."""
        return cls(game, kind, state.to_dict(), **options)
