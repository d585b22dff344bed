"""What a Kingdomino phone picture reports about itself, in native pixels.

Tests scale these to Discord's phone width (render.theme.PHONE_WIDTH) and check the
sizes a phone needs; the bot could use them to crop or point at parts of a picture.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image

from render.kingdomino.window import Box, KingdomGeometry
from render.theme import PHONE_WIDTH


@dataclass(frozen=True, slots=True)
class TurnLayout:
    width: int
    height: int
    min_text: int
    line_dominoes: tuple[Box, ...] = ()
    kingdoms: tuple[KingdomGeometry, ...] = ()
    mover: int | None = None

    def scale(self, display_width: int = PHONE_WIDTH) -> float:
        return display_width / self.width

    def kingdom(self, seat: int) -> KingdomGeometry:
        return next(k for k in self.kingdoms if k.seat == seat)


@dataclass(frozen=True, slots=True)
class TurnPicture:
    image: Image.Image
    layout: TurnLayout
