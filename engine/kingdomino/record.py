"""Kingdomino game records (`kingdomino-record/1`), kept for the callers that predate the
game interface: a thin layer over `engine.games`, which reads, writes and replays records
of every game. New code should use `engine.registry.read_record` / `replay`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.games import Record, Result
from engine.kingdomino.game_rules import RECORD_FORMAT
from engine.kingdomino.state import GameState
from engine.registry import game_named
from engine.registry import replay as replay_record

__all__ = ["RECORD_FORMAT", "GameRecord", "replay", "result_of"]

_KINGDOMINO = game_named("kingdomino")


@dataclass
class GameRecord:
    seed: int
    players: list[str]
    variants: list[str] = field(default_factory=list)
    actions: list[str] = field(default_factory=list)
    result: dict[str, Any] | None = None  # {"scores": [points per seat], "winners": [seats]}

    def new_game(self) -> GameState:
        state, _ = _KINGDOMINO.new_game(self.players, self.seed, {"variants": self.variants})
        return state  # type: ignore[no-any-return]

    def to_dict(self) -> dict[str, Any]:
        return {"format": RECORD_FORMAT, "seed": self.seed, "players": list(self.players),
                "options": {"variants": list(self.variants)}, "actions": list(self.actions),
                "result": self.result}

    def to_record(self) -> Record:
        """The same record in the game interface's form (checked as it is read)."""
        return _KINGDOMINO.record_from_dict(self.to_dict())

    @classmethod
    def from_dict(cls, data: Any) -> GameRecord:
        record = _KINGDOMINO.record_from_dict(data)
        return cls(seed=record.seed, players=list(record.players),
                   variants=list(record.options["variants"]), actions=list(record.actions),
                   result=None if record.result is None else _by_seat(record.result))


def _by_seat(result: Result) -> dict[str, Any]:
    return {"scores": list(result.scores), "winners": list(result.winners)}


def result_of(state: GameState) -> dict[str, Any] | None:
    """`{"scores": [points per seat], "winners": [seats]}` once the game is over."""
    result = _KINGDOMINO.result(state)
    return None if result is None else _by_seat(result)


def replay(record: GameRecord) -> GameState:
    """Replay a record, checking every action and, when present, the recorded result."""
    state: GameState = replay_record(record.to_record()).state
    return state
