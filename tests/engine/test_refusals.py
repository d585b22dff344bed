"""Refusals say why and what to do now: the exact words a player reads for each phase.

The bot shows these messages as they are, so they are part of the engine's contract.
"""

from __future__ import annotations

import pytest

from engine.games.errors import IllegalActionError
from engine.games.rng import Rng
from engine.moonriver.components import Landscape as L
from engine.moonriver.game import apply, new_game
from engine.moonriver.state import GameState, Phase, TurnState
from tests.engine.positions import play_until, start
from tests.helpers import Spec, act, action, build_turn, give, set_ranch, set_saloon


def refusal(state: GameState, text: str) -> str:
    with pytest.raises(IllegalActionError) as info:
        apply(state, action(text))
    return str(info.value)


def test_refusal_in_each_phase_names_what_to_do_now() -> None:
    state = start(3, 7)
    assert state.phase is Phase.CHOOSE
    assert refusal(state, "choose p999") == (
        "`choose p999` is not possible: p999 is not a free parcel of that column; "
        "now choose a free parcel of the next column")
    assert refusal(state, "pass") == (
        "`pass` is not possible: it is not one of the legal choices; "
        "now choose a free parcel of the next column")
    setup = new_game(["A", "B", "C"], 7)
    assert refusal(setup, "skull A1") == (
        "`skull A1` is not possible: it is not one of the legal choices; "
        "now choose a parcel of the first column for your ranchero")


def phase_state(phase: Phase) -> GameState:
    """A position in `phase`, reached through real actions where possible."""
    state = start(3, 7)
    if phase is Phase.SKULL:
        set_ranch(state, 0, ". . . . . / . . . . . / . . . . . / . . . . . / de+ de+ . . .")
        state, (skull, plain) = build_turn(state, 0, [Spec(L.DESERT, skull=True),
                                                      Spec(L.CANYON)])
        state, _ = act(state, f"build p{skull} p{plain} C1 right")
        return state
    set_saloon(state, "desperado", "thief", "farmer")
    set_ranch(state, 0, ". . . . . / . . . . . / . . . . . / . . . . . / . me+ . . .")
    set_ranch(state, 1, ". . . . . / . . . . . / . . . . . / . . . . . / . . me+ . .")
    state, (circle, plain, _kept) = build_turn(state, 0, [
        Spec(L.DESERT, circle=True, cows=None), Spec(L.FARM), Spec(L.FOREST)])
    give(state, 1, Spec(L.CANYON))
    state, _ = act(state, f"build p{circle} p{plain} A1 up")
    if phase is Phase.RECRUIT:
        return state
    text = {Phase.COWBOY: "recruit farmer as cowboy", Phase.DESPERADO: "recruit desperado",
            Phase.THIEF: "recruit thief"}[phase]
    state, _ = act(state, text)
    return state


@pytest.mark.parametrize(("phase", "now"), [
    (Phase.SKULL, "pick the parcel whose cow the skull takes"),
    (Phase.RECRUIT, "recruit a partner from the saloon"),
    (Phase.COWBOY, "move a cow one step or pass"),
    (Phase.DESPERADO, "swap a stored parcel with another player's or pass"),
    (Phase.THIEF, "steal an unprotected cow or pass"),
])
def test_refusal_names_the_decision_of_the_phase(phase: Phase, now: str) -> None:
    state = phase_state(phase)
    assert state.phase is phase
    assert refusal(state, "choose p1") == (
        f"`choose p1` is not possible: p1 is not a free parcel of that column; now {now}")


def test_refusal_in_the_bonus_phase() -> None:
    state = start(2, 3)
    set_ranch(state, 0, ". . . . . / " + " / ".join(["de . . . ."] * 9))
    set_saloon(state, "farmer")
    state, (a, b) = build_turn(state, 0, [Spec(L.DESERT), Spec(L.CANYON)])
    state, _ = act(state, f"build p{a} p{b} B9 up")
    assert state.phase is Phase.BONUS
    assert refusal(state, "pass") == (
        "`pass` is not possible: it is not one of the legal choices; now place your bonus tile")


def test_refusal_once_the_game_is_over() -> None:
    state = play_until(start(3, 5), Rng(5), lambda s: False)
    assert refusal(state, "pass") == "`pass` is not possible: the game is over"


BUILD_NOW = "now build a domino from two stored parcels or pass"


def test_build_refusals_say_which_rule() -> None:
    state = start(3, 7)
    set_ranch(state, 0, ". . . . . / . . . . . / . . . . . / . . . . . / de . . . .")
    state, (a, b, c, d) = build_turn(state, 0, [Spec(L.DESERT), Spec(L.CANYON), Spec(L.FARM),
                                                Spec(L.MEADOW)])

    def why(text: str) -> str:
        message = refusal(state, text)
        assert message.startswith(f"`{text}` is not possible: ")
        assert message.endswith(f"; {BUILD_NOW}")
        return message[len(f"`{text}` is not possible: "):-len(f"; {BUILD_NOW}")]

    assert why(f"build p{a} p{a} B1 up") == "a domino needs two different parcels"
    assert why(f"build p{a} p999 B1 up") == "p999 is not in your storage"
    assert why(f"build p{a} p{b} A5 up") == "A6 is outside your ranch of 5 rows (R-PLACE-1)"
    assert why(f"build p{a} p{b} E5 up") == "E6 is outside your ranch of 5 rows (R-PLACE-1)"
    assert why(f"build p{a} p{b} A1 right") == "A1 is already built on (R-PLACE-1)"
    assert why(f"build p{b} p{a} B2 up") == (
        "the domino must touch a bridge in row 1 or a parcel of the same landscape "
        "(R-PLACE-2)")
    assert why("pass") == "you hold more parcels than storage slots and must build (R-BUILD-2)"
    two, _ = act(state, f"build p{a} p{b} B1 up", f"build p{c} p{d} C1 up")
    assert two.phase is not Phase.BUILD
    one, _ = act(state, f"build p{a} p{b} B1 up")
    spent = one.copy()
    spent.turn = TurnState(0, max_dominoes=1, built=1)
    spent._legal = None
    assert refusal(spent, f"build p{c} p{d} C1 up") == (
        f"`build p{c} p{d} C1 up` is not possible: you have built all the dominoes allowed "
        f"this turn (R-BUILD-1); {BUILD_NOW}")


def test_final_placement_refuses_a_pass_while_something_fits() -> None:
    state = start(3, 7)
    state, _held = build_turn(state, 0, [Spec(L.DESERT), Spec(L.CANYON)])
    state.turn = TurnState(0, final=True)
    state._legal = None
    assert refusal(state, "pass") == (
        "`pass` is not possible: at the end every parcel that fits must be placed (R-END-2); "
        f"{BUILD_NOW}")
