"""Moonlight records (`moonlight-record/1`, MOONLIGHT.md) through the game interface:
they replay exactly, and a wrong result, an illegal action or another format is
refused."""

from __future__ import annotations

import json

import pytest

from engine.games import Record, Result
from engine.games.errors import GameError, RecordError
from engine.registry import game_named, read_record, replay

from .support import make_record, play_game

GAME = game_named("moonlight")


def test_the_registry_names_moonlight_with_the_game_interface() -> None:
    assert GAME.key == "moonlight" and GAME.player_counts == (2,)
    assert GAME.record_format == "moonlight-record/1" and GAME.title == "Moonlight"
    assert GAME.options({}) == {}
    with pytest.raises(GameError, match="Moonlight has no options"):
        GAME.options({"variant": "legends"})


def test_a_record_with_options_is_refused_in_words_that_say_options_once() -> None:
    state, actions = play_game(8, ("greedy", "random"))
    record = {**GAME.record_to_dict(make_record(state, actions)), "options": {"variant": "x"}}
    with pytest.raises(RecordError) as caught:
        GAME.record_from_dict(record)
    assert str(caught.value) == "Moonlight has no options (got 'variant')"


def test_a_record_survives_json_and_replays_to_the_same_state() -> None:
    state, actions = play_game(8, ("greedy", "random"))
    record = make_record(state, actions)
    data = json.loads(json.dumps(GAME.record_to_dict(record)))
    assert data["format"] == "moonlight-record/1" and data["game"] == "moonlight"
    assert data["options"] == {} and data["result"]["scores"] == list(state.wins)
    assert GAME.record_from_dict(data) == record == read_record(data)
    assert replay(record).state == state
    assert replay(read_record(data)).state.to_dict() == state.to_dict()


def test_records_refuse_a_wrong_result_an_illegal_action_or_another_format() -> None:
    state, actions = play_game(4)
    record = make_record(state, actions)
    wrong = Record(record.game, record.seed, record.players, {}, record.actions,
                   Result((0, 0), (0,)))
    with pytest.raises(RecordError, match="differs"):
        replay(wrong)
    bad = Record(record.game, record.seed, record.players, {}, ("play 5 A1",))
    with pytest.raises(RecordError, match="action 1"):
        replay(bad)
    data = GAME.record_to_dict(record)
    with pytest.raises(RecordError, match="moonlight-record/1"):
        GAME.record_from_dict({**data, "format": "kingdomino-record/1"})
    with pytest.raises(RecordError, match="game"):
        GAME.record_from_dict({**data, "game": "kingdomino"})
    with pytest.raises(RecordError, match="result"):
        GAME.record_from_dict({**data, "result": {"scores": [1], "winners": [0]}})


def test_the_game_interface_plays_moonlight_to_the_end() -> None:
    state, events = GAME.new_game(("Ann", "Bo"), 3, {})
    player = GAME.make_player("random", 1)
    turns = 0
    while not GAME.is_over(state):
        before = state
        state, events = GAME.apply(state, player.choose(state))
        turns += GAME.turns_begun(before, state, events)
        if not GAME.ends_turn(before, state, events):
            assert GAME.active_seat(state) == GAME.active_seat(before)
    result = GAME.result(state)
    assert result is not None and result.scores == tuple(state.wins) and turns > 10
    assert GAME.state_from_dict(GAME.state_to_dict(state)) == state
    assert GAME.names(state) == ("Ann", "Bo") and GAME.table_options(state) == {}


RESULT_REFUSAL = "result must be null or hold rounds won per seat and the winner"


@pytest.mark.parametrize("result", [
    "2:1", {"scores": [2, 1]}, {"winners": [0]}, {"scores": [2], "winners": [0]},
    {"scores": [2, True], "winners": [0]}, {"scores": [2, "1"], "winners": [0]},
    {"scores": "21", "winners": [0]}, {"scores": [2, 1], "winners": 0},
    {"scores": [2, 1], "winners": [2]}, {"scores": [2, 1], "winners": [-1]},
    {"scores": [2, 1], "winners": ["0"]},
])
def test_M_WIN_a_record_s_result_is_rounds_won_per_seat_and_the_winner(result: object) -> None:
    state, actions = play_game(4)
    data = GAME.record_to_dict(make_record(state, actions))
    assert GAME.record_from_dict({**data, "result": {"scores": [2, 1], "winners": [1]}}
                                 ).result == Result((2, 1), (1,))
    assert GAME.record_from_dict({**data, "result": None}).result is None
    without_game = {key: value for key, value in data.items() if key != "game"}
    assert GAME.record_from_dict(without_game) == GAME.record_from_dict(data)
    with pytest.raises(RecordError) as caught:
        GAME.record_from_dict({**data, "result": result})
    assert str(caught.value) == RESULT_REFUSAL
    with pytest.raises(RecordError) as caught:
        GAME.record_from_dict({**data, "game": "kingdomino"})
    assert str(caught.value) == ("a moonlight-record/1 record is of game 'moonlight', "
                                 "not 'kingdomino'")


def test_a_record_of_an_unfinished_game_has_no_result() -> None:
    state, actions = play_game(4)
    unfinished = Record("moonlight", state.seed, state.players, {}, tuple(actions[:5]))
    data = GAME.record_to_dict(unfinished)
    assert data["result"] is None and data["actions"] == list(actions[:5])
    assert GAME.record_from_dict(data) == unfinished
