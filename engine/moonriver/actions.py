"""Player decisions as small frozen dataclasses with one canonical text form.

`Action.parse(str(a)) == a` for every action (python-chess `Move.uci()` style). The game
record, button custom_ids and logs all use this text. Cells use ranch coordinates
(NOTATION.md): `build p17 p42 C3 up` puts p17 on C3 and p42 on C4.

    choose p17                     put your ranchero on parcel p17 (setup or next column)
    build p17 p42 C3 up            join p17+p42, p17 on C3, p42 above it (up|right; down and
                                   left are accepted and normalised)
    discard p3 p9                  forced build with nothing placeable: remove two parcels
    pass                           finish building / stop the cowboy / decline an effect
    skull C2                       the drought takes its cow from C2
    recruit thief [as cowboy]      take that chip from the saloon, specialist side unless
                                   "as cowboy"
    move C3 C4                     cowboy step: one cow from C3 to C4
    swap p12 p40                   desperado: your stored p12 for another player's p40
    steal 2 C3                     cattle thief: a cow from player 2's C3
    bonus 1 meadow C10             two players: bonus tile 1, meadow side up, on C10
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from engine.games.action_text import action_words, expect_words
from engine.games.errors import ActionSyntaxError, GameError
from engine.moonriver.components import COWBOY, SPECIALISTS, Landscape
from engine.moonriver.grid import WIDTH, cell_name, geometry, parse_cell

UP, RIGHT = "up", "right"
#: index step from a Build's first cell to the second above it (engine.games.geometry); a
#: step right is 1 in every grid
_UP_STEP = geometry(1).offsets_by_word[UP]


def _parcel_text(parcel: int) -> str:
    return f"p{parcel}"


def _parse_parcel(token: str) -> int:
    if len(token) < 2 or token[0] != "p" or not token[1:].isdigit() or int(token[1:]) < 1:
        raise ActionSyntaxError(f"{token!r} is not a parcel (expected p and a number, e.g. p17)")
    return int(token[1:])


def _parse_cell(token: str) -> int:
    try:
        return parse_cell(token)
    except GameError as exc:
        raise ActionSyntaxError(str(exc)) from None


@dataclass(frozen=True, slots=True, order=True)
class Choose:
    parcel: int
    rank: ClassVar[int] = 0

    def __str__(self) -> str:
        return f"choose {_parcel_text(self.parcel)}"


@dataclass(frozen=True, slots=True, order=True)
class Build:
    first: int
    second: int
    cell: int  # where `first` lies; `second` lies one step `direction` from it
    direction: str  # "up" or "right"
    rank: ClassVar[int] = 1

    @property
    def second_cell(self) -> int:
        return self.cell + (_UP_STEP if self.direction == UP else 1)

    def __str__(self) -> str:
        return (f"build {_parcel_text(self.first)} {_parcel_text(self.second)} "
                f"{cell_name(self.cell)} {self.direction}")


@dataclass(frozen=True, slots=True, order=True)
class Discard:
    first: int
    second: int
    rank: ClassVar[int] = 2

    def __str__(self) -> str:
        return f"discard {_parcel_text(self.first)} {_parcel_text(self.second)}"


@dataclass(frozen=True, slots=True, order=True)
class Pass:
    rank: ClassVar[int] = 99  # always offered last

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True, order=True)
class Skull:
    cell: int
    rank: ClassVar[int] = 4

    def __str__(self) -> str:
        return f"skull {cell_name(self.cell)}"


@dataclass(frozen=True, slots=True, order=True)
class Recruit:
    kind: str  # the chip's specialist kind
    face: str  # the side laid face up: the kind itself or "cowboy"
    rank: ClassVar[int] = 5

    def __str__(self) -> str:
        return f"recruit {self.kind}" + (" as cowboy" if self.face == COWBOY else "")


@dataclass(frozen=True, slots=True, order=True)
class Move:
    source: int
    target: int
    rank: ClassVar[int] = 6

    def __str__(self) -> str:
        return f"move {cell_name(self.source)} {cell_name(self.target)}"


@dataclass(frozen=True, slots=True, order=True)
class Swap:
    mine: int
    theirs: int
    rank: ClassVar[int] = 7

    def __str__(self) -> str:
        return f"swap {_parcel_text(self.mine)} {_parcel_text(self.theirs)}"


@dataclass(frozen=True, slots=True, order=True)
class Steal:
    seat: int  # 0-based; the text shows the player number (seat + 1)
    cell: int
    rank: ClassVar[int] = 8

    def __str__(self) -> str:
        return f"steal {self.seat + 1} {cell_name(self.cell)}"


@dataclass(frozen=True, slots=True, order=True)
class Bonus:
    tile: int
    landscape: Landscape
    cell: int
    rank: ClassVar[int] = 9

    def __str__(self) -> str:
        return f"bonus {self.tile} {self.landscape.label} {cell_name(self.cell)}"


Action = Choose | Build | Discard | Pass | Skull | Recruit | Move | Swap | Steal | Bonus
PASS = Pass()


def sort_key(action: Action) -> tuple[int, tuple[object, ...]]:
    """The order `legal_actions` returns: by verb, then by fields."""
    fields: tuple[object, ...]
    if isinstance(action, Build):
        fields = (action.first, action.second, action.cell, action.direction)
    elif isinstance(action, Pass):
        fields = ()
    else:
        fields = tuple(getattr(action, s) for s in action.__slots__)
    return (action.rank, fields)


def parse_action(text: str) -> Action:
    """Parse action text (case-insensitive, extra spaces ignored) into an action."""
    verb, args = action_words(text)
    if verb == "choose":
        expect_words(args, 1, "choose p17")
        return Choose(_parse_parcel(args[0]))
    if verb == "build":
        expect_words(args, 4, "build p17 p42 C3 up")
        first, second = _parse_parcel(args[0]), _parse_parcel(args[1])
        cell, direction = _parse_cell(args[2]), args[3]
        if direction == "down":
            if cell < WIDTH:
                raise ActionSyntaxError("`down` from row 1 leaves the ranch")
            return Build(second, first, cell - WIDTH, UP)
        if direction == "left":
            if cell % WIDTH == 0:
                raise ActionSyntaxError("`left` from column A leaves the ranch")
            return Build(second, first, cell - 1, RIGHT)
        if direction == "right" and cell % WIDTH == WIDTH - 1:
            raise ActionSyntaxError("`right` from column E leaves the ranch")
        if direction not in (UP, RIGHT):
            raise ActionSyntaxError(f"{direction!r} is not a direction (up, down, left, right)")
        return Build(first, second, cell, direction)
    if verb == "discard":
        expect_words(args, 2, "discard p3 p9")
        first, second = sorted((_parse_parcel(args[0]), _parse_parcel(args[1])))
        return Discard(first, second)
    if verb == "pass":
        expect_words(args, 0, "pass")
        return PASS
    if verb == "skull":
        expect_words(args, 1, "skull C2")
        return Skull(_parse_cell(args[0]))
    if verb == "recruit":
        if len(args) not in (1, 3) or (len(args) == 3 and args[1:] != ["as", "cowboy"]):
            raise ActionSyntaxError("expected `recruit thief` or `recruit thief as cowboy`")
        if args[0] not in SPECIALISTS:
            raise ActionSyntaxError(f"{args[0]!r} is not a partner ({', '.join(SPECIALISTS)})")
        return Recruit(args[0], COWBOY if len(args) == 3 else args[0])
    if verb == "move":
        expect_words(args, 2, "move C3 C4")
        return Move(_parse_cell(args[0]), _parse_cell(args[1]))
    if verb == "swap":
        expect_words(args, 2, "swap p12 p40")
        return Swap(_parse_parcel(args[0]), _parse_parcel(args[1]))
    if verb == "steal":
        expect_words(args, 2, "steal 2 C3")
        if not args[0].isdigit() or not 1 <= int(args[0]) <= 4:
            raise ActionSyntaxError(f"{args[0]!r} is not a player number 1–4")
        return Steal(int(args[0]) - 1, _parse_cell(args[1]))
    if verb == "bonus":
        expect_words(args, 3, "bonus 1 meadow C10")
        if not args[0].isdigit():
            raise ActionSyntaxError(f"{args[0]!r} is not a bonus tile number")
        try:
            landscape = Landscape[args[1].upper()]
        except KeyError:
            raise ActionSyntaxError(f"{args[1]!r} is not a landscape") from None
        return Bonus(int(args[0]), landscape, _parse_cell(args[2]))
    raise ActionSyntaxError(
        f"unknown action {verb!r} (choose, build, discard, pass, skull, recruit, move, swap, "
        "steal, bonus)"
    )
