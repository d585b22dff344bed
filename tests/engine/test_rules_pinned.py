"""Rules the engine must compute itself, each pinned by a test that fails if it changes.

A rules audit found one-line changes of the engine that survived the whole suite, mostly
because the test helper set a turn's flags by hand. Here the engine starts the turns
(tests.engine.positions) or plays seeded games to the moment that matters.
"""

from __future__ import annotations

import pytest

from engine.games.rng import Rng
from engine.moonriver import events as ev
from engine.moonriver.actions import Build, Discard, Pass
from engine.moonriver.components import Landscape as L
from engine.moonriver.game import _legal_builds, apply, legal_actions, outcome
from engine.moonriver.ranch import parse_ranch
from engine.moonriver.scoring import score_ranch, winners
from engine.moonriver.state import GameState, Phase, TurnState, validate_state
from tests.engine.positions import next_turn_holding, play_until, start
from tests.helpers import Spec, act, build_turn, give, legal_texts, set_ranch, set_saloon

ROW1 = ". . . . . / . . . . . / . . . . . / . . . . . / "


# --- R-BUILD-1 / R-BUILD-2 computed when the turn starts ----------------------------------

def test_R_BUILD_2_three_held_on_the_camp_side_is_not_forced() -> None:
    state, _seat, held = next_turn_holding(start(4, 7), [Spec(L.DESERT), Spec(L.CANYON)])
    assert len(held) == 3 and not state.turn.forced and state.turn.max_dominoes == 1
    assert "pass" in legal_texts(state)


def test_R_BUILD_2_a_fourth_parcel_forces_a_build_and_allows_two_dominoes() -> None:
    state, _seat, held = next_turn_holding(
        start(4, 7), [Spec(L.DESERT), Spec(L.CANYON), Spec(L.MEADOW)])
    assert len(held) == 4 and state.turn.forced  # more parcels than the 3 slots
    assert state.turn.max_dominoes == 2  # R-BUILD-1: 4 held, up to two dominoes
    options = legal_actions(state)
    assert "pass" not in legal_texts(state)
    assert options and all(isinstance(a, Build) for a in options)  # R-BUILD-2: no discard
    state, _ = apply(state, options[0])  # the first domino; the second is optional
    assert state.phase is Phase.BUILD and "pass" in legal_texts(state)


def test_R_BUILD_2_discard_is_offered_only_when_nothing_fits() -> None:
    state = start(4, 7)
    seat = next(s.ranchero for s in state.column if s.ranchero is not None)
    set_ranch(state, seat, ROW1 + "fa . fa . fa")  # every Camp bridge built on
    slot = next(s for s in state.column if s.ranchero == seat)
    parcels = state.components.parcels
    if parcels[slot.parcel - 1].landscape is L.FARM:  # the parcel taken must not fit
        desert = next(p for p in state.pile if parcels[p - 1].landscape is L.DESERT)
        state.pile[state.pile.index(desert)], slot.parcel = slot.parcel, desert
    state, _seat, held = next_turn_holding(
        state, [Spec(L.DESERT), Spec(L.CANYON), Spec(L.MEADOW)])
    options = legal_actions(state)
    assert len(held) == 4 and len(options) == 6 and all(isinstance(a, Discard) for a in options)


# --- R-SCORE-4 ------------------------------------------------------------------------------

def test_R_SCORE_4_largest_territory_breaks_a_tie_before_cows() -> None:
    few = score_ranch(parse_ranch(ROW1 + "me+ me me me ."))  # 4 points, largest 4, 1 cow
    herd = score_ranch(parse_ranch(". . . . . / . . . . . / . . . . . / . fo+ . . . / "
                                   "de+ . ca+ . me+"))      # 4 points, largest 1, 4 cows
    assert few.total == herd.total == 4 and herd.cows > few.cows
    assert winners([few, herd]) == [0] and winners([herd, few]) == [1]
    # equal total and largest territory: then the cows decide
    two_cows = score_ranch(parse_ranch(". . . . . / . . . . . / . . . . . / . . . . de+ / "
                                       "fo fo fo fo de+"))  # 4 points, largest 4, 2 cows
    assert (two_cows.total, two_cows.largest_territory, two_cows.cows) == (4, 4, 2)
    assert winners([few, two_cows]) == [1]


# --- R-PART-1 / R-PART-4 ------------------------------------------------------------------

