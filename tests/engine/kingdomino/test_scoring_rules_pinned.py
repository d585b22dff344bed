"""Kingdomino rules pinned by small positions with known answers: the 48 dominoes one by
one (K-COMP-1), properties and their squares (K-SCORE-1), harmony lost to a discard on the
table (K-SCORE-3), the largest-property tie-break (K-SCORE-4) and the Dynasty series'
tie-break (K-DYN with K-SCORE-4)."""

import re
from pathlib import Path

import pytest

from engine.kingdomino.ai import RandomPlayer
from engine.kingdomino.dominoes import Square, dominoes
from engine.kingdomino.game import apply, new_game, outcome, score_sheets
from engine.kingdomino.notation import parse_kingdom
from engine.kingdomino.scoring import HARMONY, Standing, properties_of, score_kingdom, winners
from engine.kingdomino.state import Phase

SPEC = Path(__file__).resolve().parents[3].parent / "shared" / "KINGDOMINO.md"

#: KINGDOMINO.md "The 48 dominoes", copied literally (number: half A, half B).
DOMINO_TABLE = """
| 1 | wh | wh | 13 | wh | fo | 25 | fo1 | wh | 37 | wa | gr1 |
| 2 | wh | wh | 14 | wh | wa | 26 | fo1 | wh | 38 | wh | sw1 |
| 3 | fo | fo | 15 | wh | gr | 27 | fo1 | wh | 39 | gr | sw1 |
| 4 | fo | fo | 16 | wh | sw | 28 | fo1 | wa | 40 | mi1 | wh |
| 5 | fo | fo | 17 | fo | wa | 29 | fo1 | gr | 41 | wh | gr2 |
| 6 | fo | fo | 18 | fo | gr | 30 | wa1 | wh | 42 | wa | gr2 |
| 7 | wa | wa | 19 | wh1 | fo | 31 | wa1 | wh | 43 | wh | sw2 |
| 8 | wa | wa | 20 | wh1 | wa | 32 | wa1 | fo | 44 | gr | sw2 |
| 9 | wa | wa | 21 | wh1 | gr | 33 | wa1 | fo | 45 | mi2 | wh |
| 10 | gr | gr | 22 | wh1 | sw | 34 | wa1 | fo | 46 | sw | mi2 |
| 11 | gr | gr | 23 | wh1 | mi | 35 | wa1 | fo | 47 | sw | mi2 |
| 12 | sw | sw | 24 | fo1 | wh | 36 | wh | gr1 | 48 | wh | mi3 |
"""

_TABLE_ROW = re.compile(r"^\|\s*\d+\s*\|.*\|\s*$", re.MULTILINE)


def table_entries(text: str) -> dict[int, tuple[str, str]]:
    """number → (half A, half B) from the rows of the table (four dominoes a row)."""
    entries: dict[int, tuple[str, str]] = {}
    for row in _TABLE_ROW.findall(text):
        cells = [c.strip() for c in row.strip().strip("|").split("|")]
        assert len(cells) == 12, row
        for i in range(0, 12, 3):
            number = int(cells[i])
            assert number not in entries, f"domino {number} listed twice"
            entries[number] = (cells[i + 1], cells[i + 2])
    return entries


def test_K_COMP_1_every_domino_is_the_one_in_the_spec_table() -> None:
    """K-COMP-1: each of the 48 dominoes has exactly the halves and crowns the table lists,
    so moving a crown from one domino to another (totals unchanged) is caught."""
    expected = table_entries(DOMINO_TABLE)
    assert sorted(expected) == list(range(1, 49))
    loaded = {piece.number: (piece.a.code, piece.b.code) for piece in dominoes()}
    wrong = {n: (loaded.get(n), want) for n, want in expected.items() if loaded.get(n) != want}
    assert wrong == {}, "number: (data file, KINGDOMINO.md)"
    assert len(loaded) == 48
    for piece in dominoes():  # the codes mean what they say
        assert (piece.a, piece.b) == tuple(Square.from_code(c) for c in expected[piece.number])


