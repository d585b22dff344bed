"""Kingdomino behind the game interface: thin calls into engine.kingdomino.

Records use KINGDOMINO.md's `kingdomino-record/1` format (results by seat). Options are
the table's variants (K-VAR: Middle Kingdom, Harmony, Dynasty, Mighty Duel).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.games.base import Player, Record, Result
from engine.games.checks import record_fields, recorded_options, refuse_unknown_options
from engine.games.errors import GameError, RecordError
from engine.games.events import Event, event_reader, events_of_module
from engine.kingdomino import ai as kd_ai
from engine.kingdomino import events as kev
from engine.kingdomino.actions import Action, parse_action
from engine.kingdomino.game import apply, legal_actions, outcome, start_game
from engine.kingdomino.rules import PLAYER_COUNTS, VARIANTS
from engine.kingdomino.state import GameState, Phase

#: A king's turn begins in these phases: after a move that leaves the game in one of
#: them, the turn has passed on (K-TURN-1: place, then claim; K-TURN-2: the last round
#: places only; K-SETUP-3: each first claim is a turn of its own).
_TURN_STARTS = (Phase.SETUP, Phase.PLACE, Phase.OVER)
_REVEALING = (kev.LineDrawn, kev.KingsDrawn, kev.GameScored, kev.GameEnded)
_read_events = event_reader(events_of_module(vars(kev)))
RECORD_FORMAT = "kingdomino-record/1"  # KINGDOMINO.md


class Kingdomino:
    key: str = "kingdomino"
    title: str = "Kingdomino"
    player_counts: tuple[int, ...] = PLAYER_COUNTS
    record_format: str = RECORD_FORMAT

    def options(self, raw: Mapping[str, Any]) -> dict[str, Any]:
        refuse_unknown_options(raw, ("variants",), self.title)
        variants = raw.get("variants", [])
        if not isinstance(variants, (list, tuple)) or \
                not all(isinstance(v, str) for v in variants):
            raise GameError("variants must be a list of variant names")
        bad = [v for v in variants if v not in VARIANTS]
        if bad:
            raise GameError(f"unknown variant {bad[0]!r} (available: "
                                 f"{', '.join(VARIANTS)})")
        return {"variants": sorted(set(variants))}

    def new_game(self, players: Sequence[str], seed: int,
                 options: Mapping[str, Any]) -> tuple[GameState, list[Event]]:
        if len(set(players)) != len(players):  # results and records name the players
            raise GameError("player names must differ")
        return start_game(players, seed, variants=self.options(options)["variants"])

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
        return None if done is None else Result(done.totals, done.winners, done.ranks)

    def names(self, state: GameState) -> tuple[str, ...]:
        return tuple(state.config.players)

    def ends_turn(self, before: GameState, after: GameState,
                  events: Sequence[Event]) -> bool:
        return before.active_seat != after.active_seat or after.phase in _TURN_STARTS

    def turns_begun(self, before: GameState, after: GameState,
                    events: Sequence[Event]) -> int:
        return _king_turns(after) - _king_turns(before)

    def table_options(self, state: GameState) -> dict[str, Any]:
        return {"variants": list(state.config.variants)}

    def events_from_dicts(self, data: Sequence[Mapping[str, Any]]) -> tuple[Event, ...]:
        return _read_events(data)

    def reveals(self, events: Sequence[Event]) -> bool:
        return any(isinstance(e, _REVEALING) for e in events)

    def player_view(self, state: GameState, seat: int | None) -> dict[str, Any]:
        """The state with what nobody has seen mixed: the draw order and which dominoes
        were set aside unseen (K-SETUP-1) become one sorted heap split at the same
        counts; kingdoms, lines and discards are open to every seat."""
        data = state.to_dict()
        unseen = sorted(data["pile"] + data["removed"])
        data["pile"], data["removed"] = unseen[:len(data["pile"])], unseen[len(data["pile"]):]
        return data

    def state_to_dict(self, state: GameState) -> dict[str, Any]:
        return state.to_dict()

    def state_from_dict(self, data: Any) -> GameState:
        return GameState.from_dict(data)

    def make_player(self, name_or_level: str, seed: int, *, think_ms: int | None = None,
                    iterations: int | None = None) -> Player:
        return kd_ai.make_player(name_or_level, seed, think_ms=think_ms, iterations=iterations)

    def record_to_dict(self, record: Record) -> dict[str, Any]:
        result = None if record.result is None else {
            "scores": list(record.result.scores), "winners": list(record.result.winners)}
        return {"format": RECORD_FORMAT, "seed": record.seed, "players": list(record.players),
                "options": self.options(record.options), "actions": list(record.actions),
                "result": result}

    def record_from_dict(self, data: Any) -> Record:
        seed, players, actions, options = record_fields(data, RECORD_FORMAT)
        chosen = recorded_options(self.options, options)
        return Record(self.key, seed, tuple(players), chosen, tuple(actions),
                      _result_by_seat(data.get("result"), len(players)))


def _king_turns(state: GameState) -> int:
    """King turns begun so far (K-TURN-1: one per king per round, in line order; the
    first claims of K-SETUP-3 are not turns; a Dynasty counts on across its games)."""
    config = state.config
    per_game = config.rounds * config.line_size
    if state.phase is Phase.OVER:
        return config.games * per_game
    begun = state.game * per_game
    if state.phase is not Phase.SETUP:
        begun += (state.round - 1) * config.line_size + state.cursor + 1
    return begun


def _result_by_seat(result: Any, seats: int) -> Result | None:
    if result is None:
        return None
    scores, winners = (result.get("scores"), result.get("winners")) \
        if isinstance(result, dict) else (None, None)
    if not isinstance(scores, list) or len(scores) != seats \
            or not all(isinstance(s, int) for s in scores) or not isinstance(winners, list) \
            or not all(isinstance(w, int) and 0 <= w < seats for w in winners):
        raise RecordError("result must be null or hold a score per seat and the winners")
    return Result(tuple(scores), tuple(winners))
