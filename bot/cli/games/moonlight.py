"""Moonlight on the command line: an area scored (MOONLIGHT.md's area notation, with each
seat's Alpha Powers), no table options (`{}`), and the pictures of a recorded moment.

Moonlight's pictures are drawn from a game only (an area alone has no hands or players
to show), and `render.moonlight` loads only when one is drawn.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from bot.cli.common import UsageError
from bot.cli.peer import SCORE, CliGame, Flag, Flags
from engine.games import Record
from engine.games.events import Event
from engine.moonlight.area import OWNERS, parse_area
from engine.moonlight.cards import POWER_KINDS
from engine.moonlight.scoring import score_area
from engine.registry import Replay
from render.theme import Theme

_POWERS_HELP = (f"each seat's Alpha Powers, e.g. g:pack-leader,b:full-moon "
                f"({', '.join(POWER_KINDS)})")


def parse_powers(text: str | None) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """`g:pack-leader,b:full-moon` -> each seat's powers (green, blue); a seat may hold
    several, no power twice (M-NEXT-2: each is chosen once)."""
    seats: tuple[list[str], list[str]] = ([], [])
    for entry in (text or "").split(","):
        entry = entry.strip()
        if not entry:
            continue
        owner, _, key = entry.partition(":")
        if owner.strip().lower() not in tuple(OWNERS) or key.strip() == "":
            raise UsageError(f"--powers: {entry!r} is not OWNER:POWER, e.g. g:pack-leader "
                             "(owner g or b)")
        key = key.strip().lower()
        if key not in POWER_KINDS:
            raise UsageError(f"--powers: no Alpha Power {key!r} ({', '.join(POWER_KINDS)})")
        if key in seats[0] or key in seats[1]:
            raise UsageError(f"--powers: {key} is given twice (each is chosen once, M-NEXT-2)")
        seats[OWNERS.index(owner.strip().lower())].append(key)
    return tuple(seats[0]), tuple(seats[1])


def score(position: str, args: argparse.Namespace) -> dict[str, Any]:
    """M-SCORE-1…4 of the visible cards, with the seats' Alpha Powers (MOONLIGHT.md)."""
    return score_area(parse_area(position), parse_powers(args.powers)).to_dict()


def table_options(args: argparse.Namespace) -> dict[str, Any]:
    """Moonlight has no table options."""
    return {}


def _last_turn_events(record: Record, actions: int) -> list[Event]:
    """The events of the last player turn within the first `actions` actions (a howl's
    second card belongs to its turn), for the turn picture's marks."""
    from engine.moonlight import apply, parse_action, start_game

    state, _ = start_game(record.players, record.seed, record.options)
    turn: list[Event] = []
    for text in record.actions[:actions]:
        before = state.turn
        state, events = apply(state, parse_action(text))
        turn = [*turn, *events] if state.turn == before else list(events)
    return turn


def draw_record(record: Record, moment: Replay, folder: Path, theme: Theme,
                locale: str) -> list[Path]:
    """turn.png (the public view, the last turn marked), hand.png for the seat to move
    (its first playable card's cells lettered), final.png once over."""
    from render.moonlight import write_all

    events = _last_turn_events(record, len(moment.events))
    try:
        return write_all(moment.state, events, folder, locale, theme)
    except OSError as exc:
        raise UsageError(f"cannot write to {folder}: {exc.strerror}") from None


CLI = CliGame(
    position="area",
    score=score,
    table_options=table_options,
    draw_record=draw_record,
    flags={SCORE: Flags((Flag("--powers", _POWERS_HELP),))},
)
