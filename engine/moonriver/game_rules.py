"""Moon River behind the game interface: thin calls into engine.moonriver.game and friends.

Records keep NOTATION.md's `moonriver-record/1` format exactly (results keyed by player
name), so every record and stored game from before keeps loading.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.games.base import Player, Record, Result, ranks_of
from engine.games.checks import record_fields, recorded_options, refuse_unknown_options
from engine.games.errors import GameError, RecordError
from engine.games.events import event_reader, events_of_module
from engine.moonriver import events as ev
from engine.moonriver.actions import Action, parse_action
from engine.moonriver.ai import make_player as make_ai
from engine.moonriver.components import DEFAULT_COMPONENTS
from engine.moonriver.game import apply, legal_actions, new_game, outcome
from engine.moonriver.legends import LEGENDS, scenario_number, seat_colours
from engine.moonriver.rules import PLAYER_COUNTS, VARIANTS
from engine.moonriver.scoring import standing
from engine.moonriver.state import GameState, Phase

#: Events that hand the turn on (to another player, or a new turn of the same one).
_TURN_OVER = (ev.TurnStarted, ev.FinalPlacement, ev.GameEnded)
#: Events after which a move cannot be taken back: they showed what was hidden.
_REVEALING = (ev.ColumnDrawn, ev.SaloonRefilled, ev.LastRound, ev.GameEnded)
_read_events = event_reader(events_of_module(vars(ev)))
_OPTION_KEYS = {"variant", "scenario", "components", "colours"}
RECORD_FORMAT = "moonriver-record/1"  # NOTATION.md


class MoonRiver:
    key: str = "moonriver"
    title: str = "Moon River"
    player_counts: tuple[int, ...] = PLAYER_COUNTS
    record_format: str = RECORD_FORMAT

    def options(self, raw: Mapping[str, Any]) -> dict[str, Any]:
        refuse_unknown_options(raw, _OPTION_KEYS, self.title)
        variant = raw.get("variant", "base")
        if variant not in VARIANTS:
            raise GameError(f"variant {variant!r} is not available (available: "
                                 f"{', '.join(VARIANTS)})")
        scenario = raw.get("scenario")
        if scenario == "random":  # R-LEG-2: drawn from the seed (as older tables stored it)
            scenario = None
        if scenario is not None:
            if variant != LEGENDS:
                raise GameError("scenarios belong to the Legends variant "
                                     "(variant 'legends')")
            scenario = scenario_number(scenario)
        components = raw.get("components", DEFAULT_COMPONENTS)
        if not isinstance(components, str):
            raise GameError("components must name a component set")
        chosen = {"variant": variant, "scenario": scenario, "components": components}
        colours = seat_colours(raw.get("colours"), 0)  # R-LEG-1: the seats' own choice
        if colours:  # one per player: checked by new_game, which knows the players
            chosen["colours"] = list(colours)
        return chosen

    def new_game(self, players: Sequence[str], seed: int,
                 options: Mapping[str, Any]) -> tuple[GameState, list[ev.Event]]:
        chosen = self.options(options)
        return new_game(players, seed, variant=chosen["variant"], scenario=chosen["scenario"],
                        components=chosen["components"], colours=chosen.get("colours")), []

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def legal_actions(self, state: GameState) -> list[Action]:
        return legal_actions(state)

    def apply(self, state: GameState, action: Action) -> tuple[GameState, list[ev.Event]]:
        return apply(state, action)

    def active_seat(self, state: GameState) -> int | None:
        return state.active_seat

    def is_over(self, state: GameState) -> bool:
        return state.phase is Phase.OVER

    def result(self, state: GameState) -> Result | None:
        done = outcome(state)
        if done is None:
            return None
        return Result(tuple(sheet.total for sheet in done.sheets), done.winners,
                      ranks_of([standing(sheet) for sheet in done.sheets]))  # R-SCORE-4

    def names(self, state: GameState) -> tuple[str, ...]:
        return tuple(state.config.players)

    def ends_turn(self, before: GameState, after: GameState,
                  events: Sequence[ev.Event]) -> bool:
        return after.phase is Phase.OVER or before.active_seat != after.active_seat \
            or any(isinstance(e, _TURN_OVER) for e in events)

    def turns_begun(self, before: GameState, after: GameState,
                    events: Sequence[ev.Event]) -> int:
        return sum(isinstance(e, ev.TurnStarted) for e in events)  # R-ORDER-1

    def table_options(self, state: GameState) -> dict[str, Any]:
        config = state.config  # the scenario as drawn at setup (R-LEG-2)
        played: dict[str, Any] = {"variant": config.variant, "scenario": config.scenario,
                                  "components": config.components}
        if config.chosen_colours:  # R-LEG-1: the boards the seats chose
            played["colours"] = list(config.chosen_colours)
        return played

    def events_from_dicts(self, data: Sequence[Mapping[str, Any]]) -> tuple[ev.Event, ...]:
        return _read_events(data)

    def reveals(self, events: Sequence[ev.Event]) -> bool:
        return any(isinstance(e, _REVEALING) for e in events)

    def player_view(self, state: GameState, seat: int | None) -> dict[str, Any]:
        """The state with its hidden orders sorted: the draw pile and the partner stack
        (R-SETUP-3, R-SETUP-2); everything else of Moon River is open to every seat."""
        data = state.to_dict()
        data["pile"], data["stack"] = sorted(data["pile"]), sorted(data["stack"])
        return data

    def state_to_dict(self, state: GameState) -> dict[str, Any]:
        return state.to_dict()

    def state_from_dict(self, data: Any) -> GameState:
        return GameState.from_dict(data)

    def make_player(self, name_or_level: str, seed: int, *, think_ms: int | None = None,
                    iterations: int | None = None) -> Player:
        return make_ai(name_or_level, seed, think_ms=think_ms, iterations=iterations)

    def record_to_dict(self, record: Record) -> dict[str, Any]:
        options = self.options(record.options)
        result = None
        if record.result is not None:  # NOTATION.md: keyed by name
            names = record.players
            result = {"scores": {names[i]: s for i, s in enumerate(record.result.scores)},
                      "winners": [names[i] for i in record.result.winners]}
        played = {"variant": options["variant"], "scenario": options["scenario"]}
        if options.get("colours"):  # NOTATION.md: only when the seats chose their colours
            played["colours"] = options["colours"]
        return {"format": RECORD_FORMAT, "seed": record.seed, "players": list(record.players),
                "options": played,
                "components": options["components"], "actions": list(record.actions),
                "result": result}

    def record_from_dict(self, data: Any) -> Record:
        seed, players, actions, options = record_fields(data, RECORD_FORMAT)
        raw = {"variant": str(options.get("variant", "base")),
               "scenario": options.get("scenario"),
               "components": str(data.get("components", DEFAULT_COMPONENTS))}
        if options.get("colours"):
            raw["colours"] = options["colours"]
        return Record(self.key, seed, tuple(players), recorded_options(self.options, raw),
                      tuple(actions), _result_by_seat(data.get("result"), players))


def _result_by_seat(result: Any, players: Sequence[str]) -> Result | None:
    """A `{"scores": {name: points}, "winners": [names]}` result, by seat."""
    if result is None:
        return None
    scores, winners = (result.get("scores"), result.get("winners")) \
        if isinstance(result, dict) else (None, None)
    if not isinstance(scores, dict) or not isinstance(winners, list) \
            or set(scores) != set(players) or not set(winners) <= set(players) \
            or not all(isinstance(v, int) for v in scores.values()):
        raise RecordError("result must be null or hold a score per player and the winners")
    return Result(tuple(scores[name] for name in players),
                  tuple(sorted(players.index(name) for name in winners)))