@pytest.mark.skipif(not SPEC.exists(), reason="the shared specification is not beside the repo")
def test_K_COMP_1_the_literal_copy_is_the_spec_table() -> None:
    """K-COMP-1: the copy above is KINGDOMINO.md's table as it stands."""
    assert table_entries(SPEC.read_text(encoding="utf-8")) == table_entries(DOMINO_TABLE)


def test_K_SCORE_4_largest_property_counts_properties_without_crowns() -> None:
    """K-SCORE-4: the largest property is the most squares in one property, crowned or
    not. A: wheat 2 × 2 crowns (4) and an uncrowned grassland of 5; B: wheat 4 × 1 (4).
    Tied on points, A wins on its 5-square grassland."""
    a = score_kingdom(parse_kingdom("wh2 wh C gr gr / . . . gr gr / . . . gr ."))
    b = score_kingdom(parse_kingdom("wh1 wh wh wh C"))
    assert (a.total, b.total) == (4, 4)
    assert (a.largest_property, b.largest_property) == (5, 4)
    assert a.to_dict()["largest_property"] == 5
    assert winners([Standing.of(a), Standing.of(b)]) == [0]


def test_K_DYN_the_series_tie_break_sums_all_three_games() -> None:
    """K-DYN / K-SCORE-4: a Dynasty is won on points summed over the three games; a tie
    there is broken by the largest properties summed over the three games, not by the
    last game's alone. Series points 24 : 24; largest properties 3 + 3 + 4 = 10 against
    6 + 6 + 2 = 14, so seat 1 wins although seat 0 had the larger property in game 3."""
    state = new_game(["A", "B"], 5, variants=["dynasty"])
    ai = RandomPlayer(5)
    while state.phase is not Phase.OVER:
        state, _ = apply(state, ai.choose(state))
    assert state.game == 2 and len(state.series) == 2
    state = state.copy()
    state.series = [[[10, 3, 2], [10, 6, 2]], [[10, 3, 2], [10, 6, 2]]]  # [points, largest, crowns]
    state.kingdoms = [parse_kingdom("wh1 wh wh wh C"),   # game 3: 4 points, largest 4, 1 crown
                      parse_kingdom("wh1 wh C wa1 wa")]  # game 3: 4 points, largest 2, 2 crowns
    state.discards = [(), ()]
    result = outcome(state)
    assert result is not None
    assert result.games == ((10, 10), (10, 10), (4, 4))
    assert result.totals == (24, 24)
    assert [s.largest_property for s in result.sheets] == [4, 2]  # game 3 alone: seat 0
    assert result.winners == (1,)
    assert result.ranks == (1, 0)


def test_K_SCORE_1_each_property_holds_its_own_squares() -> None:
    """Two wheat properties apart and one grassland: each property's cells are its squares."""
    kingdom = parse_kingdom("wh2 wh C gr gr / . . . gr wh1")
    sizes: dict[str, list[int]] = {}
    for prop in properties_of(kingdom):
        squares = [c for c in range(prop.cells.bit_length()) if prop.cells >> c & 1]
        assert len(squares) == prop.size
        assert {getattr(kingdom.square_at(c), "terrain", None) for c in squares} == {
            prop.terrain}
        sizes.setdefault(prop.terrain.label, []).append(prop.size)
    assert sizes == {"wheat": [2, 1], "grassland": [3]}


def test_K_SCORE_3_a_discard_on_the_table_costs_that_player_harmony() -> None:
    """K-SCORE-3 through the table's score sheets: two complete kingdoms, one discard."""
    state = new_game(["A", "B"], 5, variants=["harmony"])
    full = parse_kingdom(" / ".join(["wh wh wh wh wh"] * 2 + ["wh wh C wh wh"]
                                    + ["wh wh wh wh wh"] * 2))
    state = state.copy()
    state.kingdoms = [full, full]
    state.discards = [(7,), ()]
    sheets = score_sheets(state)
    assert [dict(sheet.bonuses) for sheet in sheets] == [{}, {HARMONY: 5}]
