"""The rules machine: `new_game`, `legal_actions`, `apply`, `outcome`.

`legal_actions` is the single source of truth (DESIGN.md lesson 3): `apply` refuses
anything it does not list, the bot builds its buttons from it and the AIs choose from it.
Decisions with exactly one legal option (taking a parcel, the last free parcel, a skull
with one cow in reach, …) are played by the engine itself, so `legal_actions` of a running
game always offers two or more choices and a game record holds only real decisions.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from engine.games.errors import GameError, IllegalActionError
from engine.games.rng import Rng
from engine.moonriver import events as ev
from engine.moonriver.actions import (
    PASS,
    RIGHT,
    UP,
    Action,
    Bonus,
    Build,
    Choose,
    Discard,
    Move,
    Pass,
    Recruit,
    Skull,
    Steal,
    Swap,
)
from engine.moonriver.components import COWBOY, DEFAULT_COMPONENTS, Landscape, load_components
from engine.moonriver.grid import WIDTH, cell_name, cells_of, geometry
from engine.moonriver.legends import (
    LEGENDS,
    SCENARIOS,
    boards_for,
    scenario_number,
    seat_colours,
)
from engine.moonriver.masks import RanchMasks
from engine.moonriver.rules import (
    COLOURS,
    COLUMN_SIZE,
    COWBOY_STEPS,
    PLAYER_COUNTS,
    TWO_DOMINOES_FROM,
    VARIANTS,
)
from engine.moonriver.scoring import ScoreSheet, score_ranch, winners
from engine.moonriver.state import EMPTY, GameConfig, GameState, Phase, PlayerState, Slot, TurnState
from engine.moonriver.tables import RuleTables, rule_tables
from engine.moonriver.view import ranch_grid

Events = list[ev.Event]

# Python 3.11 looks enum members up through EnumType.__getattr__'s slot hook: `Phase.BUILD`
# costs about half a microsecond, twenty times a global name, and the rules compare phases
# at every step. The hot path uses these names instead.
_SETUP, _BUILD, _SKULL, _RECRUIT = Phase.SETUP, Phase.BUILD, Phase.SKULL, Phase.RECRUIT
_COWBOY, _DESPERADO, _THIEF = Phase.COWBOY, Phase.DESPERADO, Phase.THIEF
_BONUS, _CHOOSE, _OVER = Phase.BONUS, Phase.CHOOSE, Phase.OVER
_CORNFIELD = Landscape.CORNFIELD


# --- setup (R-SETUP-*) -------------------------------------------------------------------

def new_game(
    players: Sequence[str], seed: int, *, variant: str = "base", scenario: int | None = None,
    components: str = DEFAULT_COMPONENTS, colours: Sequence[str] | None = None,
) -> GameState:
    """A new game for 2–4 named players, fully determined by `seed`.

    In the Legends variant `scenario` is 1–4 (R-LEG-2), or None to draw it from the seed.
    `colours`: the colour each seat chose (and so its Legends board, R-LEG-1), None for
    the colours in seat order.
    """
    names = tuple(players)
    if len(names) not in PLAYER_COUNTS:
        raise GameError(f"Moon River is for 2–4 players, not {len(names)}")
    if len(set(names)) != len(names):  # results are keyed by name: two alike lose a score
        twice = sorted({n for n in names if names.count(n) > 1})
        raise GameError(f"player names must differ ({', '.join(map(repr, twice))} "
                             "appears more than once)")
    if variant not in VARIANTS:
        raise GameError(f"variant {variant!r} is not available (available: "
                             f"{', '.join(VARIANTS)})")
    if scenario is not None and variant != LEGENDS:
        raise GameError("scenarios belong to the Legends variant (variant 'legends')")
    if scenario is not None:
        scenario = scenario_number(scenario)
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise GameError(f"the seed must be a whole number >= 0, not {seed!r}")
    chosen = seat_colours(colours, len(names))
    if chosen == COLOURS[: len(names)]:  # the seat-order colours: stored as before
        chosen = ()
    comp = load_components(components)
    boards = boards_for(variant, comp, chosen or COLOURS[: len(names)])  # R-SETUP-1, R-LEG-1
    rng = Rng(seed)
    pile = comp.parcel_ids
    rng.shuffle(pile)  # R-SETUP-3
    stack = list(range(1, len(comp.partners) + 1))
    rng.shuffle(stack)  # R-SETUP-2
    n = len(names)
    if n == 2:
        first = rng.below(2)  # R-2P-2: first picks 1, second 2, first the last
        order = [first, 1 - first, 1 - first, first]
    else:
        order = list(range(n))
        rng.shuffle(order)  # R-SETUP-5: rancheros drawn in random order
    if variant == LEGENDS and scenario is None:  # R-LEG-2: drawn at random (parcels 1–4)
        scenario = rng.below(len(SCENARIOS)) + 1  # drawn last: the setup draws stay the same
    config = GameConfig(names, seed, variant, scenario, comp.name, boards, chosen)
    size = WIDTH * config.height
    state = GameState(
        config=config,
        players=[PlayerState(board, [EMPTY] * size, [0] * size, [None] * size, [])
                 for board in boards],
        pile=pile, column=[], next_column=[], saloon=[0] * comp.saloon_size, stack=stack,
        cow_supply=comp.cows, cows_removed=0, removed=[], bonus_tiles=[],
        round=0, last_round=False, phase=_SETUP, turn=None, pending=order,
    )
    if n == 2:
        state.bonus_tiles = [t.id for t in comp.bonus_tiles]
    _refill_saloon(state, [])
    state.column = _draw_column(state, [])  # R-SETUP-4
    _advance(state, [])
    return state


def _draw_column(state: GameState, out: Events | None) -> list[Slot]:
    """R-SETUP-4: 4 parcels, ascending by back number, equal numbers in draw order."""
    drawn, state.pile = state.pile[:COLUMN_SIZE], state.pile[COLUMN_SIZE:]
    drawn.sort(key=_tables(state).number.__getitem__)  # stable: keeps draw order
    if out is not None:
        out.append(ev.ColumnDrawn(tuple(drawn)))
    return [Slot(pid, None) for pid in drawn]


def _refill_saloon(state: GameState, out: Events | None) -> None:
    """R-SETUP-2 / R-ROUND-1: fill empty saloon spaces from the stack, specialist up."""
    added = []
    saloon, stack = state.saloon, state.stack
    for i, chip in enumerate(saloon):
        if chip == 0 and stack:
            saloon[i] = stack.pop(0)
            added.append(saloon[i])
    if added and out is not None:
        kinds = _tables(state).partner_kind
        out.append(ev.SaloonRefilled(tuple(kinds[chip] for chip in added)))


def _remove_unchosen(state: GameState, out: Events | None) -> None:
    """R-SETUP-5, R-ROUND-1: with 3 players the parcel no ranchero stands on leaves the
    game, and a gap where it lay: the other slots keep their places, so a parcel told as
    "③" when it was chosen is still ③ in the next round's picture."""
    unchosen = [s.parcel for s in state.column if s.ranchero is None and s.parcel is not None]
    if unchosen:
        state.removed += unchosen
        state.column = [s if s.ranchero is not None else Slot(None, None)
                        for s in state.column]
        if out is not None:
            out.append(ev.ParcelsRemoved(None, tuple(unchosen), "unchosen"))


