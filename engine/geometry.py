"""Square grids as bit masks, and where the second half of a 2-square domino lies.

Neutral ground for every domino game of the family (Kingdomino uses it; Moon River's
`engine.grid` could move onto it later). A grid of `width` × `height` cells is stored with
one guard column per row (stride = width + 1), so shifting a mask by one step left or
right can never wrap into the neighbouring row: the guard bits are masked off. Cell index
= row * stride + column, row 0 at the top. Sets of cells are Python ints.
"""

from __future__ import annotations

from enum import Enum
from functools import cache


class Direction(Enum):
    """Where a domino's second half lies, seen from its first half."""

    RIGHT = "right"
    LEFT = "left"
    DOWN = "down"
    UP = "up"

    __hash__ = object.__hash__  # members are singletons; Enum's own hash is slow and hot

    @property
    def opposite(self) -> Direction:
        return _OPPOSITE[self]


_OPPOSITE = {
    Direction.RIGHT: Direction.LEFT, Direction.LEFT: Direction.RIGHT,
    Direction.UP: Direction.DOWN, Direction.DOWN: Direction.UP,
}


class PaddedGrid:
    """Precomputed masks for one grid size; shared by every board of that size."""

    __slots__ = ("area", "height", "offsets", "size", "stride", "width")

    def __init__(self, width: int, height: int) -> None:
        if not (1 <= width <= 26 and 1 <= height <= 99):
            raise ValueError(f"a grid is 1–26 columns by 1–99 rows, not {width}×{height}")
        self.width = width
        self.height = height
        self.stride = width + 1
        self.size = self.stride * height
        row = (1 << width) - 1
        self.area = sum(row << (r * self.stride) for r in range(height))
        self.offsets: dict[Direction, int] = {
            Direction.RIGHT: 1, Direction.LEFT: -1,
            Direction.DOWN: self.stride, Direction.UP: -self.stride,
        }

    def cell(self, column: int, row: int) -> int:
        return row * self.stride + column

    def column_row(self, cell: int) -> tuple[int, int]:
        return cell % self.stride, cell // self.stride

    def contains(self, cell: int) -> bool:
        return 0 <= cell < self.size and cell % self.stride != self.width

    def second_cell(self, cell: int, direction: Direction) -> int:
        """The cell one step `direction` from `cell` (may lie outside: check `contains`)."""
        return cell + self.offsets[direction]

    def shift(self, mask: int, direction: Direction) -> int:
        """Every cell of `mask` moved one step `direction`, clipped to the grid."""
        offset = self.offsets[direction]
        moved = mask << offset if offset > 0 else mask >> -offset
        return moved & self.area

    def spread(self, mask: int) -> int:
        """Cells orthogonally adjacent to any cell of `mask` (not including `mask` itself)."""
        s = self.stride
        return ((mask << 1) | (mask >> 1) | (mask << s) | (mask >> s)) & self.area & ~mask

    def flood(self, start: int, within: int) -> int:
        """The connected part of `within` that contains the cells of `start`."""
        region = start & within
        while True:
            grown = (region | self.spread(region)) & within
            if grown == region:
                return region
            region = grown

    def components(self, mask: int) -> list[int]:
        """`mask` split into its orthogonally connected parts, lowest cell first."""
        parts = []
        while mask:
            part = self.flood(mask & -mask, mask)
            parts.append(part)
            mask &= ~part
        return parts

    def rectangle(self, left: int, top: int, right: int, bottom: int) -> int:
        """The cells with left <= column <= right and top <= row <= bottom (clipped)."""
        left, top = max(left, 0), max(top, 0)
        right, bottom = min(right, self.width - 1), min(bottom, self.height - 1)
        if left > right or top > bottom:
            return 0
        row = ((1 << (right - left + 1)) - 1) << left
        return sum(row << (r * self.stride) for r in range(top, bottom + 1))


@cache
def padded_grid(width: int, height: int) -> PaddedGrid:
    return PaddedGrid(width, height)


def cells_of(mask: int) -> list[int]:
    """The cell indices of a mask, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out
