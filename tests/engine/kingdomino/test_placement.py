"""Laying dominoes: K-PLACE-1…4, checked on kingdoms written in kingdom notation."""

import pytest

from engine.games.errors import IllegalActionError
from engine.games.geometry import Direction
from engine.kingdomino import events as ev
from engine.kingdomino.actions import Discard, Place, parse_action
from engine.kingdomino.dominoes import domino
from engine.kingdomino.game import apply, is_legal, legal_action, legal_actions, new_game
from engine.kingdomino.kingdom import Kingdom, cell_name, parse_cell
from engine.kingdomino.notation import parse_kingdom
from engine.kingdomino.scoring import score_kingdom
from engine.kingdomino.state import GameState, Phase, Slot

from .support import discards_with_kingdoms, naive_placements, play_random

R, L, D, U = Direction.RIGHT, Direction.LEFT, Direction.DOWN, Direction.UP


def spots(kingdom: Kingdom, number: int) -> set[str]:
    """Legal placements as "E4 right" texts."""
    return {f"{cell_name(kingdom.size, cell)} {direction.value}"
            for cell, direction in kingdom.placements_for(domino(number))}


def test_K_PLACE_1_the_first_domino_touches_the_castle() -> None:
    kingdom = Kingdom.empty()
    found = spots(kingdom, 13)  # wh fo
    assert "F5 right" in found and "E4 up" in found and "D5 left" in found
    assert "G5 right" not in found  # two cells away from the castle
    for text in found:
        cell, direction = text.split()
        first = parse_cell(5, cell)
        second = kingdom.area.second_cell(first, Direction(direction))
        assert kingdom.castle in {n for c in (first, second)
                                  for n in (c - 1, c + 1, c - 10, c + 10)}


def test_K_PLACE_1_later_dominoes_touch_the_castle_or_their_own_terrain() -> None:
    kingdom = parse_kingdom("C wh")  # wheat on F5
    assert "G5 right" in spots(kingdom, 13)  # wheat half on G5 beside F5's wheat
    assert "H5 left" not in spots(kingdom, 13)  # forest half on G5 beside wheat: no
    assert not any(text.startswith(("G5", "H5")) for text in spots(kingdom, 10))  # gr gr
    assert "C5 right" in spots(kingdom, 10)  # the castle fits every terrain


def test_K_PLACE_2_the_bounding_box_not_a_fixed_board() -> None:
    kingdom = parse_kingdom("wh wh wh wh C")  # castle at the east edge of 5 columns
    found = spots(kingdom, 1)
    assert not any(text.startswith(("F", "G", "H", "I")) for text in found)
    assert "A4 right" in found  # above the wheat row, inside the 5 columns
    tall = parse_kingdom("wh / wh / wh / wh / C")  # wheat E1–E4 above the castle on E5
    rows = {int(text.split()[0][1:]) for text in spots(tall, 1)}
    assert "F1 right" in spots(tall, 1) and rows == {1, 2, 3, 4, 5}
    east = parse_kingdom("C wh wh wh wh")  # the castle may end up in a corner
    assert "F4 right" in spots(east, 1) and not any(t.startswith("D") for t in spots(east, 1))


def test_K_PLACE_2_mighty_duel_allows_seven_by_seven() -> None:
    kingdom = parse_kingdom("wh wh wh wh wh wh C", size=7)  # castle on G7, wheat A7–F7
    assert "A6 right" in spots(kingdom, 1)  # A6–B6 above the wheat: seven columns A–G
    assert not any(text.startswith("H") for text in spots(kingdom, 1))
    with pytest.raises(Exception, match="fit in 5×5"):
        parse_kingdom("wh wh wh wh wh C")


def test_K_PLACE_3_any_orientation_and_equal_halves_once() -> None:
    kingdom = Kingdom.empty()
    directions = {direction for _, direction in kingdom.placements_for(domino(13))}
    assert directions == {R, L, D, U}
    symmetric = kingdom.placements_for(domino(1))  # wh wh: left/up would repeat right/down
    assert {direction for _, direction in symmetric} == {R, D}
    assert set(kingdom.placements_for(domino(13))) == {
        (parse_cell(5, f"{chr(65 + c)}{r + 1}"), d) for c, r, d in
        naive_placements(kingdom, domino(13))}