def _finish_setup(state: GameState, out: Events | None) -> None:
    _remove_unchosen(state, out)  # R-SETUP-5
    state.next_column = _draw_column(state, out)  # R-SETUP-6
    state.round = 1
    _start_next_turn(state, out)


# --- turns and rounds (R-ORDER-1, R-TURN-*, R-ROUND-1, R-END-*) ---------------------------

def _start_next_turn(state: GameState, out: Events | None) -> None:
    """R-ORDER-1: the next ranchero from the top of the current column takes its turn."""
    for index, slot in enumerate(state.column):
        if slot.ranchero is not None:
            seat, parcel = slot.ranchero, slot.parcel
            assert parcel is not None
            state.columns_for_update()
            taken = state.column[index]
            taken.ranchero, taken.parcel = None, None
            player = state.player_for_update(seat)
            player.storage.append(parcel)  # R-TURN-1: take (mandatory)
            if out is not None:
                out += (ev.TurnStarted(seat, state.round), ev.ParcelTaken(seat, parcel))
            held = len(player.storage)
            state.turn = TurnState(
                seat, False,
                2 if held >= TWO_DOMINOES_FROM else 1,  # R-BUILD-1: max dominoes
                0, held > _tables(state).slots[player.board],  # R-BUILD-2: forced
            )
            state.phase = _BUILD
            return
    _end_round(state, out)


