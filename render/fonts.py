"""Fonts, loaded once, and text drawing that never fails on a missing glyph.

DejaVu Sans covers Latin, Greek and Cyrillic; Droid Sans Fallback adds Japanese. A
character neither has (an emoji, say) is drawn as a white square instead of tofu boxes
of unknown size, so any Discord display name renders.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from PIL import ImageDraw, ImageFont

FONT_DIR = Path(__file__).resolve().parent.parent / "data" / "fonts"
REGULAR = ("DejaVuSans.ttf", "DroidSansFallbackFull.ttf")
BOLD = ("DejaVuSans-Bold.ttf", "DroidSansFallbackFull.ttf")
REPLACEMENT = "\u25a1"  # WHITE SQUARE, in DejaVu Sans

Font = ImageFont.FreeTypeFont
Colour = tuple[int, int, int] | tuple[int, int, int, int]


@cache
def font(size: int, bold: bool = False, index: int = 0) -> Font:
    return ImageFont.truetype(str(FONT_DIR / (BOLD if bold else REGULAR)[index]), size)


@cache
def _notdef(size: int, bold: bool, index: int) -> bytes:
    mask = font(size, bold, index).getmask("\U000f0000")  # private use: never a real glyph
    return bytes(mask) + repr(mask.size).encode()


@cache
def _font_index_for(char: str, size: int, bold: bool) -> int:
    """Which font draws `char` (0 or 1), or -1 if none does."""
    if char.isspace():
        return 0
    for index in range(len(REGULAR)):
        mask = font(size, bold, index).getmask(char)
        if bytes(mask) + repr(mask.size).encode() != _notdef(size, bold, index):
            return index
    return -1


def runs(text: str, size: int, bold: bool = False) -> list[tuple[str, Font]]:
    """Split text into runs that one font can draw, replacing unknown characters."""
    out: list[tuple[str, Font]] = []
    current, current_index = "", -2
    for char in text:
        index = _font_index_for(char, size, bold)
        if index < 0:
            char, index = REPLACEMENT, 0
        if index != current_index and current:
            out.append((current, font(size, bold, current_index)))
            current = ""
        current, current_index = current + char, index
    if current:
        out.append((current, font(size, bold, current_index)))
    return out


def text_width(text: str, size: int, bold: bool = False) -> int:
    return int(sum(f.getlength(part) for part, f in runs(text, size, bold)))


def fit(text: str, size: int, width: int, bold: bool = False) -> str:
    """`text`, shortened with an ellipsis until it fits `width` pixels."""
    if text_width(text, size, bold) <= width:
        return text
    while text and text_width(text + "…", size, bold) > width:
        text = text[:-1]
    return text + "…"


def draw_text(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, size: int,
              fill: Colour, *, bold: bool = False, anchor: str = "la",
              max_width: int | None = None) -> int:
    """Draw text (left/middle/right by anchor[0]: l, m, r); returns the width drawn."""
    if max_width is not None:
        text = fit(text, size, max_width, bold)
    parts = runs(text, size, bold)
    width = int(sum(f.getlength(part) for part, f in parts))
    x, y = xy
    if anchor[0] == "m":
        x -= width / 2
    elif anchor[0] == "r":
        x -= width
    vertical = "l" + anchor[1]
    for part, f in parts:
        draw.text((x, y), part, font=f, fill=fill, anchor=vertical)
        x += f.getlength(part)
    return width
