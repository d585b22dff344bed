"""Which part of a kingdom's play area a picture shows, and where each cell lands.

A kingdom grows on a (2·size − 1)² play area (engine.kingdomino.kingdom), most of which
it will never use. Two windows:

- `reach_window`: what the next domino can reach — the bounding box widened by two cells
  (a domino touches the kingdom with one half, K-PLACE-1), clipped to the cells the
  kingdom may still use (K-PLACE-2), shown as a fixed (size + 2)² square (7×7, Mighty
  Duel 9×9), so the player to move sees every legal spot and the picture keeps its size.
- `kingdom_window`: a size×size square holding the bounding box, for compact overviews
  and the final picture.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.kingdomino.kingdom import Kingdom

Box = tuple[int, int, int, int]


@dataclass(frozen=True, slots=True)
class Window:
    """A rectangle of play-area cells: first column and row, and how many of each."""

    left: int
    top: int
    columns: int
    rows: int

    def contains(self, column: int, row: int) -> bool:
        return (self.left <= column < self.left + self.columns
                and self.top <= row < self.top + self.rows)


def _start(low: int, high: int, length: int, area: int) -> int:
    """The first index of a `length`-long run centred on [low, high], inside the area."""
    start = low - (length - (high - low + 1)) // 2
    return max(0, min(start, area - length))


def frame_ranges(kingdom: Kingdom) -> tuple[tuple[int, int], tuple[int, int]]:
    """K-PLACE-2: the columns and rows a square may still use, (first, last) each."""
    left, top, right, bottom = kingdom.bounds
    reach = kingdom.size - 1
    last = 2 * kingdom.size - 2
    return ((max(0, right - reach), min(last, left + reach)),
            (max(0, bottom - reach), min(last, top + reach)))


def in_frame(kingdom: Kingdom, column: int, row: int) -> bool:
    (c0, c1), (r0, r1) = frame_ranges(kingdom)
    return c0 <= column <= c1 and r0 <= row <= r1


def reach_window(kingdom: Kingdom) -> Window:
    """Every cell the next domino could cover, in a fixed (size + 2)² square."""
    left, top, right, bottom = kingdom.bounds
    (c0, c1), (r0, r1) = frame_ranges(kingdom)
    length = kingdom.size + 2
    area = 2 * kingdom.size - 1
    return Window(_start(max(left - 2, c0), min(right + 2, c1), length, area),
                  _start(max(top - 2, r0), min(bottom + 2, r1), length, area),
                  length, length)


def kingdom_window(kingdom: Kingdom) -> Window:
    """The size×size square around the bounding box: the whole kingdom, no more."""
    left, top, right, bottom = kingdom.bounds
    length = kingdom.size
    area = 2 * kingdom.size - 1
    return Window(_start(left, right, length, area), _start(top, bottom, length, area),
                  length, length)


@dataclass(frozen=True, slots=True)
class KingdomGeometry:
    """Where one kingdom went in a picture (absolute pixels), for tests and overlays."""

    seat: int
    panel: Box
    grid: Box
    cell: int
    window: Window
    size: int  # the kingdom's size (5, or 7 in Mighty Duel): play-area stride is 2·size

    def cell_box(self, cell: int) -> Box | None:
        """Pixel box of a play-area cell, or None when the window does not show it."""
        row, column = divmod(cell, 2 * self.size)
        if not self.window.contains(column, row):
            return None
        x = self.grid[0] + (column - self.window.left) * self.cell
        y = self.grid[1] + (row - self.window.top) * self.cell
        return x, y, x + self.cell, y + self.cell

    def moved(self, dx: int, dy: int) -> KingdomGeometry:
        px0, py0, px1, py1 = self.panel
        gx0, gy0, gx1, gy1 = self.grid
        return KingdomGeometry(self.seat, (px0 + dx, py0 + dy, px1 + dx, py1 + dy),
                               (gx0 + dx, gy0 + dy, gx1 + dx, gy1 + dy), self.cell,
                               self.window, self.size)
