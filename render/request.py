"""One picture to draw, as plain data a worker process can be sent (pickled).

Nothing here knows a game: `game` names the registered game whose drawing routines
(`render.registry`) read the request, and `kind` one of its pictures.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.games.events import Event
from engine.registry import game_named


@dataclass(frozen=True, slots=True)
class DrawRequest:
    """One picture of game `game` to draw. `state` is what the viewer may see of the game
    (`GameRules.player_view`: hidden cards and draw orders never in it); `seat`
    for a player's own board and for previews; `choices` (the legal placements, lettered in the
    picture) and `proposed` (the one to draw as a ghost) for previews; `events` (the turn
    just played) for the turn picture's marks; `resigned` for the end picture's standings (seats a
    computer played out after their player resigned: last, marked, never the winner)."""

    game: str  # a key of render.registry.GAMES (the engine's registry key)
    kind: str
    state: dict[str, Any]
    theme: str = "dark"
    locale: str = "en"
    seat: int = 0
    events: tuple[Event, ...] = ()
    choices: tuple[Any, ...] = ()
    proposed: Any = None
    rounds: tuple[tuple[int, ...], ...] = ()
    resigned: tuple[int, ...] = ()  # seats whose player resigned: ranked last at the end

    @classmethod
    def of(cls, game: str, kind: str, state: Any, *, viewer: int | None = None,
           **options: Any) -> DrawRequest:
        """A request to draw what seat `viewer` may see of `state` (`GameRules.player_view`;
        None, the default: what anyone at the table may see, for public posts)."""
        return cls(game, kind, game_named(game).player_view(state, viewer), **options)
