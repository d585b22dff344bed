"""One wolf card drawn in a box: owner colour, value, moon; the Lone Wolf in red.

A card on the area is written as in area notation with its owner (`g4m`, `b6`); a card
in a hand is the same code with the viewer's seat. The value is large and white, the
moon a yellow crescent in the top corner (M-COMP-2), and the Lone Wolf (M-COMP-3) a red
card framed in its owner's colour.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw

from engine.games.i18n import t
from engine.moonlight.area import OWNERS
from engine.moonlight.cards import components, parse_card_code
from render.moonlight.style import CARD_INK, LONE_WOLF, MOON, seat_rgb
from render.stamps import draw_text
from render.theme import OUTLINE

Box = tuple[int, int, int, int]


@dataclass(frozen=True, slots=True)
class Wolf:
    """A card as the pictures need it."""

    seat: int
    value: int
    moon: bool
    power: str | None
    lone_wolf: bool

    @property
    def code(self) -> str:
        return f"{self.value}{'m' if self.moon else ''}"


def card_text(code: str, locale: str) -> str:
    """'4 🌙', '3', '6 🐺': a card as the table names it (value, moon, the Lone Wolf), in
    the pictures' headings and on the private step's buttons alike."""
    card = components().cards[parse_card_code(code)]
    key = "ml.card.lone" if card.lone_wolf else "ml.card.moon" if card.moon else "ml.card.plain"
    return t(key, locale, value=card.value)


def wolf(seat: int, code: str) -> Wolf:
    """The card `code` (`4m`) of `seat`."""
    card = components().cards[parse_card_code(code)]
    return Wolf(seat, card.value, card.moon, card.power, card.lone_wolf)


def wolf_on_area(code: str) -> Wolf:
    """A card of the area, owner first (`g4m`)."""
    return wolf(OWNERS.index(code[0]), code[1:])


def draw_moon(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, ground: tuple[int, int, int]
              ) -> None:
    """A crescent: a yellow disc with a disc of the ground colour bitten out of it."""
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=MOON, outline=OUTLINE, width=1)
    shift = r * 0.55
    d.ellipse((cx - r + shift, cy - r - shift * 0.4, cx + r + shift, cy + r - shift * 0.4),
              fill=ground)


def draw_wolf(image: Image.Image, box: Box, card: Wolf, *, value_size: int) -> None:
    """The card filling `box`: value centred, moon top right."""
    d = ImageDraw.Draw(image)
    x0, y0, x1, y1 = box
    w = x1 - x0
    radius = max(4, w // 10)
    owner = seat_rgb(card.seat)
    if card.lone_wolf:
        d.rounded_rectangle(box, radius=radius, fill=owner, outline=OUTLINE, width=2)
        ring = max(5, w // 12)
        inner = (x0 + ring, y0 + ring, x1 - ring, y1 - ring)
        d.rounded_rectangle(inner, radius=max(3, radius - ring // 2), fill=LONE_WOLF)
        ground = LONE_WOLF
    else:
        d.rounded_rectangle(box, radius=radius, fill=owner, outline=OUTLINE, width=2)
        ground = owner
    draw_text(image, ((x0 + x1) / 2, (y0 + y1) / 2 + value_size * 0.06), str(card.value),
              value_size, CARD_INK, bold=True, anchor="mm")
    if card.moon:
        r = max(6, w * 0.13)
        draw_moon(d, x1 - r - w * 0.1, y0 + r + w * 0.1, r, ground)
