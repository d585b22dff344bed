"""engine.geometry: padded bit-mask grids and 2-square domino geometry."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.geometry import Direction, PaddedGrid, cells_of, padded_grid


def naive_spread(grid: PaddedGrid, cells: set[tuple[int, int]]) -> set[tuple[int, int]]:
    out = set()
    for column, row in cells:
        for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            c, r = column + dc, row + dr
            if 0 <= c < grid.width and 0 <= r < grid.height and (c, r) not in cells:
                out.add((c, r))
    return out


def to_mask(grid: PaddedGrid, cells: set[tuple[int, int]]) -> int:
    return sum(1 << grid.cell(c, r) for c, r in cells)


def to_cells(grid: PaddedGrid, mask: int) -> set[tuple[int, int]]:
    return {grid.column_row(cell) for cell in cells_of(mask)}


@given(st.integers(1, 13), st.integers(1, 13), st.data())
def test_spread_never_wraps_across_rows(width: int, height: int, data: st.DataObject) -> None:
    grid = padded_grid(width, height)
    cells = data.draw(st.sets(st.tuples(st.integers(0, width - 1), st.integers(0, height - 1))))
    assert to_cells(grid, grid.spread(to_mask(grid, cells))) == naive_spread(grid, cells)
    for direction in Direction:
        moved = to_cells(grid, grid.shift(to_mask(grid, cells), direction))
        step = grid.offsets[direction]
        dc, dr = (step, 0) if abs(step) == 1 else (0, step // grid.stride)
        assert moved == {(c + dc, r + dr) for c, r in cells
                         if 0 <= c + dc < width and 0 <= r + dr < height}


def test_components_and_flood() -> None:
    grid = padded_grid(9, 9)
    left = {(0, 0), (0, 1), (1, 1)}
    right = {(8, 0), (8, 1)}  # column 8 of row 0 must not join column 0 of row 1
    parts = grid.components(to_mask(grid, left | right))
    assert sorted((to_cells(grid, p) for p in parts), key=len) == [right, left]
    assert to_cells(grid, grid.flood(1 << grid.cell(1, 1), to_mask(grid, left | right))) == left


def test_domino_geometry() -> None:
    grid = padded_grid(9, 9)
    centre = grid.cell(4, 4)
    assert grid.column_row(grid.second_cell(centre, Direction.RIGHT)) == (5, 4)
    assert grid.column_row(grid.second_cell(centre, Direction.UP)) == (4, 3)
    assert all(d.opposite.opposite is d and d.opposite is not d for d in Direction)
    assert not grid.contains(grid.second_cell(grid.cell(8, 0), Direction.RIGHT))
    assert to_cells(grid, grid.rectangle(-2, 7, 1, 12)) == {(c, r) for c in (0, 1)
                                                           for r in (7, 8)}
    with pytest.raises(ValueError):
        PaddedGrid(0, 5)
