"""Squares, the castle and whole dominoes, at any size, for every Kingdomino picture.

A square shows its terrain (fill and pattern) and its crowns as crown icons along the
bottom; a domino not yet placed also shows its number in a white badge on half A (the
number is the public name a line's slot carries, K-COMP-1).
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from engine.kingdomino.dominoes import Domino, Square
from render.kingdomino import sprites
from render.stamps import draw_text
from render.theme import OUTLINE

WHITE = (255, 255, 255)


def crown_size(size: int, crowns: int) -> int:
    """Crowns side by side along the bottom of a square, as big as fit."""
    return max(8, min(int(size * 0.36), (size - 6) // max(1, crowns)))


def draw_square(image: Image.Image, square: Square, x: int, y: int, size: int) -> None:
    """One square: terrain, then its crowns (K-COMP-1: 0–3) centred along the bottom."""
    image.paste(sprites.terrain(square.terrain, size), (x, y))
    if not square.crowns:
        return
    icon_size = crown_size(size, square.crowns)
    icon = sprites.crown(icon_size)
    total = icon_size * square.crowns
    cx = x + (size - total) // 2
    cy = y + size - icon_size - max(2, size // 16)
    for i in range(square.crowns):
        image.paste(icon, (cx + i * icon_size, cy), icon)


def draw_castle(image: Image.Image, x: int, y: int, size: int) -> None:
    image.paste(sprites.castle(size), (x, y))


def number_badge(image: Image.Image, number: int, x: int, y: int, text: int) -> None:
    """The domino's number in a white pill, top-left corner at (x, y)."""
    label = str(number)
    h = int(text * 1.3)
    w = max(h, int(text * 0.62 * len(label)) + text // 2)
    d = ImageDraw.Draw(image)
    d.rounded_rectangle((x, y, x + w, y + h), radius=h // 2, fill=WHITE, outline=OUTLINE,
                        width=2)
    draw_text(image, (x + w / 2, y + h / 2), label, text, OUTLINE, bold=True, anchor="mm")


def draw_domino(image: Image.Image, piece: Domino, x: int, y: int, square: int, *,
                vertical: bool, text: int) -> tuple[int, int, int, int]:
    """A whole domino, half A on top (or left), with its number; returns its box."""
    bx, by = (x, y + square) if vertical else (x + square, y)
    draw_square(image, piece.a, x, y, square)
    draw_square(image, piece.b, bx, by, square)
    box = (x, y, bx + square, by + square)
    d = ImageDraw.Draw(image)
    d.rectangle((box[0], box[1], box[2] - 1, box[3] - 1), outline=OUTLINE, width=2)
    middle = ((x, y + square, x + square, y + square) if vertical
              else (x + square, y, x + square, y + square))
    d.line(middle, fill=OUTLINE, width=1)
    number_badge(image, piece.number, x + 4, y + 4, text)
    return box
