"""How good a position is for one seat: the score it has now plus what it can still grow.

The greedy player maximises this; the strong player's searches end in it. The weights are
hand-set, not tuned: each term is an estimate in points, scaled by how much of the game is
left (`left`, 1.0 at the start, 0.0 at the end), so at the end the value is the score.
"""

from __future__ import annotations

from functools import cache

from engine.moonriver.components import SPECIALIST_RESOURCE, Landscape, load_components
from engine.moonriver.game import landscape_masks
from engine.moonriver.grid import cells_of, geometry
from engine.moonriver.state import GameState, Phase

CORNFIELD = int(Landscape.CORNFIELD)
GROWTH = 0.35        # per open neighbour × cows of a territory that can still grow
COWS_TO_COME = 0.25  # per parcel of a territory: a share of the cows still in the pile
SURPLUS = 0.3        # a second cow on a parcel: only a cowboy can still make it count
STORED = 0.6         # a held parcel is worth this share of what it would add if built
OVERFULL = 3.0       # R-BUILD-2: more parcels than slots forces a build or a discard
SPECIALIST_HOPE = 2.0  # a scoring specialist will see more of its resource
ORDER_WEIGHT = 0.4    # per place earlier in the next column: an earlier turn, first pick
UNPROTECTED = 0.15   # per point a cattle thief could take (R-PART-4) while one may come


@cache
def static_tables(components: str) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...],
                                       tuple[bool, ...], tuple[bool, ...], tuple[int, ...]]:
    """Per parcel id: landscape, cows, resources, skull, circle, back number."""
    comp = load_components(components)
    parcels = comp.parcels
    return ((-1, *(int(p.landscape) for p in parcels)), (0, *(p.cows for p in parcels)),
            (0, *(p.resources for p in parcels)), (False, *(p.skull for p in parcels)),
            (False, *(p.circle for p in parcels)), (0, *(p.number for p in parcels)))


def game_left(state: GameState) -> float:
    """The share of the parcels not yet handed out: 1.0 at the start, 0.0 at the end."""
    if state.phase is Phase.OVER:
        return 0.0
    comp = state.components
    waiting = len(state.pile) + sum(1 for s in state.next_column if s.parcel is not None)
    return waiting / len(comp.parcels)


def _popcount(mask: int) -> int:
    return mask.bit_count()


@cache
def resource_kinds(components: str) -> tuple[str, ...]:
    """Per parcel id: the resource its symbols count as (R-COMP-3), "" for none."""
    return ("", *((p.landscape.resource or "") for p in load_components(components).parcels))


def _resource_counts(state: GameState, seat: int) -> dict[str, int]:
    resources = static_tables(state.config.components)[2]
    kinds = resource_kinds(state.config.components)
    counts = {"gold": 0, "beaver": 0, "corn": 0, "": 0}
    for value in state.players[seat].cells:
        if value > 0:
            counts[kinds[value]] += resources[value]
    return counts


def seat_value(state: GameState, seat: int, left: float | None = None) -> float:
    """Points now (R-SCORE-1..3, after R-END-3 overpopulation) plus growth potential."""
    if left is None:
        left = game_left(state)
    player = state.players[seat]
    height = state.config.height
    geo = geometry(height)
    masks = landscape_masks(state, seat)
    occupied = 0
    for m in masks:
        occupied |= m
    empty = geo.area & ~occupied
    cows = player.cows
    cow_cells = 0
    for cell, count in enumerate(cows):
        if count:
            cow_cells |= 1 << cell
    protected = 0
    for cell, partner in enumerate(player.partners):
        if partner is not None:
            protected |= 1 << cell
    value = 0.0
    exposed = 0.0
    for landscape, mask in enumerate(masks):
        if landscape == CORNFIELD or not mask:
            continue  # cornfields never hold cows: they score their cobs only
        remaining = mask
        while remaining:
            region = geo.flood(remaining & -remaining, mask)
            remaining &= ~region
            size = _popcount(region)
            herd = _popcount(region & cow_cells)
            value += size * herd  # R-SCORE-1 with one cow per parcel (R-END-3)
            if not left:
                continue
            surplus = sum(cows[c] for c in cells_of(region & cow_cells)) - herd
            open_cells = _popcount(geo.spread(region) & empty)
            value += left * (GROWTH * min(open_cells, 4) * (herd + 0.5)
                             + COWS_TO_COME * size
                             + SURPLUS * min(surplus, size - herd) * size)
            if herd and not region & protected:
                exposed += size
    counts = _resource_counts(state, seat)
    value += counts["gold"] + counts["beaver"] + counts["corn"]  # R-SCORE-2
    for partner in player.partners:
        if partner is not None:
            resource = SPECIALIST_RESOURCE.get(partner[1])
            if resource:  # R-SCORE-3 / R-PART-5
                value += counts[resource] + left * SPECIALIST_HOPE
    if left:
        value -= UNPROTECTED * left * exposed
        claimed = [s.parcel for s in (*state.column, *state.next_column)
                   if s.ranchero == seat and s.parcel is not None]  # taken at our next turn
        value += STORED * sum(parcel_value(state, seat, p, masks, empty)
                              for p in (*player.storage, *claimed))
        slots = state.components.boards[player.board].slots
        if len(player.storage) > slots:
            value -= OVERFULL
    return value


def parcel_value(state: GameState, seat: int, parcel: int, masks: list[int] | None = None,
                 empty: int | None = None) -> float:
    """What a parcel would add to this seat's ranch if built well (roughly, in points)."""
    landscapes, cow_symbols, resources, skulls, circles, _ = static_tables(state.config.components)
    geo = geometry(state.config.height)
    if masks is None:
        masks = landscape_masks(state, seat)
    if empty is None:
        occupied = 0
        for m in masks:
            occupied |= m
        empty = geo.area & ~occupied
    landscape = landscapes[parcel]
    mask = masks[landscape]
    touching = geo.spread(empty) & mask  # parcels of this landscape next to a free cell
    best_size, best_herd = 0, 0
    if touching:
        cows = state.players[seat].cows
        cow_cells = 0
        for cell in cells_of(mask):
            if cows[cell]:
                cow_cells |= 1 << cell
        while touching:
            region = geo.flood(touching & -touching, mask)
            touching &= ~region
            size, herd = _popcount(region), _popcount(region & cow_cells)
            if size * (herd + 1) > best_size * (best_herd + 1):
                best_size, best_herd = size, herd
    value = float(resources[parcel])
    value += best_herd  # one more parcel in a territory with cows
    value += cow_symbols[parcel] * (best_size + 1)  # R-SYM-1: the cow lands on it
    if circles[parcel]:
        value += 2.0  # R-SYM-3: a partner
    if skulls[parcel]:
        value -= best_size if best_herd else 0  # R-SYM-2: a cow of that territory leaves
    return value


def margin(state: GameState, seat: int) -> float:
    """This seat's value minus the best other seat's: what a search maximises."""
    left = game_left(state)
    mine = seat_value(state, seat, left)
    others = [seat_value(state, s, left) for s in range(len(state.players)) if s != seat]
    return mine - max(others)
