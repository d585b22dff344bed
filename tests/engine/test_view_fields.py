"""The public view (engine.moonriver.view) shows each field of the table it stands for.

Pictures and messages are drawn from the view alone, so a field it drops or takes from
the wrong place is a wrong picture; every field is checked against the state at every
decision of seeded games (base, two players with bonus tiles, a Legends scenario).
"""

from __future__ import annotations

import pytest

from engine.games.rng import Rng
from engine.moonriver.game import apply, legal_actions, new_game
from engine.moonriver.legends import scenario_name
from engine.moonriver.scoring import apply_overpopulation, score_ranch, winners
from engine.moonriver.state import GameState, Phase
from engine.moonriver.view import public_view, ranch_grid


def check_view(state: GameState) -> None:
    view = public_view(state)
    comp, config = state.components, state.config
    for seat, (player, seen) in enumerate(zip(state.players, view.players, strict=True)):
        assert (seen.seat, seen.name, seen.colour) == (seat, config.players[seat],
                                                       config.colours[seat])
        assert seen.board == comp.boards[player.board]
        assert seen.ranch == ranch_grid(state, seat)
        assert seen.parcels == tuple(comp.parcel(v) if v > 0 else None for v in player.cells)
        assert (seen.bonus_tile, seen.last_placed) == (player.bonus_tile,
                                                       tuple(player.last_placed))
        assert seen.storage == tuple(comp.parcel(v) for v in player.storage)
        assert seen.score == score_ranch(apply_overpopulation(seen.ranch)[0], config.scenario)
    for slots, seen_slots in ((state.column, view.column),
                              (state.next_column, view.next_column)):
        assert [(None if s.parcel is None else s.parcel.id, s.ranchero) for s in seen_slots] \
            == [(s.parcel, s.ranchero) for s in slots]
    assert view.saloon == tuple(comp.partners[c - 1] if c else None for c in state.saloon)
    assert (view.stack_size, view.pile_size, view.cow_supply) == (
        len(state.stack), len(state.pile), state.cow_supply)
    assert (view.round, view.last_round, view.phase, view.active_seat) == (
        state.round, state.last_round, state.phase, state.active_seat)
    turn = state.turn
    cell = turn.partner_cell if turn is not None and turn.partner_cell >= 0 else None
    assert (view.partner_cell, view.steps_left) == (
        cell, turn.steps_left if turn is not None else 0)
    assert view.bonus_tiles == tuple(state.bonus_tiles)
    over = state.phase is Phase.OVER
    assert view.winners == (tuple(winners([p.score for p in view.players])) if over else ())
    assert view.variant == config.variant
    assert view.scenario == (scenario_name(config.scenario) if config.scenario else None)


@pytest.mark.parametrize(("players", "variant", "scenario"),
                         [(3, "base", None), (2, "base", None), (4, "legends", 2),
                          (2, "legends", 2)])
def test_R_SCORE_1_the_view_shows_every_field_at_every_decision(
        players: int, variant: str, scenario: int | None) -> None:
    state = new_game([f"P{i}" for i in range(players)], 5, variant=variant,
                     scenario=scenario)
    rng = Rng(5)
    seen: set[str] = set()
    while True:
        check_view(state)
        view = public_view(state)
        if view.partner_cell is not None:
            seen.add("partner")
        if any(s.parcel is not None for s in view.column):
            seen.add("column")
        if any(p.storage for p in view.players):
            seen.add("storage")
        if state.phase is Phase.OVER:
            break
        options = legal_actions(state)
        state, _ = apply(state, options[rng.below(len(options))])
    assert view.winners and seen == {"partner", "column", "storage"}
    if players == 2:  # R-2P-3: a bonus tile taken, scored through the grid
        assert any(p.bonus_tile > 0 for p in view.players)
    if scenario:
        assert view.scenario == scenario_name(scenario) and view.variant == "legends"
