"""Moonlight game records (`moonlight-record/1`, MOONLIGHT.md): write, read, replay.

The registry (`engine.registry.read_record` / `replay`) reads and replays records of
every game; this module does the same for Moonlight alone without importing the other
games, so the engine's Moonlight package and its tests stand on their own.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from engine.games.base import Record
from engine.games.errors import GameError, RecordError
from engine.games.events import Event
from engine.moonlight.game_rules import GAME_KEY, RECORD_FORMAT, Moonlight
from engine.moonlight.state import GameState

RULES = Moonlight()

__all__ = ["RECORD_FORMAT", "Replayed", "make_record", "read_record", "record_to_dict",
           "replay"]


@dataclass(frozen=True, slots=True)
class Replayed:
    state: GameState
    events: tuple[tuple[Event, ...], ...]  # per action, after setup's own


def make_record(state: GameState, actions: Sequence[str]) -> Record:
    """The record of a game played from `state.seed` with these action texts (the result
    filled in once the game is over)."""
    return Record(GAME_KEY, state.seed, state.players, {}, tuple(actions),
                  RULES.result(state))


def record_to_dict(record: Record) -> dict[str, Any]:
    return RULES.record_to_dict(record)


def read_record(data: Any) -> Record:
    return RULES.record_from_dict(data)


def replay(record: Record) -> Replayed:
    """Play a record back, checking every action and, when present, the result."""
    try:
        state, _ = RULES.new_game(record.players, record.seed, record.options)
    except GameError as exc:
        raise RecordError(f"cannot set up the recorded game: {exc}") from None
    played: list[tuple[Event, ...]] = []
    for index, text in enumerate(record.actions, start=1):
        try:
            state, events = RULES.apply(state, RULES.parse_action(text))
        except GameError as exc:
            raise RecordError(f"action {index} ({text!r}): {exc}") from None
        played.append(tuple(events))
    if record.result is not None and RULES.result(state) != record.result:
        raise RecordError(f"the replayed result {RULES.result(state)} differs from the "
                          f"recorded {record.result}")
    return Replayed(state, tuple(played))


def with_result(record: Record, state: GameState) -> Record:
    return replace(record, result=RULES.result(state))
