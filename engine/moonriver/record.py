"""Moon River game records (NOTATION.md), kept for the callers that predate the game
interface: a thin layer over `engine.games`, which reads, writes and replays records
of every game. New code should use `engine.registry.read_record` / `replay`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.games import Record
from engine.moonriver.components import DEFAULT_COMPONENTS
from engine.moonriver.game_rules import RECORD_FORMAT
from engine.moonriver.state import GameState
from engine.registry import Replay, game_named
from engine.registry import replay as replay_record

__all__ = ["RECORD_FORMAT", "GameRecord", "Replay", "replay", "result_of"]

_MOON_RIVER = game_named("moonriver")


@dataclass
class GameRecord:
    seed: int
    players: list[str]
    variant: str = "base"
    scenario: int | None = None
    components: str = DEFAULT_COMPONENTS
    actions: list[str] = field(default_factory=list)
    result: dict[str, Any] | None = None  # {"scores": {name: points}, "winners": [names]}

    def new_game(self) -> GameState:
        state, _ = _MOON_RIVER.new_game(self.players, self.seed, self._options())
        return state  # type: ignore[no-any-return]

    def _options(self) -> dict[str, Any]:
        return {"variant": self.variant, "scenario": self.scenario,
                "components": self.components}

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": RECORD_FORMAT, "seed": self.seed, "players": list(self.players),
            "options": {"variant": self.variant, "scenario": self.scenario},
            "components": self.components, "actions": list(self.actions),
            "result": self.result,
        }

    def to_record(self) -> Record:
        """The same record in the game interface's form (checked as it is read)."""
        return _MOON_RIVER.record_from_dict(self.to_dict())

    @classmethod
    def from_dict(cls, data: Any) -> GameRecord:
        record = _MOON_RIVER.record_from_dict(data)
        options = record.options
        result = None
        if record.result is not None:
            result = _MOON_RIVER.record_to_dict(record)["result"]
        return cls(seed=record.seed, players=list(record.players),
                   variant=options["variant"], scenario=options["scenario"],
                   components=options["components"], actions=list(record.actions),
                   result=result)


def result_of(state: GameState) -> dict[str, Any] | None:
    """`{"scores": {name: points}, "winners": [names]}` once the game is over."""
    result = _MOON_RIVER.result(state)
    if result is None:
        return None
    names = state.config.players
    return {"scores": {names[i]: s for i, s in enumerate(result.scores)},
            "winners": [names[i] for i in result.winners]}


def replay(record: GameRecord, *, until_turn: int | None = None) -> Replay:
    """Replay a record, checking every action and, when present, the recorded result;
    with `until_turn` N, stop at the first decision of ranchero turn N (R-ORDER-1)."""
    return replay_record(record.to_record(), until_turn=until_turn)