def test_K_PLACE_3_a_placement_names_half_A_then_the_way_to_half_B() -> None:
    state = new_game(["A", "B", "C", "D"], 4)
    while state.phase is not Phase.PLACE:
        state, _ = apply(state, legal_actions(state)[0])
    options = [a for a in legal_actions(state) if isinstance(a, Place)]
    action = options[len(options) // 2]
    after, events = apply(state, parse_action(str(action)))
    placed = next(e for e in events if isinstance(e, ev.DominoPlaced))
    assert placed.cell == action.cell_name
    piece = domino(action.number)
    kingdom = after.kingdoms[placed.seat]
    assert kingdom.square_at(parse_cell(5, placed.cell)) == piece.a
    assert kingdom.square_at(parse_cell(5, placed.second_cell)) == piece.b


FULL = ("wh wh wh wh wh / wh wh wh wh wh / wh wh C wh wh / wh wh wh wh wh / "
        "wh wh wh wh wh")


def _placing_state() -> tuple:  # type: ignore[type-arg]
    state = new_game(["A", "B", "C", "D"], 8)
    while state.phase is not Phase.PLACE:
        state, _ = apply(state, legal_actions(state)[0])
    return state, state.active_seat, state.line[state.cursor].domino


def test_K_PLACE_4_a_domino_that_fits_must_be_placed() -> None:
    state, _seat, number = _placing_state()
    assert Discard(number) not in legal_actions(state)
    with pytest.raises(IllegalActionError, match="K-PLACE-4"):
        apply(state, Discard(number))


def test_K_PLACE_4_a_domino_that_fits_nowhere_is_discarded() -> None:
    state, seat, number = _placing_state()
    crowded = state.copy()  # a real position with the acting kingdom filled up
    crowded.kingdoms[seat] = parse_kingdom(FULL)
    assert legal_actions(crowded) == [Discard(number)]
    after, events = apply(crowded, Discard(number))
    assert ev.DominoDiscarded(seat, number) in events
    assert after.discards[seat] == (number,)
    assert after.kingdoms[seat] == crowded.kingdoms[seat]  # it scores nothing


def test_K_PLACE_4_discards_happen_in_real_games_only_when_nothing_fits() -> None:
    found = 0

    def check(before: GameState, _action: object, _after: GameState,
              events: list[ev.Event]) -> None:
        nonlocal found
        for kingdom, number in discards_with_kingdoms(before, events):
            assert kingdom.placements_for(domino(number)) == []
            assert naive_placements(kingdom, domino(number)) == set()
            found += 1

    for seed in range(40):
        play_random(2, seed, on_step=check)
    assert found > 0


def test_K_PLACE_2_the_corner_cell_A1_is_offered_by_index_as_in_the_list() -> None:
    """A kingdom stretched from the castle (E5) to the far corner: domino 1 (wh wh) may
    lie on A1 down or A2 down, the first cell of the play area. The indexed choice
    (buttons, playouts) walks the bit masks and must give the list's action at each index."""
    kingdom = parse_kingdom(". wh wh wh wh / . wh wh wh wh / . wh wh wh wh / "
                            "wh wh wh wh wh / wh wh wh wh C")
    assert spots(kingdom, 1) == {"A1 down", "A2 down"}
    state = new_game(["A", "B"], 4)
    while state.phase is not Phase.PLACE:
        state, _ = apply(state, legal_actions(state)[0])
    seat = state.active_seat
    assert seat is not None
    state = state.copy()
    state.kingdoms[seat] = kingdom
    state.line[state.cursor] = Slot(1, seat)
    listed = legal_actions(state.copy())
    assert [str(a) for a in listed] == ["place 1 A1 down", "place 1 A2 down"]
    assert [legal_action(state.copy(), i) for i in range(len(listed))] == listed
    # one column or row past the play area is no placement, whatever cell it would wrap to
    area = kingdom.area
    outside = [(column, row) for column in range(area.width, 13) for row in range(13)]
    outside += [(column, row) for column in range(area.width) for row in range(area.height, 13)]
    assert not any(is_legal(state.copy(), Place(1, column, row, direction))
                   for column, row in outside for direction in Direction)
    # K-SCORE-1 on the corner: the wheat reaching A1 is one crownless property
    corner = kingdom.place(domino(1), parse_cell(5, "A1"), D)
    assert (score_kingdom(corner).total, score_kingdom(corner).crowns) == (0, 0)
