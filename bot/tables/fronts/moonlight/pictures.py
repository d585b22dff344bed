"""Moonlight's pictures for the table: `render.moonlight`, as PNG bytes.

Every request names what its viewer may see (`DrawRequest.of` → `player_view`): the
table posts are drawn from the public view (no hand at all, M-SETUP-1); a hand picture
only ever for the seat whose hand it is (`viewer=seat`).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.games.events import Event
from engine.moonlight.actions import Play
from engine.moonlight.state import GameState
from render.moonlight.placement import cell_letters as cell_letters
from render.pool import DrawRequest, picture

GAME = "moonlight"


def turn_png(state: GameState, events: Sequence[Event], locale: str, theme: str) -> bytes:
    """The table after a turn (public: no hand), this turn's cards marked."""
    return picture(DrawRequest.of(GAME, "turn", state, locale=locale, theme=theme,
                                  events=tuple(events)))


def hand_png(state: GameState, seat: int, plays: Sequence[Play], proposed: str | None,
             locale: str, theme: str) -> bytes:
    """Private: `seat`'s own hand, and the lettered cells of one card's plays."""
    return picture(DrawRequest.of(GAME, "hand", state, viewer=seat, choices=tuple(plays),
                                  proposed=proposed, locale=locale, theme=theme))


def final_png(state: GameState, locale: str, theme: str, resigned: Sequence[int] = ()
              ) -> bytes:
    """The end: rounds won (a resigned seat last) and the last area."""
    return picture(DrawRequest.of(GAME, "final", state, locale=locale, theme=theme,
                                  resigned=tuple(resigned)))


def story_png(state: GameState, rounds: Sequence[tuple[int, ...]], locale: str,
              theme: str) -> bytes:
    """The points of each round and where they came from (the end's second picture)."""
    return picture(DrawRequest.of(GAME, "story", state, locale=locale, theme=theme,
                                  rounds=tuple(rounds)))
