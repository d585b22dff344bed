"""Placement (M-PLACE-1…4) and area notation, written in area notation."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.games.errors import IllegalActionError, NotationError
from engine.games.rng import Rng
from engine.moonlight.actions import Play
from engine.moonlight.area import (
    CELL_INDEX,
    CELLS,
    NEIGHBOURS,
    SIDE,
    bounds,
    fits,
    format_area,
    join_cells,
    mask_of,
    parse_area,
    parse_cell,
    parse_top,
)
from engine.moonlight.game import apply, is_legal, legal_actions
from engine.moonlight.scoring import score_area
from engine.moonlight.view import player_view

from .support import position, texts


def plays_of(state, card: str) -> list[str]:
    return [t.split()[2] for t in texts(legal_actions(state)) if t.split()[1] == card]


def test_M_PLACE_1_the_first_card_of_a_round_goes_on_D4() -> None:
    state = position(".", (("3", "5"), ("3",)))
    assert texts(legal_actions(state)) == ["play 3 D4", "play 5 D4"]
    with pytest.raises(IllegalActionError, match="M-PLACE-1"):
        apply(state, Play("3", "C4"))


def test_M_PLACE_2_a_join_is_next_to_a_card_inside_3x4_or_4x3() -> None:
    state = position("g3", (("2m",), ("3",)))
    assert plays_of(state, "2m") == ["D3", "C4", "E4", "D5"]
    with pytest.raises(IllegalActionError, match=r"next to no card.*M-PLACE-2"):
        apply(state, Play("2m", "F4"))
    # a row of four: the fifth in the row would make 5×1
    row = position("g3 b3 g3 b3", (("2m",), ("3",)))
    assert plays_of(row, "2m") == ["D3", "E3", "F3", "G3", "D5", "E5", "F5", "G5"]
    with pytest.raises(IllegalActionError, match=r"3×4 or 4×3.*M-PLACE-2"):
        apply(row, Play("2m", "C4"))
    # a 3×3 area may grow to 4×3 or 3×4, never to 4×4
    square = position("g3 b3 g3 / b3 . g3 / g3 b3 g3", (("2m",), ("3",)))
    assert "E5" in plays_of(square, "2m")  # the hole
    assert "C4" in plays_of(square, "2m") and "D3" in plays_of(square, "2m")


def slow_joins(cells: int) -> tuple[int, ...]:
    """M-PLACE-2 the obvious way, as an oracle."""
    out = []
    for cell in range(CELLS):
        if cells >> cell & 1 or not any(cells >> n & 1 for n in NEIGHBOURS[cell]):
            continue
        grown = cells | 1 << cell
        left, bottom, right, top = bounds(grown)
        if fits(right - left + 1, top - bottom + 1):
            out.append(cell)
    return tuple(out)


def test_M_PLACE_2_the_join_cells_match_a_slow_oracle_on_random_areas() -> None:
    rng = Rng(11)
    for _ in range(2000):
        cells = 1 << (3 * SIDE + 3)
        for _ in range(rng.below(12)):
            assert join_cells(cells) == slow_joins(cells)
            options = join_cells(cells)
            cells |= 1 << options[rng.below(len(options))]


def test_M_PLACE_2_below_twelve_cells_a_join_always_exists() -> None:
    """M-END-1's promise: a legal placement exists until the round ends."""
    rng = Rng(12)
    for _ in range(2000):
        cells = 1 << (3 * SIDE + 3)
        while cells.bit_count() < 12:
            options = join_cells(cells)
            assert options
            cells |= 1 << options[rng.below(len(options))]
        left, bottom, right, top = bounds(cells)
        assert (right - left + 1) * (top - bottom + 1) == 12


def test_M_PLACE_3_a_cover_takes_exactly_one_higher() -> None:
    # seat 1 (blue) to move: it may cover g2m with a 3, g3 with a 4, never g3 with a 3
    state = position("g2m b1 g3", ((), ("3", "4", "5")), active=1)
    assert "D4" in plays_of(state, "3") and "F4" not in plays_of(state, "3")
    assert "F4" in plays_of(state, "4") and "D4" not in plays_of(state, "4")
    assert not {"D4", "F4"} & set(plays_of(state, "5"))
    with pytest.raises(IllegalActionError, match=r"exactly 4.*M-PLACE-3"):
        apply(state, Play("3", "F4"))


