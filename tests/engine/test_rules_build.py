"""R-BUILD-*, R-PLACE-*: building dominoes."""

import pytest

from engine.games.errors import IllegalActionError
from engine.moonriver.actions import Build, Discard
from engine.moonriver.components import Landscape as L
from engine.moonriver.events import DominoPlaced, ParcelsRemoved
from engine.moonriver.game import apply, legal_actions
from engine.moonriver.grid import cell_name
from engine.moonriver.state import Phase
from tests.helpers import Spec, act, action, build_turn, legal_texts, set_ranch, start_game

EMPTY5 = ". . . . . / . . . . . / . . . . . / . . . . . / . . . . ."


def test_R_BUILD_1_two_or_three_parcels_allow_one_domino() -> None:
    state = start_game()
    state, (a, b, _c) = build_turn(state, 0, [Spec(L.DESERT), Spec(L.CANYON), Spec(L.FARM)])
    state, _ = act(state, f"build p{a} p{b} A1 up")
    assert state.phase is not Phase.BUILD  # one domino and the build step is over


def test_R_BUILD_1_four_parcels_allow_two_dominoes() -> None:
    state = start_game()
    state, (a, b, c, d) = build_turn(
        state, 0, [Spec(L.DESERT), Spec(L.CANYON), Spec(L.FARM), Spec(L.MEADOW)])
    state, _ = act(state, f"build p{a} p{b} A1 up")
    assert state.phase is Phase.BUILD
    assert any(isinstance(x, Build) for x in legal_actions(state))
    assert "pass" in legal_texts(state)  # the second domino is optional
    state, _ = act(state, f"build p{c} p{d} C1 up")
    assert state.phase is not Phase.BUILD


def test_R_BUILD_1_fewer_than_two_parcels_cannot_build() -> None:
    state = start_game()
    state, _ = build_turn(state, 0, [Spec(L.DESERT)])
    assert not any(isinstance(x, Build) for x in legal_actions(state))


def test_R_BUILD_2_more_parcels_than_slots_must_build() -> None:
    state = start_game()
    state, _ = build_turn(state, 0, [Spec(L.DESERT), Spec(L.CANYON), Spec(L.FARM),
                                     Spec(L.MEADOW)])
    assert state.turn.forced
    assert "pass" not in legal_texts(state)
    with pytest.raises(IllegalActionError, match="must build"):
        apply(state, action("pass"))


def test_R_BUILD_2_nothing_fits_remove_two_parcels_of_choice() -> None:
    state = start_game()
    # every bridge cell taken, and no landscape of the held parcels is in the ranch
    set_ranch(state, 0, ". . . . . / . . . . . / . . . . . / . . . . . / fa . fa . fa")
    state, ids = build_turn(state, 0, [Spec(L.DESERT), Spec(L.CANYON), Spec(L.MEADOW),
                                       Spec(L.FOREST)])
    options = legal_actions(state)
    assert options and all(isinstance(x, Discard) for x in options)
    assert len(options) == 6  # any two of the four
    a, b = sorted(ids)[:2]
    state, events = act(state, f"discard p{a} p{b}")
    assert next(e for e in events if isinstance(e, ParcelsRemoved)).reason == "nothing_fits"
    assert a in state.removed and b in state.removed
    assert sorted(state.players[0].storage) == sorted(ids)[2:]


def test_R_PLACE_1_never_outside_the_ranch_or_on_built_cells() -> None:
    state = start_game()
    set_ranch(state, 0, "de . . . . / de . . . . / de . . . . / de . . . . / de . . . .")
    state, _ = build_turn(state, 0, [Spec(L.DESERT), Spec(L.DESERT)])
    for x in legal_actions(state):
        if isinstance(x, Build):
            assert x.second_cell < 25 and x.cell < 25
            assert state.players[0].cells[x.cell] == 0
            assert state.players[0].cells[x.second_cell] == 0
    with pytest.raises(IllegalActionError, match="outside"):
        apply(state, Build(*state.players[0].storage, 21, "up"))
    with pytest.raises(IllegalActionError, match="already built"):
        apply(state, Build(*state.players[0].storage, 0, "right"))


def test_R_PLACE_2a_a_bridge_needs_no_matching_landscape() -> None:
    state = start_game()
    state, (corn, desert) = build_turn(state, 0, [Spec(L.CORNFIELD, resources=None),
                                                  Spec(L.DESERT)])
    legal = legal_texts(state)
    # Camp bridges stand in columns A, C and E (RULES.md §1 Decision)
    assert f"build p{corn} p{desert} A1 up" in legal
    assert f"build p{corn} p{desert} C1 up" in legal
    assert f"build p{corn} p{desert} B1 right" in legal  # its second cell is above C's bridge
    assert f"build p{corn} p{desert} B1 up" not in legal
    assert f"build p{corn} p{desert} A2 up" not in legal
    with pytest.raises(IllegalActionError, match="R-PLACE-2"):
        apply(state, action(f"build p{corn} p{desert} B1 up"))


def test_R_PLACE_2b_one_cell_must_touch_the_same_landscape() -> None:
    state = start_game()
    set_ranch(state, 0, ". . . . . / . . . . . / . . . . . / . . . . . / . . de . .")
    state, (desert, forest) = build_turn(state, 0, [Spec(L.DESERT), Spec(L.FOREST)])
    legal = legal_texts(state)
    assert f"build p{desert} p{forest} C2 up" in legal   # desert on C2 touches desert C1
    assert f"build p{forest} p{desert} C2 up" not in legal  # forest on C2: no forest near
    assert f"build p{forest} p{desert} B2 right" in legal  # desert on C2 again
    assert f"build p{forest} p{desert} C3 up" not in legal  # nothing touches


def test_R_PLACE_3_a_domino_is_two_parcels_and_never_moves() -> None:
    state = start_game()
    state, (a, b) = build_turn(state, 0, [Spec(L.DESERT), Spec(L.CANYON)])
    state, events = act(state, f"build p{a} p{b} A1 up")
    placed = next(e for e in events if isinstance(e, DominoPlaced))
    assert (placed.first_cell, placed.second_cell) == (0, 5)
    cells = state.players[0].cells[:]
    assert cells[0] == a and cells[5] == b
    with pytest.raises(Exception, match="expected"):
        action(f"build p{a} A1")  # there is no single-parcel build


def test_build_text_forms_name_the_same_placement() -> None:
    state = start_game()
    state, (a, b) = build_turn(state, 0, [Spec(L.DESERT), Spec(L.CANYON)])
    up, _ = act(state, f"build p{a} p{b} A1 up")
    down, _ = act(state, f"build p{b} p{a} A2 down")
    assert up == down
    assert cell_name(0) == "A1"
