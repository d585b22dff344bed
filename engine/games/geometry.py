"""Square grids as bit masks, and where the second half of a 2-square domino lies.

The one implementation of grid geometry for every domino game of the family: Moon
River's 5-wide ranch (engine.moonriver.grid) and Kingdomino's (2·size − 1)² play area
(engine.kingdomino.kingdom) are two `SquareGrid`s. Sets of cells are Python ints used as
bit masks, which keeps placement checks to a handful of integer operations.

Cell index = row * stride + column. Two layouts, chosen by the game:

- packed (stride = width): Moon River's numbering, kept because its events and stored
  states carry cell indices. A step left or right is masked with `not_first` /
  `not_last`, so it can never wrap into the neighbouring row.
- guarded (stride = width + 1): one guard column per row, outside `area`. A shift that
  wraps lands on a guard bit, so hot code may shift sideways without column masks and
  clip with `area` (or a mask inside it) afterwards; Kingdomino's placement search does.

Which way row 0 lies is the game's: Kingdomino counts rows from the top (`next_row` =
DOWN), Moon River from the river at the bottom (`next_row` = UP). Directions name what a
player sees; `offsets` turns them into index steps.
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


#: The members, read once: `Direction.RIGHT` goes through EnumType.__getattr__ (≈ 0.2 µs
#: in Python 3.11), which the placement searches would pay at every call.
_RIGHT, _LEFT, _DOWN, _UP = Direction
_OPPOSITE = {_RIGHT: _LEFT, _LEFT: _RIGHT, _UP: _DOWN, _DOWN: _UP}


class SquareGrid:
    """Precomputed masks of one grid shape; shared by every board of that shape."""

    __slots__ = ("area", "height", "neighbours", "next_row", "not_first", "not_last",
                 "offsets", "offsets_by_word", "size", "stride", "width")

    def __init__(self, width: int, height: int, *, guard_column: bool = False,
                 next_row: Direction = Direction.DOWN) -> None:
        if not (1 <= width <= 26 and 1 <= height <= 99):
            raise ValueError(f"a grid is 1–26 columns by 1–99 rows, not {width}×{height}")
        if next_row not in (_DOWN, _UP):
            raise ValueError(f"rows follow one another up or down, not {next_row.value}")
        self.width = width
        self.height = height
        self.next_row = next_row  # the direction in which row indices grow
        self.stride = width + 1 if guard_column else width
        self.size = self.stride * height
        last_row = height - 1
        self.area = self.rectangle(0, 0, width - 1, last_row)
        self.not_first = self.rectangle(1, 0, width - 1, last_row)  # may step left
        self.not_last = self.rectangle(0, 0, width - 2, last_row)   # may step right
        s = self.stride
        self.offsets: dict[Direction, int] = {
            _RIGHT: 1, _LEFT: -1,
            next_row: s, next_row.opposite: -s,
        }
        #: the same steps by the directions' words ("up", "right"): action text uses them
        self.offsets_by_word: dict[str, int] = {d.value: o for d, o in self.offsets.items()}
        #: per cell, the cells orthogonally next to it, ascending (none for guard cells)
        self.neighbours: tuple[tuple[int, ...], ...] = tuple(
            tuple(cells_of(self.spread(1 << cell))) if self.contains(cell) else ()
            for cell in range(self.size))

    # --- cells --------------------------------------------------------------------------

    def cell(self, column: int, row: int) -> int:
        return row * self.stride + column

    def column_row(self, cell: int) -> tuple[int, int]:
        return cell % self.stride, cell // self.stride

    def contains(self, cell: int) -> bool:
        return 0 <= cell < self.size and cell % self.stride < self.width

    def second_cell(self, cell: int, direction: Direction) -> int:
        """The cell one step `direction` from `cell`, unchecked: in a guarded grid a step
        off the side lands on a guard cell (`contains` is False); in a packed one it wraps,
        so use `neighbour` there."""
        return cell + self.offsets[direction]

    def neighbour(self, cell: int, direction: Direction) -> int | None:
        """The cell one step `direction` from `cell`, or None off the grid."""
        if not self.contains(cell):
            return None
        moved = self.shift(1 << cell, direction)
        return moved.bit_length() - 1 if moved else None

    # --- masks --------------------------------------------------------------------------

    def shift(self, mask: int, direction: Direction) -> int:
        """Every cell of `mask` moved one step `direction`, clipped to the grid."""
        offset = self.offsets[direction]
        if direction is _RIGHT:
            mask &= self.not_last
        elif direction is _LEFT:
            mask &= self.not_first
        moved = mask << offset if offset > 0 else mask >> -offset
        return moved & self.area

    def spread(self, mask: int) -> int:
        """Cells orthogonally adjacent to any cell of `mask` (not including `mask` itself)."""
        return ((mask << self.stride) | (mask >> self.stride) | ((mask & self.not_last) << 1)
                | ((mask & self.not_first) >> 1)) & self.area & ~mask

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

    # --- dominoes -----------------------------------------------------------------------

    def domino_placements(self, free: int, ok_first: int, ok_second: int, *,
                          both_ways: bool = True) -> list[tuple[Direction, int]]:
        """Per direction of the second half (in the order of Direction), the cells where a
        domino's first half may lie: both halves on `free` cells, and the first half on
        `ok_first` or the second on `ok_second` (the connection rule of both games,
        R-PLACE-2 and K-PLACE-1). With `both_ways` False only right and the next row:
        enough for a domino with equal halves, or one a game may name from either end.
        Unrolled, without calls: placement search is the hottest code of both games
        (Moon River's build generation inlines these masks per pair of held parcels)."""
        s = self.stride
        right = free & (free >> 1) & self.not_last & (ok_first | (ok_second >> 1))
        onward = free & (free >> s) & (ok_first | (ok_second >> s))
        if not both_ways:
            return [(_RIGHT, right), (self.next_row, onward)]
        left = free & (free << 1) & self.not_first & (ok_first | (ok_second << 1))
        back = free & (free << s) & (ok_first | (ok_second << s))
        if self.next_row is _DOWN:
            return [(_RIGHT, right), (_LEFT, left), (_DOWN, onward), (_UP, back)]
        return [(_RIGHT, right), (_LEFT, left), (_DOWN, back), (_UP, onward)]


@cache
def square_grid(width: int, height: int, *, guard_column: bool = False,
                next_row: Direction = Direction.DOWN) -> SquareGrid:
    return SquareGrid(width, height, guard_column=guard_column, next_row=next_row)


def cells_of(mask: int) -> list[int]:
    """The cell indices of a mask, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out
