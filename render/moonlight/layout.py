"""What a Moonlight picture reports about itself, in native pixels: tests scale it to
Discord's phone width (render.theme.PHONE_WIDTH) and check what must stay readable."""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image

from render.moonlight.area import AreaGeometry
from render.moonlight.cards import Box
from render.theme import PHONE_WIDTH


@dataclass(frozen=True, slots=True)
class Layout:
    width: int
    height: int
    min_text: int
    area: AreaGeometry | None = None
    hand: tuple[Box, ...] = ()  # the hand picture's cards, in hand order
    letters: tuple[tuple[str, str], ...] = ()  # (cell name, letter) as drawn

    def scale(self, display_width: int = PHONE_WIDTH) -> float:
        return display_width / self.width


@dataclass(frozen=True, slots=True)
class Picture:
    image: Image.Image
    layout: Layout
