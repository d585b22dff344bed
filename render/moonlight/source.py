"""What a Moonlight picture reads: the view (a MoonlightView, as the request's dict) and
the marks of the turn just played (its events)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from engine.games.events import Event
from engine.moonlight.area import CELL_INDEX
from engine.moonlight.events import CardPlayed, RoundScored
from engine.moonlight.view import MoonlightView

Stacks = dict[int, tuple[str, ...]]


def view_of(data: MoonlightView | dict[str, Any]) -> MoonlightView:
    """A view as given, or read from its dict (validated: MoonlightView.from_dict)."""
    return data if isinstance(data, MoonlightView) else MoonlightView.from_dict(data)


def stacks_of(view: MoonlightView) -> Stacks:
    """Canvas cell -> its cards, bottom first, owner included (`g3`)."""
    return {CELL_INDEX[c.cell]: c.cards for c in view.area}


@dataclass(frozen=True, slots=True)
class TurnMarks:
    """The turn just played: where its cards went, and the round it scored (if any)."""

    placed: tuple[int, ...] = ()  # canvas cells, in the order played
    scored: RoundScored | None = None


def marks_of(events: Iterable[Event]) -> TurnMarks:
    placed: list[int] = []
    scored: RoundScored | None = None
    for event in events:
        if isinstance(event, CardPlayed):
            placed.append(CELL_INDEX[event.cell])
        elif isinstance(event, RoundScored):
            scored = event
    return TurnMarks(tuple(placed), scored)
