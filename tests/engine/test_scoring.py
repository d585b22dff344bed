"""R-SCORE-*, R-END-3, the rulebook example, and the common mistakes of RULES.md §8."""

import json

from engine.moonriver.ranch import parse_ranch
from engine.moonriver.scoring import apply_overpopulation, score_ranch, winners

EXAMPLE = ("co5 co5 co4 co4 fo1 / de de1 de de+ de1 / ca+ ca+ ca1 ca ca+ / ca1 ca me+ me+ me / "
           "fa+ fa+ fa+ fa+!farmer .")


def score(text: str) -> int:
    return score_ranch(parse_ranch(text)).total


def test_R_SCORE_EX_the_rulebook_example_scores_89() -> None:
    sheet = score_ranch(parse_ranch(EXAMPLE))
    assert sheet.total == 89
    by_land = {(t.landscape.label, t.size, t.cows): t.points for t in sheet.territories}
    assert by_land == {("desert", 5, 1): 5, ("canyon", 7, 3): 21, ("meadow", 3, 2): 6,
                       ("farm", 4, 4): 16, ("forest", 1, 0): 0, ("cornfield", 4, 0): 0}
    assert (sheet.gold, sheet.beavers, sheet.corn) == (4, 1, 18)
    assert sheet.partner_points == 18


def test_R_SCORE_EX_through_the_moonriver_cli() -> None:
    from tests.cli_in_process import run_cli  # `moonriver score`, in-process

    out = run_cli("score", EXAMPLE)
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["total"] == 89
    assert set(data) == {"total", "territories", "resources", "partners", "scenario",
                         "largest_territory", "cows"}
    assert data["largest_territory"] == 7 and data["cows"] == 10


def test_R_SCORE_1_territory_is_parcels_times_cows() -> None:
    assert score(". . . . . / . . . . . / . . . . . / . . . . . / de+ de de+ . .") == 6
    # two separate desert territories score separately: 1x1 and 2x1
    assert score(". . . . . / . . . . . / . . . . . / . . . . . / de+ ca de+ de . ") == 3


def test_R_SCORE_1_no_cow_no_points_and_cornfields_only_cobs() -> None:
    assert score(". . . . . / . . . . . / . . . . . / . . . . . / me me me me me") == 0
    assert score(". . . . . / . . . . . / . . . . . / . . . . . / co3 co2 . . .") == 5


def test_R_SCORE_2_each_resource_is_one_point() -> None:
    assert score(". . . . . / . . . . . / . . . . . / . . . . . / de2 ca1 me1 fo3 co4") == 11


def test_R_SCORE_3_each_scoring_specialist_counts_separately() -> None:
    ranch = (". . . . . / . . . . . / . . . . . / . . . . . / "
             "de2!golddigger ca1!golddigger fo3!trapper co4!farmer me!cowboy")
    sheet = score_ranch(parse_ranch(ranch))
    assert [p.points for p in sheet.partners] == [3, 3, 3, 4, 0]
    assert sheet.total == 10 + 13  # resources + partner bonuses


def test_R_SCORE_4_ties_break_on_largest_territory_then_cows_then_shared() -> None:
    a = score_ranch(parse_ranch(". . . . . / . . . . . / . . . . . / . . . . . / de+ . . . ."))
    b = score_ranch(parse_ranch(". . . . . / . . . . . / . . . . . / . . . . . / "
                                "de+ . me me me"))
    assert a.total == b.total == 1
    assert winners([a, b]) == [1]  # largest territory 3 (meadow without cows counts)
    c = score_ranch(parse_ranch(". . . . . / . . . . . / . . . . . / . . . . . / "
                                "de+ fo+ . . ."))
    d = score_ranch(parse_ranch(". . . . . / . . . . . / . . . . . / . . . . . / de++ . . . ."))
    assert (c.total, d.total) == (2, 2) and c.largest_territory == d.largest_territory
    assert winners([c, d]) == [0, 1]  # same points, largest territory and cows: shared
    e = score_ranch(parse_ranch(". . . . . / . . . . . / . . . . . / . . . . . / "
                                "de+ de1 . . ."))
    f = score_ranch(parse_ranch(". . . . . / . . . . . / . . . . . / . . . . . / "
                                "de++ de . . ."))
    assert (e.total, f.total) == (3, 4)
    assert winners([e, f]) == [1]


def test_R_END_3_overpopulation_keeps_one_cow_per_parcel() -> None:
    grid, removed = apply_overpopulation(parse_ranch(
        ". . . . . / . . . . . / . . . . . / . . . . . / de+++ de++ de . ."))
    assert removed == 3
    assert [c.cows for c in grid.cells[:3]] == [1, 1, 0]


def test_mistake_cow_symbols_do_not_score_only_cows_standing() -> None:
    # ranch notation holds only cows standing; a parcel's printed symbols are not in it
    assert score(". . . . . / . . . . . / . . . . . / . . . . . / de de . . .") == 0


def test_mistake_at_most_one_cow_per_parcel_at_final_scoring() -> None:
    grid = parse_ranch(". . . . . / . . . . . / . . . . . / . . . . . / de+++ de . . .")
    assert score_ranch(grid).total == 6  # before the end any number may stand
    assert score_ranch(apply_overpopulation(grid)[0]).total == 2


def test_R_SCORE_breakdown_is_the_json_of_the_command_line_contract() -> None:
    """NOTATION.md: `moonriver score` prints exactly this breakdown (R-SCORE-1 … 3)."""
    sheet = score_ranch(parse_ranch(". . . . . / . . . . . / . . . . . / fa . . . . / "
                                    "de+ de1!golddigger fa co2 ."))
    assert sheet.to_dict() == {
        "total": 2 + 3 + 1,
        "territories": [
            {"landscape": "desert", "size": 2, "cows": 1, "points": 2, "cells": ["A1", "B1"]},
            {"landscape": "farm", "size": 1, "cows": 0, "points": 0, "cells": ["C1"]},
            {"landscape": "cornfield", "size": 1, "cows": 0, "points": 0, "cells": ["D1"]},
            {"landscape": "farm", "size": 1, "cows": 0, "points": 0, "cells": ["A2"]},
        ],
        "resources": {"gold": 1, "beavers": 0, "corn": 2, "points": 3},
        "partners": {"points": 1, "chips": [{"cell": "B1", "face": "golddigger", "points": 1}]},
        "scenario": None,
        "largest_territory": 2,
        "cows": 1,
    }
