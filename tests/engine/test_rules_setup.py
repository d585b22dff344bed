"""R-SETUP-*, R-2P-2: setting up a game from a seed."""

from collections import Counter

import pytest

from engine.games.errors import GameError
from engine.moonriver.components import load_components
from engine.moonriver.events import ColumnDrawn
from engine.moonriver.game import _draw_column, apply, legal_actions, new_game
from engine.moonriver.state import Phase
from tests.helpers import start_game


def names(n: int) -> list[str]:
    return [f"P{i + 1}" for i in range(n)]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_R_SETUP_1_camp_boards_and_rancheros_per_player(players: int) -> None:
    """R-COMP-6: rancheros in player colours, two each with two players."""
    state = start_game(players)
    assert all(p.board == "camp" for p in state.players)
    rancheros = Counter(s.ranchero for s in state.next_column if s.ranchero is not None)
    rancheros.update(s.ranchero for s in state.column if s.ranchero is not None)
    rancheros[state.turn.seat] += 1  # the ranchero of the player now taking their turn
    assert rancheros == Counter({seat: 2 if players == 2 else 1 for seat in range(players)})


def test_R_SETUP_2_five_specialists_in_the_saloon_rest_in_the_stack() -> None:
    state = new_game(names(3), 5)
    comp = load_components()
    assert len([c for c in state.saloon if c]) == 5
    assert len(state.stack) == len(comp.partners) - 5
    assert sorted(state.saloon + state.stack) == list(range(1, 21))


def test_R_SETUP_3_the_pile_is_a_seeded_shuffle_of_all_parcels() -> None:
    a, b, c = new_game(names(4), 1), new_game(names(4), 1), new_game(names(4), 2)
    assert a.pile == b.pile and a.column == b.column
    assert a.pile != c.pile
    assert sorted(a.pile + [s.parcel for s in a.column]) == list(range(1, 97))


def test_R_SETUP_4_a_column_is_sorted_by_number_keeping_draw_order_for_ties() -> None:
    state = new_game(names(3), 3)
    parcels = state.components.parcels
    by_number = {n: [p.id for p in parcels if p.number == n] for n in range(1, 7)}
    # drawn in this order: a 5, a 2, another 5, a 1 -> 1, 2, 5 (first drawn), 5 (second)
    state.pile = [by_number[5][0], by_number[2][0], by_number[5][1], by_number[1][0]]
    events: list[object] = []
    column = _draw_column(state, events)
    assert [s.parcel for s in column] == [by_number[1][0], by_number[2][0], by_number[5][0],
                                          by_number[5][1]]
    assert isinstance(events[0], ColumnDrawn)


def test_R_SETUP_5_ranchero_order_is_random_across_seeds() -> None:
    first_pickers = {new_game(names(4), seed).pending[0] for seed in range(40)}
    assert first_pickers == {0, 1, 2, 3}
    for seed in range(10):
        assert sorted(new_game(names(4), seed).pending) == [0, 1, 2, 3]


def test_R_SETUP_5_three_players_the_free_parcel_leaves_the_game() -> None:
    state = new_game(names(3), 11)
    column = [s.parcel for s in state.column]
    while state.phase is Phase.SETUP:
        state, _ = apply(state, legal_actions(state)[-1])
    assert len(state.removed) == 1 and state.removed[0] in column


def test_R_SETUP_5_four_players_the_last_player_gets_the_last_parcel() -> None:
    state = new_game(names(4), 12)
    last = state.pending[3]
    for _ in range(3):
        assert state.phase is Phase.SETUP
        state, _ = apply(state, legal_actions(state)[0])
    # no fourth decision: the engine gave the last parcel to the last player
    assert state.phase is not Phase.SETUP
    assert state.removed == []
    owners = [s.ranchero for s in state.column] + [state.turn.seat]
    assert last in owners


def test_R_2P_2_setup_picks_first_one_second_two_first_the_last() -> None:
    for seed in range(6):
        state = new_game(names(2), seed)
        first = state.pending[0]
        assert state.pending == [first, 1 - first, 1 - first, first]
        picks = []
        while state.phase is Phase.SETUP:
            picks.append(state.active_seat)
            state, _ = apply(state, legal_actions(state)[0])
        assert picks == [first, 1 - first, 1 - first]  # the last pick is forced


def test_R_SETUP_6_a_second_column_is_laid_out_after_the_picks() -> None:
    state = new_game(names(3), 4)
    assert state.next_column == [] and state.round == 0  # round 1 starts after the picks
    state = start_game(3, seed=4)
    assert len(state.next_column) == 4
    assert all(s.ranchero is None for s in state.next_column)


def test_setup_rejects_bad_player_counts_seeds_and_variants() -> None:
    with pytest.raises(GameError, match="2–4 players"):
        new_game(names(5), 1)
    with pytest.raises(GameError, match="2–4 players"):
        new_game(names(1), 1)
    for seed in (-1, True, "3", 2.0):
        with pytest.raises(GameError, match="seed must be a whole number"):
            new_game(names(2), seed)  # type: ignore[arg-type]
    with pytest.raises(GameError) as info:
        new_game(names(2), 1, variant="advanced")
    assert str(info.value) == "variant 'advanced' is not available (available: base, legends)"
    with pytest.raises(GameError) as info:
        new_game(names(2), 1, scenario=1)  # scenarios only with Legends (R-LEG-2)
    assert str(info.value) == "scenarios belong to the Legends variant (variant 'legends')"
    with pytest.raises(GameError, match="unknown scenario"):
        new_game(names(2), 1, variant="legends", scenario=5)
    with pytest.raises(GameError, match="unknown component set"):
        new_game(names(2), 1, components="nope")
