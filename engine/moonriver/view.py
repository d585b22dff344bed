"""What players may see: the public view of a table (no pile or stack order).

Renderers and bot messages work only from these views, so hidden information can never
leak into a picture or a message.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from engine.moonriver.components import Board, Landscape, Parcel
from engine.moonriver.legends import scenario_name
from engine.moonriver.ranch import RanchCell, RanchGrid
from engine.moonriver.rules import COLUMN_SIZE
from engine.moonriver.scoring import ScoreSheet, apply_overpopulation, score_ranch
from engine.moonriver.scoring import winners as pick_winners
from engine.moonriver.state import GameState, Phase

#: Ranch cells are immutable and few differ (landscape, resources, cows, face): finding one
#: again is cheaper than making a frozen dataclass (every game's final scoring makes ~100).
_ranch_cell = lru_cache(maxsize=1 << 12)(RanchCell)


def ranch_grid(state: GameState, seat: int) -> RanchGrid:
    """A player's ranch as landscapes, resources, cows and partner faces."""
    player = state.players[seat]
    parcels = state.components.parcels
    cells: list[RanchCell | None] = []
    for cell, value in enumerate(player.cells):
        if value == 0:
            cells.append(None)
            continue
        partner = player.partners[cell]
        face = partner[1] if partner is not None else None
        if value > 0:
            parcel = parcels[value - 1]
            cells.append(_ranch_cell(parcel.landscape, parcel.resources, player.cows[cell],
                                     face))
        else:
            cells.append(_ranch_cell(Landscape(player.bonus_landscape), 0, player.cows[cell],
                                     face))
    return RanchGrid(state.config.height, tuple(cells))


@dataclass(frozen=True, slots=True)
class SlotView:
    parcel: Parcel | None
    ranchero: int | None


@dataclass(frozen=True, slots=True)
class PlayerView:
    seat: int
    name: str
    colour: str
    board: Board
    ranch: RanchGrid
    parcels: tuple[Parcel | None, ...]  # per cell, for drawing printed symbols
    bonus_tile: int                     # 0 none, -1 missed, else tile id
    storage: tuple[Parcel, ...]
    last_placed: tuple[int, ...]
    score: ScoreSheet                   # as if the game ended now (after overpopulation)


@dataclass(frozen=True, slots=True)
class TableView:
    players: tuple[PlayerView, ...]
    column: tuple[SlotView, ...]
    next_column: tuple[SlotView, ...]
    saloon: tuple[str | None, ...]  # specialist kinds, None for an empty space
    stack_size: int
    pile_size: int
    cow_supply: int
    round: int
    last_round: bool
    phase: Phase
    active_seat: int | None
    partner_cell: int | None        # the circle being resolved, in recruit/effect phases
    steps_left: int
    bonus_tiles: tuple[int, ...]
    winners: tuple[int, ...]
    variant: str = "base"
    scenario: str | None = None     # Legends scenario name (R-LEG-2): timber gold outlaws city

    @property
    def rounds(self) -> int:
        """How many rounds the game has (`rounds_in_game`)."""
        return rounds_in_game(self.round, self.pile_size, self.last_round)


def rounds_in_game(round_: int, pile_size: int, last_round: bool) -> int:
    """The game's number of rounds, known from the round under way and the pile: every
    round ends by drawing a column of the pile (R-SETUP-4), and the round that finds the
    pile empty is the last (R-END-1). A game of 96 parcels has 24."""
    if last_round:
        return round_
    return max(1, round_) + pile_size // COLUMN_SIZE + 1


def public_view(state: GameState) -> TableView:
    comp = state.components

    def parcel(pid: int | None) -> Parcel | None:
        return None if pid is None else comp.parcel(pid)

    players = []
    for seat, p in enumerate(state.players):
        grid = ranch_grid(state, seat)
        players.append(PlayerView(
            seat=seat, name=state.config.players[seat], colour=state.config.colours[seat],
            board=comp.boards[p.board], ranch=grid,
            parcels=tuple(comp.parcel(v) if v > 0 else None for v in p.cells),
            bonus_tile=p.bonus_tile,
            storage=tuple(comp.parcel(v) for v in p.storage),
            last_placed=tuple(p.last_placed),
            score=score_ranch(apply_overpopulation(grid)[0], state.config.scenario),
        ))
    turn = state.turn
    winners: tuple[int, ...] = ()
    if state.phase is Phase.OVER:
        winners = tuple(pick_winners([p.score for p in players]))
    return TableView(
        players=tuple(players),
        column=tuple(SlotView(parcel(s.parcel), s.ranchero) for s in state.column),
        next_column=tuple(SlotView(parcel(s.parcel), s.ranchero) for s in state.next_column),
        saloon=tuple(comp.partners[c - 1] if c else None for c in state.saloon),
        stack_size=len(state.stack), pile_size=len(state.pile), cow_supply=state.cow_supply,
        round=state.round, last_round=state.last_round, phase=state.phase,
        active_seat=state.active_seat,
        partner_cell=turn.partner_cell if turn is not None and turn.partner_cell >= 0 else None,
        steps_left=turn.steps_left if turn is not None else 0,
        bonus_tiles=tuple(state.bonus_tiles), winners=winners,
        variant=state.config.variant,
        scenario=scenario_name(state.config.scenario) if state.config.scenario else None,
    )
