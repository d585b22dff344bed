"""Moonlight behind the game interface: thin calls into engine.moonlight.

Records use MOONLIGHT.md's `moonlight-record/1` format (with `"game": "moonlight"`;
results by seat: rounds won, and the winner). Moonlight has no table options yet: `{}`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.games.base import Player, Record, Result
from engine.games.checks import record_fields, recorded_options, refuse_unknown_options
from engine.games.errors import RecordError
from engine.games.events import Event, event_reader, events_of_module
from engine.moonlight import ai as ml_ai
from engine.moonlight import events as mev
from engine.moonlight.actions import Action, parse_action
from engine.moonlight.game import PLAYER_COUNTS, apply, legal_actions, outcome, start_game
from engine.moonlight.state import GameState, Phase
from engine.moonlight.view import player_view as view_of

RECORD_FORMAT = "moonlight-record/1"  # MOONLIGHT.md, Notation
GAME_KEY = "moonlight"
_REVEALING = (mev.RoundStarted, mev.CardDrawn, mev.RoundScored, mev.GameEnded)
_read_events = event_reader(events_of_module(vars(mev)))


class Moonlight:
    key: str = GAME_KEY
    title: str = "Moonlight"
    player_counts: tuple[int, ...] = PLAYER_COUNTS
    record_format: str = RECORD_FORMAT

    def options(self, raw: Mapping[str, Any]) -> dict[str, Any]:
        refuse_unknown_options(raw, (), self.title)
        return {}

    def new_game(self, players: Sequence[str], seed: int,
                 options: Mapping[str, Any]) -> tuple[GameState, list[Event]]:
        return start_game(players, seed, self.options(options))

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def legal_actions(self, state: GameState) -> list[Action]:
        return legal_actions(state)

    def apply(self, state: GameState, action: Action) -> tuple[GameState, list[Event]]:
        return apply(state, action)

    def active_seat(self, state: GameState) -> int | None:
        return state.active_seat

    def is_over(self, state: GameState) -> bool:
        return state.phase is Phase.OVER

    def result(self, state: GameState) -> Result | None:
        done = outcome(state)
        return None if done is None else Result(done.wins, done.winners)

    def names(self, state: GameState) -> tuple[str, ...]:
        return state.players

    def ends_turn(self, before: GameState, after: GameState,
                  events: Sequence[Event]) -> bool:
        return (before.active_seat != after.active_seat or after.turn != before.turn
                or after.phase is Phase.OVER)

    def turns_begun(self, before: GameState, after: GameState,
                    events: Sequence[Event]) -> int:
        return after.turn - before.turn

    def table_options(self, state: GameState) -> dict[str, Any]:
        return {}

    def events_from_dicts(self, data: Sequence[Mapping[str, Any]]) -> tuple[Event, ...]:
        return _read_events(data)

    def reveals(self, events: Sequence[Event]) -> bool:
        return any(isinstance(e, _REVEALING) for e in events)

    def player_view(self, state: GameState, seat: int | None) -> dict[str, Any]:
        """`engine.moonlight.view.player_view`: hands and decks only as counts, but for
        the seat's own hand (M-SETUP-1)."""
        return view_of(state, seat).to_dict()

    def state_to_dict(self, state: GameState) -> dict[str, Any]:
        return state.to_dict()

    def state_from_dict(self, data: Any) -> GameState:
        return GameState.from_dict(data)

    def make_player(self, name_or_level: str, seed: int, *, think_ms: int | None = None,
                    iterations: int | None = None) -> Player:
        return ml_ai.make_player(name_or_level, seed, think_ms=think_ms, iterations=iterations)

    def record_to_dict(self, record: Record) -> dict[str, Any]:
        result = None if record.result is None else {
            "scores": list(record.result.scores), "winners": list(record.result.winners)}
        return {"format": RECORD_FORMAT, "game": GAME_KEY, "seed": record.seed,
                "players": list(record.players), "options": self.options(record.options),
                "actions": list(record.actions), "result": result}

    def record_from_dict(self, data: Any) -> Record:
        seed, players, actions, options = record_fields(data, RECORD_FORMAT)
        if data.get("game", GAME_KEY) != GAME_KEY:
            raise RecordError(f"a {RECORD_FORMAT} record is of game {GAME_KEY!r}, "
                              f"not {data.get('game')!r}")
        chosen = recorded_options(self.options, options)
        return Record(self.key, seed, tuple(players), chosen, tuple(actions),
                      _result_by_seat(data.get("result"), len(players)))


def _result_by_seat(result: Any, seats: int) -> Result | None:
    if result is None:
        return None
    scores, winners = (result.get("scores"), result.get("winners")) \
        if isinstance(result, dict) else (None, None)
    if not isinstance(scores, list) or len(scores) != seats \
            or not all(isinstance(s, int) and not isinstance(s, bool) for s in scores) \
            or not isinstance(winners, list) \
            or not all(isinstance(w, int) and 0 <= w < seats for w in winners):
        raise RecordError("result must be null or hold rounds won per seat and the winner")
    return Result(tuple(scores), tuple(winners))
