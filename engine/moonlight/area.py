"""Where Moonlight's cards lie: the 7×7 canvas, its cells, and the area notation.

The canvas only names cells (M-PLACE-1): columns A–G from the left, rows 1–7 from the
bottom; the first card of a round goes on the centre, D4. A cell is an index
`row * 7 + column` (0-based, row 0 = row 1), so ascending indices read A1, B1, … G7.
The area is what the cards cover; it must fit a 3×4 or 4×3 rectangle (M-PLACE-2), and
because every card touches the first one, that rectangle always lies on the canvas.

What lies on the area is given as *tops*: cell -> the visible card as a code
`seat * 16 + card id` (engine.moonlight.cards). Area notation (MOONLIGHT.md) writes the
tops row by row, top-down, trimmed to the bounding box: `g3 b4m . / g1 g2m b5 .`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cache

from engine.games.errors import NotationError
from engine.moonlight.cards import card_code, components

SIDE = 7
CELLS = SIDE * SIDE
COLUMNS = "ABCDEFG"
CENTRE = 3 * SIDE + 3  # D4 (M-PLACE-1)
MAX_CELLS = 12  # M-END-1: a full 3×4 area
OWNERS = "gb"  # seat 1 green, seat 2 blue (M-COMP-1)
SEAT_SHIFT = 4  # a top is seat << 4 | card id
CARD_MASK = 15


def cell_name(cell: int) -> str:
    return f"{COLUMNS[cell % SIDE]}{cell // SIDE + 1}"


CELL_NAMES = tuple(cell_name(c) for c in range(CELLS))
CELL_INDEX = {name: c for c, name in enumerate(CELL_NAMES)}


def parse_cell(text: str) -> int:
    """The cell named `text` (A1…G7, any case); NotationError otherwise."""
    cell = CELL_INDEX.get(text.upper()) if isinstance(text, str) else None
    if cell is None:
        raise NotationError(f"{text!r} is not a cell: a column A–G and a row 1–7, e.g. D4")
    return cell


def fits(width: int, height: int) -> bool:
    """M-PLACE-2: inside a 3×4 or a 4×3 rectangle."""
    return (width <= 4 and height <= 3) or (width <= 3 and height <= 4)


def bounds(cells: int) -> tuple[int, int, int, int]:
    """(left, bottom, right, top) columns and rows of the occupied cells (a bit mask)."""
    return _bounds(cells)


@cache
def _bounds(cells: int) -> tuple[int, int, int, int]:
    columns = [c % SIDE for c in range(CELLS) if cells >> c & 1]
    rows = [c // SIDE for c in range(CELLS) if cells >> c & 1]
    return min(columns), min(rows), max(columns), max(rows)


def corners(cells: int) -> frozenset[int]:
    """M-POWER-1: the corner cells of the area's bounding box (Decision: the box when the
    round ends, complete or not)."""
    return _corners(cells)


@cache
def _corners(cells: int) -> frozenset[int]:
    left, bottom, right, top = _bounds(cells)
    return frozenset(row * SIDE + column for row in (bottom, top) for column in (left, right))


def _neighbours(cell: int) -> list[int]:
    column, row = cell % SIDE, cell // SIDE
    out = []
    if column > 0:
        out.append(cell - 1)
    if column < SIDE - 1:
        out.append(cell + 1)
    if row > 0:
        out.append(cell - SIDE)
    if row < SIDE - 1:
        out.append(cell + SIDE)
    return out


NEIGHBOURS = tuple(tuple(_neighbours(c)) for c in range(CELLS))


def _row_mask(columns: range) -> int:
    return sum(1 << (row * SIDE + column) for row in range(SIDE) for column in columns)


_NOT_LEFT = _row_mask(range(1, SIDE))  # cells with a neighbour to their left
_NOT_RIGHT = _row_mask(range(SIDE - 1))
_FULL = (1 << CELLS) - 1


@cache
def _reach(box: tuple[int, int, int, int]) -> int:
    """The cells a card may occupy so that the area still fits 3×4 or 4×3 (M-PLACE-2)."""
    left, bottom, right, top = box
    out = 0
    for cell in range(CELLS):
        column, row = cell % SIDE, cell // SIDE
        if fits(max(right, column) - min(left, column) + 1, max(top, row) - min(bottom, row) + 1):
            out |= 1 << cell
    return out


@cache
def join_cells(cells: int) -> tuple[int, ...]:
    """M-PLACE-1, M-PLACE-2: the empty cells a card may join, ascending; on an empty area
    only the centre D4. Remembered per set of occupied cells."""
    if not cells:
        return (CENTRE,)
    near = (((cells << 1) & _NOT_LEFT) | ((cells >> 1) & _NOT_RIGHT) | (cells << SIDE)
            | (cells >> SIDE)) & _FULL & ~cells & _reach(_bounds(cells))
    out = []
    while near:
        bit = near & -near
        out.append(bit.bit_length() - 1)
        near ^= bit
    return tuple(out)


def mask_of(tops: Iterable[int]) -> int:
    """The bit mask of these cells (a mapping's keys)."""
    mask = 0
    for cell in tops:
        mask |= 1 << cell
    return mask


def top_code(top: int) -> str:
    """`g4m`: a visible card in area notation."""
    return OWNERS[top >> SEAT_SHIFT] + card_code(top & CARD_MASK)


def format_area(tops: Mapping[int, int]) -> str:
    """Area notation of the visible cards, rows top-down, trimmed to the bounding box;
    an empty area is `.`."""
    if not tops:
        return "."
    left, bottom, right, top = _bounds(mask_of(tops))
    rows = []
    for row in range(top, bottom - 1, -1):
        cells = []
        for column in range(left, right + 1):
            code = tops.get(row * SIDE + column)
            cells.append("." if code is None else top_code(code))
        rows.append(" ".join(cells))
    return " / ".join(rows)


def parse_top(token: str) -> int:
    """`b4m` -> seat << 4 | card id; NotationError for an unknown owner or card."""
    owner = OWNERS.find(token[:1])
    if owner < 0 or len(token) < 2:
        raise NotationError(f"{token!r}: a cell is '.' or an owner (g or b) and a card, "
                            "e.g. g3 or b4m")
    body = token[1:]
    moon = body.endswith("m")
    digits = body[:-1] if moon else body
    cards = components().cards
    cid = int(digits) * 2 + moon if digits.isdigit() and len(digits) == 1 else -1
    if cid not in cards:
        known = ", ".join(card_code(c) for c in sorted(cards))
        raise NotationError(f"{token!r}: there is no card {body!r} (cards: {known})")
    return owner << SEAT_SHIFT | cid


def parse_area(text: str) -> dict[int, int]:
    """Area notation -> tops on the canvas, the bounding box's bottom-left on A1.

    Lenient on input (the canonical form is `format_area`'s): a row shorter than the
    longest is padded with empty cells on the right, and empty rows and columns at the
    edges are trimmed away (MOONLIGHT.md's own example has rows of 3 and 4 cells and an
    empty last column). Refused with a NotationError naming row and column: an unknown
    token, more than 7×7 cells, cards whose box does not fit 3×4 / 4×3 (M-PLACE-2),
    cards that do not hang together (each joins another, M-PLACE-2)."""
    if not isinstance(text, str):
        raise NotationError("an area is text")
    rows = [row.split() for row in text.lower().split("/")]
    width, height = max(len(row) for row in rows), len(rows)
    if width > SIDE or height > SIDE:
        raise NotationError(f"an area of {width}×{height} cells is larger than the 7×7 canvas")
    placed: dict[tuple[int, int], int] = {}
    for i, row in enumerate(rows):
        for column, token in enumerate(row):
            if token == ".":
                continue
            try:
                placed[column, height - 1 - i] = parse_top(token)
            except NotationError as exc:
                raise NotationError(f"row {i + 1}, column {column + 1}: {exc}") from None
    if not placed:
        return {}
    left = min(column for column, _ in placed)
    bottom = min(row for _, row in placed)
    tops = {(row - bottom) * SIDE + column - left: code
            for (column, row), code in placed.items()}
    _, _, right, top = _bounds(mask_of(tops))
    if not fits(right + 1, top + 1):
        raise NotationError(f"an area of {right + 1}×{top + 1} does not fit 3×4 or 4×3 "
                            "(M-PLACE-2)")
    if not connected(mask_of(tops)):
        raise NotationError("the cards do not hang together: each joins another "
                            "orthogonally (M-PLACE-2)")
    return tops


def connected(cells: int) -> bool:
    first = (cells & -cells).bit_length() - 1
    seen, todo = 1 << first, [first]
    while todo:
        for n in NEIGHBOURS[todo.pop()]:
            if cells >> n & 1 and not seen >> n & 1:
                seen |= 1 << n
                todo.append(n)
    return seen == cells