def recruit_thief(state: GameState) -> GameState:
    set_saloon(state, "thief")
    state, (circle, plain) = build_turn(state, 0, [Spec(L.DESERT, circle=True, cows=None),
                                                   Spec(L.FARM)])
    state, _ = act(state, f"build p{circle} p{plain} A1 up", "recruit thief")
    return state


def test_R_PART_1_protection_is_by_territory_not_by_landscape() -> None:
    state = start(3, 7)
    # two separate meadow territories: the partner guards only its own
    set_ranch(state, 1, ROW1 + "me+!cowboy me+ fa me+ me+")
    state = recruit_thief(state)
    assert legal_texts(state) == ["steal 2 D1", "steal 2 E1", "pass"]


def test_R_PART_4_the_thief_never_steals_its_owners_cows() -> None:
    state = start(3, 7)
    set_ranch(state, 0, ROW1 + ". ca+ ca+ . .")  # the owner's own unprotected cows
    set_ranch(state, 2, ROW1 + ". . . . me+")
    state = recruit_thief(state)
    assert legal_texts(state) == ["steal 3 E1", "pass"]


# --- R-2P-3: the bonus tile ---------------------------------------------------------------

# Rows 10 to 1: column A rows 1-9 and every Camp bridge built on, only deserts and
# cornfields, so neither side of either tile (meadow/forest, canyon/farm) has a legal cell.
NO_TILE_FITS = (". . . . . / de . . . . / co2 . . . . / de . . . . / co3 . . . . / "
                "de . . . . / co2 . . . . / de . . . . / co1 . . . . / de . de . de")


def test_R_2P_3_reaching_row_9_is_not_row_10() -> None:
    state = start(2, 3)
    set_ranch(state, 0, ". . . . . / . . . . . / " + " / ".join(["de . . . ."] * 7)
              + " / de . . . .")
    state, (a, b) = build_turn(state, 0, [Spec(L.DESERT), Spec(L.DESERT)])
    state, _ = act(state, f"build p{a} p{b} B8 up")  # B8 and B9
    assert state.phase is not Phase.BONUS and state.players[0].bonus_tile == 0


def test_R_2P_3_a_tile_that_cannot_be_placed_is_missed_and_the_second_gets_the_other() -> None:
    state = start(2, 3)
    set_ranch(state, 0, NO_TILE_FITS)
    state, (a, b) = build_turn(state, 0, [Spec(L.DESERT), Spec(L.CORNFIELD)])
    state, events = act(state, f"build p{a} p{b} B9 up")  # B10: row 10 reached
    assert any(isinstance(e, ev.BonusTileMissed) and e.seat == 0 for e in events)
    assert state.players[0].bonus_tile == -1
    assert state.bonus_tiles == [2]  # "der Zweite bekommt das andere": tile 1 left the game
    # the missed player is never asked again
    state, (c, d) = build_turn(state, 0, [Spec(L.DESERT), Spec(L.CORNFIELD)])
    state, events = act(state, f"build p{c} p{d} D1 up")
    assert not any(isinstance(e, ev.BonusTileMissed) for e in events)
    assert state.phase is not Phase.BONUS
    # the second player reaches row 10 and gets the other tile only
    set_ranch(state, 1, ". . . . . / " + " / ".join(["fa . . . .", "me . . . ."] * 4)
              + " / fa . . . .")
    state, (e, f) = build_turn(state, 1, [Spec(L.FARM, cows=None), Spec(L.FOREST)])
    state, _ = act(state, f"build p{e} p{f} B9 up")
    assert state.phase is Phase.BONUS
    assert {t.split()[1] for t in legal_texts(state)} == {"2"}


def test_R_2P_3_a_second_player_who_cannot_place_leaves_the_tile() -> None:
    state = start(2, 3)
    state.bonus_tiles = [2]  # the first player took tile 1
    set_ranch(state, 1, NO_TILE_FITS)
    state, (a, b) = build_turn(state, 1, [Spec(L.DESERT), Spec(L.CORNFIELD)])
    state, _ = act(state, f"build p{a} p{b} B9 up")
    assert state.players[1].bonus_tile == -1 and state.bonus_tiles == [2]


