"""Scoring and the end: K-SCORE-1…4, K-DYN."""

import pytest

from engine.kingdomino import events as ev
from engine.kingdomino.ai import RandomPlayer
from engine.kingdomino.dominoes import Terrain
from engine.kingdomino.game import apply, outcome, start_game
from engine.kingdomino.notation import parse_kingdom
from engine.kingdomino.scoring import Standing, score_kingdom, winners
from engine.kingdomino.state import Phase

EXAMPLE = ("wh1 wh fo fo1 fo / wh C wa wa wa1 / gr gr . . . / . . . . . / "
           "sw1 . . . sw2")
CENTRED = ("wh wh wh wh wh / wh wh1 wh wh wh / wh wh C wh wh / wh wh wh wh wh / "
           "wh wh wh wh wh")
OFF_CENTRE = ("C wh wh wh wh / wh wh1 wh wh wh / wh wh wh wh wh / wh wh wh wh wh / "
              "wh wh wh wh wh")


def test_K_SCORE_1_properties_score_squares_times_crowns() -> None:
    sheet = score_kingdom(parse_kingdom(EXAMPLE))
    found = sorted((p.terrain.label, p.size, p.crowns, p.points) for p in sheet.properties)
    assert found == [("forest", 3, 1, 3), ("grassland", 2, 0, 0), ("swamp", 1, 1, 1),
                     ("swamp", 1, 2, 2), ("water", 3, 1, 3), ("wheat", 3, 1, 3)]
    assert sheet.total == 12 and sheet.bonuses == ()


def test_K_SCORE_1_the_castle_joins_no_property() -> None:
    sheet = score_kingdom(parse_kingdom("wh1 C wh"))
    assert sorted(p.size for p in sheet.properties if p.terrain is Terrain.WHEAT) == [1, 1]
    assert sheet.total == 1


def test_K_SCORE_1_the_score_sheet_json() -> None:
    """The fields `moonriver score --game kingdomino` prints (KINGDOMINO.md)."""
    data = score_kingdom(parse_kingdom(EXAMPLE)).to_dict()
    assert set(data) == {"total", "properties", "bonuses", "largest_property", "crowns"}
    assert data["total"] == 12 and data["largest_property"] == 3 and data["crowns"] == 6
    assert {"terrain": "forest", "size": 3, "crowns": 1, "points": 3} in data["properties"]


def test_K_SCORE_2_middle_kingdom() -> None:
    centred, off = parse_kingdom(CENTRED), parse_kingdom(OFF_CENTRE)
    assert score_kingdom(centred, middle_kingdom=True).to_dict()["bonuses"] == {
        "middle_kingdom": 10}
    assert score_kingdom(off, middle_kingdom=True).bonuses == ()
    assert score_kingdom(centred).bonuses == ()  # only when the table chose it
    small = parse_kingdom("wh wh wh / wh C wh / wh wh wh")  # centred but not 5×5
    assert score_kingdom(small, middle_kingdom=True).bonuses == ()


def test_K_SCORE_3_harmony() -> None:
    full = parse_kingdom(OFF_CENTRE)
    assert score_kingdom(full, harmony=True).to_dict()["bonuses"] == {"harmony": 5}
    assert score_kingdom(full, harmony=True, discarded=1).bonuses == ()
    gap = parse_kingdom(OFF_CENTRE.rsplit(" ", 1)[0] + " .")  # the last square missing
    assert score_kingdom(gap, harmony=True).bonuses == ()
    both = score_kingdom(parse_kingdom(CENTRED), middle_kingdom=True, harmony=True)
    assert both.total == 24 * 1 + 15


def test_K_SCORE_4_tie_breaks() -> None:
    assert winners([Standing(40, 5, 9), Standing(41, 3, 2)]) == [1]
    assert winners([Standing(40, 5, 9), Standing(40, 6, 2)]) == [1]  # largest property
    assert winners([Standing(40, 6, 9), Standing(40, 6, 8)]) == [0]  # then crowns
    assert winners([Standing(40, 6, 9), Standing(40, 6, 9), Standing(3, 1, 1)]) == [0, 1]


def test_K_SCORE_4_in_played_games() -> None:
    for seed in range(30):
        state, _ = start_game(["A", "B", "C"], seed)
        ai = RandomPlayer(seed)
        while state.phase is not Phase.OVER:
            state, _ = apply(state, ai.choose(state))
        result = outcome(state)
        assert result is not None
        keys = [(s.total, s.largest_property, s.crowns) for s in result.sheets]
        assert list(result.winners) == [i for i, k in enumerate(keys) if k == max(keys)]


@pytest.mark.parametrize("players", [2, 4])
def test_K_DYN_three_games_summed(players: int) -> None:
    state, events = start_game([f"P{i}" for i in range(players)], 6,
                               variants=["dynasty"])
    ai = RandomPlayer(6)
    while state.phase is not Phase.OVER:
        state, more = apply(state, ai.choose(state))
        events += more
    scored = [e for e in events if isinstance(e, ev.GameScored)]
    assert [e.game for e in scored] == [1, 2, 3]
    assert [e.game for e in events if isinstance(e, ev.KingsDrawn)] == [1, 2, 3]
    result = outcome(state)
    assert result is not None
    assert result.games == tuple(e.scores for e in scored)
    assert result.totals == tuple(sum(g[s] for g in result.games) for s in range(players))
    ended = events[-1]
    assert isinstance(ended, ev.GameEnded) and ended.scores == result.totals
    assert ended.winners == result.winners and result.winners
    lines = [e.dominoes for e in events if isinstance(e, ev.LineDrawn)]
    per_game = len(lines) // 3
    assert lines[:per_game] != lines[per_game:2 * per_game]  # a new deal each game
