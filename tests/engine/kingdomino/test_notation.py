"""Kingdom notation and action text round-trip (KINGDOMINO.md), fuzzed with hypothesis."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.games.errors import ActionSyntaxError, NotationError
from engine.games.geometry import Direction
from engine.games.rng import Rng
from engine.kingdomino.actions import Action, Claim, Discard, Place, parse_action
from engine.kingdomino.dominoes import DOMINO_COUNT, Square, Terrain, dominoes
from engine.kingdomino.kingdom import Kingdom, parse_cell, play_area
from engine.kingdomino.notation import format_kingdom, parse_kingdom

from .support import squares_of

TOKENS = [".", *(f"{t}{c if c else ''}" for t in ("wh", "fo", "wa", "gr", "sw", "mi")
                 for c in range(4))]


@st.composite
def canvases(draw: st.DrawFn, side: int = 5) -> str:
    """A side×side canvas of any squares with one castle: not always a playable kingdom."""
    cells = draw(st.lists(st.sampled_from(TOKENS), min_size=side * side,
                          max_size=side * side))
    cells[draw(st.integers(0, side * side - 1))] = "C"
    return " / ".join(" ".join(cells[r * side:(r + 1) * side]) for r in range(side))


@st.composite
def grown_kingdoms(draw: st.DrawFn) -> Kingdom:
    """A kingdom grown by legal placements of random dominoes (K-PLACE-*)."""
    size = draw(st.sampled_from([5, 7]))
    rng = Rng(draw(st.integers(0, 2**32)))
    kingdom = Kingdom.empty(size)
    for _ in range(draw(st.integers(0, 24 if size == 7 else 12))):
        piece = dominoes()[rng.below(DOMINO_COUNT)]
        options = kingdom.placements_for(piece)
        if options:
            kingdom = kingdom.place(piece, *options[rng.below(len(options))])
    return kingdom


@given(canvases())
def test_any_canvas_round_trips(text: str) -> None:
    kingdom = parse_kingdom(text)
    canonical = format_kingdom(kingdom)
    assert parse_kingdom(canonical) == kingdom
    assert format_kingdom(parse_kingdom(canonical)) == canonical
    rows = canonical.split(" / ")
    assert len(rows) == 5 and all(len(row.split()) == 5 for row in rows)


@given(grown_kingdoms())
def test_grown_kingdoms_round_trip(kingdom: Kingdom) -> None:
    text = format_kingdom(kingdom)
    again = parse_kingdom(text, size=kingdom.size)
    assert again == kingdom
    assert squares_of(again) == squares_of(kingdom)


@given(canvases(), st.integers(0, 4), st.integers(0, 4))
def test_a_larger_canvas_is_trimmed(text: str, left: int, top: int) -> None:
    """A kingdom drawn in a 9×9 picture reads back as the same kingdom."""
    rows = [row.split() for row in text.split(" / ")]
    big = [["."] * 9 for _ in range(9)]
    for r, row in enumerate(rows):
        big[top + r][left:left + 5] = row
    assert parse_kingdom(" / ".join(" ".join(row) for row in big)) == parse_kingdom(text)


def test_the_canonical_form_is_the_bounding_box_widened_right_and_down() -> None:
    assert format_kingdom(parse_kingdom(". . . / . wh1 C / . . .")) == (
        "wh1 C . . . / . . . . . / . . . . . / . . . . . / . . . . .")
    assert format_kingdom(Kingdom.empty()) == (
        "C . . . . / . . . . . / . . . . . / . . . . . / . . . . .")


@pytest.mark.parametrize(("text", "message"), [
    ("", "empty"),
    ("wh wh / wh", "same number of cells"),
    ("wh wh / wh wh", "exactly one castle"),
    ("C C", "exactly one castle"),
    ("C xx", "not a terrain"),
    ("C mi4", "at most 3 crowns"),
    ("wh wh wh wh wh C", "fit in 5×5"),
])
def test_bad_kingdoms_are_refused_with_a_reason(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        parse_kingdom(text)


actions = st.one_of(
    st.builds(Claim, st.integers(1, 48)),
    st.builds(Discard, st.integers(1, 48)),
    st.builds(Place, st.integers(1, 48), st.integers(0, 12), st.integers(0, 12),
              st.sampled_from(list(Direction))),
)


@given(actions)
def test_action_text_round_trips(action: Action) -> None:
    assert parse_action(str(action)) == action
    assert parse_action(f"  {str(action).upper()}  ") == action


@given(st.text(max_size=30))
def test_any_text_parses_or_raises_a_syntax_error(text: str) -> None:
    try:
        action = parse_action(text)
    except ActionSyntaxError:
        return
    assert parse_action(str(action)) == action


@pytest.mark.parametrize("text", ["claim", "claim 0", "claim 49", "place 3 E4",
                                  "place 3 Z4 up", "place 3 E4 sideways", "discard x",
                                  "build p1 p2 C3 up"])
def test_malformed_actions(text: str) -> None:
    with pytest.raises(ActionSyntaxError):
        parse_action(text)


def test_K_PLACE_2_a_kingdom_too_wide_or_too_tall_is_measured_in_the_refusal() -> None:
    with pytest.raises(NotationError) as caught:
        parse_kingdom("wh . . . C . fo")
    assert str(caught.value) == ("the kingdom spans 7×1 squares; it must fit in 5×5 "
                                 "(K-PLACE-2)")
    with pytest.raises(NotationError) as caught:
        parse_kingdom("wh / . / C / . / . / fo")
    assert str(caught.value) == ("the kingdom spans 1×6 squares; it must fit in 5×5 "
                                 "(K-PLACE-2)")


def test_K_PLACE_2_loose_squares_go_on_free_cells_of_the_play_area_only() -> None:
    kingdom = Kingdom.empty()
    with pytest.raises(NotationError) as caught:
        kingdom.with_squares({kingdom.castle: Square(Terrain.WHEAT, 0)})
    assert str(caught.value) == f"cell {kingdom.castle} is not free land of the play area"


def test_K_COMP_1_a_bad_square_is_named_by_row_and_cell() -> None:
    with pytest.raises(NotationError) as caught:
        parse_kingdom("   ")
    assert str(caught.value) == "empty kingdom: expected rows of cells separated by /"
    with pytest.raises(NotationError) as caught:
        parse_kingdom("C wh / . mi4")
    assert str(caught.value) == ("row 2, cell 2 ('mi4'): 'mi4': a square carries at most 3 "
                                 "crowns")


def test_K_COMP_1_domino_numbers_run_1_to_48_in_action_text() -> None:
    with pytest.raises(ActionSyntaxError) as caught:
        parse_action("claim 49")
    assert str(caught.value) == "'49' is not a domino number (1–48)"


def test_K_PLACE_1_a_kingdom_read_from_notation_grows_by_placements() -> None:
    kingdom = parse_kingdom("C wh")
    assert kingdom.placements == ()
    piece = dominoes()[0]  # 1: wh wh
    cell, direction = kingdom.placements_for(piece)[0]
    grown = kingdom.place(piece, cell, direction)
    assert [(p.number, p.cell, p.direction) for p in grown.placements] == [
        (1, cell, direction)]


ACTION_REFUSALS = [
    ("claim", "expected `claim 17`"),
    ("discard", "expected `discard 17`"),
    ("discard 3 4", "expected `discard 17`"),
    ("place 3 E4", "expected `place 17 E4 right`"),
    ("place 3 e14 up", "'e14' is not a cell: expected a column and a row, e.g. E4"),
    ("place 3 E0 up", "'e0' is not a cell: expected a column and a row, e.g. E4"),
    ("place 3 EX up", "'ex' is not a cell: expected a column and a row, e.g. E4"),
    ("place 3 N1 up", "'n1' is not a cell: expected a column and a row, e.g. E4"),
    ("place 3 E4 sideways", "'sideways' is not a direction (right, left, up, down)"),
]


@pytest.mark.parametrize(("text", "message"), ACTION_REFUSALS,
                         ids=[text for text, _ in ACTION_REFUSALS])
def test_K_TURN_1_malformed_action_text_is_refused_in_words(text: str, message: str) -> None:
    """A player's typed claim, placement (K-PLACE-3: any direction) or discard (K-PLACE-4)."""
    with pytest.raises(ActionSyntaxError) as caught:
        parse_action(text)
    assert str(caught.value) == message