def test_M_PLACE_3_a_1_covers_nothing_and_own_wolves_are_not_covered() -> None:
    state = position("g1 b1 g1", ((), ("1", "2m")), active=1)
    assert not {"D4", "F4"} & set(plays_of(state, "1"))
    assert {"D4", "F4"} <= set(plays_of(state, "2m"))  # M-POWER-1: still a 1 to cover
    own = position("g2m b2m b2m", ((), ("3",)), active=1)
    with pytest.raises(IllegalActionError, match=r"your own wolf.*M-PLACE-3"):
        apply(own, Play("3", "E4"))


def test_M_PLACE_3_the_opponent_s_last_visible_wolf_is_never_covered() -> None:
    state = position("g3 b2m", ((), ("4",)), active=1)
    assert "D4" not in plays_of(state, "4")
    with pytest.raises(IllegalActionError, match=r"last visible wolf.*M-PLACE-3"):
        apply(state, Play("4", "D4"))
    # two visible blue wolves (a third lies covered): both may be covered
    covered = position("b3 g3 b4", (("4", "5"), ()), covered={"E4": "b2m"})
    assert "D4" in plays_of(covered, "4") and "F4" in plays_of(covered, "5")
    # a covered wolf does not count: one visible left is the last one
    last = position("g4 b3", (("5", "4"), ()), covered={"D4": "b3"})
    assert "E4" not in plays_of(last, "4")


def test_ambush_allows_one_equal_cover_a_round() -> None:
    state = position("g3 b3 g3", ((), ("3", "3")), active=1, powers=((), ("ambush",)))
    assert {"D4", "F4"} <= set(plays_of(state, "3"))
    after, events = apply(state, Play("3", "D4"))
    assert events[0].ambush and after.used[1] == ("ambush",)
    used = position("g3 b3 g3", ((), ("3",)), active=1, powers=((), ("ambush",)),
                    used=((), ("ambush",)))
    assert "F4" not in plays_of(used, "3")
    ones = position("g1 b3 g1", ((), ("1",)), active=1, powers=((), ("ambush",)))
    assert "D4" in plays_of(ones, "1")  # with ambush a 1 covers a 1


def test_M_PLACE_4_covers_stack_and_only_the_top_card_counts() -> None:
    state = position("g2m b3 b2m", (("4",), ()), covered={"E4": "g2m"})
    after, events = apply(state, Play("4", "E4"))
    assert after.stacks[3 * SIDE + 4] == (0x05, 0x16, 0x08)  # g2m, b3, g4
    assert events[0].covered == "3"
    assert format_area(after.tops()) == "g2m g4 b2m"
    assert player_view(after, None).area[1].cards == ("g2m", "b3", "g4")
    assert score_area(after.tops()).visible == (2, 1)
    # the new top belongs to green now: blue cannot cover its own former card
    assert not is_legal(after, Play("4", "E4"))


@pytest.mark.parametrize("text", [
    "g3 b4m . / g1 g2m b5 .", "g3", "b6", "g1 . / g2m g3",
    ". g3 . / b2m g1 b4m / . b5 . / . g3 .", "g4m g4 b4 b4m / . g3 . . / . b1 . .",
])
def test_area_notation_round_trips(text: str) -> None:
    tops = parse_area(text)
    assert parse_area(format_area(tops)) == tops
    assert format_area(parse_area(format_area(tops))) == format_area(tops)


def test_area_notation_reads_the_spec_example_padding_short_rows() -> None:
    assert format_area(parse_area("g3 b4m . / g1 g2m b5 .")) == "g3 b4m . / g1 g2m b5"


