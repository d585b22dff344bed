"""Events say exactly what changed: replaying them on the state before gives the state after.

The bot narrates a turn from its events alone, so an event with a wrong seat, cell or
parcel would tell players something that did not happen. In seeded games of every size
and both variants, a shadow of the state is moved by the events only and compared with
the state `apply` returns.
"""

from __future__ import annotations

from collections import Counter

import pytest

from engine.games.rng import Rng
from engine.moonriver import events as ev
from engine.moonriver.game import apply, legal_actions, new_game, outcome
from engine.moonriver.state import EMPTY, GameState, Phase


class Shadow:
    """The parts of a state that events describe, moved by events only."""

    def __init__(self, state: GameState) -> None:
        self.cells = [p.cells[:] for p in state.players]
        self.cows = [p.cows[:] for p in state.players]
        self.faces = [[x[1] if x else None for x in p.partners] for p in state.players]
        self.storage = [Counter(p.storage) for p in state.players]
        self.removed = Counter(state.removed)
        kinds = state.components.partners
        self.saloon = Counter(kinds[c - 1] for c in state.saloon if c)
        self.supply = state.cow_supply
        self.out = state.cows_removed
        self.bonus = [p.bonus_tile for p in state.players]

    def apply(self, e: ev.Event, state: GameState) -> None:
        if isinstance(e, ev.ParcelTaken):
            self.storage[e.seat][e.parcel] += 1
        elif isinstance(e, ev.DominoPlaced):
            for parcel, cell in ((e.first, e.first_cell), (e.second, e.second_cell)):
                assert self.cells[e.seat][cell] == EMPTY
                self.cells[e.seat][cell] = parcel
                self.storage[e.seat][parcel] -= 1
        elif isinstance(e, ev.ParcelsRemoved):
            for parcel in e.parcels:
                if e.seat is not None:
                    self.storage[e.seat][parcel] -= 1
                self.removed[parcel] += 1
        elif isinstance(e, ev.CowAdded):
            self.cows[e.seat][e.cell] += 1
            self.supply -= 1
        elif isinstance(e, ev.CowSupplyEmpty):
            assert self.supply == 0
        elif isinstance(e, ev.SkullResolved):
            assert self.cells[e.seat][e.skull_cell] != EMPTY
            if e.cow_cell is not None:
                self.cows[e.seat][e.cow_cell] -= 1
                self.supply += 1
        elif isinstance(e, ev.PartnerRecruited):
            self.faces[e.seat][e.cell] = e.face
            self.saloon[e.chip_kind] -= 1
        elif isinstance(e, ev.CircleWasted):
            assert not +self.saloon and self.cells[e.seat][e.cell] != EMPTY
        elif isinstance(e, ev.CowMoved):
            self.cows[e.seat][e.source] -= 1
            self.cows[e.seat][e.target] += 1
        elif isinstance(e, ev.ParcelsSwapped):
            self.storage[e.seat][e.mine] -= 1
            self.storage[e.seat][e.theirs] += 1
            self.storage[e.other][e.theirs] -= 1
            self.storage[e.other][e.mine] += 1
        elif isinstance(e, ev.CowStolen):
            self.cows[e.victim][e.source] -= 1
            self.cows[e.seat][e.target] += 1
        elif isinstance(e, ev.BonusTilePlaced):
            self.cells[e.seat][e.cell] = -e.tile
            self.bonus[e.seat] = e.tile
            assert state.landscape_at(e.seat, e.cell).label == e.landscape
        elif isinstance(e, ev.BonusTileMissed):
            self.bonus[e.seat] = -1
        elif isinstance(e, ev.SaloonRefilled):
            self.saloon.update(e.chips)
        elif isinstance(e, ev.CowsOverpopulated):
            self.cows[e.seat][e.cell] -= e.removed
            self.out += e.removed
        elif isinstance(e, ev.GameEnded):
            result = outcome(state)
            assert result is not None
            assert e.scores == tuple(s.total for s in result.sheets)
            assert e.winners == result.winners

    def matches(self, state: GameState) -> None:
        kinds = state.components.partners
        for seat, p in enumerate(state.players):
            assert self.cells[seat] == p.cells
            assert self.cows[seat] == p.cows
            assert self.faces[seat] == [x[1] if x else None for x in p.partners]
            assert +self.storage[seat] == Counter(p.storage)
            assert self.bonus[seat] == p.bonus_tile
        assert +self.removed == Counter(state.removed)
        assert +self.saloon == Counter(kinds[c - 1] for c in state.saloon if c)
        assert (self.supply, self.out) == (state.cow_supply, state.cows_removed)


def check_turn_events(before: GameState, after: GameState, events: list[ev.Event]) -> None:
    """Who and when: seats, rounds, columns and passes named by the events."""
    for i, e in enumerate(events):
        if isinstance(e, ev.TurnStarted):
            taken = events[i + 1]
            assert isinstance(taken, ev.ParcelTaken) and taken.seat == e.seat
            assert e.round in (before.round, before.round + 1)
        elif isinstance(e, ev.Passed) and i == 0:
            assert e.seat == before.active_seat and e.step == before.phase.value
        elif isinstance(e, ev.RancheroPlaced) and i == 0:
            assert e.seat == before.active_seat
            column = before.column if before.phase is Phase.SETUP else before.next_column
            assert any(s.parcel == e.parcel and s.ranchero is None for s in column)
        elif isinstance(e, ev.ParcelsRemoved):  # the table's, a player's, or at the end
            assert (e.seat is None) == (e.reason == "unchosen")
            assert e.reason in ("unchosen", "nothing_fits", "left_over")
            if e.reason == "left_over":  # only once the last round is over (R-END-2)
                assert after.last_round and (after.phase is Phase.OVER or after.turn.final)
            if e.reason == "nothing_fits":  # only as the answer to a discard (R-BUILD-2)
                assert i == 0 and before.phase is Phase.BUILD
        elif isinstance(e, ev.RoundEnded):
            assert e.round == before.round or e.round == after.round - 1
        elif isinstance(e, ev.LastRound):
            assert e.round == after.round and after.last_round
        elif isinstance(e, ev.ColumnDrawn):
            drawn = [s.parcel for s in after.next_column] if after.round else \
                [s.parcel for s in after.column]
            assert list(e.parcels) == drawn or not after.next_column


@pytest.mark.parametrize(("players", "variant"), [(2, "base"), (3, "base"), (4, "base"),
                                                  (2, "legends"), (4, "legends")])
def test_events_replayed_on_the_state_before_give_the_state_after(players: int,
                                                                  variant: str) -> None:
    for seed in range(4):
        state = new_game([f"P{i}" for i in range(players)], seed, variant=variant)
        rng = Rng(seed + 100 * players)
        counts: Counter[str] = Counter()
        while state.phase is not Phase.OVER:
            shadow = Shadow(state)
            new, events = apply(state, rng.choice(legal_actions(state)))
            for e in events:
                shadow.apply(e, new)
                counts[e.kind] += 1
            shadow.matches(new)
            check_turn_events(state, new, events)
            state = new
        assert counts["game_ended"] == 1 and counts["domino_placed"] > 10
