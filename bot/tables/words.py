"""What players read, whatever the game: button and menu labels, and turn lines.

A game's front end (`bot.tables.fronts.<game>`) words its own moves; the shapes they
take and the way a turn's moves join into one line per player ("**Alice** did this, then
that") are every game's.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

from engine.games.i18n import list_of, t

MAX_LABEL = 80        # Discord: button labels and select option labels
MAX_DESCRIPTION = 100  # Discord: select option descriptions


@dataclass(frozen=True, slots=True)
class Label:
    """A button or option text, with an optional longer description (select menus)."""

    text: str
    description: str = ""


def fit(label: Label) -> Label:
    """Cut to Discord's limits (a menu refuses longer texts)."""
    text = label.text if len(label.text) <= MAX_LABEL else label.text[:MAX_LABEL - 1] + "…"
    desc = label.description
    if len(desc) > MAX_DESCRIPTION:
        desc = desc[:MAX_DESCRIPTION - 1] + "…"
    return Label(text, desc)


@dataclass(frozen=True, slots=True)
class Segment:
    """What one seat did in one service call, in words."""

    seat: int
    phrases: tuple[str, ...]
    table: tuple[str, ...] = ()     # round over, last round, final placement …
    ends_turn: bool = False
    #: a computer stand-in played these for a silent player: told as such, never in the
    #: player's own name alone
    stand_in: bool = False

    def to_dict(self) -> dict[str, Any]:
        data = {"seat": self.seat, "phrases": list(self.phrases), "table": list(self.table),
                "ends_turn": self.ends_turn}
        if self.stand_in:  # rows logged before stand-ins were told keep their shape
            data["stand_in"] = True
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Segment:
        return cls(int(data["seat"]), tuple(map(str, data["phrases"])),
                   tuple(map(str, data.get("table", ()))), bool(data.get("ends_turn")),
                   bool(data.get("stand_in")))


def told_where_they_differ(labels: Sequence[Label]) -> list[Label]:
    """Options' descriptions, left out when every option has the same one (a place's
    "+2 pts now" on all of them tells nothing about where): the labels alone."""
    if len({label.description for label in labels}) == 1:
        return [Label(label.text) for label in labels]
    return list(labels)


def first_turn(segments: Sequence[Segment]) -> list[Segment]:
    """The segments up to the first that ends a turn (the turn just played, when a call
    went on into others'), or all of them."""
    end = next((i for i, s in enumerate(segments) if s.ends_turn), len(segments) - 1)
    return list(segments[:end + 1])


def turn_lines(segments: Sequence[Segment], names: Sequence[str],
               locale: str = "en", for_you: int | None = None) -> list[str]:
    """Join segments into one line per player turn ('**name** did this, then that'); a
    stand-in's turn reads '**name** (computer stand-in) did this'. `for_you`: the seat
    reading a catch-up that may hold turns the game played for it (its only move): those
    read '**name** (played for you, the only move) did this'."""
    lines: list[str] = []
    current: int | None = None
    stand_in = False
    said: list[str] = []
    table: list[str] = []

    def flush() -> None:
        nonlocal said, table
        if current is not None and said:
            what = list_of(said[:-1], locale)
            what = t("turn.then", locale, what=what, last=said[-1]) if what else said[-1]
            key = "turn.line_stand_in" if stand_in else \
                "turn.line_for_you" if current == for_you else "turn.line"
            lines.append(t(key, locale, player=names[current], what=what))
        lines.extend(table)
        said, table = [], []

    for segment in segments:
        if current is not None and (segment.seat != current or segment.stand_in != stand_in):
            flush()
        current, stand_in = segment.seat, segment.stand_in
        said.extend(segment.phrases)
        table.extend(segment.table)
        if segment.ends_turn:
            flush()
            current = None
    flush()
    return lines


def tie_breaks(ranked: Sequence[tuple[str, tuple[int, ...]]], criteria: Sequence[str],
               locale: str) -> str:
    """Why players level on points stand in this order: '⚖️ Bob before Alice: largest
    territory 9 against 7'. `ranked`: (name, (points, tie-break values …)) best first;
    `criteria`: the tie-breaks' words, in the order the rules apply them. '' when no
    two neighbours share their points."""
    notes = []
    for (first, a), (second, b) in pairwise(ranked):
        if a[0] != b[0]:
            continue
        step = next((i for i in range(1, len(a)) if a[i] != b[i]), None)
        if step is None:
            notes.append(t("tie.shared", locale, first=first, second=second))
        else:
            notes.append(t("tie.ahead", locale, first=first, second=second,
                           criterion=criteria[step - 1], a=a[step], b=b[step]))
    return t("tie.line", locale, notes=" · ".join(notes)) if notes else ""