def _end_round(state: GameState, out: Events | None) -> None:
    if out is not None:
        out.append(ev.RoundEnded(state.round))
    if state.last_round:
        _start_final_placement(state, out)
        return
    state.column = state.next_column
    _remove_unchosen(state, out)  # R-ROUND-1
    state.round += 1
    if state.pile:
        state.next_column = _draw_column(state, out)
    else:  # R-END-1: no new column; this is the last round, no ranchero is placed in it
        state.next_column = []
        state.last_round = True
        # R-END-2 (Decision): the final placement follows this round's turn order
        order = dict.fromkeys(s.ranchero for s in state.column if s.ranchero is not None)
        state.pending = list(order)
        if out is not None:
            out.append(ev.LastRound(state.round))
    _refill_saloon(state, out)  # R-ROUND-1: only here
    _start_next_turn(state, out)


def _start_final_placement(state: GameState, out: Events | None) -> None:
    if out is not None:
        out.append(ev.FinalPlacement())
    _next_final_player(state, out)


def _next_final_player(state: GameState, out: Events | None) -> None:
    """R-END-2: each player places what they hold as far as legally possible."""
    while state.pending:
        seat = state.pending.pop(0)
        if len(state.players[seat].storage) >= 2:
            state.turn = TurnState(seat, final=True)
            state.phase = _BUILD
            return
        _remove_left_over(state, seat, out)
    _finish_game(state, out)


def _remove_left_over(state: GameState, seat: int, out: Events | None) -> None:
    player = state.players[seat]
    if player.storage:
        player = state.player_for_update(seat)
        state.removed += player.storage
        if out is not None:
            out.append(ev.ParcelsRemoved(seat, tuple(player.storage), "left_over"))
        player.storage = []


def _finish_game(state: GameState, out: Events | None) -> None:
    state.turn = None
    state.phase = _OVER
    for seat in range(len(state.players)):  # R-END-3: overpopulation
        player = state.player_for_update(seat)
        for cell, cows in enumerate(player.cows):
            if cows > 1:
                player.cows[cell] = 1
                state.cows_removed += cows - 1
                if out is not None:
                    out.append(ev.CowsOverpopulated(seat, cell, cows - 1))
    if out is not None:  # scoring only for the narration: a silent playout skips it
        result = outcome(state)
        assert result is not None
        out.append(ev.GameEnded(tuple(s.total for s in result.sheets), tuple(result.winners)))


# --- building (R-BUILD-*, R-PLACE-*) and symbols (R-SYM-*) --------------------------------

def _tables(state: GameState) -> RuleTables:
    """The lookup tables of the state's component set and ranch height.

    One remembered (config, tables) pair: a game's states all share one config object,
    so the common case is an identity check, not a hash of the config.
    """
    global _tables_memo
    config = state.config
    memo = _tables_memo
    if memo is not None and memo[0] is config:
        return memo[1]
    tables = rule_tables(config.components, config.height)
    _tables_memo = (config, tables)  # one tuple: safe to read from another thread
    return tables


_tables_memo: tuple[GameConfig, RuleTables] | None = None


def _ranch_masks(state: GameState, seat: int) -> RanchMasks:
    """The seat's ranch masks; cached on the player while its cells stay the same
    (R-PLACE-*, R-PART-* and the AIs all read them)."""
    player = state.players[seat]
    cells = player.cells
    cached = player.mask_cache
    if cached is not None and cached.bonus == player.bonus_landscape and cached.cells == cells:
        return cached
    tables = _tables(state)
    fresh = RanchMasks.scan(cells, player.bonus_landscape, tables.landscape, tables.geo)
    player.mask_cache = fresh
    return fresh


def _landscape_masks(state: GameState, seat: int) -> list[int]:
    return _ranch_masks(state, seat).landscapes


def landscape_masks(state: GameState, seat: int) -> list[int]:
    """Cells per landscape of a seat's ranch (read only: the list is cached)."""
    return _ranch_masks(state, seat).landscapes


def _placeable_masks(state: GameState, seat: int) -> tuple[int, list[int]]:
    """Empty cells, and per landscape the cells where a parcel of it may lie (R-PLACE-2)."""
    tables = _tables(state)
    ranch = _ranch_masks(state, seat)
    # (a) row 1 above a bridge, any landscape, or (b) next to the same landscape
    bridges = tables.bridges[state.players[seat].board]
    return tables.geo.area & ~ranch.built, [bridges | near for near in ranch.near]


_set_first, _set_second, _set_cell, _set_direction = (
    Build.__dict__[name].__set__ for name in ("first", "second", "cell", "direction"))


