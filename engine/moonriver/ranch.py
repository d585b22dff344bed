"""A ranch as players see it, and its one-line notation (NOTATION.md).

`RanchGrid` is what scoring, pictures and the CLI work on: per cell a landscape, its
resource count, the cows standing there and the partner face on it. The game state keeps
parcel ids; `engine.moonriver.view` turns a player's ranch into a `RanchGrid`.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.games.errors import ComponentError, NotationError
from engine.moonriver.components import FACES, Landscape
from engine.moonriver.grid import COLUMN_LETTERS, WIDTH

#: Ranch heights the variants allow: 5 rows, or 10 with two players (R-2P-1).
ALLOWED_HEIGHTS = (5, 10)


@dataclass(frozen=True, slots=True)
class RanchCell:
    landscape: Landscape
    resources: int = 0
    cows: int = 0
    partner: str | None = None  # the face shown: "cowboy" or a specialist kind


@dataclass(frozen=True, slots=True)
class RanchGrid:
    height: int
    cells: tuple[RanchCell | None, ...]  # index (row - 1) * 5 + column

    def __post_init__(self) -> None:
        if self.height not in ALLOWED_HEIGHTS:
            raise NotationError(f"a ranch has 5 or 10 rows, not {self.height}")
        if len(self.cells) != WIDTH * self.height:
            raise NotationError(f"a ranch of {self.height} rows has {WIDTH * self.height} cells")

    @classmethod
    def empty(cls, height: int = 5) -> RanchGrid:
        return cls(height, (None,) * (WIDTH * height))

    @property
    def cow_count(self) -> int:
        return sum(c.cows for c in self.cells if c is not None)

    def notation(self) -> str:
        return format_ranch(self)


def _format_cell(cell: RanchCell | None) -> str:
    if cell is None:
        return "."
    text = cell.landscape.code
    if cell.resources:
        text += str(cell.resources)
    text += "+" * cell.cows
    if cell.partner is not None:
        text += "!" + cell.partner
    return text


def format_ranch(grid: RanchGrid) -> str:
    """Rows from the top down to row 1, cells separated by spaces, rows by ` / `."""
    rows = []
    for row in range(grid.height - 1, -1, -1):
        rows.append(" ".join(_format_cell(grid.cells[row * WIDTH + c]) for c in range(WIDTH)))
    return " / ".join(rows)


def _parse_cell(token: str, where: str) -> RanchCell | None:
    if token == ".":
        return None
    code = token[:2]
    try:
        landscape = Landscape.from_code(code)
    except ComponentError:
        raise NotationError(f"{where}: unknown landscape {code!r} in {token!r} "
                            "(expected de ca me fo fa co or .)") from None
    rest = token[2:]
    partner = None
    if "!" in rest:
        rest, partner = rest.split("!", 1)
        if partner not in FACES:
            raise NotationError(f"{where}: unknown partner {partner!r} "
                                f"(expected one of {' '.join(FACES)})")
    resources = 0
    if rest[:1].isdigit():
        resources = int(rest[0])
        rest = rest[1:]
        if resources == 0:
            raise NotationError(f"{where}: a resource count is 1–9, not 0")
        if landscape.resource is None:
            raise NotationError(f"{where}: {landscape.label} parcels carry no resources")
    cows = len(rest)
    if rest != "+" * cows:
        raise NotationError(f"{where}: cannot read {token!r} "
                            "(landscape, then resource digit, then + per cow, then !partner)")
    if cows and landscape is Landscape.CORNFIELD:
        raise NotationError(f"{where}: cows never stand on a cornfield")
    return RanchCell(landscape, resources, cows, partner)


def parse_ranch(text: str, height: int | None = None) -> RanchGrid:
    """Parse ranch notation; `height` (5 or 10) is enforced when given."""
    if not isinstance(text, str) or not text.strip():
        raise NotationError("empty ranch notation")
    rows = [r.split() for r in text.lower().split("/")]
    if len(rows) not in ALLOWED_HEIGHTS:
        raise NotationError(f"a ranch has 5 rows (10 with two players), got {len(rows)}")
    if height is not None and len(rows) != height:
        raise NotationError(f"this ranch must have {height} rows, got {len(rows)}")
    total = len(rows)
    cells: list[RanchCell | None] = [None] * (WIDTH * total)
    for index, tokens in enumerate(rows):
        row = total - index  # first written row is the top row
        if len(tokens) != WIDTH:
            raise NotationError(f"row {row} has {len(tokens)} cells, expected {WIDTH}")
        for column, token in enumerate(tokens):
            where = f"row {row}, column {COLUMN_LETTERS[column]}"
            cells[(row - 1) * WIDTH + column] = _parse_cell(token, where)
    return RanchGrid(total, tuple(cells))
