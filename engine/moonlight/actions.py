"""Moonlight decisions as small frozen dataclasses with one canonical text form.

`parse_action(str(a)) == a` for every action (MOONLIGHT.md, Notation):

    play 4m C5     lay a 4 with a moon on C5: a join if C5 is empty, else a cover
                   (M-PLACE-2, M-PLACE-3); the cell says which
    power den      the round's loser takes an Alpha Power (M-NEXT-2)
    pass           after a placement, keep `howl` for later (Decision: howl is offered
                   as a second placement or `pass`)

Cards are written by value and moon (`3`, `4m`, the Lone Wolf `6`), cells by column
A–G and row 1–7 from the bottom.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from engine.games.action_text import action_words, expect_words
from engine.games.errors import ActionSyntaxError, GameError
from engine.moonlight.area import CELL_INDEX, CELL_NAMES, CELLS
from engine.moonlight.cards import CARD_IDS, POWER_KINDS, card_code, parse_card_code


@dataclass(frozen=True, slots=True)
class Play:
    """M-TURN-1, M-PLACE-*: one card from the hand onto a cell."""

    card: str  # `4m`
    cell: str  # `C5`
    cid: int = field(init=False, compare=False, repr=False)  # the card id
    index: int = field(init=False, compare=False, repr=False)  # the canvas cell
    rank: ClassVar[int] = 0

    def __post_init__(self) -> None:
        if self.cell not in CELL_INDEX:
            raise ActionSyntaxError(f"{self.cell!r} is not a cell: a column A–G and a row "
                                    "1–7, e.g. D4")
        try:
            cid = parse_card_code(self.card)
        except GameError as exc:
            raise ActionSyntaxError(str(exc)) from None
        if card_code(cid) != self.card:
            raise ActionSyntaxError(f"write the card {self.card!r} as {card_code(cid)!r}")
        object.__setattr__(self, "cid", cid)
        object.__setattr__(self, "index", CELL_INDEX[self.cell])

    def __str__(self) -> str:
        return f"play {self.card} {self.cell}"


@dataclass(frozen=True, slots=True)
class Power:
    """M-NEXT-2: an Alpha Power for the rest of the game."""

    key: str
    rank: ClassVar[int] = 1

    def __post_init__(self) -> None:
        if self.key not in POWER_KINDS:
            raise ActionSyntaxError(f"{self.key!r} is not an Alpha Power (available: "
                                    f"{', '.join(POWER_KINDS)})")

    def __str__(self) -> str:
        return f"power {self.key}"


@dataclass(frozen=True, slots=True)
class Pass:
    """Decision (M-COMP-4 `howl`): decline the extra placement for now."""

    rank: ClassVar[int] = 2

    def __str__(self) -> str:
        return "pass"


Action = Play | Power | Pass
PASS = Pass()


def _play_table() -> tuple[tuple[Play | None, ...], ...]:
    from engine.moonlight.cards import components

    cards = components().cards
    return tuple(tuple(Play(card_code(cid), CELL_NAMES[cell]) for cell in range(CELLS))
                 if cid in cards else (None,) * CELLS for cid in range(CARD_IDS))


_PLAYS: tuple[tuple[Play | None, ...], ...] | None = None


def play_table() -> tuple[tuple[Play | None, ...], ...]:
    """card id -> cell -> the one Play object for it (legal_actions hands these out)."""
    global _PLAYS
    if _PLAYS is None:
        _PLAYS = _play_table()
    return _PLAYS


def play_of(cid: int, cell: int) -> Play:
    play = play_table()[cid][cell]
    assert play is not None
    return play


def sort_key(action: Action) -> tuple[int, int, int, str]:
    """The order of `legal_actions`: plays by card (value, then moon) and cell (A1, B1 …
    G7), then powers by key, then pass."""
    if isinstance(action, Play):
        return (0, action.cid, action.index, "")
    if isinstance(action, Power):
        return (1, 0, 0, action.key)
    return (2, 0, 0, "")


def parse_action(text: str) -> Action:
    """Parse action text (case-insensitive, extra spaces ignored) into an action."""
    verb, args = action_words(text)
    if verb == "play":
        expect_words(args, 2, "play 4m C5")
        try:
            cid = parse_card_code(args[0])
        except GameError as exc:
            raise ActionSyntaxError(str(exc)) from None
        cell = CELL_INDEX.get(args[1].upper())
        if cell is None:
            raise ActionSyntaxError(f"{args[1]!r} is not a cell: a column A–G and a row 1–7, "
                                    "e.g. D4")
        return play_of(cid, cell)
    if verb == "power":
        expect_words(args, 1, "power den")
        return Power(args[0])
    if verb == "pass":
        expect_words(args, 0, "pass")
        return PASS
    raise ActionSyntaxError(f"unknown action {verb!r} (play, power, pass)")