def _make_build(first: int, second: int, cell: int, direction: str) -> Build:
    """`Build(first, second, cell, direction)` at half the cost: a frozen dataclass's
    `__init__` sets each field through `object.__setattr__`, the slots' own descriptors
    set them directly (tests/engine/test_playout.py checks the two agree)."""
    build = object.__new__(Build)
    _set_first(build, first)
    _set_second(build, second)
    _set_cell(build, cell)
    _set_direction(build, direction)
    return build


#: Every Build made so far, by `(first << 32 | second << 16 | cell) << 1 | (direction is UP)`.
#: Builds are immutable and the same ones recur in a search: finding one again is cheaper
#: than making it (an `lru_cache` call per build was a seventh of a random game). Emptied
#: when it holds `_BUILDS_KEPT` builds, so memory stays bounded.
_builds: dict[int, Build] = {}
_BUILDS_KEPT = 200_000


def _new_build(key: int, first: int, second: int, cell: int, direction: str) -> Build:
    if len(_builds) >= _BUILDS_KEPT:
        _builds.clear()
    build = _builds[key] = _make_build(first, second, cell, direction)
    return build
_move = lru_cache(maxsize=1 << 12)(Move)
_choose = lru_cache(maxsize=1 << 8)(Choose)
_recruit_as = lru_cache(maxsize=1 << 6)(Recruit)


def _legal_builds(state: GameState, seat: int) -> list[Action]:
    """Every legal domino from two held parcels (R-PLACE-1, R-PLACE-2), sorted."""
    tables = _tables(state)
    geo = tables.geo
    player = state.players[seat]
    held = sorted(player.storage)
    ranch = _ranch_masks(state, seat)
    empty = geo.area & ~ranch.built
    # R-PLACE-1: both cells free, the second up (under the top row) or right (in the
    # ranch). This and the R-PLACE-2 test per pair below are geo.domino_placements'
    # masks, inlined: a call per build decision was measurable in a search.
    up_step = geo.stride  # the ranch's next row lies up, away from the river
    up_free = empty & (empty >> up_step)
    right_free = empty & (empty >> 1) & geo.not_last
    # R-PLACE-2 per held parcel: (a) row 1 above a bridge or (b) next to its landscape
    bridges = tables.bridges[player.board]
    landscape_of = tables.landscape
    near = ranch.near
    ok = [bridges | near[landscape_of[parcel]] for parcel in held]
    find = _builds.get
    out: list[Action] = []
    pairs = range(len(held))
    for i in pairs:
        a, ok_a = held[i], ok[i]
        for j in pairs:
            if i == j:
                continue
            ok_b = ok[j]
            up = up_free & (ok_a | (ok_b >> up_step))
            right = right_free & (ok_a | (ok_b >> 1))
            both = up | right
            if not both:
                continue
            b = held[j]
            pair = a << 32 | b << 16  # parcel ids and cells stay below 2**16
            while both:
                low = both & -both
                cell = low.bit_length() - 1
                both ^= low
                key = (pair | cell) << 1
                if right & low:
                    out.append(find(key) or _new_build(key, a, b, cell, RIGHT))
                if up & low:
                    out.append(find(key | 1) or _new_build(key | 1, a, b, cell, UP))
    return out


def _build_options(state: GameState) -> list[Action]:
    turn = state.turn
    assert turn is not None
    player = state.players[turn.seat]
    builds: list[Action] = []
    if len(player.storage) >= 2 and (turn.final or turn.built < turn.max_dominoes):
        builds = _legal_builds(state, turn.seat)
    if turn.final:  # R-END-2: place as far as legally possible
        return builds or [PASS]
    if turn.forced and turn.built == 0:  # R-BUILD-2: must build; if nothing fits, discard
        if builds:
            return builds
        held = sorted(player.storage)
        return [Discard(a, b) for i, a in enumerate(held) for b in held[i + 1:]]
    builds.append(PASS)  # a fresh list from _legal_builds (or the empty one above)
    return builds


def _place(state: GameState, action: Build, out: Events | None) -> None:
    turn = state.turn
    assert turn is not None
    ranch = _ranch_masks(state, turn.seat)  # before the write: the cache is current
    player = state.player_for_update(turn.seat)
    if turn.built == 0:
        player.last_placed = []
    second_cell = action.second_cell
    player.cells[action.cell] = action.first
    player.cells[second_cell] = action.second
    # update the masks by the two new cells instead of rescanning the ranch
    tables = _tables(state)
    landscape_of = tables.landscape
    player.mask_cache = ranch.with_domino(
        player.cells, (action.cell, landscape_of[action.first]),
        (second_cell, landscape_of[action.second]), tables.geo)
    player.storage.remove(action.first)
    player.storage.remove(action.second)
    player.last_placed += [action.cell, second_cell]
    turn.built += 1
    turn.placed += [action.cell, second_cell]
    if out is not None:
        out.append(ev.DominoPlaced(turn.seat, action.first, action.second, action.cell,
                                   second_cell))
    if not turn.final and turn.built >= turn.max_dominoes:
        _end_building(state, out)


