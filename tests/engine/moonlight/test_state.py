"""Snapshots: JSON that round-trips, and refusal of impossible positions."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from engine.games.errors import StateError
from engine.games.rng import Rng
from engine.moonlight.game import apply, legal_actions, new_game
from engine.moonlight.state import GameState, Phase, validate_state

from .support import play_game


def mid_game(seed: int = 42, steps: int = 30) -> GameState:
    state = new_game(["Ann", "Bo"], seed)
    rng = Rng(seed)
    for _ in range(steps):
        if state.phase is Phase.OVER:
            break
        options = legal_actions(state)
        state, _ = apply(state, options[rng.below(len(options))])
    return state


def test_to_dict_is_json_and_round_trips() -> None:
    for seed in range(30):
        for steps in (0, 5, 17, 30, 60):
            state = mid_game(seed, steps)
            again = GameState.from_dict(json.loads(json.dumps(state.to_dict())))
            assert again == state
            assert legal_actions(again) == legal_actions(state)


def test_finished_games_round_trip_and_validate() -> None:
    for seed in range(20):
        state, _ = play_game(seed, ("greedy", "random"))
        validate_state(state)
        assert GameState.from_dict(state.to_dict()) == state


def _first_cell(d: dict[str, Any]) -> str:
    return sorted(d["area"])[0]


@pytest.mark.parametrize("corrupt", [
    lambda d: d.update(format="moonlight-state/0"),
    lambda d: d["decks"][0].append("3"),                    # a card from nowhere
    lambda d: d["hands"][1].pop(),                          # a card lost
    lambda d: d["hands"][0].__setitem__(0, "3m"),           # no such card
    lambda d: d.update(phase="dancing"),
    lambda d: d.update(players=["solo"]),
    lambda d: d.update(players=["A", "A"]),
    lambda d: d.update(wins=[2, 0]),                        # over, yet playing
    lambda d: d.update(round=3),
    lambda d: d.update(deal=7),
    lambda d: d.update(active=2),
    lambda d: d["area"].update(A1=["g3"]),                  # off the area, not conserved
    lambda d: d["lone_wolf"].__setitem__(0, True),
    lambda d: d["powers"][0].append("den"),
    lambda d: d["used"][1].append("howl"),
    lambda d: d.update(last_turn="yes"),
    lambda d: d.update(phase="howl"),                       # no howl held
    lambda d: d.pop("area"),
    lambda d: d.update(hands="none"),
])
def test_from_dict_refuses_impossible_positions(corrupt: Any) -> None:
    data = copy.deepcopy(mid_game(7, 6).to_dict())
    corrupt(data)
    with pytest.raises(StateError):
        GameState.from_dict(data)


def test_a_cover_that_breaks_M_PLACE_3_cannot_be_loaded() -> None:
    state = mid_game(3, 12)
    data = copy.deepcopy(state.to_dict())
    cell = _first_cell(data)
    top = data["area"][cell][-1]
    other = ("b" if top[0] == "g" else "g") + top[1:]  # same value on top: no ambush
    seat = 0 if other[0] == "g" else 1
    data["area"][cell].append(other)
    hand = data["hands"][seat]
    hand.remove(hand[0]) if hand else None
    with pytest.raises(StateError):
        GameState.from_dict(data)


def test_an_area_that_breaks_M_PLACE_2_cannot_be_loaded() -> None:
    data = copy.deepcopy(mid_game(3, 0).to_dict())
    data["area"] = {"D4": ["g3"], "D5": ["g3"], "D6": ["g3"], "D7": ["g3"], "D3": ["g3"]}
    with pytest.raises(StateError, match=r"3×4|M-PLACE-2|conserved"):
        GameState.from_dict(data)
