"""The exact refusal text of every Kingdomino rule and phase (players read these words).

Each refusal names what was wrong and what the table waits for now; a test per rule pins
the whole sentence, so a changed condition or a changed word shows.
"""

from __future__ import annotations

import pytest

from engine.games.errors import IllegalActionError
from engine.games.geometry import Direction
from engine.kingdomino.actions import Action, Claim, Discard, Place
from engine.kingdomino.dominoes import domino
from engine.kingdomino.game import apply, explain_illegal, legal_actions, new_game
from engine.kingdomino.state import GameState, Phase

from .support import play_random


def refusal(state: GameState, action: Action) -> str:
    """The refusal `apply` raises (and leaves the state alone)."""
    before = state.to_dict()
    with pytest.raises(IllegalActionError) as caught:
        apply(state, action)
    assert state.to_dict() == before
    assert str(caught.value) == explain_illegal(state, action)
    return str(caught.value)


def first_place(seed: int = 9) -> GameState:
    """The first placement of a 4-player game (an empty kingdom, its frame the whole area)."""
    state = new_game(["A", "B", "C", "D"], seed)
    while state.phase is not Phase.PLACE:
        state, _ = apply(state, legal_actions(state)[0])
    return state


def test_K_SETUP_3_claims_of_the_first_line_are_explained() -> None:
    state = new_game(["A", "B", "C", "D"], 9)
    assert state.phase is Phase.SETUP
    first = legal_actions(state)[0]
    assert isinstance(first, Claim)
    state, _ = apply(state, first)
    now = "now claim a free domino of the first line"
    assert refusal(state, first) == (
        f"`claim {first.number}` is not possible: domino {first.number} is not free in that "
        f"line; {now}")
    assert refusal(state, Place(first.number, 5, 4, Direction.RIGHT)) == (
        f"`place {first.number} F5 right` is not possible: it is not one of the legal "
        f"choices; {now}")
    assert refusal(state, Discard(first.number)) == (
        f"`discard {first.number}` is not possible: it is not one of the legal choices; {now}")


def test_K_PLACE_1_a_domino_touching_nothing_of_its_terrain_is_refused() -> None:
    state = first_place()
    number = state.line[state.cursor].domino
    assert not domino(number).symmetric  # so the equal-halves pointer does not apply
    assert refusal(state, Place(number, 1, 0, Direction.LEFT)) == (
        f"`place {number} B1 left` is not possible: the domino must touch the castle or a "
        f"square of the same terrain (K-PLACE-1); now place domino {number}")
    assert refusal(state, Place(number, 0, 0, Direction.DOWN)) == (
        f"`place {number} A1 down` is not possible: the domino must touch the castle or a "
        f"square of the same terrain (K-PLACE-1); now place domino {number}")


def test_K_TURN_1_only_the_acting_kings_domino_is_placed() -> None:
    state = first_place()
    number = state.line[state.cursor].domino
    other = number % 48 + 1
    assert refusal(state, Place(other, 5, 4, Direction.RIGHT)) == (
        f"`place {other} F5 right` is not possible: your king stands on domino {number}, "
        f"not {other}; now place domino {number}")
    assert refusal(state, Claim(number)) == (
        f"`claim {number}` is not possible: domino {number} is not free in that line; "
        f"now place domino {number}")


def test_K_PLACE_2_cells_off_the_play_area_are_refused() -> None:
    state = first_place()
    number = state.line[state.cursor].domino
    now = f"now place domino {number}"
    assert refusal(state, Place(number, 9, 0, Direction.DOWN)) == (
        f"`place {number} J1 down` is not possible: J1 is outside the play area; {now}")
    assert refusal(state, Place(number, 0, 9, Direction.RIGHT)) == (
        f"`place {number} A10 right` is not possible: A10 is outside the play area; {now}")
    assert refusal(state, Place(number, 8, 0, Direction.RIGHT)) == (
        f"`place {number} I1 right` is not possible: half B would lie outside the play "
        f"area; {now}")
    assert refusal(state, Place(number, 0, 8, Direction.DOWN)) == (
        f"`place {number} A9 down` is not possible: half B would lie outside the play "
        f"area; {now}")