def test_R_2P_3_the_bonus_tile_event_names_tile_side_and_cell() -> None:
    state = start(2, 3)
    set_ranch(state, 0, ". . . . . / " + " / ".join(["de . . . ."] * 9))
    set_saloon(state, "farmer")
    state, (a, b) = build_turn(state, 0, [Spec(L.DESERT), Spec(L.CANYON)])
    state, _ = act(state, f"build p{a} p{b} B9 up")
    state, events = act(state, "bonus 2 canyon C10")
    placed = next(e for e in events if isinstance(e, ev.BonusTilePlaced))
    assert (placed.seat, placed.tile, placed.landscape, placed.cell) == (0, 2, "canyon", 47)
    assert state.players[0].last_placed[-1] == 47 and state.players[0].bonus_landscape == L.CANYON


# --- R-END-1 / R-END-2 / R-END-3 through the engine's own game end --------------------------

def at_last_turn(s: GameState) -> bool:
    return (s.last_round and s.phase is Phase.BUILD and s.turn is not None
            and not s.turn.final and all(x.ranchero is None for x in s.column)
            and any(isinstance(a, Pass) for a in legal_actions(s)))


def last_turn(players: int, seed: int) -> GameState:
    """The last turn's build decision of a seeded game (pass still possible)."""
    state = play_until(start(players, seed), Rng(seed), at_last_turn)
    assert at_last_turn(state), "the seeded game must reach its last turn with a pass"
    return state


def last_turn_with_order(players: int, seed: int) -> tuple[GameState, list[int]]:
    """`last_turn`, and the seats in the order they took their turns in the last round."""
    state, rng, events = start(players, seed), Rng(seed), []
    while not at_last_turn(state):
        if state.phase is Phase.OVER:
            raise LookupError(f"seed {seed} ends without a last turn that may pass")
        state, new = apply(state, rng.choice(legal_actions(state)))
        events += new
    marker = next(i for i, e in enumerate(events) if isinstance(e, ev.LastRound))
    return state, [e.seat for e in events[marker:] if isinstance(e, ev.TurnStarted)]


def hold_from_removed(state: GameState, seat: int, pick: list[int]) -> None:
    """Give `seat` exactly the removed parcels `pick`; their storage goes out instead."""
    player = state.players[seat]
    for pid in pick:
        state.removed.remove(pid)
    state.removed += player.storage
    player.storage = list(pick)
    state._legal = None
    validate_state(state)


def fitting_pair(state: GameState, seat: int, want: object = None) -> list[int]:
    """Two removed parcels that fit `seat`'s ranch (the first matching `want` if given)."""
    parcels = state.components.parcels
    saved = state.players[seat].storage
    for a in state.removed:
        if want is not None and not want(parcels[a - 1]):  # type: ignore[operator]
            continue
        for b in state.removed:
            if a == b:
                continue
            state.players[seat].storage = [a, b]
            if _legal_builds(state, seat):
                state.players[seat].storage = saved
                return [a, b]
    state.players[seat].storage = saved
    raise LookupError("no fitting pair among the removed parcels")


def finish(state: GameState) -> tuple[GameState, list[ev.Event]]:
    """Pass the last turn and play the final placement out (first legal choice)."""
    state, events, _before = finish_from(state)
    return state, events


def finish_from(state: GameState) -> tuple[GameState, list[ev.Event], GameState]:
    """`finish`, also returning the state just before the action that ended the game."""
    before = state
    state, events = apply(state, Pass())
    while state.phase is not Phase.OVER:
        options = legal_actions(state)
        assert not (state.turn.final and any(isinstance(a, Build) for a in options)
                    and Pass() in options), "R-END-2: what fits must be placed"
        before = state
        state, new = apply(state, options[0])
        events += new
    return state, events, before


def last_turns_with_room(count: int, want: object = None
                         ) -> list[tuple[GameState, int, list[int]]]:
    """Seeded 3-player games at their last turn where another player (not the one
    moving) could place two removed parcels: (state, that seat, the pair)."""
    found = []
    for seed in range(1, 40):
        state = last_turn(3, seed)
        for seat in range(3):
            if seat == state.turn.seat:
                continue
            try:
                found.append((state, seat, fitting_pair(state, seat, want)))
                break
            except LookupError:
                continue
        if len(found) == count:
            return found
    raise LookupError("not enough seeded games with room at the end")


def test_R_END_2_a_player_holding_exactly_two_that_fit_must_place_them() -> None:
    for state, seat, pair in last_turns_with_room(3):
        hold_from_removed(state, seat, pair)
        state, events = finish(state)
        final = events.index(next(e for e in events if isinstance(e, ev.FinalPlacement)))
        placed = [e for e in events[final:] if isinstance(e, ev.DominoPlaced) and e.seat == seat]
        assert len(placed) == 1 and state.players[seat].storage == []


