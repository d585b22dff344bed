"""RULES.md §8 and the German FAQ (seeds/000_…): each common mistake and answer is a test.

The scoring mistakes live in test_scoring.py (cow symbols, one cow per parcel).
"""

import pytest

from engine.games.errors import IllegalActionError
from engine.moonriver.components import Landscape as L
from engine.moonriver.game import apply, legal_actions
from engine.moonriver.state import Phase
from tests.helpers import (
    Spec,
    act,
    action,
    build_turn,
    cows_at,
    legal_texts,
    set_ranch,
    set_saloon,
    start_game,
)


def test_mistake_a_skull_never_acts_again() -> None:
    state = start_game()
    state, (skull, plain) = build_turn(state, 0, [Spec(L.MEADOW, skull=True), Spec(L.FARM)])
    state, _ = act(state, f"build p{skull} p{plain} A1 up")
    state, (cow, plain) = build_turn(state, 0, [Spec(L.MEADOW, cows=1), Spec(L.CANYON)])
    state, _ = act(state, f"build p{cow} p{plain} B1 up")
    assert cows_at(state, 0, "B1") == 1


def test_mistake_cows_never_enter_or_cross_cornfields() -> None:
    state = start_game()
    set_ranch(state, 0, ". . . . . / . . . . . / . . . . . / . . . . . / . me+ co1 me .")
    set_saloon(state, "farmer")
    state, (circle, plain) = build_turn(state, 0, [Spec(L.DESERT, circle=True, cows=None),
                                                   Spec(L.FARM)])
    state, _ = act(state, f"build p{circle} p{plain} A1 up", "recruit farmer as cowboy")
    assert all("C1" not in t.split()[2:] for t in legal_texts(state) if t.startswith("move"))
    assert "move B1 C1" not in legal_texts(state)


def test_mistake_the_saloon_is_refilled_only_at_round_end() -> None:
    state = start_game()
    set_saloon(state, "farmer")
    state, (circle, plain) = build_turn(state, 0, [Spec(L.DESERT, circle=True, cows=None),
                                                   Spec(L.FARM)])
    state, _ = act(state, f"build p{circle} p{plain} A1 up", "recruit farmer")
    assert not any(state.saloon)  # stays empty for the rest of the round


def test_mistake_a_domino_at_a_bridge_needs_no_matching_landscape() -> None:
    state = start_game()
    set_ranch(state, 0, ". . . . . / . . . . . / . . . . . / . . . . . / de . . . .")
    state, (a, b) = build_turn(state, 0, [Spec(L.FOREST), Spec(L.FARM)])
    assert f"build p{a} p{b} C1 up" in legal_texts(state)


# --- the German FAQ (seeds/000_…, "Häufige Regelfragen") -----------------------------------

def test_faq_building_is_optional_unless_storage_is_full() -> None:
    """„Muss ich in jedem Zug einen Dominostein bauen?“ – Nein (S. 4–5)."""
    state = start_game()
    state, _ = build_turn(state, 0, [Spec(L.DESERT), Spec(L.CANYON), Spec(L.FARM)])
    assert "pass" in legal_texts(state)
    state, _ = build_turn(state, 0, [Spec(L.DESERT), Spec(L.CANYON), Spec(L.FARM),
                                     Spec(L.MEADOW)])
    assert "pass" not in legal_texts(state)


def test_faq_a_domino_touches_a_bridge_or_the_same_landscape_within_5x5() -> None:
    """„Woran muss ein neuer Dominostein angrenzen?“ (S. 5)."""
    state = start_game()
    set_ranch(state, 0, "fo . . . . / fo . . . . / fo . . . . / fo . . . . / fo . . . .")
    state, (a, b) = build_turn(state, 0, [Spec(L.FOREST), Spec(L.FOREST)])
    for x in legal_actions(state):
        if str(x).startswith("build"):
            assert x.second_cell < 25
    with pytest.raises(IllegalActionError):
        apply(state, action(f"build p{a} p{b} B5 up"))  # would leave the 5x5 grid


def test_faq_nothing_fits_when_forced_two_parcels_leave_the_game() -> None:
    """„Was passiert, wenn ich bauen muss, aber nichts passt?“ (S. 5)."""
    state = start_game()
    set_ranch(state, 0, ". . . . . / . . . . . / . . . . . / . . . . . / fa . fa . fa")
    state, _ids = build_turn(state, 0, [Spec(L.DESERT), Spec(L.CANYON), Spec(L.MEADOW),
                                       Spec(L.FOREST)])
    assert all(t.startswith("discard") for t in legal_texts(state))


def test_faq_cow_then_skull_then_circle() -> None:
    """„In welcher Reihenfolge wirken Kuh, Schädel und Kreis?“ (S. 5–6)."""
    state = start_game()
    set_saloon(state, "trapper")
    state, (cow, skull, circle, plain) = build_turn(state, 0, [
        Spec(L.CANYON, cows=2), Spec(L.CANYON, skull=True), Spec(L.CANYON, circle=True),
        Spec(L.FARM)])
    state, _ = act(state, f"build p{cow} p{skull} A1 up")
    state, events = act(state, f"build p{circle} p{plain} B1 right")
    order = [type(e).__name__ for e in events if type(e).__name__ in
             ("CowAdded", "SkullResolved")]
    assert order == ["CowAdded", "CowAdded", "SkullResolved"]
    assert state.phase is Phase.RECRUIT


def test_faq_thief_cannot_take_cows_guarded_by_any_partner() -> None:
    """„Welche Kühe sind vor dem Viehdieb sicher?“ (S. 7)."""
    state = start_game()
    set_ranch(state, 1, ". . . . . / . . . . . / . . . . . / . . . . . / "
                        "me+ me!desperado fo+!cowboy . .")
    set_saloon(state, "thief")
    state, (circle, plain) = build_turn(state, 0, [Spec(L.DESERT, circle=True, cows=None),
                                                   Spec(L.FARM)])
    state, _ = act(state, f"build p{circle} p{plain} A1 up", "recruit thief")
    assert state.phase is Phase.CHOOSE  # nothing to steal: no decision offered
