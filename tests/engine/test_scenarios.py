"""R-LEG-2: the four Legends scenarios scored on ranches written in ranch notation.

Each scenario: groups of exactly 2 (nothing), 3 (10) and 4 (20) orthogonally adjacent
qualifying parcels, two separate groups, and what does not qualify.
"""

import json

import pytest

from engine.moonriver.ranch import parse_ranch
from engine.moonriver.scenarios import group_points, score_scenario
from engine.moonriver.scoring import score_ranch

EMPTY_ROW = ". . . . ."


def ranch(*rows: str) -> str:
    """Rows given from row 1 (the river) upwards; the rest of the 5x5 ranch is empty."""
    rows_up = list(rows) + [EMPTY_ROW] * (5 - len(rows))
    return " / ".join(reversed(rows_up))


def groups(text: str, scenario: str) -> tuple[int, ...]:
    return score_scenario(parse_ranch(text), scenario).groups


def points(text: str, scenario: str) -> int:
    return score_scenario(parse_ranch(text), scenario).points


def test_R_LEG_2_group_points_ten_from_three_plus_ten_per_further_parcel() -> None:
    assert [group_points(n) for n in range(7)] == [0, 0, 0, 10, 20, 30, 40]


# --- 1. Timber Trade: a forest territory touching the river (row 1) ----------------------

def test_R_LEG_2_timber_groups_of_two_three_and_four() -> None:
    assert points(ranch("fo fo . . ."), "timber") == 0
    assert groups(ranch("fo fo . . ."), "timber") == ()
    assert points(ranch("fo fo . . .", "fo . . . ."), "timber") == 10
    assert points(ranch("fo fo . . .", "fo fo . . ."), "timber") == 20


def test_R_LEG_2_timber_two_separate_groups() -> None:
    text = ranch("fo fo fo de fo", ". . . . fo", ". . . . fo", ". . . . fo")
    assert groups(text, "timber") == (4, 3)
    assert points(text, "timber") == 30


def test_R_LEG_2_timber_a_forest_not_touching_the_river_scores_nothing() -> None:
    assert points(ranch("de de . . .", "fo fo fo . ."), "timber") == 0
    # one territory touching the river counts whole, up the ranch
    assert groups(ranch("fo . . . .", "fo . . . .", "fo fo fo . ."), "timber") == (5,)


def test_R_LEG_2_timber_counts_forests_only() -> None:
    assert points(ranch("fo me fo . .", "me me me . ."), "timber") == 0


# --- 2. Gold Rush: parcels with gold nuggets, any of desert, canyon, meadow ---------------

def test_R_LEG_2_gold_groups_of_two_three_and_four() -> None:
    assert points(ranch("de1 ca1 . . ."), "gold") == 0
    assert points(ranch("de1 ca1 me2 . ."), "gold") == 10  # mixed landscapes form a group
    assert points(ranch("de1 ca1 . . .", "me1 me3 . . ."), "gold") == 20


def test_R_LEG_2_gold_two_separate_groups_and_plain_parcels_break_them() -> None:
    text = ranch("de1 de1 de1 de de1", ". . . . ca1", ". . . . me1")
    assert groups(text, "gold") == (3, 3)
    assert points(text, "gold") == 20


def test_R_LEG_2_gold_beavers_and_cobs_are_not_gold() -> None:
    assert points(ranch("fo1 fo2 fo1 co3 co2"), "gold") == 0


# --- 3. Outlaws: parcels holding partners, with at least one Desperado or Cattle Thief ----

def test_R_LEG_2_outlaws_groups_of_two_three_and_four() -> None:
    assert points(ranch("de!thief me!farmer . . ."), "outlaws") == 0
    assert points(ranch("de!thief me!farmer fo!cowboy . ."), "outlaws") == 10
    assert points(ranch("de!desperado me!farmer . . .", "ca!cowboy ca!trapper . . ."),
                  "outlaws") == 20


def test_R_LEG_2_outlaws_two_separate_groups() -> None:
    text = ranch("de!thief me!farmer fo!cowboy . de!desperado", ". . . . ca!cowboy",
                 ". . . . ca!golddigger")
    assert groups(text, "outlaws") == (3, 3)


def test_R_LEG_2_outlaws_group_without_desperado_or_thief_scores_nothing() -> None:
    assert points(ranch("de!cowboy me!farmer fo!trapper ca!golddigger ."), "outlaws") == 0
    # a chip turned to its cowboy side is a cowboy (the face shown counts)
    assert points(ranch("de!cowboy me!cowboy fo!cowboy . ."), "outlaws") == 0


def test_R_LEG_2_outlaws_parcels_without_partners_break_a_group() -> None:
    assert points(ranch("de!thief me!farmer fo fo!cowboy ca!cowboy"), "outlaws") == 0


# --- 4. Moon River City: farms ---------------------------------------------------------

def test_R_LEG_2_city_groups_of_two_three_and_four() -> None:
    assert points(ranch("fa fa . . ."), "city") == 0
    assert points(ranch("fa fa . . .", ". fa . . ."), "city") == 10
    assert points(ranch("fa fa . . .", ". fa fa . ."), "city") == 20


def test_R_LEG_2_city_two_separate_groups_and_diagonals_do_not_join() -> None:
    text = ranch("fa fa fa . .", ". . . fa .", ". . . fa .", ". . . fa .")
    assert groups(text, "city") == (3, 3)  # D2 touches C1 only at a corner
    assert points(text, "city") == 20


# --- in the score sheet and on the command line ------------------------------------------

def test_R_LEG_2_scenario_points_are_part_of_the_total() -> None:
    grid = parse_ranch(ranch("fa+ fa fa fa . "))
    base = score_ranch(grid)
    city = score_ranch(grid, 4)
    assert base.scenario is None and base.scenario_points == 0
    assert (city.scenario_points, city.total) == (20, base.total + 20)
    assert city.to_dict()["scenario"] == {"name": "city", "points": 20, "groups": [4]}
    assert base.to_dict()["scenario"] is None
    assert score_ranch(grid, 1).to_dict()["scenario"] == {"name": "timber", "points": 0,
                                                         "groups": []}


@pytest.mark.parametrize(("name", "expected"), [("timber", 0), ("gold", 10), ("outlaws", 0),
                                                ("city", 20), ("4", 20)])
def test_R_LEG_2_moonriver_score_with_scenario(name: str, expected: int) -> None:
    text = ranch("fa+ fa fa fa de1", ". . . . ca1", ". . . . me1")
    from tests.cli_in_process import run_cli  # `moonriver score`, in-process

    out = run_cli("score", text, "--scenario", name)
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["scenario"]["points"] == expected
    assert data["total"] == 4 + 3 + expected  # farm 4 x 1 cow, 3 nuggets, the scenario