def test_K_PLACE_2_the_last_column_and_row_of_the_largest_play_area_are_cells() -> None:
    """Mighty Duel's play area runs A–M and 1–13; one step further is no cell."""
    assert parse_action("place 3 m13 left") == Place(3, 12, 12, Direction.LEFT)
    for column, row in ((13, 0), (0, 13), (-1, 0), (0, -1)):
        with pytest.raises(ActionSyntaxError) as caught:
            Place(3, column, row, Direction.LEFT)
        assert str(caught.value) == f"column {column}, row {row} is no cell of any play area"


@pytest.mark.parametrize(("size", "text", "message"), [
    (5, "", "'' is not a cell: expected a column A–I and a row 1–9, e.g. E4"),
    (5, "Z4", "'Z4' is not a cell: expected a column A–I and a row 1–9, e.g. E4"),
    (5, "J1", "'J1' is not a cell: expected a column A–I and a row 1–9, e.g. E4"),
    (5, "E", "'E' is not a cell: expected a column A–I and a row 1–9, e.g. E4"),
    (7, "N1", "'N1' is not a cell: expected a column A–M and a row 1–13, e.g. E4"),
    (5, "e10", "'e10' is not a cell: rows run 1–9"),
    (5, "E0", "'E0' is not a cell: rows run 1–9"),
])
def test_K_PLACE_2_a_cell_outside_the_play_area_is_refused_in_words(size: int, text: str,
                                                                     message: str) -> None:
    """The play area is 2×size−1 wide: every castle position of a size×size kingdom."""
    with pytest.raises(NotationError) as caught:
        parse_cell(size, text)
    assert str(caught.value) == message
    assert parse_cell(size, " i9 ") == play_area(size).cell(8, 8)
