"""Ranch coordinates and bit masks.

A ranch is 5 columns wide and `height` rows high. Cell index = (row - 1) * 5 + column,
column 0 = `A`, row 1 touching the river (NOTATION.md). Sets of cells are Python ints used
as bit masks, which keeps placement checks to a handful of integer operations.
"""

from __future__ import annotations

from functools import cache

from engine.errors import NotationError

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


class Geometry:
    """Precomputed masks for one ranch height; shared by every ranch of that height."""

    __slots__ = ("full", "height", "neighbours", "not_left", "not_right", "size")

    def __init__(self, height: int) -> None:
        self.height = height
        self.size = WIDTH * height
        self.full = (1 << self.size) - 1
        left = sum(1 << (r * WIDTH) for r in range(height))
        right = left << (WIDTH - 1)
        self.not_left = self.full & ~left
        self.not_right = self.full & ~right
        self.neighbours: tuple[tuple[int, ...], ...] = tuple(
            tuple(self._neighbours_of(cell)) for cell in range(self.size)
        )

    def _neighbours_of(self, cell: int) -> list[int]:
        column, row = cell % WIDTH, cell // WIDTH
        out = []
        if row > 0:
            out.append(cell - WIDTH)
        if column > 0:
            out.append(cell - 1)
        if column < WIDTH - 1:
            out.append(cell + 1)
        if row < self.height - 1:
            out.append(cell + WIDTH)
        return out

    def spread(self, mask: int) -> int:
        """Cells orthogonally adjacent to any cell of `mask` (not including it)."""
        return (
            (mask << WIDTH) | (mask >> WIDTH) | ((mask & self.not_right) << 1)
            | ((mask & self.not_left) >> 1)
        ) & self.full & ~mask

    def flood(self, start: int, within: int) -> int:
        """The connected component of `within` that contains the cell mask `start`."""
        region = start & within
        while True:
            grown = (region | self.spread(region)) & within
            if grown == region:
                return region
            region = grown

    def bridge_mask(self, bridge_columns: tuple[int, ...]) -> int:
        """Row-1 cells above the bridges (columns counted 1–5)."""
        return sum(1 << (c - 1) for c in bridge_columns)


@cache
def geometry(height: int) -> Geometry:
    return Geometry(height)


def cells_of(mask: int) -> list[int]:
    """The cell indices of a mask, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out
