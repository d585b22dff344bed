"""The one place the engine names its games: the registry, and records of any game.

A new game adds one line to `GAMES`; nothing else in the engine names a game.

`game_named("kingdomino")` gives a game's `GameRules`; `GAMES` lists them in the order
front ends offer them; `read_record(data)` reads a record of any game, telling them
apart by its "format" field; `replay(record)` plays one back.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from engine.games.base import GameRules, Player, Record, Result
from engine.games.errors import GameError, RecordError
from engine.games.events import Event
from engine.kingdomino.game_rules import Kingdomino
from engine.moonlight.game_rules import Moonlight
from engine.moonriver.game_rules import MoonRiver

#: Every game, by registry key (the key is stored with tables and records).
GAMES: dict[str, GameRules] = {game.key: game for game in (MoonRiver(), Kingdomino(),
                                                          Moonlight())}
DEFAULT_GAME = "moonriver"


def game_named(key: str) -> GameRules:
    """The game with registry key `key`; GameError naming the choices if none."""
    game = GAMES.get(key)
    if game is None:
        raise GameError(f"unknown game {key!r} (available: {', '.join(GAMES)})")
    return game


def read_record(data: Any) -> Record:
    """A record of any game, told apart by its "format" field."""
    fmt = data.get("format") if isinstance(data, dict) else None
    for game in GAMES.values():
        if fmt == game.record_format:
            return game.record_from_dict(data)
    formats = ", ".join(g.record_format for g in GAMES.values())
    raise RecordError(f"not a game record (format is {fmt!r}; known: {formats})")


@dataclass(frozen=True, slots=True)
class Replay:
    state: Any
    events: tuple[tuple[Event, ...], ...]  # per action, after setup's own
    turns: int  # player turns begun (GameRules.turns_begun)


def replay(record: Record, *, until_turn: int | None = None) -> Replay:
    """Play a record back, checking every action and, when present, the result.

    With `until_turn` N, stop at the first decision of player turn N (0: before the
    first action) and skip the result check; N beyond the record is a RecordError.
    """
    game = game_named(record.game)
    try:
        state, _ = game.new_game(record.players, record.seed, record.options)
    except GameError as exc:
        raise RecordError(f"cannot set up the recorded game: {exc}") from None
    played: list[tuple[Event, ...]] = []
    turns = 0
    for index, text in enumerate(record.actions, start=1):
        if until_turn is not None and turns >= until_turn:
            return Replay(state, tuple(played), turns)
        try:
            before = state
            state, events = game.apply(state, game.parse_action(text))
        except GameError as exc:
            raise RecordError(f"action {index} ({text!r}): {exc}") from None
        played.append(tuple(events))
        turns += game.turns_begun(before, state, events)
    if until_turn is not None:
        if turns < until_turn:
            raise RecordError(f"the record has {turns} turns, not {until_turn}")
        return Replay(state, tuple(played), turns)
    if record.result is not None and game.result(state) != record.result:
        raise RecordError(f"the replayed result {game.result(state)} differs from the "
                          f"recorded {record.result}")
    return Replay(state, tuple(played), turns)


def with_result(record: Record, state: Any) -> Record:
    """The record with the finished game's result filled in."""
    return replace(record, result=game_named(record.game).result(state))


def play(game: GameRules, players: Sequence[Player], state: Any) -> tuple[Any, list[str]]:
    """Computer players play `state` to the end; the state and the action texts."""
    actions: list[str] = []
    while not game.is_over(state):
        seat = game.active_seat(state)
        assert seat is not None
        action = players[seat].choose(state)
        state, _ = game.apply(state, action)
        actions.append(str(action))
    return state, actions


__all__ = ["DEFAULT_GAME", "GAMES", "GameRules", "Player", "Record", "Replay", "Result",
           "game_named", "play", "read_record", "replay", "with_result"]