def test_R_END_2_a_single_parcel_left_at_the_end_leaves_the_game() -> None:
    ((state, seat, pair),) = last_turns_with_room(1)
    hold_from_removed(state, seat, pair[:1])  # one parcel: no domino can be made
    state, events = finish(state)
    assert ev.ParcelsRemoved(seat, (pair[0],), "left_over") in events
    assert pair[0] in state.removed and state.players[seat].storage == []


def test_R_END_2_symbols_resolve_during_the_final_placement() -> None:
    ((state, seat, pair),) = last_turns_with_room(1, lambda p: p.cows > 0 and not p.skull)
    hold_from_removed(state, seat, pair)
    assert state.cow_supply > 0
    state, events = finish(state)
    final = events.index(next(e for e in events if isinstance(e, ev.FinalPlacement)))
    assert any(isinstance(e, ev.CowAdded) and e.seat == seat for e in events[final:])


def orders_at_last_turn(count: int) -> list[tuple[GameState, list[int]]]:
    found = []
    for seed in range(1, 40):
        try:
            found.append(last_turn_with_order(4, seed))
        except LookupError:
            continue
        if len(found) == count:
            return found
    raise LookupError("not enough seeded games reach a last turn that may pass")


@pytest.mark.parametrize("case", range(4))
def test_R_END_2_the_final_placement_follows_the_last_rounds_turn_order(case: int) -> None:
    state, last_round_order = ORDERS[case]
    assert sorted(last_round_order) == [0, 1, 2, 3]
    for seat in range(4):  # as many players as possible hold two parcels that fit
        try:
            hold_from_removed(state, seat, fitting_pair(state, seat))
        except LookupError:
            continue
    state, events = finish(state)
    final = events.index(next(e for e in events if isinstance(e, ev.FinalPlacement)))
    placers: list[int] = []
    for e in events[final:]:
        if isinstance(e, ev.DominoPlaced) and e.seat not in placers:
            placers.append(e.seat)
    assert len(placers) >= 2
    assert placers == [s for s in last_round_order if s in placers]


ORDERS = orders_at_last_turn(4)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_R_END_3_overpopulation_at_the_end_of_a_real_game(seed: int) -> None:
    state = last_turn(3, seed)
    seat = state.turn.seat
    player = state.players[seat]
    cell = next(c for c, v in enumerate(player.cells)
                if v > 0 and state.landscape_at(seat, c) is not L.CORNFIELD)
    assert state.cow_supply >= 2
    state.cow_supply -= 2
    player.cows[cell] += 2  # three or more cows on one parcel before the end
    state._legal = None
    removed_before = state.cows_removed
    state, events, before = finish_from(state)
    assert any(n > 1 for p in before.players for n in p.cows)  # crowded until the very end
    over = [e for e in events if isinstance(e, ev.CowsOverpopulated)]
    assert over and all(state.players[e.seat].cows[e.cell] == 1 for e in over)
    assert all(e.removed >= 1 for e in over)  # only parcels with a surplus are named
    assert state.cows_removed - removed_before == sum(e.removed for e in over) >= 2
    assert max(max(p.cows) for p in state.players) == 1
    validate_state(state)  # the surplus cows are out of the game, none lost or made
    result = outcome(state)
    assert result is not None and result.sheets[seat].cows == sum(state.players[seat].cows)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_R_END_1_the_saloon_is_refilled_before_the_last_round(seed: int) -> None:
    state = start(4, seed)
    state.removed += state.pile  # no new column after this round: the next is the last
    state.pile = []
    set_saloon(state, "farmer")  # four empty spaces, fifteen chips in the stack
    rng = Rng(seed)
    events: list[ev.Event] = []
    while not state.last_round:
        state, events = apply(state, rng.choice(legal_actions(state)))
    marker = next(i for i, e in enumerate(events) if isinstance(e, ev.LastRound))
    assert any(isinstance(e, ev.SaloonRefilled) for e in events[marker:])
    assert all(state.saloon) and state.stack


# --- what the pictures highlight, and a Desperado's full choice ---------------------------

