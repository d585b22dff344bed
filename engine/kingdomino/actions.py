"""Kingdomino decisions as small frozen dataclasses with one canonical text form.

`parse_action(str(a)) == a` for every action. Cells are play-area names (engine
.kingdomino.kingdom: columns A… from the left, rows 1… from the top, castle on E5):

    claim 17                 put your king on domino 17 (first line, or the next line)
    place 17 E4 right        lay domino 17: half A on E4, half B to its right
                             (right | left | up | down)
    discard 17               domino 17 fits nowhere (K-PLACE-4)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from engine.games.action_text import action_words, expect_words
from engine.games.errors import ActionSyntaxError
from engine.games.geometry import Direction
from engine.kingdomino.dominoes import DOMINO_COUNT
from engine.kingdomino.kingdom import COLUMN_LETTERS


def _domino_text(token: str) -> int:
    if not token.isdigit() or not 1 <= int(token) <= DOMINO_COUNT:
        raise ActionSyntaxError(f"{token!r} is not a domino number (1–{DOMINO_COUNT})")
    return int(token)


@dataclass(frozen=True, slots=True, order=True)
class Claim:
    """K-SETUP-3, K-TURN-1 (2): a king goes onto a free domino."""

    number: int
    rank: ClassVar[int] = 0

    def __str__(self) -> str:
        return f"claim {self.number}"


@dataclass(frozen=True, slots=True)
class Place:
    """K-TURN-1 (1), K-PLACE-1…3: half A on (column, row), half B one step `direction`."""

    number: int
    column: int  # 0 = A
    row: int  # 0 = row 1, the top
    direction: Direction
    rank: ClassVar[int] = 1

    def __post_init__(self) -> None:
        if not (0 <= self.column < len(COLUMN_LETTERS) and 0 <= self.row < len(COLUMN_LETTERS)):
            raise ActionSyntaxError(f"column {self.column}, row {self.row} is no cell of any "
                                    "play area")

    @property
    def cell_name(self) -> str:
        return f"{COLUMN_LETTERS[self.column]}{self.row + 1}"

    def __str__(self) -> str:
        return f"place {self.number} {self.cell_name} {self.direction.value}"


@dataclass(frozen=True, slots=True, order=True)
class Discard:
    """K-PLACE-4: the domino fits nowhere and leaves the game."""

    number: int
    rank: ClassVar[int] = 2

    def __str__(self) -> str:
        return f"discard {self.number}"


Action = Claim | Place | Discard


_DIRECTION_ORDER = {d: i for i, d in enumerate(Direction)}


def sort_key(action: Action) -> tuple[int, int, int, int, int]:
    """The order `legal_actions` returns: verb, domino, direction (right, left, down, up),
    then row and column of half A."""
    if isinstance(action, Place):
        return (action.rank, action.number, _DIRECTION_ORDER[action.direction], action.row,
                action.column)
    return (action.rank, action.number, 0, 0, 0)


def parse_action(text: str) -> Action:
    """Parse action text (case-insensitive, extra spaces ignored) into an action."""
    verb, args = action_words(text)
    if verb == "claim":
        expect_words(args, 1, "claim 17")
        return Claim(_domino_text(args[0]))
    if verb == "discard":
        expect_words(args, 1, "discard 17")
        return Discard(_domino_text(args[0]))
    if verb == "place":
        expect_words(args, 3, "place 17 E4 right")
        number, cell, word = _domino_text(args[0]), args[1].upper(), args[2]
        if (len(cell) < 2 or cell[0] not in COLUMN_LETTERS or not cell[1:].isdigit()
                or not 1 <= int(cell[1:]) <= len(COLUMN_LETTERS)):
            raise ActionSyntaxError(f"{args[1]!r} is not a cell: expected a column and a row, "
                                    "e.g. E4")
        try:
            direction = Direction(word)
        except ValueError:
            raise ActionSyntaxError(f"{word!r} is not a direction (right, left, up, down)") \
                from None
        return Place(number, COLUMN_LETTERS.index(cell[0]), int(cell[1:]) - 1, direction)
    raise ActionSyntaxError(f"unknown action {verb!r} (claim, place, discard)")
