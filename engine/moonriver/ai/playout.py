"""A fast playout policy for the strong player's searches.

The greedy player plays every option and evaluates the result: too slow to play the many
moves of a search. This policy scores options from a table of the mover's territories
built once per decision, without playing them: a domino by how much it grows and joins
territories with cows, a partner by what it will count. Cowboys pass. It is weaker than
greedy, and only has to be fair to every action the search compares.

Where the seats meet, it plays as the greedy player does, so the other seats of a playout
do what real opponents would: a parcel choice weighs what it leaves to the next choosers
(`greedy.choose_values`), and a cattle thief or desperado (R-PART-3/4) hits whoever it
hurts most, usually the leader, instead of passing or stealing at random. These choices
are rare and cheap next to the builds, and a searched build then sees that an
unprotected herd of the leading seat gets stolen from.
"""

from __future__ import annotations

from engine.games.rng import Rng
from engine.moonriver.actions import PASS, Action, Build, Choose, Recruit
from engine.moonriver.ai.evaluation import (
    CORNFIELD,
    ORDER_WEIGHT,
    parcel_value,
    resource_kinds,
    static_tables,
)
from engine.moonriver.ai.greedy import best_of, choose_values, option_values
from engine.moonriver.components import SPECIALIST_RESOURCE
from engine.moonriver.game import landscape_masks, legal_actions
from engine.moonriver.grid import cells_of, geometry
from engine.moonriver.state import GameState, Phase

CIRCLE = 1.5      # a partner to come (R-SYM-3)
SKULL = 3.0       # a cow of the territory leaves (R-SYM-2)
GROWTH = 0.3      # per parcel of a territory with room for later cows
BUILD_FROM = -0.5  # build when the best domino is worth at least this (else keep them)
HOLD_OPTION = 0.5  # specialists: the scoring ones count what the ranch holds (R-PART-5)


def _territory_table(state: GameState, seat: int) -> tuple[list[int], list[int], list[int]]:
    """Per cell: territory id (-1 empty), and per territory id its size and herd."""
    geo = geometry(state.config.height)
    cows = state.players[seat].cows
    region_of = [-1] * geo.size
    sizes: list[int] = []
    herds: list[int] = []
    for mask in landscape_masks(state, seat):
        remaining = mask
        while remaining:
            region = geo.flood(remaining & -remaining, mask)
            remaining &= ~region
            members = cells_of(region)
            for cell in members:
                region_of[cell] = len(sizes)
            sizes.append(len(members))
            herds.append(sum(1 for c in members if cows[c]))
    return region_of, sizes, herds


def _build_values(state: GameState, seat: int, builds: list[Build]) -> list[float]:
    """Score gain of each domino, roughly: merged territories × cows, resources, symbols.

    A search calls this at every build of every playout, over every legal domino: what
    one parcel adds at one cell is worked out once per call and shared by the dominoes.
    """
    components = state.config.components
    landscapes, cow_symbols, resources, skulls, circles, _ = static_tables(components)
    kinds = resource_kinds(components)
    neighbours = geometry(state.config.height).neighbours
    masks = landscape_masks(state, seat)
    region_of, sizes, herds = _territory_table(state, seat)
    cow_coming = 1 if state.cow_supply else 0
    faces = [p[1] for p in state.players[seat].partners if p is not None]
    counting = {kind: 1 + sum(1 for f in faces if SPECIALIST_RESOURCE.get(f) == kind)
                for kind in ("gold", "beaver", "corn")}
    counting[""] = 0
    symbols: dict[int, float] = {}  # parcel -> resources and symbols (R-SCORE-2/3, R-SYM)
    cows_of: dict[int, int] = {}    # parcel -> cows it brings (R-SYM-1)
    touching: dict[tuple[int, int], frozenset[int]] = {}  # (landscape, cell) -> territories
    alone: dict[tuple[int, int, int], float] = {}  # (landscape, cell, cows) -> gain

    def touch(landscape: int, cell: int) -> frozenset[int]:
        key = (landscape, cell)
        found = touching.get(key)
        if found is None:
            mask = masks[landscape]
            found = frozenset(region_of[n] for n in neighbours[cell] if mask >> n & 1)
            touching[key] = found
        return found

    def territory_gain(joined: frozenset[int], new_cells: int, new_herd: int) -> float:
        size = new_cells + sum(sizes[r] for r in joined)
        herd = new_herd + sum(herds[r] for r in joined)
        gain = size * herd - sum(sizes[r] * herds[r] for r in joined)  # R-SCORE-1
        return gain + GROWTH * size  # bigger territories make more of later cows

    for parcel in state.players[seat].storage:
        value = float(resources[parcel] * counting[kinds[parcel]])
        if circles[parcel]:
            value += CIRCLE
        if skulls[parcel]:
            value -= SKULL  # R-SYM-2: likely a cow of that territory
        symbols[parcel] = value
        cows_of[parcel] = cow_coming if cow_symbols[parcel] else 0
    out = []
    for build in builds:
        first, second = build.first, build.second
        cell, second_cell = build.cell, build.second_cell
        first_landscape, second_landscape = landscapes[first], landscapes[second]
        value = symbols[first] + symbols[second]
        if first_landscape != second_landscape:
            for parcel, landscape, at in ((first, first_landscape, cell),
                                          (second, second_landscape, second_cell)):
                if landscape == CORNFIELD:
                    continue  # no cows, no territory points
                key = (landscape, at, cows_of[parcel])
                gain = alone.get(key)
                if gain is None:
                    gain = territory_gain(touch(landscape, at), 1, cows_of[parcel])
                    alone[key] = gain
                value += gain
        elif first_landscape != CORNFIELD:
            joined = touch(first_landscape, cell) | touch(first_landscape, second_cell)
            value += territory_gain(joined, 2, cows_of[first] + cows_of[second])
        out.append(value)
    return out


def fast_choice(state: GameState, rng: Rng) -> Action:
    """The playout policy's action for the seat to move."""
    options = legal_actions(state)
    if len(options) == 1:
        return options[0]
    seat = state.active_seat
    assert seat is not None
    phase = state.phase
    if phase is Phase.BUILD:
        builds = [a for a in options if isinstance(a, Build)]
        if builds:
            values = _build_values(state, seat, builds)
            if max(values) >= BUILD_FROM or PASS not in options:
                return best_of(builds, values, rng)
        return PASS if PASS in options else rng.choice(options)
    if phase is Phase.CHOOSE:
        return best_of(options, choose_values(state, options, seat), rng)  # R-TURN-3
    if phase is Phase.SETUP:
        position = {s.parcel: i for i, s in enumerate(state.column)}
        values = [parcel_value(state, seat, a.parcel) - ORDER_WEIGHT * position[a.parcel]
                  for a in options if isinstance(a, Choose)]
        return best_of(options, values, rng)
    if phase is Phase.RECRUIT:
        return max(options, key=lambda a: _recruit_value(state, seat, a))
    if phase is Phase.THIEF or phase is Phase.DESPERADO:
        return best_of(options, option_values(state, options), rng)  # R-PART-3/4
    if PASS in options:
        return PASS  # cowboy: keep playouts cheap
    return rng.choice(options)


def _recruit_value(state: GameState, seat: int, action: Action) -> float:
    assert isinstance(action, Recruit)
    resource = SPECIALIST_RESOURCE.get(action.face)
    if resource is None:
        return 1.0 if action.face == "thief" else HOLD_OPTION
    resources = static_tables(state.config.components)[2]
    kinds = resource_kinds(state.config.components)
    return float(sum(resources[v] for v in state.players[seat].cells
                     if v > 0 and kinds[v] == resource))
