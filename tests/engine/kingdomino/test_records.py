"""Kingdomino records (KINGDOMINO.md, `kingdomino-record/1`) through the game interface:
they replay exactly, and a wrong result, an illegal action or another format is refused."""

import json

import pytest

from engine.games import Record, Result
from engine.games.errors import RecordError
from engine.registry import game_named, read_record, replay, with_result

from .support import play_random

GAME = game_named("kingdomino")


def recorded(players: int, seed: int, variants: tuple[str, ...] = ()) -> tuple[Record, object]:
    state, actions = play_random(players, seed, variants)
    record = Record(GAME.key, seed, state.config.players, GAME.table_options(state),
                    tuple(actions))
    return with_result(record, state), state


def test_a_record_survives_json_and_replays_to_the_same_state() -> None:
    record, state = recorded(4, 8, ("harmony", "middle-kingdom"))
    data = json.loads(json.dumps(GAME.record_to_dict(record)))
    assert data["format"] == "kingdomino-record/1"
    assert data["options"] == {"variants": ["harmony", "middle-kingdom"]}
    assert data["result"]["scores"] == list(record.result.scores)  # by seat
    again = read_record(data)
    assert again == record
    assert replay(again).state.to_dict() == state.to_dict()  # type: ignore[attr-defined]


def test_records_refuse_a_wrong_result_or_action() -> None:
    record, state = recorded(3, 4)
    assert replay(record).state.to_dict() == state.to_dict()  # type: ignore[attr-defined]
    wrong = Record(GAME.key, 4, record.players, record.options, record.actions,
                   Result((0, 0, 0), (0,)))
    with pytest.raises(RecordError, match="differs"):
        replay(wrong)
    actions = record.actions
    broken = Record(GAME.key, 4, record.players, record.options,
                    (*actions[:5], "claim 99", *actions[6:]))
    with pytest.raises(RecordError, match="action 6"):
        replay(broken)
    with pytest.raises(RecordError, match="not a kingdomino-record"):
        GAME.record_from_dict({"format": "moonriver-record/1"})


@pytest.mark.parametrize("bad", [
    {"variants": ["space"]},
    {"variants": "dynasty"},
    {"kings": 3},
])
def test_a_record_with_bad_options_is_refused(bad: dict[str, object]) -> None:
    data = {"format": "kingdomino-record/1", "seed": 1, "players": ["A", "B"],
            "options": bad, "actions": []}
    with pytest.raises(RecordError, match="option"):
        read_record(data)


@pytest.mark.parametrize("result", [
    {"scores": [1], "winners": [0]},  # not one score per seat
    {"scores": [1, 2], "winners": [2]},  # no such seat
    {"scores": {"A": 1, "B": 2}, "winners": ["B"]},  # Moon River's by-name shape
    [1, 2],
])
def test_a_malformed_result_is_refused(result: object) -> None:
    data = {"format": "kingdomino-record/1", "seed": 1, "players": ["A", "B"],
            "actions": [], "result": result}
    with pytest.raises(RecordError, match="result"):
        read_record(data)


@pytest.mark.parametrize(("players", "variants", "turns"), [
    (4, (), 48), (3, (), 36), (2, (), 24), (2, ("mighty-duel",), 48),
    (2, ("dynasty",), 72),
])
def test_K_ROUNDS_a_whole_game_is_one_king_turn_per_domino_played(
        players: int, variants: tuple[str, ...], turns: int) -> None:
    record, _ = recorded(players, 3, variants)
    assert replay(record).turns == turns


def test_K_TURN_1_replay_stops_where_a_king_turn_begins() -> None:
    record, _ = recorded(4, 6)
    assert replay(record, until_turn=0).events == ()  # before the first decision
    for turn in (1, 2, 5, 13, 48):
        stopped = replay(record, until_turn=turn)
        assert stopped.turns == turn
        state = stopped.state
        if turn < 48:  # a king is about to place: the first decision of its turn
            assert state.phase.name == "PLACE"
            assert (state.round - 1) * 4 + state.cursor + 1 == turn
    with pytest.raises(RecordError, match="48 turns, not 49"):
        replay(record, until_turn=49)
