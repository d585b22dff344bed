"""R-SYM-0 … R-SYM-3: cows, skulls and circles on newly placed parcels."""

from engine.moonriver.components import Landscape as L
from engine.moonriver.events import (
    CircleWasted,
    CowAdded,
    CowSupplyEmpty,
    PartnerRecruited,
    SkullResolved,
)
from engine.moonriver.state import Phase, validate_state
from tests.helpers import (
    Spec,
    act,
    build_turn,
    cell,
    cows_at,
    legal_texts,
    set_ranch,
    set_saloon,
    start_game,
)


def test_R_SYM_0_with_two_dominoes_symbols_wait_until_both_are_placed() -> None:
    state = start_game()
    state, (cow, a, b, c) = build_turn(
        state, 0, [Spec(L.DESERT, cows=1), Spec(L.CANYON), Spec(L.FARM), Spec(L.MEADOW)])
    state, events = act(state, f"build p{cow} p{a} A1 up")
    assert not any(isinstance(e, CowAdded) for e in events)
    assert cows_at(state, 0, "A1") == 0
    state, events = act(state, f"build p{b} p{c} C1 up")
    assert [e.cell for e in events if isinstance(e, CowAdded)] == [cell("A1")]


def test_R_SYM_0_cows_then_skulls_then_circles() -> None:
    state = start_game()
    set_saloon(state, "thief", "farmer")
    # desert cow on C1, skull desert on D1 (same territory), circle desert above C1
    state, (cow, skull, circle, other) = build_turn(state, 0, [
        Spec(L.DESERT, cows=1), Spec(L.DESERT, skull=True), Spec(L.DESERT, circle=True),
        Spec(L.CANYON)])
    state, _ = act(state, f"build p{cow} p{skull} C1 right")
    state, events = act(state, f"build p{circle} p{other} C2 up")
    kinds = [type(e).__name__ for e in events]
    assert kinds.index("CowAdded") < kinds.index("SkullResolved")
    assert state.phase is Phase.RECRUIT  # the circle comes last
    skull_event = next(e for e in events if isinstance(e, SkullResolved))
    assert skull_event.cow_cell == cell("C1")  # the cow that just arrived is lost again


def test_R_SYM_1_one_cow_per_symbol_from_the_supply() -> None:
    state = start_game()
    state, (two, plain) = build_turn(state, 0, [Spec(L.DESERT, cows=2), Spec(L.CANYON)])
    supply = state.cow_supply
    state, _ = act(state, f"build p{two} p{plain} A1 up")
    assert cows_at(state, 0, "A1") == 2
    assert state.cow_supply == supply - 2


def test_R_SYM_1_an_empty_supply_brings_no_cow() -> None:
    state = start_game()
    state, (cow, plain) = build_turn(state, 0, [Spec(L.DESERT, cows=1), Spec(L.CANYON)])
    state.cows_removed += state.cow_supply
    state.cow_supply = 0
    validate_state(state)
    state, events = act(state, f"build p{cow} p{plain} A1 up")
    assert cows_at(state, 0, "A1") == 0
    assert CowSupplyEmpty(0, cell("A1")) in events


def test_R_SYM_2_the_player_picks_which_parcel_loses_the_cow() -> None:
    state = start_game()
    set_ranch(state, 0, ". . . . . / . . . . . / . . . . . / . . . . . / de+ de+ . . .")
    state, (skull, plain) = build_turn(state, 0, [Spec(L.DESERT, skull=True), Spec(L.CANYON)])
    state, _ = act(state, f"build p{skull} p{plain} C1 right")
    assert state.phase is Phase.SKULL
    assert legal_texts(state) == ["skull A1", "skull B1"]
    supply = state.cow_supply
    state, _ = act(state, "skull B1")
    assert cows_at(state, 0, "A1") == 1 and cows_at(state, 0, "B1") == 0
    assert state.cow_supply == supply + 1  # back to the supply


def test_R_SYM_2_one_parcel_with_cows_needs_no_decision() -> None:
    state = start_game()
    set_ranch(state, 0, ". . . . . / . . . . . / . . . . . / . . . . . / de++ de . . .")
    state, (skull, plain) = build_turn(state, 0, [Spec(L.DESERT, skull=True), Spec(L.CANYON)])
    state, _events = act(state, f"build p{skull} p{plain} C1 right")
    assert cows_at(state, 0, "A1") == 1
    assert state.phase is Phase.CHOOSE


def test_R_SYM_2_no_cow_in_the_territory_no_effect() -> None:
    state = start_game()
    set_ranch(state, 0, ". . . . . / . . . . . / . . . . . / . . . . . / de ca+ . . .")
    state, (skull, plain) = build_turn(state, 0, [Spec(L.CANYON, skull=True), Spec(L.DESERT)])
    # the skull canyon lies apart from the canyon with the cow
    state, events = act(state, f"build p{skull} p{plain} E1 up")
    resolved = next(e for e in events if isinstance(e, SkullResolved))
    assert resolved.cow_cell is None
    assert cows_at(state, 0, "B1") == 1


def test_R_SYM_2_a_skull_acts_only_when_placed() -> None:
    state = start_game()
    state, (skull, plain) = build_turn(state, 0, [Spec(L.DESERT, skull=True), Spec(L.CANYON)])
    state, _ = act(state, f"build p{skull} p{plain} A1 up")
    state, (cow, plain2) = build_turn(state, 0, [Spec(L.DESERT, cows=1), Spec(L.FARM)])
    state, events = act(state, f"build p{cow} p{plain2} B1 up")
    assert cows_at(state, 0, "B1") == 1  # the old skull in the same territory stays quiet
    assert not any(isinstance(e, SkullResolved) for e in events)


def test_R_SYM_3_a_circle_recruits_a_partner_with_the_chosen_side() -> None:
    state = start_game()
    set_saloon(state, "farmer", "thief")
    state, (circle, plain) = build_turn(state, 0, [Spec(L.DESERT, circle=True),
                                                   Spec(L.CANYON)])
    state, _ = act(state, f"build p{circle} p{plain} A1 up")
    assert state.phase is Phase.RECRUIT
    assert legal_texts(state) == ["recruit farmer as cowboy", "recruit farmer",
                                  "recruit thief as cowboy", "recruit thief"]
    state, events = act(state, "recruit farmer")
    chip, face = state.players[0].partners[cell("A1")]
    assert face == "farmer" and state.components.partners[chip - 1] == "farmer"
    assert sum(1 for c in state.saloon if c) == 1
    assert any(isinstance(e, PartnerRecruited) for e in events)


def test_R_SYM_3_an_empty_saloon_recruits_nobody() -> None:
    state = start_game()
    set_saloon(state)  # empty
    state, (circle, plain) = build_turn(state, 0, [Spec(L.DESERT, circle=True),
                                                   Spec(L.CANYON)])
    state, events = act(state, f"build p{circle} p{plain} A1 up")
    assert any(isinstance(e, CircleWasted) for e in events)
    assert state.players[0].partners[cell("A1")] is None
    assert state.phase is Phase.CHOOSE
