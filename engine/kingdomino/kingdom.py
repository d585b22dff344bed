"""One player's kingdom: the castle, the squares laid around it, and where a domino fits.

The kingdom lives on a play area of (2·size − 1)² cells with the castle in its centre
(9×9 for the 5×5 game, 13×13 for Mighty Duel), so the castle can end up anywhere inside
the final 5×5 (7×7) square: the limit is on the bounding box, not a fixed board
(K-PLACE-2). Cells are named like a spreadsheet: columns A… from the left, rows 1… from
the top; the castle stands on E5 (G7 in Mighty Duel).

A kingdom is immutable; `place` returns a new one. Terrains and crowns are bit masks
(engine.games.geometry), which keeps the placement search to a few integer operations.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache
from typing import NamedTuple

from engine.games.errors import NotationError
from engine.games.geometry import Direction, SquareGrid, cells_of, square_grid
from engine.kingdomino.dominoes import Domino, Square, Terrain

SIZES = (5, 7)  # K-PLACE-2: 5×5, Mighty Duel 7×7
COLUMN_LETTERS = "ABCDEFGHIJKLM"
_TERRAINS = tuple(Terrain)
_AREAS = {size: square_grid(2 * size - 1, 2 * size - 1, guard_column=True) for size in SIZES}


def play_area(size: int) -> SquareGrid:
    """The grid a kingdom of bounding-box side `size` can grow on: (2·size − 1)²."""
    try:
        return _AREAS[size]
    except KeyError:
        raise ValueError(f"a kingdom is 5×5 or 7×7, not {size}×{size}") from None


def cell_name(size: int, cell: int) -> str:
    """The name of a cell of the play area: `cell_name(5, castle) == "E5"`."""
    return _CELL_NAMES[size][cell]


def _names(area: SquareGrid) -> tuple[str, ...]:
    return tuple(f"{COLUMN_LETTERS[cell % area.stride]}{cell // area.stride + 1}"
                 if area.contains(cell) else "" for cell in range(area.size))


_CELL_NAMES = {size: _names(area) for size, area in _AREAS.items()}


def parse_cell(size: int, text: str) -> int:
    """`parse_cell(5, "e5")` is the castle cell; raises NotationError outside the area."""
    area = play_area(size)
    text = text.strip()
    letters = COLUMN_LETTERS[: area.width]
    if len(text) < 2 or text[0].upper() not in letters or not text[1:].isdigit():
        raise NotationError(f"{text!r} is not a cell: expected a column A–{letters[-1]} and a "
                            f"row 1–{area.height}, e.g. E4")
    row = int(text[1:])
    if not 1 <= row <= area.height:
        raise NotationError(f"{text!r} is not a cell: rows run 1–{area.height}")
    return area.cell(letters.index(text[0].upper()), row - 1)


@cache
def frame_of(size: int, bounds: tuple[int, int, int, int]) -> int:
    """K-PLACE-2: the cells a square may use while the box stays within size×size."""
    left, top, right, bottom = bounds
    reach = size - 1
    return _AREAS[size].rectangle(right - reach, bottom - reach, left + reach, top + reach)


class Placement(NamedTuple):
    """Where one domino went: its half A on `cell`, half B one step `direction` away.

    A named tuple rather than a frozen dataclass: as immutable, and several times
    cheaper to make, which random playouts notice.
    """

    number: int
    cell: int
    direction: Direction


def grown(bounds: tuple[int, int, int, int], where: int, stride: int
          ) -> tuple[int, int, int, int]:
    """The bounding box (left, top, right, bottom) stretched to hold cell `where`."""
    left, top, right, bottom = bounds
    row, column = divmod(where, stride)
    return (min(left, column), min(top, row), max(right, column), max(bottom, row))


@dataclass(frozen=True, slots=True)
class Kingdom:
    """A kingdom; equality compares the land (squares and crowns), not the history."""

    size: int
    terrain: tuple[int, ...]  # one mask per Terrain
    crowns_low: int  # cells whose crown count has bit 0 set
    crowns_high: int  # … bit 1 set (crowns = low + 2·high)
    bounds: tuple[int, int, int, int]  # left, top, right, bottom columns/rows, castle included
    occupied: int = field(compare=False)  # every square and the castle
    placements: tuple[Placement, ...] = field(default=(), compare=False)

    @classmethod
    def empty(cls, size: int = 5) -> Kingdom:
        area = play_area(size)  # validates the size
        centre = size - 1
        castle = area.cell(centre, centre)
        return cls(size, (0,) * len(_TERRAINS), 0, 0, (centre, centre, centre, centre),
                   1 << castle)

    # --- what is where ------------------------------------------------------------------

    @property
    def area(self) -> SquareGrid:
        return _AREAS[self.size]

    @property
    def castle(self) -> int:
        return self.area.cell(self.size - 1, self.size - 1)

    @property
    def land(self) -> int:
        """Every cell with a square on it (the castle excluded)."""
        return self.occupied & ~(1 << self.castle)

    def square_at(self, cell: int) -> Square | None:
        """The square on `cell`; None for an empty cell or the castle."""
        bit = 1 << cell
        for terrain, mask in zip(_TERRAINS, self.terrain, strict=True):
            if mask & bit:
                crowns = (1 if self.crowns_low & bit else 0) + (2 if self.crowns_high & bit else 0)
                return Square(terrain, crowns)
        return None

    def crowns_in(self, mask: int) -> int:
        return (self.crowns_low & mask).bit_count() + 2 * (self.crowns_high & mask).bit_count()

    @property
    def width(self) -> int:
        return self.bounds[2] - self.bounds[0] + 1

    @property
    def height(self) -> int:
        return self.bounds[3] - self.bounds[1] + 1

    @property
    def frame(self) -> int:
        """K-PLACE-2: the cells a new square may use and keep the kingdom within size×size."""
        return frame_of(self.size, self.bounds)

    # --- placing dominoes (K-PLACE-*) -----------------------------------------------------

    def placement_masks(self, piece: Domino) -> list[tuple[Direction, int]]:
        """Per direction of half B, the cells half A may lie on (K-PLACE-1…3).

        Half A on x and half B on x + step: both cells free and inside the frame, and A
        touches its terrain or the castle, or B does. A domino with two equal halves is
        offered only pointing right or down: the other two directions lay the same squares.
        """
        area = _AREAS[self.size]
        stride = area.stride
        castle = 1 << area.cell(self.size - 1, self.size - 1)
        free = frame_of(self.size, self.bounds) & ~self.occupied
        a = self.terrain[piece.a.terrain] | castle
        b = self.terrain[piece.b.terrain] | castle
        # next to its terrain or the castle; the guard column stops sideways wrap-around
        # and `free` clips the rest, which spares `area.spread`'s column masks here
        touch_a = (a << 1) | (a >> 1) | (a << stride) | (a >> stride)
        touch_b = (b << 1) | (b >> 1) | (b << stride) | (b >> stride)
        return area.domino_placements(free, touch_a, touch_b, both_ways=not piece.symmetric)

    def placements_for(self, piece: Domino) -> list[tuple[int, Direction]]:
        """Every legal (cell of half A, direction of half B) for `piece`."""
        return [(cell, direction) for direction, mask in self.placement_masks(piece)
                for cell in cells_of(mask)]

    def can_place(self, piece: Domino, cell: int, direction: Direction) -> bool:
        return (cell, direction) in self.placements_for(piece)

    def place(self, piece: Domino, cell: int, direction: Direction) -> Kingdom:
        """The kingdom with `piece` laid; the caller has checked that it is legal."""
        second = self.area.second_cell(cell, direction)
        return self._laid(((cell, piece.a), (second, piece.b)),
                          (*self.placements, Placement(piece.number, cell, direction)))

    def _laid(self, squares: Iterable[tuple[int, Square]], placements: tuple[Placement, ...]
              ) -> Kingdom:
        terrain = list(self.terrain)
        low, high, occupied = self.crowns_low, self.crowns_high, self.occupied
        bounds = self.bounds
        stride = self.size * 2
        for where, square in squares:
            bit = 1 << where
            terrain[square.terrain] |= bit
            occupied |= bit
            crowns = square.crowns
            if crowns & 1:
                low |= bit
            if crowns & 2:
                high |= bit
            bounds = grown(bounds, where, stride)
        return Kingdom(self.size, tuple(terrain), low, high, bounds, occupied, placements)

    def with_squares(self, squares: dict[int, Square]) -> Kingdom:
        """A kingdom with loose squares laid (notation, tests): no placement rules apply."""
        for where in squares:
            if not self.area.contains(where) or (self.occupied >> where) & 1:
                raise NotationError(f"cell {where} is not free land of the play area")
        return self._laid(squares.items(), self.placements)
