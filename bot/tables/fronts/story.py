"""The story picture of a finished game, any game: its record played back, the game's
front end keeping its numbers at every round's end (`Front.story_row`), then drawn
(`Front.story_png`). A function of the record alone, so it reads the same in any
process and after any restart; called off the event loop (it replays the whole game)."""

from __future__ import annotations

from typing import Any

from bot.tables.fronts import front_of
from engine.games.base import Record
from engine.registry import game_named


def rounds_of(record: Record) -> tuple[Any, tuple[tuple[int, ...], ...]]:
    """The state `record` ends in, and the story's rows of it, oldest round first."""
    rules, front = game_named(record.game), front_of(record.game)
    state, _ = rules.new_game(record.players, record.seed, record.options)
    rows: list[tuple[int, ...]] = []
    for text in record.actions:
        before = state
        state, events = rules.apply(state, rules.parse_action(text))
        row = front.story_row(before, state, events)
        if row is not None:
            rows.append(row)
    return state, tuple(rows)


def story_png(record: Record, locale: str, theme: str) -> bytes:
    """The story picture of the game `record` played (to its end)."""
    state, rows = rounds_of(record)
    return front_of(record.game).story_png(state, rows, locale, theme)
