"""Moon River's ranch as a grid: cell names, and the shared bit-mask geometry per height.

A ranch is 5 columns wide and `height` rows high. Cell index = (row - 1) * 5 + column,
column 0 = `A`, row 1 touching the river (NOTATION.md): a packed `SquareGrid` whose rows
follow one another upward, away from the river. The numbering is the one events and
stored states carry, so it stays. The masks, neighbours and domino geometry are
engine.games.geometry's, shared with Kingdomino.
"""

from __future__ import annotations

from functools import cache

from engine.games.errors import NotationError
from engine.games.geometry import Direction, SquareGrid, cells_of, square_grid

__all__ = ["COLUMN_LETTERS", "WIDTH", "bridge_mask", "cell_name", "cells_of", "geometry",
           "parse_cell"]

WIDTH = 5
COLUMN_LETTERS = "ABCDE"


def cell_name(cell: int) -> str:
    """`cell_name(12) == "C3"`."""
    return f"{COLUMN_LETTERS[cell % WIDTH]}{cell // WIDTH + 1}"


def parse_cell(text: str) -> int:
    """`parse_cell("c3") == 12`; any row number >= 1 parses, bounds are the rules' job."""
    text = text.strip()
    if len(text) < 2 or text[0].upper() not in COLUMN_LETTERS or not text[1:].isdigit():
        raise NotationError(f"{text!r} is not a cell: expected a column A–E and a row, e.g. C3")
    row = int(text[1:])
    if row < 1 or row > 99:
        raise NotationError(f"{text!r} is not a cell: rows start at 1")
    return (row - 1) * WIDTH + COLUMN_LETTERS.index(text[0].upper())


@cache
def geometry(height: int) -> SquareGrid:
    """The ranch grid of `height` rows, row 1 on the river."""
    return square_grid(WIDTH, height, next_row=Direction.UP)


def bridge_mask(bridge_columns: tuple[int, ...]) -> int:
    """R-PLACE-2 (a): the row-1 cells above a board's bridges (columns counted 1–5)."""
    return sum(1 << (c - 1) for c in bridge_columns)