@pytest.mark.parametrize(("text", "words"), [
    ("g3 x4", "row 1, column 2"), ("g3m", "no card"), ("g7", "no card"),
    ("g3 g3 g3 g3 g3", "5×1"), ("g3 / g3 / g3 / g3 / g3", "1×5"),
    ("g3 . g3", "hang together"), ("g3 g3 / g3 g3 / g3 g3 / . g3 / . g3", "2×5"),
])
def test_bad_area_notation_is_refused_naming_the_place(text: str, words: str) -> None:
    with pytest.raises(NotationError, match=words):
        parse_area(text)


@st.composite
def areas(draw: st.DrawFn) -> dict[int, int]:
    seed = draw(st.integers(0, 2**32))
    rng = Rng(seed)
    cells = 1 << (3 * SIDE + 3)
    for _ in range(rng.below(12)):
        options = join_cells(cells)
        cells |= 1 << options[rng.below(len(options))]
    cards = [2, 5, 6, 8, 9, 10, 12]
    left, bottom, _, _ = bounds(cells)
    return {(c // SIDE - bottom) * SIDE + c % SIDE - left: rng.below(2) << 4 |
            cards[rng.below(len(cards))] for c in range(CELLS) if cells >> c & 1}


@settings(max_examples=300, deadline=None)
@given(areas())
def test_area_notation_round_trips_on_random_areas(tops: dict[int, int]) -> None:
    text = format_area(tops)
    assert parse_area(text) == tops
    assert parse_area(text.upper().replace(" / ", "/")) == tops
    assert mask_of(tops)


@pytest.mark.parametrize(("text", "message"), [
    (3, "an area is text"),
    ("g1 . . . . . . g1", "an area of 8×1 cells is larger than the 7×7 canvas"),
    ("g1/./././././././g1", "an area of 1×9 cells is larger than the 7×7 canvas"),
    ("g1 . . . . . g1", "an area of 7×1 does not fit 3×4 or 4×3 (M-PLACE-2)"),
    ("g1/./././././g1", "an area of 1×7 does not fit 3×4 or 4×3 (M-PLACE-2)"),
    ("g3 x9", "row 1, column 2: 'x9': a cell is '.' or an owner (g or b) and a card, "
              "e.g. g3 or b4m"),
    ("g3 . b4", "the cards do not hang together: each joins another orthogonally "
                "(M-PLACE-2)"),
])
def test_M_PLACE_2_bad_area_notation_is_refused_in_words(text: object, message: str) -> None:
    """The whole message: the canvas (7×7) is checked before the area (3×4 or 4×3)."""
    with pytest.raises(NotationError) as caught:
        parse_area(text)  # type: ignore[arg-type]
    assert str(caught.value) == message


def test_M_PLACE_1_empty_edge_rows_and_columns_are_trimmed_to_the_box() -> None:
    """The box's bottom-left lands on A1 whatever empty cells surround the cards."""
    assert parse_area(". g3 / . b4 / . .") == parse_area("g3 / b4") == {
        CELL_INDEX["A1"]: parse_top("b4"), CELL_INDEX["A2"]: parse_top("g3")}
    assert parse_area(". / .") == {} == parse_area(".")


@pytest.mark.parametrize(("token", "message"), [
    ("g44m", "'g44m': there is no card '44m' (cards: 1, 2m, 3, 4, 4m, 5, 6)"),
    ("gx", "'gx': there is no card 'x' (cards: 1, 2m, 3, 4, 4m, 5, 6)"),
    ("gxm", "'gxm': there is no card 'xm' (cards: 1, 2m, 3, 4, 4m, 5, 6)"),
    ("b", "'b': a cell is '.' or an owner (g or b) and a card, e.g. g3 or b4m"),
])
def test_M_COMP_2_a_visible_card_is_an_owner_and_a_card_of_the_game(token: str,
                                                                   message: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse_top(token)
    assert str(caught.value) == message


def test_M_PLACE_1_a_cell_is_named_by_text() -> None:
    assert CELL_INDEX["D4"] == parse_cell("d4")
    for bad in (4, None, "D8", "H1"):
        with pytest.raises(NotationError) as caught:
            parse_cell(bad)  # type: ignore[arg-type]
        assert str(caught.value) == f"{bad!r} is not a cell: a column A–G and a row 1–7, e.g. D4"
