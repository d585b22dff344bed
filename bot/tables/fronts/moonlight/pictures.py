"""Moonlight's pictures for the table: `render.moonlight`, as PNG bytes.

Every request names what its viewer may see (`DrawRequest.of` → `player_view`): the
table posts are drawn from the public view (no hand at all, M-SETUP-1); a hand picture
only ever for the seat whose hand it is (`viewer=seat`).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from typing import cast

from engine.games.events import Event
from engine.moonlight.actions import Play
from engine.moonlight.area import SIDE
from engine.moonlight.state import GameState
from render.labels import letter
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


def final_png(state: GameState, locale: str, theme: str) -> bytes:
    """The end: rounds won and the last area."""
    return picture(DrawRequest.of(GAME, "final", state, locale=locale, theme=theme))


def cell_letters(plays: Sequence[Play]) -> dict[str, str]:
    """Action text → the letter the hand picture draws on its cell
    (`render.moonlight.placement.cell_letters`, the pictures' own, without drawing)."""
    return _letters()(plays)


def _letters() -> Callable[[Sequence[Play]], dict[str, str]]:
    # Imported by name so this module checks before render/moonlight lands on main (the
    # pictures are drawn on another branch); replace by a plain import once it has.
    try:
        module = importlib.import_module("render.moonlight.placement")
    except ModuleNotFoundError:
        return _in_cell_order
    return cast(Callable[[Sequence[Play]], dict[str, str]], module.cell_letters)


def _in_cell_order(plays: Sequence[Play]) -> dict[str, str]:
    """Until the pictures' own exist: a, b, c … in their reading order (top row first,
    then left to right; a card's plays are on distinct cells)."""
    ordered = sorted(dict.fromkeys(plays), key=lambda p: (-(p.index // SIDE), p.index % SIDE))
    return {str(p): letter(i) for i, p in enumerate(ordered)}