def _end_building(state: GameState, out: Events | None) -> None:
    """R-SYM-0: all cows, then all skulls, then all circles of the newly placed parcels."""
    turn = state.turn
    assert turn is not None
    placed, turn.placed = turn.placed, []
    # a pass places nothing: leave the ranch shared with the previous state
    player = state.player_for_update(turn.seat) if placed else state.players[turn.seat]
    tables = _tables(state)
    cells = player.cells
    for cell in placed:  # R-SYM-1
        for _ in range(tables.cows[cells[cell]]):
            if state.cow_supply > 0:
                state.cow_supply -= 1
                player.cows[cell] += 1
                if out is not None:
                    out.append(ev.CowAdded(turn.seat, cell))
            elif out is not None:
                out.append(ev.CowSupplyEmpty(turn.seat, cell))
    if placed:
        skull, circle = tables.skull, tables.circle
        turn.skulls = [c for c in placed if skull[cells[c]]]
        turn.circles = [c for c in placed if circle[cells[c]]]
    else:  # a pass: nothing to resolve
        turn.skulls, turn.circles = [], []
    _continue_resolution(state, out)


def _territory(state: GameState, seat: int, cell: int) -> int:
    """The territory (RULES.md §2) containing `cell`, as a mask."""
    landscape = state.landscape_at(seat, cell)
    assert landscape is not None
    masks = _landscape_masks(state, seat)
    return geometry(state.config.height).flood(1 << cell, masks[landscape])


def _skull_options(state: GameState) -> list[Action]:
    """R-SYM-2: which parcel of the skull's territory loses a cow."""
    turn = state.turn
    assert turn is not None
    cows = state.players[turn.seat].cows
    return [Skull(c) for c in cells_of(_territory(state, turn.seat, turn.skulls[0])) if cows[c]]


def _continue_resolution(state: GameState, out: Events | None) -> None:
    """Work through pending skulls, circles and the bonus tile; stop at a decision."""
    turn = state.turn
    assert turn is not None
    player = state.players[turn.seat]
    while turn.skulls:
        if _skull_options(state):
            state.phase = _SKULL
            return
        skull = turn.skulls.pop(0)  # no cow in reach: the skull has no effect
        if out is not None:
            out.append(ev.SkullResolved(turn.seat, skull, None))
    while turn.circles:
        cell = turn.circles.pop(0)
        if any(state.saloon):
            turn.partner_cell = cell
            state.phase = _RECRUIT
            return
        if out is not None:
            out.append(ev.CircleWasted(turn.seat, cell))  # R-SYM-3: empty saloon, nobody
    if (state.bonus_tiles and player.bonus_tile == 0
            and any(player.cells[-WIDTH:])):  # R-2P-3: reached the top row
        if _bonus_options(state):
            state.phase = _BONUS
            return
        state.player_for_update(turn.seat).bonus_tile = -1
        if len(state.bonus_tiles) == len(state.components.bonus_tiles):
            # Decision (R-2P-3, seed 000 "der Zweite bekommt das andere"): the first to
            # reach row 10 takes a tile even when it cannot be placed; the lowest-numbered
            # one leaves the game, so the second player still gets the other one only.
            state.bonus_tiles.remove(min(state.bonus_tiles))
        if out is not None:
            out.append(ev.BonusTileMissed(turn.seat))
    _after_resolution(state, out)


def _after_resolution(state: GameState, out: Events | None) -> None:
    turn = state.turn
    assert turn is not None
    if turn.final:
        if len(state.players[turn.seat].storage) >= 2 and _legal_builds(state, turn.seat):
            state.turn = TurnState(turn.seat, final=True)  # a swap made room
            state.phase = _BUILD
            return
        _remove_left_over(state, turn.seat, out)
        _next_final_player(state, out)
    elif state.last_round:  # R-END-1: no ranchero is placed in the last round
        _start_next_turn(state, out)
    else:
        state.phase = _CHOOSE


# --- partners (R-SYM-3, R-PART-*) ---------------------------------------------------------

