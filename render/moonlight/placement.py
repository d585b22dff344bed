"""The cells a proposed card may go to, lettered a, b, c … in reading order.

The hand picture draws these letters on the area and a dialogue offers the same letters
as buttons: top row first (rows are numbered from the bottom, M-PLACE-1), then left to
right. Pure: no drawing.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.moonlight.actions import Play
from engine.moonlight.area import SIDE
from render.labels import letter


def reading_order(plays: Sequence[Play]) -> list[Play]:
    """The plays sorted top row first, then left to right (one per cell and card)."""
    return sorted(dict.fromkeys(plays), key=lambda p: (-(p.index // SIDE), p.index % SIDE,
                                                      p.card))


def cell_letters(plays: Sequence[Play]) -> dict[str, str]:
    """Action text (`play 4m C5`) -> its letter, in reading order (render.labels.letter)."""
    return {str(play): letter(i) for i, play in enumerate(reading_order(plays))}
