"""Kingdomino game records: seed + options + the players' actions replay a game exactly.

The same shape as Moon River's records (engine.record), with its own format tag, so the
records tooling can tell the games apart by the first key it reads.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.errors import MoonRiverError, RecordError
from engine.kingdomino.actions import parse_action
from engine.kingdomino.game import apply, new_game, outcome
from engine.kingdomino.state import GameState

RECORD_FORMAT = "kingdomino-record/1"


@dataclass
class GameRecord:
    seed: int
    players: list[str]
    variants: list[str] = field(default_factory=list)
    actions: list[str] = field(default_factory=list)
    result: dict[str, Any] | None = None

    def new_game(self) -> GameState:
        return new_game(self.players, self.seed, variants=self.variants)

    def to_dict(self) -> dict[str, Any]:
        return {"format": RECORD_FORMAT, "seed": self.seed, "players": list(self.players),
                "options": {"variants": list(self.variants)}, "actions": list(self.actions),
                "result": self.result}

    @classmethod
    def from_dict(cls, data: Any) -> GameRecord:
        if not isinstance(data, dict):
            raise RecordError("a game record is a JSON object")
        if data.get("format") != RECORD_FORMAT:
            raise RecordError(f"not a {RECORD_FORMAT} record (format is {data.get('format')!r})")
        seed, players, actions = data.get("seed"), data.get("players"), data.get("actions")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise RecordError("seed must be a whole number")
        if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
            raise RecordError("players must be a list of names")
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise RecordError("actions must be a list of action texts")
        options = data.get("options", {})
        variants = options.get("variants", []) if isinstance(options, dict) else None
        if not isinstance(variants, list) or not all(isinstance(v, str) for v in variants):
            raise RecordError("options.variants must be a list of variant names")
        result = data.get("result")
        if result is not None and not (isinstance(result, dict) and "scores" in result
                                       and "winners" in result):
            raise RecordError("result must be null or hold scores and winners")
        return cls(seed=seed, players=players, variants=variants, actions=actions,
                   result=result)


def result_of(state: GameState) -> dict[str, Any] | None:
    """`{"scores": [points per seat], "winners": [seats]}` once the game is over."""
    result = outcome(state)
    if result is None:
        return None
    return {"scores": list(result.totals), "winners": list(result.winners)}


def replay(record: GameRecord) -> GameState:
    """Replay a record, checking every action and, when present, the recorded result."""
    try:
        state = record.new_game()
    except MoonRiverError as exc:
        raise RecordError(f"cannot set up the recorded game: {exc}") from None
    for index, text in enumerate(record.actions, start=1):
        try:
            state, _ = apply(state, parse_action(text))
        except MoonRiverError as exc:
            raise RecordError(f"action {index} ({text!r}): {exc}") from None
    if record.result is not None and result_of(state) != record.result:
        raise RecordError(f"the replayed result {result_of(state)} differs from the recorded "
                          f"{record.result}")
    return state