def test_R_PLACE_3_the_last_placed_cells_are_this_turns_dominoes() -> None:
    state = start(3, 7)
    state, (a, b) = build_turn(state, 0, [Spec(L.DESERT), Spec(L.CANYON)])
    state, _ = act(state, f"build p{a} p{b} A1 up")
    assert state.players[0].last_placed == [0, 5]  # A1, A2
    state, (c, d, e, f) = build_turn(state, 0, [Spec(L.DESERT), Spec(L.CANYON),
                                                Spec(L.FARM), Spec(L.MEADOW)])
    state, _ = act(state, f"build p{c} p{d} C1 up")
    assert state.players[0].last_placed == [2, 7]  # the earlier turn's cells are forgotten
    state, _ = act(state, f"build p{e} p{f} E1 up")
    assert state.players[0].last_placed == [2, 7, 4, 9]  # both dominoes of this turn


def test_R_PART_3_the_desperado_offers_every_stored_parcel_of_yours() -> None:
    state = start(3, 7)
    set_saloon(state, "desperado")
    state, (circle, plain, one, two) = build_turn(state, 0, [
        Spec(L.DESERT, circle=True, cows=None), Spec(L.FARM), Spec(L.MEADOW), Spec(L.FOREST)],
        max_dominoes=1)
    theirs = give(state, 2, Spec(L.CANYON))[0]
    state, _ = act(state, f"build p{circle} p{plain} A1 up", "recruit desperado")
    low, high = sorted((one, two))
    assert legal_texts(state) == [f"swap p{low} p{theirs}", f"swap p{high} p{theirs}", "pass"]


def test_R_BUILD_1_two_dominoes_at_most_even_with_parcels_left() -> None:
    """No supply board of the box lets a player hold six, but the data allows up to six
    slots: the limit of two dominoes is the engine's, not the storage running out."""
    state = start(3, 7)
    state, (a, b, c, d, _e, _f) = build_turn(state, 0, [
        Spec(L.DESERT), Spec(L.CANYON), Spec(L.FARM), Spec(L.MEADOW), Spec(L.DESERT),
        Spec(L.CANYON)], forced=False)
    assert state.turn.max_dominoes == 2
    state, _ = act(state, f"build p{a} p{b} A1 up")
    assert state.phase is Phase.BUILD and state.turn.built == 1
    state, events = act(state, f"build p{c} p{d} C1 up")
    assert state.phase is Phase.CHOOSE and len(state.players[0].storage) == 2
    assert not any(isinstance(e, ev.Passed) for e in events)  # the turn ends, no pass


def test_R_SYM_0_the_final_placement_places_everything_before_symbols_resolve() -> None:
    state = start(3, 7)
    set_saloon(state, "farmer")
    state, (circle, a, b, c) = build_turn(state, 0, [
        Spec(L.DESERT, circle=True, cows=None), Spec(L.DESERT), Spec(L.CANYON), Spec(L.FARM)])
    state.turn = TurnState(0, final=True)
    state.last_round, state.pending, state._legal = True, [], None
    state, events = act(state, f"build p{circle} p{a} A1 up")
    assert state.phase is Phase.BUILD and not any(
        isinstance(e, ev.PartnerRecruited) for e in events)  # the circle waits
    state, _ = act(state, f"build p{b} p{c} C1 up")
    assert state.phase is Phase.RECRUIT  # now every symbol resolves


def test_R_END_2_a_desperado_swap_that_makes_room_reopens_the_final_placement() -> None:
    state = start(3, 7)
    set_ranch(state, 0, ROW1 + "fa . fa . fa")  # bridges built on: only farms fit
    set_saloon(state, "desperado")
    state, (circle, farm, desert, canyon) = build_turn(state, 0, [
        Spec(L.FARM, circle=True, cows=None), Spec(L.FARM), Spec(L.DESERT), Spec(L.CANYON)])
    (theirs,) = give(state, 1, Spec(L.FARM))
    state.turn = TurnState(0, final=True)  # R-END-2: place as far as possible
    state.last_round, state.pending, state._legal = True, [], None
    state, _ = act(state, f"build p{circle} p{farm} B1 up")  # desert and canyon never fit
    assert state.phase is Phase.RECRUIT
    state, _ = act(state, "recruit desperado", f"swap p{desert} p{theirs}")
    # the farm from player 2 fits: the final placement goes on, and nothing may be passed
    assert state.phase is Phase.BUILD and state.turn.final and state.turn.seat == 0
    assert sorted(state.players[0].storage) == sorted([theirs, canyon])
    options = legal_texts(state)
    assert options and all(t.startswith("build") for t in options)