def _recruit_options(state: GameState) -> list[Action]:
    kinds = _tables(state).partner_kind
    present = sorted({kinds[chip] for chip in state.saloon if chip})
    options: list[Action] = []
    for kind in present:  # sorted: "cowboy" sorts before every specialist kind
        options += [_recruit_as(kind, COWBOY), _recruit_as(kind, kind)]
    return options


def _recruit(state: GameState, action: Recruit, out: Events | None) -> None:
    turn = state.turn
    assert turn is not None
    kinds = _tables(state).partner_kind
    index = next(i for i, c in enumerate(state.saloon) if c and kinds[c] == action.kind)
    chip, state.saloon[index] = state.saloon[index], 0
    state.player_for_update(turn.seat).partners[turn.partner_cell] = (chip, action.face)
    if out is not None:
        out.append(ev.PartnerRecruited(turn.seat, turn.partner_cell, action.kind, action.face))
    if action.face == COWBOY:
        turn.steps_left = COWBOY_STEPS
        state.phase = _COWBOY
    elif action.face == "desperado":
        state.phase = _DESPERADO
    elif action.face == "thief":
        state.phase = _THIEF
    else:  # scoring specialists act at the end (R-PART-5)
        _continue_resolution(state, out)


def _cowboy_options(state: GameState) -> list[Action]:
    """R-PART-2: one cow one step to an adjacent parcel; never onto a cornfield."""
    turn = state.turn
    assert turn is not None
    seat = turn.seat
    player = state.players[seat]
    neighbours = _tables(state).geo.neighbours
    ranch = _ranch_masks(state, seat)
    walkable = ranch.built & ~ranch.landscapes[_CORNFIELD]
    options: list[Action] = []
    for source, cows in enumerate(player.cows):
        if cows:
            for target in neighbours[source]:
                if walkable >> target & 1:
                    options.append(_move(source, target))
    options.append(PASS)  # R-PART-6: optional
    return options


def _desperado_options(state: GameState) -> list[Action]:
    """R-PART-3: one stored parcel of yours for one of another player's."""
    turn = state.turn
    assert turn is not None
    options: list[Action] = []
    for mine in sorted(state.players[turn.seat].storage):
        theirs = [p for seat, other in enumerate(state.players) if seat != turn.seat
                  for p in other.storage]
        options += [Swap(mine, t) for t in sorted(theirs)]
    options.append(PASS)
    return options


def _protected(state: GameState, seat: int) -> int:
    """R-PART-1: every cell of a territory holding a partner, as a mask."""
    geo = geometry(state.config.height)
    masks = _landscape_masks(state, seat)
    player = state.players[seat]
    protected = 0
    for cell, partner in enumerate(player.partners):
        if partner is not None:
            landscape = state.landscape_at(seat, cell)
            assert landscape is not None
            protected |= geo.flood(1 << cell, masks[landscape])
    return protected


def _thief_options(state: GameState) -> list[Action]:
    """R-PART-4: an unprotected cow of another ranch onto the thief's parcel."""
    turn = state.turn
    assert turn is not None
    options: list[Action] = []
    if state.landscape_at(turn.seat, turn.partner_cell) is not _CORNFIELD:
        for seat, other in enumerate(state.players):
            if seat == turn.seat:
                continue
            protected = _protected(state, seat)
            options += [Steal(seat, c) for c, cows in enumerate(other.cows)
                        if cows and not protected >> c & 1]
    options.append(PASS)
    return options


# --- two-player bonus tile (R-2P-3) -------------------------------------------------------

def _bonus_options(state: GameState) -> list[Action]:
    turn = state.turn
    assert turn is not None
    empty, ok = _placeable_masks(state, turn.seat)
    tiles = state.components.bonus_tiles
    options: list[Action] = []
    for tile in sorted(state.bonus_tiles):
        for landscape in sorted(tiles[tile - 1].sides):
            options += [Bonus(tile, landscape, c) for c in cells_of(empty & ok[landscape])]
    return options


def _place_bonus(state: GameState, action: Bonus, out: Events | None) -> None:
    turn = state.turn
    assert turn is not None
    player = state.player_for_update(turn.seat)
    player.cells[action.cell] = -action.tile
    player.bonus_tile = action.tile
    player.bonus_landscape = int(action.landscape)
    player.last_placed.append(action.cell)
    state.bonus_tiles.remove(action.tile)
    if out is not None:
        out.append(ev.BonusTilePlaced(turn.seat, action.tile, action.landscape.label, action.cell))
    turn.circles.append(action.cell)  # the tile's circle recruits as usual (R-SYM-3)
    _continue_resolution(state, out)


