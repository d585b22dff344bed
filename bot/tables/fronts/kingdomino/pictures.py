"""Kingdomino's pictures for the table: `render.kingdomino`, as PNG bytes.

The one door from the front end to the pictures: each is a `render.pool.DrawRequest`
for the game "kingdomino", drawn in the bot's drawing worker when the bot shares one
(so the bot's process never draws) and in place otherwise (the sandbox, the
command line, tests). The worker encodes in the theme's fixed palette with the terrain
and king colours kept exact (`render.kingdomino.to_png`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.games.events import Event
from engine.kingdomino.actions import Place
from engine.kingdomino.state import GameState
from render.kingdomino.placement import placement_positions
from render.pool import DrawRequest, picture


def _request(kind: str, state: GameState, locale: str, theme: str, **options: Any
             ) -> DrawRequest:
    return DrawRequest.of("kingdomino", kind, state, locale=locale, theme=theme,
                          **options)


def turn_png(state: GameState, events: Sequence[Event], locale: str, theme: str) -> bytes:
    """The table after a turn, this turn's changes marked."""
    return picture(_request("turn", state, locale, theme, events=tuple(events)))


def preview_png(state: GameState, seat: int, places: Sequence[Place], locale: str,
                theme: str) -> tuple[bytes, dict[str, tuple[str, ...]]]:
    """The kingdom with each candidate position lettered, and letter → action texts (both
    ways round where the halves differ, K-PLACE-3): the letters come from the same
    `placement_positions` the picture draws, without drawing."""
    png = picture(_request("preview", state, locale, theme, seat=seat, choices=tuple(places)))
    return png, {position.letter: position.actions for position in
                 placement_positions(places, state.config.kingdom_size)}


def place_letters(state: GameState, places: Sequence[Place]) -> dict[str, str]:
    """Action text → the letter the preview draws for its two cells (no drawing)."""
    size = state.config.kingdom_size
    return {str(place): position.letter
            for position in placement_positions(places, size) for place in position.places}


def final_png(state: GameState, locale: str, theme: str, resigned: Sequence[int] = ()
              ) -> bytes:
    """Standings (a resigned seat last), the kingdoms and the score sheet."""
    return picture(_request("final", state, locale, theme, resigned=tuple(resigned)))


def story_png(state: GameState, rounds: Sequence[tuple[int, ...]], locale: str,
              theme: str) -> bytes:
    """The points round by round and where they came from (the end's second picture)."""
    return picture(_request("story", state, locale, theme, rounds=tuple(rounds)))


def kingdom_png(state: GameState, seat: int, locale: str, theme: str) -> bytes:
    """One kingdom in full detail (`/kingdomino board`)."""
    return picture(_request("kingdom", state, locale, theme, seat=seat))
