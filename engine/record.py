"""Game records (NOTATION.md): seed + options + the players' actions replay a game exactly."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine import events as ev
from engine.actions import parse_action
from engine.components import DEFAULT_COMPONENTS
from engine.errors import MoonRiverError, RecordError
from engine.game import apply, new_game, outcome
from engine.state import GameState

RECORD_FORMAT = "moonriver-record/1"


@dataclass
class GameRecord:
    seed: int
    players: list[str]
    variant: str = "base"
    scenario: int | None = None
    components: str = DEFAULT_COMPONENTS
    actions: list[str] = field(default_factory=list)
    result: dict[str, Any] | None = None

    def new_game(self) -> GameState:
        return new_game(self.players, self.seed, variant=self.variant, scenario=self.scenario,
                        components=self.components)

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": RECORD_FORMAT, "seed": self.seed, "players": list(self.players),
            "options": {"variant": self.variant, "scenario": self.scenario},
            "components": self.components, "actions": list(self.actions),
            "result": self.result,
        }

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
        if not isinstance(options, dict):
            raise RecordError("options must be an object")
        components = data.get("components", DEFAULT_COMPONENTS)
        result = data.get("result")
        if result is not None and not (isinstance(result, dict) and "scores" in result
                                       and "winners" in result):
            raise RecordError("result must be null or hold scores and winners")
        return cls(seed=seed, players=players, variant=str(options.get("variant", "base")),
                   scenario=options.get("scenario"), components=str(components),
                   actions=actions, result=result)


def result_of(state: GameState) -> dict[str, Any] | None:
    """`{"scores": {name: points}, "winners": [names]}` once the game is over."""
    result = outcome(state)
    if result is None:
        return None
    names = state.config.players
    return {"scores": {names[i]: s.total for i, s in enumerate(result.sheets)},
            "winners": [names[i] for i in result.winners]}


@dataclass(frozen=True)
class Replay:
    state: GameState
    turns: int  # ranchero turns played (R-ORDER-1: each ranchero is one turn)


def replay(record: GameRecord, *, until_turn: int | None = None) -> Replay:
    """Replay a record, checking every action and, when present, the recorded result.

    With `until_turn` N, stop at the first decision of ranchero turn N (0: before the
    first action) and skip the result check; N beyond the record is an error.
    """
    try:
        state = record.new_game()
    except MoonRiverError as exc:
        raise RecordError(f"cannot set up the recorded game: {exc}") from None
    turns = 0
    for index, text in enumerate(record.actions, start=1):
        if until_turn is not None and turns >= until_turn:
            return Replay(state, turns)
        try:
            state, events = apply(state, parse_action(text))
        except MoonRiverError as exc:
            raise RecordError(f"action {index} ({text!r}): {exc}") from None
        turns += sum(isinstance(e, ev.TurnStarted) for e in events)
    if until_turn is not None:
        if turns < until_turn:
            raise RecordError(f"the record has {turns} turns, not {until_turn}")
        return Replay(state, turns)
    if record.result is not None and result_of(state) != record.result:
        raise RecordError(f"the replayed result {result_of(state)} differs from the recorded "
                          f"{record.result}")
    return Replay(state, turns)
