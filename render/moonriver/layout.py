"""What a phone picture reports about itself: where things went, in native pixels.

Tests scale these to Discord's phone width and check the sizes a phone needs; the
bot could use them to crop or point at parts of a picture.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image

from render.moonriver.ranch import RanchGeometry
from render.theme import PHONE_WIDTH

Box = tuple[int, int, int, int]


@dataclass(frozen=True, slots=True)
class TurnLayout:
    """Where things went, in native pixels; `scale(width)` converts to a display size."""

    width: int
    height: int
    min_text: int
    draft_tiles: tuple[Box, ...] = ()
    ranches: tuple[RanchGeometry, ...] = ()
    mover: int | None = None

    def scale(self, display_width: int = PHONE_WIDTH) -> float:
        return display_width / self.width

    def cell_size(self, seat: int) -> int:
        return next(r.cell for r in self.ranches if r.seat == seat)


@dataclass(frozen=True, slots=True)
class TurnPicture:
    image: Image.Image
    layout: TurnLayout
