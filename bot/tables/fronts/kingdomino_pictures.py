"""Kingdomino's pictures for the table: `render.kingdomino`, as PNG bytes (issue 15).

The one door from the front end to the pictures: the table keeps its theme by name,
the pictures take a `Theme`, and Discord gets bytes in the theme's fixed palette with
the terrain and king colours kept exact (`render.kingdomino.to_png`).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.events import Event
from engine.kingdomino.actions import Place
from engine.kingdomino.state import GameState
from render.kingdomino import (
    placement_positions,
    render_final,
    render_kingdom,
    render_preview,
    render_turn,
    to_png,
)
from render.theme import theme_named


def turn_png(state: GameState, events: Sequence[Event], locale: str, theme: str) -> bytes:
    """The table after a turn, this turn's changes marked."""
    colours = theme_named(theme)
    return to_png(render_turn(state, events=events, locale=locale, theme=colours).image,
                  colours)


def preview_png(state: GameState, seat: int, places: Sequence[Place], locale: str,
                theme: str) -> tuple[bytes, dict[str, tuple[str, ...]]]:
    """The kingdom with each candidate position lettered, and letter → action texts (both
    ways round where the halves differ, K-PLACE-3)."""
    colours = theme_named(theme)
    image, letters = render_preview(state, seat, places, locale=locale, theme=colours)
    return to_png(image, colours), letters


def place_letters(state: GameState, places: Sequence[Place]) -> dict[str, str]:
    """Action text → the letter the preview draws for its two cells (no drawing)."""
    size = state.config.kingdom_size
    return {str(place): position.letter
            for position in placement_positions(places, size) for place in position.places}


def final_png(state: GameState, locale: str, theme: str) -> bytes:
    """Standings, the kingdoms and the score sheet."""
    colours = theme_named(theme)
    return to_png(render_final(state, locale=locale, theme=colours).image, colours)


def kingdom_png(state: GameState, seat: int, locale: str, theme: str) -> bytes:
    """One kingdom in full detail (`/kingdomino board`)."""
    colours = theme_named(theme)
    return to_png(render_kingdom(state, seat, locale=locale, theme=colours), colours)