# --- the public API -----------------------------------------------------------------------

def _generate(state: GameState) -> list[Action]:
    phase = state.phase
    if phase is _BUILD:
        return _build_options(state)
    if phase is _CHOOSE or phase is _SETUP:
        free = []
        for slot in state.next_column if phase is _CHOOSE else state.column:
            if slot.ranchero is None and slot.parcel is not None:
                free.append(slot.parcel)
        free.sort()
        return list(map(_choose, free))
    if phase is _SKULL:
        return _skull_options(state)
    if phase is _RECRUIT:
        return _recruit_options(state)
    if phase is _COWBOY:
        return _cowboy_options(state)
    if phase is _DESPERADO:
        return _desperado_options(state)
    if phase is _THIEF:
        return _thief_options(state)
    if phase is _BONUS:
        return _bonus_options(state)
    return []


def legal_actions(state: GameState) -> list[Action]:
    """Exactly the legal actions of the player to move, sorted (`actions.sort_key`)."""
    if state._legal is None:
        state._legal = _generate(state)
    return list(state._legal)


def _put_ranchero(state: GameState, next_column: bool, parcel: int, seat: int) -> None:
    """R-SETUP-5 / R-TURN-3: the seat's ranchero goes on `parcel` of the first column
    (setup) or the next one."""
    state.columns_for_update()
    for slot in state.next_column if next_column else state.column:
        if slot.parcel == parcel:
            slot.ranchero = seat
            return


def _do(state: GameState, action: Action, out: Events | None) -> None:
    """Carry out one legal action on a state the caller owns."""
    phase = state.phase
    turn = state.turn
    seat = turn.seat if turn is not None else state.pending[0]  # the active seat
    if phase is _SETUP:
        assert isinstance(action, Choose)
        _put_ranchero(state, False, action.parcel, seat)
        state.pending.pop(0)
        if out is not None:
            out.append(ev.RancheroPlaced(seat, action.parcel))
        if not state.pending:
            _finish_setup(state, out)
    elif phase is _CHOOSE:
        assert isinstance(action, Choose)
        _put_ranchero(state, True, action.parcel, seat)
        if out is not None:
            out.append(ev.RancheroPlaced(seat, action.parcel))
        _start_next_turn(state, out)  # sets the next turn
    elif phase is _BUILD:
        if isinstance(action, Build):
            _place(state, action, out)
        elif isinstance(action, Discard):  # R-BUILD-2: nothing fits
            player = state.player_for_update(seat)
            player.storage.remove(action.first)
            player.storage.remove(action.second)
            state.removed += [action.first, action.second]
            if out is not None:
                out.append(ev.ParcelsRemoved(seat, (action.first, action.second), "nothing_fits"))
            _end_building(state, out)
        else:
            if out is not None:
                out.append(ev.Passed(seat, phase.value))
            _end_building(state, out)
    elif phase is _SKULL:
        assert isinstance(action, Skull)
        assert state.turn is not None
        state.player_for_update(seat).cows[action.cell] -= 1
        state.cow_supply += 1
        skull = state.turn.skulls.pop(0)
        if out is not None:
            out.append(ev.SkullResolved(seat, skull, action.cell))
        _continue_resolution(state, out)
    elif phase is _RECRUIT:
        assert isinstance(action, Recruit)
        _recruit(state, action, out)
    elif phase is _BONUS:
        assert isinstance(action, Bonus)
        _place_bonus(state, action, out)
    elif isinstance(action, Pass):  # declining a partner's immediate effect (R-PART-6)
        if out is not None:
            out.append(ev.Passed(seat, phase.value))
        _continue_resolution(state, out)
    elif isinstance(action, Move):
        turn = state.turn
        assert turn is not None
        cows = state.player_for_update(seat).cows
        cows[action.source] -= 1
        cows[action.target] += 1
        turn.steps_left -= 1
        if out is not None:
            out.append(ev.CowMoved(seat, action.source, action.target))
        if turn.steps_left == 0:
            _continue_resolution(state, out)
    elif isinstance(action, Swap):
        mine = state.player_for_update(seat).storage
        other = next(i for i, p in enumerate(state.players) if action.theirs in p.storage)
        theirs = state.player_for_update(other).storage
        mine[mine.index(action.mine)] = action.theirs
        theirs[theirs.index(action.theirs)] = action.mine
        if out is not None:
            out.append(ev.ParcelsSwapped(seat, other, action.mine, action.theirs))
        _continue_resolution(state, out)
    elif isinstance(action, Steal):
        turn = state.turn
        assert turn is not None
        state.player_for_update(action.seat).cows[action.cell] -= 1
        state.player_for_update(seat).cows[turn.partner_cell] += 1
        if out is not None:
            out.append(ev.CowStolen(seat, action.seat, action.cell, turn.partner_cell))
        _continue_resolution(state, out)
    state._legal = None