def test_K_PLACE_2_a_square_beyond_the_five_by_five_box_is_refused() -> None:
    """Once the kingdom has grown one way, the far side of the area is out of its frame."""
    for seed in range(40):
        state = new_game(["A", "B"], seed)
        while state.phase is not Phase.OVER:
            if state.phase is Phase.PLACE:
                number = state.line[state.cursor].domino
                king = state.line[state.cursor].king
                assert king is not None
                kingdom = state.kingdoms[king]
                area = kingdom.area
                for cell in range(area.size):
                    second = area.second_cell(cell, Direction.RIGHT)
                    if not (area.contains(cell) and area.contains(second)):
                        continue
                    free = not (kingdom.occupied >> cell) & 1 and not (
                        kingdom.occupied >> second) & 1
                    if free and not (kingdom.frame >> cell) & 1 and (kingdom.frame >> second) & 1:
                        column, row = area.column_row(cell)
                        place = Place(number, column, row, Direction.RIGHT)
                        assert refusal(state, place) == (
                            f"`{place}` is not possible: the kingdom would no longer fit in "
                            f"5×5 (K-PLACE-2); now place domino {number}")
                        return
            state, _ = apply(state, legal_actions(state)[0])
    pytest.fail("no kingdom grew far enough")


def test_K_PLACE_2_a_taken_square_is_named() -> None:
    state = first_place()
    number = state.line[state.cursor].domino
    assert refusal(state, Place(number, 3, 4, Direction.RIGHT)) == (
        f"`place {number} D5 right` is not possible: E5 is already taken; "
        f"now place domino {number}")


def test_K_PLACE_3_equal_halves_are_named_pointing_right_or_down_in_full() -> None:
    for seed in range(60):
        state = new_game(["A", "B", "C", "D"], seed)
        while state.phase is not Phase.OVER:
            if state.phase is Phase.PLACE and domino(state.line[state.cursor].domino).symmetric:
                place = next(a for a in legal_actions(state) if isinstance(a, Place)
                             and a.direction is Direction.RIGHT)
                mirrored = Place(place.number, place.column + 1, place.row, Direction.LEFT)
                assert refusal(state, mirrored) == (
                    f"`{mirrored}` is not possible: both halves are alike: name the same "
                    "spot from the other half, pointing right or down; now place domino "
                    f"{place.number}")
                return
            state, _ = apply(state, legal_actions(state)[0])
    pytest.fail("no domino with equal halves came up")


def test_K_PLACE_4_a_domino_that_fits_is_not_discarded() -> None:
    state = first_place()
    number = state.line[state.cursor].domino
    assert refusal(state, Discard(number)) == (
        f"`discard {number}` is not possible: a domino that fits somewhere must be placed "
        f"(K-PLACE-4); now place domino {number}")


def test_K_TURN_1_the_claim_after_a_placement_is_explained() -> None:
    state = first_place()
    state, _ = apply(state, legal_actions(state)[0])
    assert state.phase is Phase.CLAIM
    taken = next(s.domino for s in state.line)  # a domino of the line being played
    now = "now claim a free domino of the next line"
    assert refusal(state, Claim(taken)) == (
        f"`claim {taken}` is not possible: domino {taken} is not free in that line; {now}")
    assert refusal(state, Discard(taken)) == (
        f"`discard {taken}` is not possible: it is not one of the legal choices; {now}")
    assert refusal(state, Place(taken, 5, 4, Direction.RIGHT)) == (
        f"`place {taken} F5 right` is not possible: it is not one of the legal choices; {now}")


def test_K_TURN_2_nothing_is_played_after_the_end() -> None:
    final, _ = play_random(2, 4)
    assert refusal(final, Claim(1)) == "`claim 1` is not possible: the game is over"
