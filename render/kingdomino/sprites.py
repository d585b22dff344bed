"""Kingdomino's sprites, drawn by our own code and cached per size.

As in render/moonriver/sprites.py: drawn at four times the size and scaled down for smooth edges,
then pasted; a kingdom is mostly pastes. Crowns are drawn as crowns (one to three per
square, K-COMP-1), not digits, so they read at any size; the number is added in text
only where it fits (render/kingdomino/squares.py).
"""

from __future__ import annotations

from functools import cache

from PIL import Image, ImageDraw

from engine.kingdomino.dominoes import Terrain
from render.kingdomino.style import CASTLE, CASTLE_ROOF, CROWN, TERRAIN_STYLE
from render.theme import OUTLINE, RGB

SS = 4  # supersampling factor
INK = (*OUTLINE, 255)


def _pattern(d: ImageDraw.ImageDraw, pattern: str, ink: RGB, s: int) -> None:
    step = s // 5
    w = max(2, s // 40)
    if pattern == "stalks":  # wheat: ears on short stalks
        for y in range(step // 2, s, step):
            for x in range((y // step % 2) * step // 2 + step // 4, s, step):
                d.line((x, y, x, y + step * 0.6), fill=ink, width=w)
                d.ellipse((x - w * 1.5, y - step * 0.25, x + w * 1.5, y + step * 0.15), fill=ink)
    elif pattern == "trees":
        for y in range(step, s + step, step):
            for x in range((y // step % 2) * step // 2, s + step, step):
                d.polygon([(x, y - step * 0.8), (x - step * 0.32, y - step * 0.1),
                           (x + step * 0.32, y - step * 0.1)], fill=ink)
    elif pattern == "waves":
        for y in range(step // 2, s, step):
            for x in range(-step, s, step):
                d.arc((x, y - step // 4, x + step // 2, y + step // 4), 0, 180, fill=ink, width=w)
                d.arc((x + step // 2, y - step // 4, x + step, y + step // 4), 180, 360,
                      fill=ink, width=w)
    elif pattern == "grass":
        for y in range(step // 2, s, step):
            for x in range((y // step % 2) * step // 2 + step // 4, s, step):
                d.line((x, y, x - w * 2, y - step // 3), fill=ink, width=w)
                d.line((x, y, x + w * 2, y - step // 3), fill=ink, width=w)
    elif pattern == "reeds":  # swamp: dots of water and reeds
        for y in range(step // 2, s, step):
            for x in range((y // step % 2) * step // 2 + step // 4, s, step):
                d.line((x, y - step // 3, x, y + step // 5), fill=ink, width=w)
                d.ellipse((x - w * 3, y + step // 5, x + w * 3, y + step // 5 + w * 2), fill=ink)
    elif pattern == "bricks":  # mine: rock courses
        for row, y in enumerate(range(0, s, step)):
            d.line((0, y, s, y), fill=ink, width=w)
            for x in range((row % 2) * step // 2, s, step):
                d.line((x, y, x, y + step), fill=ink, width=w)


@cache
def terrain(kind: Terrain, size: int) -> Image.Image:
    """One square of a terrain: its fill and pattern, no crowns."""
    fill, ink, pattern = TERRAIN_STYLE[kind]
    s = size * SS
    image = Image.new("RGB", (s, s), fill)
    _pattern(ImageDraw.Draw(image), pattern, ink, s)
    return image.resize((size, size), Image.Resampling.LANCZOS)


@cache
def crown(size: int) -> Image.Image:
    """A gold crown with a dark outline: visible on every terrain."""
    s = size * SS
    image = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    d = ImageDraw.Draw(image)
    w = max(3, s // 10)
    points = [(s * 0.06, s * 0.84), (s * 0.06, s * 0.24), (s * 0.30, s * 0.52),
              (s * 0.50, s * 0.12), (s * 0.70, s * 0.52), (s * 0.94, s * 0.24),
              (s * 0.94, s * 0.84)]
    d.polygon(points, fill=(*CROWN, 255), outline=INK, width=w)
    return image.resize((size, size), Image.Resampling.LANCZOS)


@cache
def castle(size: int) -> Image.Image:
    """The start tile (K-COMP-2): a grey tower with a red roof on a light square."""
    s = size * SS
    image = Image.new("RGB", (s, s), (150, 150, 158))
    d = ImageDraw.Draw(image)
    w = max(3, s // 30)
    d.rectangle((s * 0.22, s * 0.40, s * 0.78, s * 0.92), fill=CASTLE, outline=OUTLINE, width=w)
    for x in (0.22, 0.42, 0.62):  # battlements
        d.rectangle((s * x, s * 0.30, s * (x + 0.16), s * 0.42), fill=CASTLE, outline=OUTLINE,
                    width=w)
    d.polygon([(s * 0.38, s * 0.30), (s * 0.50, s * 0.06), (s * 0.62, s * 0.30)],
              fill=CASTLE_ROOF, outline=OUTLINE, width=w)
    d.rounded_rectangle((s * 0.42, s * 0.66, s * 0.58, s * 0.92), radius=s * 0.06,
                        fill=OUTLINE)  # the gate
    return image.resize((size, size), Image.Resampling.LANCZOS)


@cache
def king(colour: RGB, size: int) -> Image.Image:
    """A king meeple in its seat's colour: a crowned pawn with a dark outline."""
    s = size * SS
    image = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    d = ImageDraw.Draw(image)
    fill, w = (*colour, 255), max(3, s // 14)
    d.polygon([(s * 0.18, s * 0.96), (s * 0.32, s * 0.50), (s * 0.68, s * 0.50),
               (s * 0.82, s * 0.96)], fill=fill, outline=INK, width=w)
    d.ellipse((s * 0.31, s * 0.28, s * 0.69, s * 0.62), fill=fill, outline=INK, width=w)
    d.polygon([(s * 0.28, s * 0.30), (s * 0.28, s * 0.04), (s * 0.40, s * 0.16),
               (s * 0.50, s * 0.02), (s * 0.60, s * 0.16), (s * 0.72, s * 0.04),
               (s * 0.72, s * 0.30)], fill=(*CROWN, 255), outline=INK, width=w)
    return image.resize((size, size), Image.Resampling.LANCZOS)


@cache
def out_of_bounds(ground: RGB, ink: RGB, size: int) -> Image.Image:
    """A cell the kingdom can no longer use (K-PLACE-2): hatched, unlike an empty cell."""
    image = Image.new("RGB", (size, size), ground)
    d = ImageDraw.Draw(image)
    step = max(6, size // 5)
    for x in range(-size, size, step):
        d.line((x, size, x + size, 0), fill=ink, width=max(1, size // 30))
    d.rectangle((0, 0, size - 1, size - 1), outline=ink)
    return image
