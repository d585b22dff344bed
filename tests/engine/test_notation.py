"""Ranch notation and action text: round trips (fuzzed) and clear errors."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.games.errors import ActionSyntaxError, NotationError
from engine.moonriver.actions import (
    PASS,
    Bonus,
    Build,
    Choose,
    Discard,
    Move,
    Recruit,
    Skull,
    Steal,
    Swap,
    parse_action,
)
from engine.moonriver.components import COWBOY, FACES, SPECIALISTS, Landscape
from engine.moonriver.ranch import RanchCell, RanchGrid, format_ranch, parse_ranch


@st.composite
def ranch_cells(draw: st.DrawFn) -> RanchCell | None:
    if draw(st.booleans()):
        return None
    land = draw(st.sampled_from(list(Landscape)))
    resources = 0 if land.resource is None else draw(st.integers(0, 9))
    cows = 0 if land is Landscape.CORNFIELD else draw(st.integers(0, 4))
    partner = draw(st.none() | st.sampled_from(FACES))
    return RanchCell(land, resources, cows, partner)


@st.composite
def ranches(draw: st.DrawFn) -> RanchGrid:
    height = draw(st.sampled_from([5, 10]))
    return RanchGrid(height, tuple(draw(ranch_cells()) for _ in range(5 * height)))


@given(ranches())
@settings(suppress_health_check=[HealthCheck.too_slow], deadline=None)  # shared machine
def test_ranch_notation_round_trips(grid: RanchGrid) -> None:
    text = format_ranch(grid)
    assert parse_ranch(text) == grid
    assert parse_ranch(text.upper().replace(" / ", "/")) == grid  # case and spacing


cells = st.integers(0, 49)
parcels = st.integers(1, 96)
actions = st.one_of(
    st.builds(Choose, parcels),
    st.builds(Build, parcels, parcels, st.integers(0, 44).filter(lambda c: c % 5 != 4),
              st.sampled_from(["up", "right"])),
    st.builds(lambda a, b: Discard(min(a, b), max(a, b)), parcels, parcels),
    st.just(PASS),
    st.builds(Skull, cells),
    st.sampled_from(SPECIALISTS).flatmap(
        lambda k: st.sampled_from([Recruit(k, k), Recruit(k, COWBOY)])),
    st.builds(Move, cells, cells),
    st.builds(Swap, parcels, parcels),
    st.builds(Steal, st.integers(0, 3), cells),
    st.builds(Bonus, st.integers(1, 2), st.sampled_from(list(Landscape)), cells),
)


@given(actions)
def test_action_text_round_trips(action) -> None:
    assert parse_action(str(action)) == action
    assert parse_action("  " + str(action).upper() + " ") == action


@given(st.text(max_size=30))
def test_any_text_parses_or_raises_a_clear_error(text: str) -> None:
    try:
        parse_action(text)
    except ActionSyntaxError as exc:
        assert str(exc)
    try:
        parse_ranch(text)
    except NotationError as exc:
        assert str(exc)


def test_notation_example_of_the_spec() -> None:
    text = ("co5 co5 co4 co4 fo1 / de de1 de de+ de1 / ca+ ca+ ca1 ca ca+ / ca1 ca me+ me+ me / "
            "fa+ fa+ fa+ fa+!farmer .")
    grid = parse_ranch(text)
    assert format_ranch(grid) == text
    assert grid.cells[3] == RanchCell(Landscape.FARM, 0, 1, "farmer")  # D1


@pytest.mark.parametrize(("text", "message"), [
    ("de de de de / . . . . . / . . . . . / . . . . . / . . . . .", "row 5 has 4 cells"),
    ("xx . . . . / . . . . . / . . . . . / . . . . . / . . . . .", "row 5, column A"),
    (". . . . . / . . . . . / . . . . . / . . . . . / . co+ . . .", "cornfield"),
    (". . . . . / . . . . . / . . . . . / . . . . . / . . fa2 . .", "farm"),
    (". . . . . / . . . . . / . . . . . / . . . . . / . . de!sheriff . .", "sheriff"),
    (". . . . . / . . . . .", "5 rows"),
    ("/ ".join([". . . . . "] * 11), "5 rows"),
    ("", "empty"),
])
def test_bad_notation_names_row_and_column(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        parse_ranch(text)


def test_height_is_enforced_when_given() -> None:
    with pytest.raises(NotationError, match="10 rows"):
        parse_ranch(" / ".join([". . . . ."] * 5), height=10)


@pytest.mark.parametrize("text", [
    "", "jump", "choose 17", "choose p0", "build p1 p2 C3", "build p1 p2 F3 up",
    "build p1 p2 C3 sideways", "build p1 p2 A1 left", "build p1 p2 E1 right",
    "build p1 p2 C1 down", "recruit sheriff", "recruit thief as farmer", "steal 5 A1",
    "steal x A1", "bonus one meadow A1", "bonus 1 ocean A1", "move A1", "pass now",
])
def test_bad_action_text_is_a_syntax_error(text: str) -> None:
    with pytest.raises(ActionSyntaxError):
        parse_action(text)
