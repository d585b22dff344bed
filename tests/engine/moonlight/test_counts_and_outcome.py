"""Counting legal actions without building them, the outcome and the sheet's JSON.

Random playouts and the computer players count choices with `legal_action_count`; the
bot reads the end from `is_over` and `outcome`; `moonlight score` prints `to_dict`.
"""

from __future__ import annotations

import pytest

from engine.games.events import Event
from engine.moonlight.actions import Action
from engine.moonlight.area import parse_area
from engine.moonlight.game import is_over, legal_action_count, legal_actions, outcome
from engine.moonlight.scoring import score_area
from engine.moonlight.state import GameState, Phase

from .support import play_game


def test_M_TURN_1_counting_choices_agrees_with_listing_them() -> None:
    counted = 0
    for seed in range(6):
        def step(before: GameState, action: Action, after: GameState,
                 events: list[Event]) -> None:
            nonlocal counted
            fresh = after.copy()  # nothing remembered about legal actions
            assert legal_action_count(fresh) == len(legal_actions(after.copy()))
            counted += 1
        play_game(seed, ("random", "random"), step)
    assert counted > 100


def test_M_WIN_the_outcome_lists_every_deal() -> None:
    final, _ = play_game(3)
    assert is_over(final) and final.phase is Phase.OVER
    result = outcome(final)
    assert result is not None and result.rounds == tuple(final.rounds)
    assert result.wins == (final.wins[0], final.wins[1])


def test_M_SCORE_1_the_sheet_names_the_moon_majority() -> None:
    sheet = score_area(parse_area("g2m g3 b4"))
    assert sheet.moon_bonus == 0 and sheet.to_dict()["moon_bonus"] == "g"


def test_M_WIN_a_game_under_way_is_not_over() -> None:
    from engine.moonlight.game import new_game

    state = new_game(["Ann", "Bo"], 4)
    assert not is_over(state) and outcome(state) is None


def test_M_TURN_1_a_choice_is_found_by_its_index_with_or_without_counting() -> None:
    from engine.moonlight.game import legal_action, new_game

    state = new_game(["Ann", "Bo"], 4)
    options = legal_actions(state.copy())
    assert [legal_action(state.copy(), i) for i in range(len(options))] == options
    counted = state.copy()
    assert legal_action_count(counted) == len(options)
    assert [legal_action(counted, i) for i in range(len(options))] == options
    with pytest.raises(IndexError) as caught:
        legal_action(counted, len(options))
    assert str(caught.value) == "no such legal action"
