"""Scoring a round (M-SCORE-1…4, M-POWER-1, M-POWER-2), written in area notation."""

from __future__ import annotations

import pytest

from engine.moonlight.area import parse_area
from engine.moonlight.scoring import margin, score_area

from .support import position


def sheet(area: str, powers: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())):
    return score_area(parse_area(area), powers)


def test_the_spec_example_as_json() -> None:
    result = sheet("g3 b4m . / g1 g2m b5 .").to_dict()
    # row 1: g 3 vs b 4 -> b; row 2: g1 on the bottom-left corner counts 3, +2 = 5 vs 5: tie
    assert result["rows"] == [{"sums": {"g": 3, "b": 4}, "winner": "b"},
                              {"sums": {"g": 5, "b": 5}, "winner": None}]
    assert result["moons"] == {"g": 1, "b": 1} and result["moon_bonus"] is None
    assert result["points"] == {"g": 0, "b": 1} and result["visible"] == {"g": 3, "b": 2}
    assert result["winner"] == "b"


def test_M_SCORE_1_more_visible_moons_score_two_and_a_tie_scores_nobody() -> None:
    assert sheet("g2m b2m b4").moon_bonus is None
    won = sheet("g2m b3 / g4m b5")
    assert won.moons == (2, 0) and won.moon_bonus == 0
    # counted first: g's moons lie in rows g loses, yet they score the 2 points
    assert [r.winner for r in won.rows] == [1, 1] and won.points == (2, 2 + 1)


def test_M_SCORE_1_a_covered_moon_does_not_count() -> None:
    state = position("b3", covered={"D4": "g2m"})
    assert score_area(state.tops()).moons == (0, 0)


def test_full_moon_counts_each_visible_moon_twice() -> None:
    assert sheet("g2m / b2m / b4m").moon_bonus == 1
    assert sheet("g2m / b2m / b4m", (("full-moon",), ())).moon_bonus is None
    assert sheet("g2m / b2m / b4m", (("full-moon",), ())).moons == (2, 2)


def test_M_SCORE_2_the_higher_row_sum_wins_and_the_loser_s_cards_go() -> None:
    result = sheet("g3 g2m b4 / b1 . .")
    assert [r.sums for r in result.rows] == [(5, 4), (0, 3)]  # b1 on a corner: 3
    assert [r.winner for r in result.rows] == [0, 1]
    # g keeps 3 (+1 for the 3, M-POWER-2) and 2m; moons 1-0 for g; b keeps its 1
    assert result.points == (2 + 2 + 1, 1)


def test_M_SCORE_2_a_tied_row_discards_every_card_in_it() -> None:
    result = sheet("g4 b4 / g1 b5")
    assert result.rows[0].winner is None
    assert result.points == (0, 1)


def test_pack_leader_wins_the_rows_tied_on_value() -> None:
    result = sheet("g4 b4 / g1 b5", ((), ("pack-leader",)))
    assert result.rows[0].winner == 1 and result.points == (0, 2)


def test_M_SCORE_3_each_card_kept_scores_one_point() -> None:
    assert sheet("g2m g4 b5 / . g1 .").points == (2 + 2 + 1, 0)  # moons, 6-5, 1-0
    assert sheet("g5 g4 g4m").points == (2 + 3, 0)


def test_M_POWER_2_a_3_in_a_row_its_owner_won_scores_one_more() -> None:
    assert sheet("g3 g3 b5").points == (4, 0)
    assert sheet("g3 b5").points == (0, 1)  # lost: discarded, no bonus


def test_M_POWER_1_a_1_on_a_corner_counts_three() -> None:
    corner = sheet("g1 b2m / b2m .")  # g1 top-left corner: 3 vs 2
    assert corner.rows[0].sums == (3, 2) and corner.rows[0].winner == 0
    middle = sheet("b2m g1 b2m")  # the middle of a row is no corner
    assert middle.rows[0].sums == (1, 4)


def test_M_POWER_1_the_corners_are_those_of_the_box_when_the_round_ends() -> None:
    """Decision: an incomplete area's corners are its bounding box's, occupied or not."""
    result = sheet("g1 . / b2m b2m")  # top-left of a 2×2 box
    assert result.rows[0].sums == (3, 0)
    wide = sheet(". g1 / b2m b2m / . b2m")  # top-right of a 2×3 box
    assert wide.rows[0].sums == (3, 0)


def test_M_SCORE_4_more_points_win_then_more_visible_cards_then_a_replay() -> None:
    assert sheet("g5 b4").winner == 0
    # 0 points each (a tied row: g's 1 is no corner), g shows more cards
    assert sheet("g3 g1 b4").points == (0, 0)
    assert sheet("g3 g1 b4").winner == 0
    assert sheet("g4 b4").winner is None  # a full tie: replayed


def test_M_SCORE_4_the_margin_is_points_then_visible_cards_with_the_powers() -> None:
    """How far a seat is ahead if the round ended now: the points (M-SCORE-1…3) and, as
    M-SCORE-4's tie-break, a hundredth per visible card more; Alpha Powers count."""
    tops = parse_area("g3 b3 b1")  # one row won by blue (3 < 4): blue 2 kept cards
    assert score_area(tops).points == (0, 3) and score_area(tops).visible == (1, 2)
    assert margin(tops, ((), ()), 0) == pytest.approx(-3.01)
    assert margin(tops, ((), ()), 1) == pytest.approx(3.01)
    moons = parse_area("g2m b2m")  # a tied row; one moon each, doubled by full-moon
    assert margin(moons, ((), ()), 0) == 0
    assert margin(moons, (("full-moon",), ()), 0) == pytest.approx(2.0)


def test_M_SCORE_2_an_area_scores_the_same_wherever_it_lies_on_the_canvas() -> None:
    """Rows are the area's rows: the sheet of an area on D4–G5 is the sheet of the same
    cards on A1–D2 (a row's sum never takes a card of the row below)."""
    tops = parse_area("g3 b4 g1 b2m / b1 g4m b3 g5")
    shifted = {cell + 3 * 7 + 3: code for cell, code in tops.items()}
    assert score_area(shifted) == score_area(tops)
    assert score_area(shifted).rows[0].sums == (4, 6)


def test_M_SCORE_4_tied_points_go_to_the_seat_with_more_visible_cards() -> None:
    """Green wins the top row and keeps its 4, blue the bottom row and keeps its 1: one
    point each; tied on points, blue shows two cards against one and wins."""
    sheet = score_area(parse_area("g4 b3 / b1 ."))
    assert (sheet.points, sheet.visible, sheet.winner) == ((1, 1), (1, 2), 1)
