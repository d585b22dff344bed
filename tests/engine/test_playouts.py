"""Seeded random playouts that check the invariants after every action (OpenSpiel style)."""

import os
from itertools import permutations

import pytest

from engine.games.rng import Rng
from engine.moonriver.actions import Build, sort_key
from engine.moonriver.components import COWBOY
from engine.moonriver.game import _legal_builds, apply, legal_actions, new_game
from engine.moonriver.grid import WIDTH, geometry
from engine.moonriver.state import GameState, Phase, validate_state
from engine.registry import Record, game_named, read_record, replay, with_result

# Mutation testing (scripts/mutation.sh) runs the suite once per mutant: fewer games there.
MUTATING = "MUTANT_UNDER_TEST" in os.environ
GAMES_PER_COUNT = 25 if MUTATING else 100
DEEP_GAMES = 2 if MUTATING else 6  # every legal action applied and brute-forced each step
LEGENDS_GAMES = 2 if MUTATING else 8  # per scenario and player count


def naive_placement_is_legal(state: GameState, seat: int, first: int, second: int,
                             a: int, b: int) -> bool:
    """R-PLACE-1/2 written the slow, obvious way, as an oracle for the bit-mask version."""
    height = state.config.height
    player = state.players[seat]
    if not (0 <= a < WIDTH * height and 0 <= b < WIDTH * height):
        return False
    if player.cells[a] or player.cells[b]:
        return False
    bridges = state.components.boards[player.board].bridges
    parcels = state.components.parcels
    for cell, pid in ((a, first), (b, second)):
        if cell < WIDTH and cell % WIDTH + 1 in bridges:
            return True
        for n in geometry(height).neighbours[cell]:
            if player.cells[n] and state.landscape_at(seat, n) is parcels[pid - 1].landscape:
                return True
    return False


def brute_force_builds(state: GameState, seat: int) -> set[Build]:
    out = set()
    height = state.config.height
    for first, second in permutations(state.players[seat].storage, 2):
        for cell in range(WIDTH * height):
            if cell + WIDTH < WIDTH * height and naive_placement_is_legal(
                    state, seat, first, second, cell, cell + WIDTH):
                out.add(Build(first, second, cell, "up"))
            if cell % WIDTH < WIDTH - 1 and naive_placement_is_legal(
                    state, seat, first, second, cell, cell + 1):
                out.add(Build(first, second, cell, "right"))
    return out


def check_step(before: GameState, after: GameState) -> None:
    validate_state(after)  # parcels, chips and cows conserved; no cow on cornfield or void
    for _seat, (old, new) in enumerate(zip(before.players, after.players, strict=True)):
        for cell, value in enumerate(old.cells):
            if value:
                assert new.cells[cell] == value, "a placed parcel moved (R-PLACE-3)"
        placed = sum(1 for v in new.cells if v > 0)
        assert placed <= (48 if after.config.height == 10 else 24)
        for partner in new.partners:
            if partner is not None and partner[1] != COWBOY:
                assert after.components.partners[partner[0] - 1] == partner[1]
    options = legal_actions(after)
    if after.phase is Phase.OVER:
        assert options == []
    else:
        assert len(options) >= 2, "single options are played by the engine itself"
        assert options == sorted(options, key=sort_key)
        assert len(set(options)) == len(options)


def play(players: int, seed: int, deep: bool, *, variant: str = "base",
         scenario: int | None = None) -> GameState:
    state = new_game([f"P{i}" for i in range(players)], seed, variant=variant,
                     scenario=scenario)
    rng = Rng(seed * 31 + players)
    actions: list[str] = []
    steps = 0
    while state.phase is not Phase.OVER:
        options = legal_actions(state)
        if deep:
            for option in options:  # every legal action applies
                apply(state, option)
            if state.phase is Phase.BUILD and any(isinstance(o, Build) for o in options):
                seat = state.turn.seat
                assert set(_legal_builds(state, seat)) == brute_force_builds(state, seat)
            snapshot = state.to_dict()
        choice = rng.choice(options)
        if isinstance(choice, Build):  # every placed domino is legal when placed
            seat = state.turn.seat
            assert naive_placement_is_legal(state, seat, choice.first, choice.second,
                                            choice.cell, choice.second_cell)
        new, _events = apply(state, choice)
        if deep:
            assert state.to_dict() == snapshot, "apply changed its input"
            assert GameState.from_dict(new.to_dict()) == new
        check_step(state, new)
        actions.append(str(choice))
        state = new
        steps += 1
        assert steps < 2000, "the game must end"
    assert GameState.from_dict(state.to_dict()) == state
    game = game_named("moonriver")
    record = with_result(Record("moonriver", seed, state.config.players,
                                game.table_options(state), tuple(actions)), state)
    assert replay(read_record(game.record_to_dict(record))).state == state
    parcels_left = sum(len(p.storage) for p in state.players)
    assert parcels_left == 0 and state.pile == []
    return state


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_playouts_keep_every_invariant(players: int) -> None:
    for seed in range(GAMES_PER_COUNT):
        play(players, seed, deep=False)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_deep_playouts_apply_every_legal_action_and_match_brute_force(players: int) -> None:
    for seed in range(1000, 1000 + DEEP_GAMES):
        play(players, seed, deep=True)


@pytest.mark.parametrize("scenario", [1, 2, 3, 4])
def test_R_LEG_2_legends_playouts_keep_every_invariant(scenario: int) -> None:
    """Whole seeded Legends games (R-LEG-1 boards, each scenario) under the base checks."""
    for players in (2, 3, 4):
        for seed in range(LEGENDS_GAMES):
            state = play(players, seed, deep=seed == 0, variant="legends", scenario=scenario)
            assert [p.board for p in state.players] == list(state.config.boards)
            assert state.config.scenario == scenario
