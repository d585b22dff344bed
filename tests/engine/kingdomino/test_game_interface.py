"""Kingdomino behind the game interface (engine.registry): turns, names, events, results.

The bot counts turns and narrates from these calls alone, so each one is checked against
the rules machine it wraps: K-TURN-1's place-then-claim is one turn, a drawn line is news
for everybody, a finished game has a result and an unfinished one none.
"""

from __future__ import annotations

import pytest

from engine.games.base import Record
from engine.games.errors import GameError, RecordError
from engine.kingdomino import events as ev
from engine.kingdomino.game import is_over, legal_actions, new_game
from engine.kingdomino.scoring import Standing, property_points, score_kingdom
from engine.kingdomino.state import Phase
from engine.registry import game_named

from .support import play_random

GAME = game_named("kingdomino")


def test_K_TURN_1_placing_then_claiming_is_one_turn() -> None:
    state, _ = GAME.new_game(["A", "B", "C"], 4, {})
    assert GAME.names(state) == ("A", "B", "C")
    seen = {"claim after place": 0, "other": 0}
    while not GAME.is_over(state):
        assert GAME.legal_actions(state) == legal_actions(state)
        action = GAME.legal_actions(state)[0]
        after, events = GAME.apply(state, action)
        ends = GAME.ends_turn(state, after, events)
        if after.phase is Phase.CLAIM and (after.round, after.cursor) == (state.round,
                                                                          state.cursor):
            assert after.active_seat == state.active_seat and not ends  # the same turn
            seen["claim after place"] += 1
        else:  # a claim, a last-round placement, a setup claim (K-SETUP-3): turn over
            assert ends
            seen["other"] += 1
        state = after
    assert all(seen.values())


def test_K_SETUP_2_drawn_lines_are_news_and_placements_are_not() -> None:
    state, events = GAME.new_game(["A", "B"], 4, {})
    assert GAME.reveals(events)  # the kings and the first line
    data = [e.to_dict() for e in events]
    assert GAME.events_from_dicts(data) == tuple(events)
    while state.phase is not Phase.PLACE:
        state, events = GAME.apply(state, legal_actions(state)[0])
    _, events = GAME.apply(state, legal_actions(state)[0])
    assert [type(e) for e in events] == [ev.DominoPlaced]
    assert not GAME.reveals(events)
    assert GAME.events_from_dicts([e.to_dict() for e in events]) == tuple(events)


def test_K_SCORE_4_a_result_exists_once_the_game_is_over() -> None:
    state = new_game(["A", "B"], 6)
    assert not is_over(state) and GAME.result(state) is None
    final, actions = play_random(2, 6)
    assert is_over(final)
    result = GAME.result(final)
    assert result is not None and list(result.scores) == [
        score_kingdom(k, discarded=len(d)).total for k, d in
        zip(final.kingdoms, final.discards, strict=True)]
    unfinished = Record(GAME.key, 6, ("A", "B"), {}, tuple(actions[:5]), None)
    assert GAME.record_to_dict(unfinished)["result"] is None
    assert GAME.record_from_dict(GAME.record_to_dict(unfinished)).result is None
    finished = Record(GAME.key, 6, ("A", "B"), {}, tuple(actions), result)
    assert GAME.record_from_dict(GAME.record_to_dict(finished)).result == result


def test_K_DYN_standings_add_up_points_and_both_tie_breaks() -> None:
    assert Standing(20, 5, 7) + Standing(31, 9, 4) == Standing(51, 14, 11)


def test_K_SCORE_1_property_points_is_the_sheets_sum_without_bonuses() -> None:
    """The bare number for computer players agrees with the full score sheet."""
    kingdoms = 0
    for seed in range(12):
        final, _ = play_random(4 if seed % 2 else 2, seed,
                               ("mighty-duel",) if seed % 3 == 0 and seed % 2 == 0 else ())
        for kingdom in final.kingdoms:
            assert property_points(kingdom) == score_kingdom(kingdom).property_points
            kingdoms += 1
    assert kingdoms == 36


def test_K_DYN_king_turns_count_on_across_the_three_games() -> None:
    """K-TURN-1: one turn per king per round; a Dynasty's turns add up over its games."""
    state, _ = GAME.new_game(["A", "B"], 3, {"variants": ["dynasty"]})
    turns = 0
    while not GAME.is_over(state):
        after, _ = GAME.apply(state, legal_actions(state)[-1])
        begun = GAME.turns_begun(state, after, [])
        assert begun >= 0  # forced moves may begin several turns in one apply
        turns += begun
        state = after
    config = state.config
    assert turns == 3 * config.rounds * config.line_size


def test_names_must_differ_and_results_must_name_seats() -> None:
    with pytest.raises(GameError) as caught:
        GAME.new_game(["A", "A"], 1, {})
    assert str(caught.value) == "player names must differ"
    final, actions = play_random(2, 6)
    data = GAME.record_to_dict(GAME.record_from_dict(GAME.record_to_dict(
        Record(GAME.key, 6, ("P0", "P1"), {}, tuple(actions), GAME.result(final)))))
    data["result"]["winners"] = {}
    with pytest.raises(RecordError) as caught:
        GAME.record_from_dict(data)
    assert str(caught.value) == ("result must be null or hold a score per seat and the "
                                 "winners")


def test_K_VAR_table_options_are_refused_in_words() -> None:
    with pytest.raises(GameError) as caught:
        GAME.options({"variants": "harmony"})
    assert str(caught.value) == "variants must be a list of variant names"
    with pytest.raises(GameError) as caught:
        GAME.options({"variants": ["tiny"]})
    assert str(caught.value) == ("unknown variant 'tiny' (available: middle-kingdom, "
                                 "harmony, dynasty, mighty-duel)")
    with pytest.raises(GameError) as caught:
        GAME.options({"colours": []})
    assert str(caught.value) == "unknown Kingdomino option 'colours' (available: variants)"
