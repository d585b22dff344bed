"""The in-place path (`engine.moonriver.playout`) against `apply`: the same states at every
step, and never a change to a state it was not given."""

from __future__ import annotations

from dataclasses import fields

import pytest

from engine.games.errors import IllegalActionError
from engine.games.rng import Rng
from engine.moonriver import game
from engine.moonriver.actions import PASS, UP, Action, Build, parse_action
from engine.moonriver.game import _make_build, apply, legal_actions, new_game
from engine.moonriver.playout import apply_in_place, options, play_in_place, playout
from engine.moonriver.state import GameState, Phase

SETUPS = [(players, variant) for players in (2, 3, 4) for variant in ("base", "legends")]


def start(players: int, variant: str, seed: int) -> GameState:
    return new_game([f"P{i}" for i in range(players)], seed, variant=variant)


@pytest.mark.parametrize(("players", "variant"), SETUPS)
def test_in_place_playout_reaches_the_same_state_as_apply_at_every_step(
        players: int, variant: str) -> None:
    # R-TURN-*, R-SYM-*, R-PART-*, R-END-*: every rule runs through both paths
    for seed in range(4):
        by_apply = start(players, variant, seed)
        in_place = by_apply.fork()
        rng = Rng(seed)
        steps = 0
        while by_apply.phase is not Phase.OVER:
            legal = legal_actions(by_apply)
            assert options(in_place) == legal
            action = legal[rng.below(len(legal))]
            by_apply, events = apply(by_apply, action)
            apply_in_place(in_place, action)
            assert events  # the apply path still narrates
            assert in_place.to_dict() == by_apply.to_dict(), f"seed {seed}, step {steps}"
            steps += 1
        assert in_place.phase is Phase.OVER and steps > 50


def test_in_place_playouts_never_change_the_states_they_start_from() -> None:
    history = [start(4, "base", 11)]
    rng = Rng(3)
    while history[-1].phase is not Phase.OVER:
        state = history[-1]
        history.append(apply(state, rng.choice(legal_actions(state)))[0])
    frozen = [s.to_dict() for s in history]
    for i, state in enumerate(history[::7]):
        chooser_rng = Rng(i)

        def chooser(position: GameState, rng: Rng = chooser_rng) -> Action:
            return rng.choice(options(position))

        end = playout(state, chooser)
        assert end.phase is Phase.OVER
    assert [s.to_dict() for s in history] == frozen


def test_apply_in_place_refuses_an_illegal_action_and_leaves_the_state_alone() -> None:
    state = start(4, "base", 5).fork()
    rng = Rng(5)
    while not (state.phase is Phase.BUILD and PASS in options(state)):
        apply_in_place(state, rng.choice(options(state)))
    before = state.to_dict()
    turn = state.turn
    assert turn is not None
    held = state.players[turn.seat].storage
    bad: Action = Build(held[0], held[0], 0, "up")  # R-PLACE-1: two different parcels
    with pytest.raises(IllegalActionError, match="two different parcels"):
        apply_in_place(state, bad)
    assert state.to_dict() == before


def test_play_in_place_stops_at_the_action_limit_and_at_the_stop_condition() -> None:
    state = start(3, "base", 8).fork()
    rng = Rng(8)

    def chooser(s: GameState) -> Action:
        return rng.choice(options(s))

    assert play_in_place(state, chooser, max_actions=10) == 10
    played = play_in_place(state, chooser, stop=lambda s: s.round >= 5)
    assert played > 0 and state.round == 5
    assert play_in_place(state, chooser) > 0 and state.phase is Phase.OVER
    assert play_in_place(state, chooser) == 0  # a finished game has nothing to play


def test_builds_from_the_fast_constructor_equal_the_dataclass_ones() -> None:
    # R-PLACE-1: `_make_build` sets the slots directly; it must make the same action
    assert [f.name for f in fields(Build)] == ["first", "second", "cell", "direction"]
    made = _make_build(17, 42, 12, UP)
    assert made == Build(17, 42, 12, UP) and hash(made) == hash(Build(17, 42, 12, UP))
    assert str(made) == "build p17 p42 C3 up" and made.second_cell == 17
    assert parse_action(str(made)) == made


def test_legal_builds_stay_the_same_when_the_build_table_is_emptied(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # R-PLACE-1/2: the table of made builds is a cache; emptying it changes no option
    positions = []
    state = start(4, "base", 21)
    rng = Rng(21)
    while state.phase is not Phase.OVER:
        if state.phase is Phase.BUILD:
            positions.append(state.copy())
        state = apply(state, rng.choice(legal_actions(state)))[0]
    expected = [legal_actions(p) for p in positions]
    monkeypatch.setattr(game, "_BUILDS_KEPT", 3)  # emptied every few builds
    game._builds.clear()
    assert [legal_actions(p.copy()) for p in positions] == expected
    assert len(game._builds) <= 3
