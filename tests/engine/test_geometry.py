"""engine.games.geometry: the one square-grid and domino geometry of both games.

Every property is checked on both layouts the games use: packed rows counted upward
(Moon River's ranch, engine.moonriver.grid) and guarded rows counted downward (Kingdomino's play
area), against naive (column, row) arithmetic.
"""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.games.geometry import Direction, SquareGrid, cells_of, square_grid
from engine.kingdomino.kingdom import play_area
from engine.moonriver.grid import geometry

Cell = tuple[int, int]
LAYOUTS = st.sampled_from([(False, Direction.UP), (True, Direction.DOWN)])


def grids() -> st.SearchStrategy[SquareGrid]:
    """Both layouts, 1–13 columns and rows."""
    return st.builds(lambda w, h, layout: square_grid(w, h, guard_column=layout[0],
                                                      next_row=layout[1]),
                     st.integers(1, 13), st.integers(1, 13), LAYOUTS)


def step_of(grid: SquareGrid, direction: Direction) -> Cell:
    """(columns, rows) one step `direction` moves, from the grid's own row order."""
    rows_down = grid.offsets[Direction.DOWN] > 0
    return {Direction.RIGHT: (1, 0), Direction.LEFT: (-1, 0),
            Direction.DOWN: (0, 1 if rows_down else -1),
            Direction.UP: (0, -1 if rows_down else 1)}[direction]


def inside(grid: SquareGrid, cell: Cell) -> bool:
    return 0 <= cell[0] < grid.width and 0 <= cell[1] < grid.height


def naive_spread(grid: SquareGrid, cells: set[Cell]) -> set[Cell]:
    out = set()
    for column, row in cells:
        for direction in Direction:
            dc, dr = step_of(grid, direction)
            if inside(grid, (column + dc, row + dr)) and (column + dc, row + dr) not in cells:
                out.add((column + dc, row + dr))
    return out


def to_mask(grid: SquareGrid, cells: set[Cell]) -> int:
    return sum(1 << grid.cell(c, r) for c, r in cells)


def to_cells(grid: SquareGrid, mask: int) -> set[Cell]:
    return {grid.column_row(cell) for cell in cells_of(mask)}


def cell_sets(grid: SquareGrid) -> st.SearchStrategy[set[Cell]]:
    return st.sets(st.tuples(st.integers(0, grid.width - 1), st.integers(0, grid.height - 1)))


@given(grids(), st.data())
def test_spread_and_shift_never_wrap_across_rows(grid: SquareGrid, data: st.DataObject) -> None:
    cells = data.draw(cell_sets(grid))
    assert to_cells(grid, grid.spread(to_mask(grid, cells))) == naive_spread(grid, cells)
    for direction in Direction:
        dc, dr = step_of(grid, direction)
        moved = to_cells(grid, grid.shift(to_mask(grid, cells), direction))
        assert moved == {(c + dc, r + dr) for c, r in cells if inside(grid, (c + dc, r + dr))}


@given(grids(), st.data())
def test_neighbours_and_steps_match_the_naive_grid(grid: SquareGrid,
                                                    data: st.DataObject) -> None:
    column, row = data.draw(st.integers(0, grid.width - 1)), data.draw(
        st.integers(0, grid.height - 1))
    cell = grid.cell(column, row)
    assert grid.contains(cell)
    assert {grid.column_row(n) for n in grid.neighbours[cell]} == naive_spread(
        grid, {(column, row)})
    assert list(grid.neighbours[cell]) == sorted(grid.neighbours[cell])
    for direction in Direction:
        dc, dr = step_of(grid, direction)
        expected = (column + dc, row + dr)
        other = grid.neighbour(cell, direction)
        if inside(grid, expected):
            assert other is not None and grid.column_row(other) == expected
            assert grid.second_cell(cell, direction) == other
        else:
            assert other is None


@given(grids(), st.data())
def test_domino_placements_are_the_connection_rule(grid: SquareGrid,
                                                   data: st.DataObject) -> None:
    """R-PLACE-1/2 and K-PLACE-1: both halves free, and half A on `ok_first` or half B on
    `ok_second`; checked cell by cell, every direction, in the order of Direction."""
    free, ok_a, ok_b = (to_mask(grid, data.draw(cell_sets(grid))) for _ in range(3))
    expected: dict[Direction, set[Cell]] = {d: set() for d in Direction}
    fits: dict[Direction, set[Cell]] = {d: set() for d in Direction}  # both halves free
    for direction in Direction:
        for column in range(grid.width):
            for row in range(grid.height):
                first = grid.cell(column, row)
                second = grid.neighbour(first, direction)
                if second is None or not (free >> first & 1 and free >> second & 1):
                    continue
                fits[direction].add((column, row))
                if ok_a >> first & 1 or ok_b >> second & 1:
                    expected[direction].add((column, row))
    everywhere = grid.domino_placements(free, grid.area, 0)  # no connection needed
    assert {d: to_cells(grid, m) for d, m in everywhere} == fits
    both = grid.domino_placements(free, ok_a, ok_b)
    assert [d for d, _ in both] == list(Direction)
    assert {d: to_cells(grid, m) for d, m in both} == expected
    one_way = grid.domino_placements(free, ok_a, ok_b, both_ways=False)
    assert [d for d, _ in one_way] == [Direction.RIGHT, grid.next_row]
    assert all(to_cells(grid, m) == expected[d] for d, m in one_way)


def test_components_and_flood() -> None:
    grid = square_grid(9, 9, guard_column=True)
    left = {(0, 0), (0, 1), (1, 1)}
    right = {(8, 0), (8, 1)}  # column 8 of row 0 must not join column 0 of row 1
    parts = grid.components(to_mask(grid, left | right))
    assert sorted((to_cells(grid, p) for p in parts), key=len) == [right, left]
    assert to_cells(grid, grid.flood(1 << grid.cell(1, 1), to_mask(grid, left | right))) == left
    ranch = geometry(3)  # packed: E1 and A2 are neighbours by index, not on the ranch
    assert ranch.flood(1 << 4, 1 << 4 | 1 << 5) == 1 << 4


def test_both_games_use_one_grid_type() -> None:
    """Issue 15: the ranch and the play area are two shapes of the same SquareGrid."""
    ranch, area = geometry(6), play_area(5)
    assert type(ranch) is type(area) is SquareGrid
    assert (ranch.stride, ranch.size, ranch.offsets[Direction.UP]) == (5, 30, 5)  # NOTATION.md
    assert (area.stride, area.width, area.offsets[Direction.DOWN]) == (10, 9, 10)


def test_domino_geometry() -> None:
    grid = square_grid(9, 9, guard_column=True)
    centre = grid.cell(4, 4)
    assert grid.column_row(grid.second_cell(centre, Direction.RIGHT)) == (5, 4)
    assert grid.column_row(grid.second_cell(centre, Direction.UP)) == (4, 3)
    assert all(d.opposite.opposite is d and d.opposite is not d for d in Direction)
    assert not grid.contains(grid.second_cell(grid.cell(8, 0), Direction.RIGHT))
    assert to_cells(grid, grid.rectangle(-2, 7, 1, 12)) == {(c, r) for c in (0, 1)
                                                           for r in (7, 8)}
    with pytest.raises(ValueError):
        SquareGrid(0, 5)
    with pytest.raises(ValueError):
        SquareGrid(5, 5, next_row=Direction.LEFT)
