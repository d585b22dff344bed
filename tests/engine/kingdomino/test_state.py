"""Snapshots, purity and refusals: to_dict/from_dict validate, apply never mutates."""

import copy
import json
from typing import Any

import pytest

from engine.games.errors import ActionSyntaxError, GameError, IllegalActionError, StateError
from engine.games.geometry import Direction
from engine.kingdomino.actions import Action, Claim, Place
from engine.kingdomino.dominoes import domino
from engine.kingdomino.game import apply, legal_actions, new_game
from engine.kingdomino.state import GameState, Phase

from .support import play_random

SETUPS = [(2, ()), (3, ()), (4, ("harmony", "middle-kingdom")), (2, ("mighty-duel",)),
          (3, ("dynasty",))]


@pytest.mark.parametrize(("players", "variants"), SETUPS)
def test_snapshots_round_trip_at_every_step(players: int, variants: tuple[str, ...]) -> None:
    def check(before: GameState, action: Action, after: GameState, _events: object) -> None:
        snapshot = before.to_dict()
        again = GameState.from_dict(json.loads(json.dumps(snapshot)))
        assert again.to_dict() == snapshot
        assert legal_actions(again) == legal_actions(before)
        assert apply(again, action)[0].to_dict() == after.to_dict()
        assert before.to_dict() == snapshot  # apply left its input alone

    final, _ = play_random(players, 17, variants, on_step=check)
    assert GameState.from_dict(final.to_dict()).to_dict() == final.to_dict()


def _midgame() -> dict[str, Any]:
    state = new_game(["A", "B", "C", "D"], 2)
    for _ in range(30):
        state, _ = apply(state, legal_actions(state)[-1])
    assert state.phase in (Phase.PLACE, Phase.CLAIM)
    return state.to_dict()


def _tampered(change: str) -> dict[str, Any]:
    data = copy.deepcopy(_midgame())
    if change == "duplicate":
        data["pile"][0] = data["pile"][1]
    elif change == "illegal placement":
        first = data["kingdoms"][0][0]
        data["kingdoms"][0][0] = [first[0], "A1", "right"]  # far from the castle
    elif change == "format":
        data["format"] = "moonriver-state/1"
    elif change == "players":
        data["config"]["players"] = ["A", "B", "C", "D", "E"]
    elif change == "variant":
        data["config"]["variants"] = ["mighty-duel"]
    elif change == "cursor":
        data["cursor"] = 7
    elif change == "unsorted line":
        data["line"].reverse()
    elif change == "removed":
        data["removed"] = data["pile"][:2]
        data["pile"] = data["pile"][2:]
    elif change == "type":
        data["round"] = "three"
    return data


@pytest.mark.parametrize("change", ["duplicate", "illegal placement", "format", "players",
                                    "variant", "cursor", "unsorted line", "removed", "type"])
def test_impossible_snapshots_are_refused(change: str) -> None:
    GameState.from_dict(_midgame())  # the untouched snapshot loads
    with pytest.raises(StateError):
        GameState.from_dict(_tampered(change))


def test_refusals_say_why() -> None:
    state = new_game(["A", "B", "C", "D"], 9)
    first = legal_actions(state)[0]
    state, _ = apply(state, first)
    with pytest.raises(IllegalActionError, match="not free"):
        apply(state, first)  # that domino has a king on it now
    while state.phase is not Phase.PLACE:
        state, _ = apply(state, legal_actions(state)[0])
    number = state.line[state.cursor].domino
    with pytest.raises(IllegalActionError, match=f"stands on domino {number}"):
        apply(state, Place(number % 48 + 1, 5, 4, Direction.RIGHT))
    with pytest.raises(IllegalActionError, match="already taken"):
        apply(state, Place(number, 4, 4, Direction.RIGHT))  # E5 is the castle
    with pytest.raises(IllegalActionError, match="touch the castle"):
        apply(state, Place(number, 0, 0, Direction.RIGHT))
    with pytest.raises(IllegalActionError, match="M13 is outside the play area"):
        apply(state, Place(number, 12, 12, Direction.RIGHT))  # a Mighty Duel cell
    with pytest.raises(ActionSyntaxError, match="no cell"):
        Place(number, -1, 12, Direction.RIGHT)
    with pytest.raises(IllegalActionError, match="claim"):
        apply(state, Claim(number))


@pytest.mark.parametrize(("players", "variants"), [(1, ()), (5, ()), (4, ("mighty-duel",)),
                                                   (2, ("tiny",))])
def test_bad_tables_are_refused(players: int, variants: tuple[str, ...]) -> None:
    with pytest.raises(GameError):
        new_game([f"P{i}" for i in range(players)], 1, variants=variants)


def test_the_seed_decides_everything() -> None:
    a = play_random(4, 33)
    b = play_random(4, 33)
    assert a[1] == b[1] and a[0].to_dict() == b[0].to_dict()
    assert play_random(4, 34)[1] != a[1]


def test_K_PLACE_3_equal_halves_are_named_pointing_right_or_down() -> None:
    """The same squares named from the other half are refused with a pointer."""
    for seed in range(50):
        state = new_game(["A", "B", "C", "D"], seed)
        while state.phase is not Phase.OVER:
            if state.phase is Phase.PLACE and domino(state.line[state.cursor].domino).symmetric:
                place = next(a for a in legal_actions(state) if isinstance(a, Place)
                             and a.direction is Direction.RIGHT)
                mirrored = Place(place.number, place.column + 1, place.row, Direction.LEFT)
                with pytest.raises(IllegalActionError, match="both halves are alike"):
                    apply(state, mirrored)
                return
            state, _ = apply(state, legal_actions(state)[0])
    pytest.fail("no domino with equal halves came up")
