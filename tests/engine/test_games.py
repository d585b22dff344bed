"""The game interface: both games behind one protocol, records of either."""

from __future__ import annotations

import json

import pytest

from engine.games import Record
from engine.games.errors import GameError, RecordError
from engine.registry import GAMES, game_named, play, read_record, replay, with_result

OPTIONS = {"moonriver": [{}, {"variant": "legends", "scenario": 2}],
           "kingdomino": [{}, {"variants": ["harmony", "middle-kingdom"]},
                          {"variants": ["dynasty"]}],
           "moonlight": [{}, {}]}


def _played(key: str, options: dict[str, object], seats: int, seed: int) -> Record:
    game = game_named(key)
    names = tuple(f"P{i}" for i in range(seats))
    state, _ = game.new_game(names, seed, options)
    players = [game.make_player("random", seed * 10 + i) for i in range(seats)]
    state, actions = play(game, players, state)
    record = Record(key, seed, names, game.options(options), tuple(actions))
    return with_result(record, state)


@pytest.mark.parametrize("key", sorted(GAMES))
def test_every_game_plays_to_the_end_and_its_record_replays(key: str) -> None:
    game = game_named(key)
    for number, options in enumerate(OPTIONS[key]):
        counts = game.player_counts
        record = _played(key, options, counts[number % len(counts)], seed=7 + number)
        assert record.result is not None and record.result.winners
        again = read_record(json.loads(json.dumps(game.record_to_dict(record))))
        assert again == record
        assert game.is_over(replay(again).state)


def test_moonriver_records_keep_their_format_and_load_both_ways() -> None:
    record = _played("moonriver", {}, 3, seed=11)
    data = game_named("moonriver").record_to_dict(record)
    assert data["format"] == "moonriver-record/1" and read_record(data) == record
    assert set(data["result"]["scores"]) == {"P0", "P1", "P2"}  # NOTATION.md: by name


def test_a_changed_result_is_refused_on_replay() -> None:
    record = _played("kingdomino", {}, 2, seed=3)
    assert record.result is not None
    wrong = Record(record.game, record.seed, record.players, record.options, record.actions,
                   type(record.result)(tuple(s + 1 for s in record.result.scores),
                                       record.result.winners))
    with pytest.raises(RecordError, match="differs"):
        replay(wrong)


@pytest.mark.parametrize(("key", "options", "words"), [
    ("moonriver", {"variant": "space"}, "variant"),
    ("moonriver", {"scenario": 2}, "Legends"),
    ("moonriver", {"colour": "red"}, "unknown"),
    ("kingdomino", {"variants": ["dynasty", "space"]}, "space"),
    ("kingdomino", {"variants": "dynasty"}, "list"),
])
def test_bad_options_are_refused_with_a_clear_reason(key: str, options: dict[str, object],
                                                     words: str) -> None:
    with pytest.raises(GameError, match=words):
        game_named(key).options(options)


def test_unknown_games_and_formats_are_named() -> None:
    with pytest.raises(GameError, match="moonriver, kingdomino"):
        game_named("chess")
    with pytest.raises(RecordError, match="known"):
        read_record({"format": "chess/1"})


@pytest.mark.parametrize("key", sorted(GAMES))
def test_a_turn_passes_on_exactly_when_another_decision_owner_starts(key: str) -> None:
    """One post per player turn: a turn ends when the seat changes, and at least once per
    round per seat; never twice in a row without a decision in between."""
    game = game_named(key)
    seats = max(game.player_counts[:2])  # 3 where a game seats them, else its most
    state, _ = game.new_game(("A", "B", "C")[:seats], 5, {})
    player = game.make_player("random", 1)
    turns = decisions = 0
    while not game.is_over(state):
        before = state
        state, events = game.apply(state, player.choose(state))
        decisions += 1
        if game.ends_turn(before, state, events):
            turns += 1
        else:
            assert game.active_seat(state) == game.active_seat(before)
    assert 0 < turns <= decisions


@pytest.mark.parametrize("key", sorted(GAMES))
@pytest.mark.parametrize(("text", "words"), [
    ("", "empty action"), ("   ", "empty action"), (17, "an action is text"),
    ("pass now please", "unknown action|expected `"),
])
def test_both_games_word_the_same_mistakes_in_action_text_the_same(
        key: str, text: object, words: str) -> None:
    with pytest.raises(GameError, match=words):
        game_named(key).parse_action(text)


@pytest.mark.parametrize(("key", "text", "usage"), [
    ("moonriver", "CHOOSE  p17 p18", "choose p17"),
    ("kingdomino", "Claim 17 18", "claim 17"),
    ("kingdomino", "place 17 E4", "place 17 E4 right"),
])
def test_a_verb_with_the_wrong_number_of_words_shows_how_it_is_written(
        key: str, text: str, usage: str) -> None:
    with pytest.raises(GameError, match=f"expected `{usage}`"):
        game_named(key).parse_action(text)


def test_the_end_of_a_game_is_one_event_in_both_games() -> None:
    from engine.kingdomino import events as kingdomino_events
    from engine.moonriver import events

    assert kingdomino_events.GameEnded is events.GameEnded
    record = _played("kingdomino", {}, 2, seed=4)
    *_, last = replay(record).events
    assert isinstance(last[-1], events.GameEnded)
    assert record.result is not None and last[-1].scores == record.result.scores
