"""The exact refusal text of every Moonlight rule and phase (players read these words).

Each refusal names the rule; a test per rule pins the whole sentence, so a changed
condition or a changed word shows.
"""

from __future__ import annotations

import pytest

from engine.games.errors import IllegalActionError
from engine.moonlight.actions import PASS, Action, Play, Power
from engine.moonlight.game import apply, explain_illegal
from engine.moonlight.state import GameState, Phase

from .support import position


def refusal(state: GameState, action: Action) -> str:
    before = state.to_dict()
    with pytest.raises(IllegalActionError) as caught:
        apply(state, action)
    assert state.to_dict() == before
    assert str(caught.value) == explain_illegal(state, action)
    return str(caught.value)


def test_M_WIN_nothing_is_played_after_the_end() -> None:
    state = position("g3", phase=Phase.OVER)
    assert refusal(state, Play("3", "C4")) == (
        "`play 3 C4` is not possible: the game is over (M-WIN)")


def test_M_NEXT_2_between_rounds_only_a_free_power_is_chosen() -> None:
    state = position("g3", phase=Phase.POWER, powers=(("den",), ()))
    assert refusal(state, Play("3", "C4")) == (
        "`play 3 C4` is not possible: the round's loser now chooses an Alpha Power (M-NEXT-2)")
    assert refusal(state, Power("den")) == (
        "`power den` is not possible: den is already taken or not in this game (M-NEXT-2)")
    playing = position("g3", (("3",), ("4",)))
    assert refusal(playing, Power("howl")) == (
        "`power howl` is not possible: Alpha Powers are chosen between rounds, by the "
        "round's loser (M-NEXT-2)")


def test_M_COMP_4_pass_only_declines_howl() -> None:
    assert refusal(position("g3", (("3",), ("4",))), PASS) == (
        "`pass` is not possible: `pass` only declines the extra card of howl (M-COMP-4)")


def test_M_TURN_1_only_a_card_in_hand_is_played() -> None:
    assert refusal(position("g3", (("3",), ("4",))), Play("4", "C4")) == (
        "`play 4 C4` is not possible: you hold no 4 (M-TURN-1)")


def test_M_PLACE_1_and_2_where_a_join_goes_is_explained() -> None:
    empty = position(".", (("3",), ("4",)))
    assert refusal(empty, Play("3", "C4")) == (
        "`play 3 C4` is not possible: the first card of a round goes on D4 (M-PLACE-1)")
    one = position("g3", (("3",), ("4",)))
    assert refusal(one, Play("3", "F4")) == (
        "`play 3 F4` is not possible: F4 is next to no card: a card joins another "
        "orthogonally (M-PLACE-2)")
    row = position("g3 b3 g3 b3", (("2m",), ("3",)))
    assert refusal(row, Play("2m", "C4")) == (
        "`play 2m C4` is not possible: the area would no longer fit 3×4 or 4×3 (M-PLACE-2)")


def test_M_PLACE_3_what_a_cover_takes_is_explained() -> None:
    own = position("g2m b2m b2m", ((), ("3",)), active=1)
    assert refusal(own, Play("3", "E4")) == (
        "`play 3 E4` is not possible: E4 shows your own wolf: you cover only the "
        "opponent's (M-PLACE-3)")
    last = position("g3 b2m", ((), ("4",)), active=1)
    assert refusal(last, Play("4", "D4")) == (
        "`play 4 D4` is not possible: you may not cover the opponent's last visible wolf "
        "(M-PLACE-3)")
    two = position("g2m b1 g3", ((), ("3", "4", "5")), active=1)
    assert refusal(two, Play("3", "F4")) == (
        "`play 3 F4` is not possible: covering a 3 takes a card of value exactly 4 "
        "(M-PLACE-3)")
    ambush = position("g2m b1 g3", ((), ("5",)), active=1, powers=((), ("ambush",)))
    assert refusal(ambush, Play("5", "F4")) == (
        "`play 5 F4` is not possible: covering a 3 takes a card of value exactly 4 or, once "
        "a round with ambush, an equal one (M-PLACE-3)")


def test_M_PLACE_2_the_canvas_edges_do_not_wrap() -> None:
    """G4, on the right edge, touches F4, G3 and G5 only — not A5, the next row's first
    cell. An area on A4–D4 and A5 leaves G4 next to no card."""
    state = position("g3 . . . / g3 b3 g3 b3", (("3",), ("4",)), at="A4")
    assert refusal(state, Play("3", "G4")) == (
        "`play 3 G4` is not possible: G4 is next to no card: a card joins another "
        "orthogonally (M-PLACE-2)")
