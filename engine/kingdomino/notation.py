"""Kingdom notation (KINGDOMINO.md): one kingdom on one line.

Rows top-down separated by `/`, cells by spaces; a cell is `.` (empty), `C` (the castle)
or a terrain code with an optional crowns digit (`mi2`). The canonical form is size rows
of size cells (5×5, Mighty Duel 7×7): the kingdom's bounding box, widened to the right
and downwards when it is still smaller. Any larger canvas parses and is trimmed to the
bounding box, so a kingdom copied from a 9×9 picture reads back as the same kingdom.
"""

from __future__ import annotations

from engine.games.errors import ComponentError, NotationError
from engine.kingdomino.dominoes import Square
from engine.kingdomino.kingdom import Kingdom, play_area

EMPTY, CASTLE = ".", "C"


def format_kingdom(kingdom: Kingdom) -> str:
    area = kingdom.area
    left, top = kingdom.bounds[0], kingdom.bounds[1]
    rows = []
    for row in range(top, top + kingdom.size):
        cells = []
        for column in range(left, left + kingdom.size):
            cell = area.cell(column, row)
            square = kingdom.square_at(cell)
            cells.append(CASTLE if cell == kingdom.castle else
                         EMPTY if square is None else square.code)
        rows.append(" ".join(cells))
    return " / ".join(rows)


def _parse_token(token: str, where: str) -> Square | None:
    if token == EMPTY:
        return None
    try:
        return Square.from_code(token.lower())
    except ComponentError as exc:
        raise NotationError(f"{where}: {exc}") from None


def parse_kingdom(text: str, size: int = 5) -> Kingdom:
    """Parse kingdom notation into a kingdom whose bounding box fits size×size (K-PLACE-2)."""
    if not isinstance(text, str) or not text.strip():
        raise NotationError("empty kingdom: expected rows of cells separated by /")
    area = play_area(size)
    grid = [row.split() for row in text.split("/")]
    width = len(grid[0])
    if any(len(row) != width for row in grid) or width == 0:
        raise NotationError(f"every row needs the same number of cells; got "
                            f"{[len(row) for row in grid]}")
    castles = [(c, r) for r, row in enumerate(grid) for c, tok in enumerate(row)
               if tok.upper() == CASTLE]
    if len(castles) != 1:
        raise NotationError(f"a kingdom has exactly one castle C, found {len(castles)}")
    castle_column, castle_row = castles[0]
    squares: dict[tuple[int, int], Square] = {}
    for r, row in enumerate(grid):
        for c, token in enumerate(row):
            if token.upper() != CASTLE:
                square = _parse_token(token, f"row {r + 1}, cell {c + 1} ({token!r})")
                if square is not None:
                    squares[c - castle_column, r - castle_row] = square
    columns = [dc for dc, _ in squares] + [0]
    rows = [dr for _, dr in squares] + [0]
    if max(columns) - min(columns) >= size or max(rows) - min(rows) >= size:
        raise NotationError(f"the kingdom spans {max(columns) - min(columns) + 1}×"
                            f"{max(rows) - min(rows) + 1} squares; it must fit in "
                            f"{size}×{size} (K-PLACE-2)")
    centre = size - 1
    return Kingdom.empty(size).with_squares(
        {area.cell(centre + dc, centre + dr): sq for (dc, dr), sq in squares.items()}
    )