def _advance(state: GameState, out: Events | None) -> None:
    """Play every decision that has only one option, leaving a real choice (or the end)."""
    while state.phase is not _OVER:
        options = _generate(state)
        if len(options) != 1:
            state._legal = options
            return
        _do(state, options[0], out)
    state._legal = []


def is_listed(action: Action, legal: list[Action]) -> bool:
    """`action in legal`, trying identity first.

    Actions chosen from the list are the very objects in it, while `in` alone calls the
    dataclass `__eq__` (a microsecond each) for every option before the chosen one.
    """
    for option in legal:
        if option is action:
            return True
    return action in legal  # an equal action built elsewhere (parsed text, a test)


def apply(state: GameState, action: Action) -> tuple[GameState, list[ev.Event]]:
    """The state after `action` and what happened; `state` itself is left unchanged."""
    legal = state._legal
    if legal is None:
        legal = state._legal = _generate(state)
    if not is_listed(action, legal):
        raise IllegalActionError(explain_illegal(state, action))
    new = state.fork()
    out: Events = []
    _do(new, action, out)
    _advance(new, out)
    return new, out


def explain_illegal(state: GameState, action: Action) -> str:
    """Why `action` is refused, in words a player understands."""
    if state.phase is _OVER:
        return f"`{action}` is not possible: the game is over"
    expected = {
        _SETUP: "choose a parcel of the first column for your ranchero",
        _CHOOSE: "choose a free parcel of the next column",
        _BUILD: "build a domino from two stored parcels or pass",
        _SKULL: "pick the parcel whose cow the skull takes",
        _RECRUIT: "recruit a partner from the saloon",
        _COWBOY: "move a cow one step or pass",
        _DESPERADO: "swap a stored parcel with another player's or pass",
        _THIEF: "steal an unprotected cow or pass",
        _BONUS: "place your bonus tile",
    }[state.phase]
    reason = "it is not one of the legal choices"
    if isinstance(action, Build) and state.phase is _BUILD and state.turn is not None:
        reason = _explain_build(state, action)
    elif isinstance(action, Pass) and state.phase is _BUILD:
        reason = "you hold more parcels than storage slots and must build (R-BUILD-2)" \
            if state.turn is not None and not state.turn.final else \
            "at the end every parcel that fits must be placed (R-END-2)"
    elif isinstance(action, Choose):
        reason = f"p{action.parcel} is not a free parcel of that column"
    return f"`{action}` is not possible: {reason}; now {expected}"


def _explain_build(state: GameState, action: Build) -> str:
    turn = state.turn
    assert turn is not None
    player = state.players[turn.seat]
    if action.first == action.second:
        return "a domino needs two different parcels"
    for parcel in (action.first, action.second):
        if parcel not in player.storage:
            return f"p{parcel} is not in your storage"
    if not turn.final and turn.built >= turn.max_dominoes:
        return "you have built all the dominoes allowed this turn (R-BUILD-1)"
    height = state.config.height
    for cell in (action.cell, action.second_cell):
        if cell >= WIDTH * height:
            return f"{cell_name(cell)} is outside your ranch of {height} rows (R-PLACE-1)"
        if player.cells[cell] != EMPTY:
            return f"{cell_name(cell)} is already built on (R-PLACE-1)"
    return ("the domino must touch a bridge in row 1 or a parcel of the same landscape "
            "(R-PLACE-2)")


# --- the end ------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Outcome:
    sheets: tuple[ScoreSheet, ...]
    winners: tuple[int, ...]


def outcome(state: GameState) -> Outcome | None:
    """Scores and winners once the game is over (R-SCORE-*), else None."""
    if state.phase is not _OVER:
        return None
    scenario = state.config.scenario  # R-LEG-2: the common scenario scores at the end
    sheets = [score_ranch(ranch_grid(state, seat), scenario)
              for seat in range(len(state.players))]
    return Outcome(tuple(sheets), tuple(winners(sheets)))


def is_over(state: GameState) -> bool:
    return state.phase is _OVER
