"""R-ORDER-1, R-TURN-*, R-ROUND-1, R-END-1, R-END-2: turns, rounds and the last round."""

from engine.games.rng import Rng
from engine.moonriver.components import Landscape as L
from engine.moonriver.events import LastRound, ParcelsRemoved, RoundEnded, TurnStarted
from engine.moonriver.game import apply, legal_actions, new_game
from engine.moonriver.state import Phase
from tests.helpers import Spec, act, build_turn, legal_texts, start_game


def play_round(state, rng):
    """Random legal actions until a round ends; returns the state and the events."""
    events = []
    while state.phase is not Phase.OVER:
        state, new = apply(state, rng.choice(legal_actions(state)))
        events += new
        if any(isinstance(e, RoundEnded) for e in new):
            return state, events
    return state, events


def test_R_ORDER_1_turns_follow_the_column_from_the_top() -> None:
    state = start_game(4, seed=21)
    rng = Rng(3)
    for _ in range(5):
        waiting = [s.ranchero for s in state.column if s.ranchero is not None]
        state, events = play_round(state, rng)
        started = [e.seat for e in events if isinstance(e, TurnStarted)]
        assert started[: len(waiting)] == waiting


def test_R_ORDER_1_two_players_each_have_two_turns_per_round() -> None:
    state = start_game(2, seed=5)
    state, events = play_round(state, Rng(1))
    seats = [e.seat for e in events if isinstance(e, TurnStarted)]
    assert sorted(seats) == [0, 0, 1, 1]


def test_R_TURN_1_taking_puts_the_parcel_in_storage() -> None:
    state = new_game(["A", "B", "C"], 8)
    while state.phase is Phase.SETUP:
        state, _ = apply(state, legal_actions(state)[0])
    seat = state.turn.seat
    assert len(state.players[seat].storage) == 1
    empty = [s for s in state.column if s.parcel is None]
    # parcel and ranchero left the slot; with 3 players the parcel left free in the setup
    # left a gap of its own (R-SETUP-5), and the other slots kept their places
    assert len(state.column) == 4
    assert len(empty) == 2 and all(s.ranchero is None for s in empty)


def test_R_ROUND_1_the_unchosen_parcel_leaves_a_gap_so_the_others_keep_their_labels() -> None:
    """With 3 players the unchosen parcel of the new column leaves the game at the round's
    end; the parcels chosen keep the slots (and so the ①–④) they were chosen as."""
    state = new_game(["A", "B", "C"], 8)
    while state.round < 2:
        if state.phase is Phase.CHOOSE:
            chosen = {slot.parcel: i for i, slot in enumerate(state.next_column)}
        state, _ = apply(state, legal_actions(state)[-1])
    assert len(state.column) == 4
    for i, slot in enumerate(state.column):
        if slot.parcel is not None:
            assert chosen[slot.parcel] == i
    gaps = [s for s in state.column if s.parcel is None and s.ranchero is None]
    assert len(gaps) >= 1  # the unchosen one (and the parcel the first mover took)


def test_R_TURN_2_building_is_optional() -> None:
    state, _ = build_turn(start_game(), 0, [Spec(L.DESERT), Spec(L.CANYON)])
    assert "pass" in legal_texts(state) and len(legal_texts(state)) > 1
    state, _ = act(state, "pass")
    assert state.phase is Phase.CHOOSE and len(state.players[0].storage) == 2


def test_R_TURN_3_choose_places_the_ranchero_on_the_next_column() -> None:
    state = start_game(3, seed=9)
    seat = state.turn.seat
    assert state.phase is Phase.CHOOSE
    last = legal_actions(state)[-1]
    state, _ = apply(state, last)
    slot = next(s for s in state.next_column if s.parcel == last.parcel)
    assert slot.ranchero == seat


def test_R_TURN_3_a_lower_parcel_means_a_later_turn_next_round() -> None:
    state = start_game(4, seed=2)
    rng = Rng(8)
    state, _ = play_round(state, rng)
    # the new current column was the next column: its ranchero order is the turn order
    order = [state.turn.seat] + [s.ranchero for s in state.column if s.ranchero is not None]
    numbers = [state.components.parcel(state.players[state.turn.seat].storage[-1]).number]
    numbers += [state.components.parcel(s.parcel).number for s in state.column if s.parcel]
    assert numbers == sorted(numbers) and len(set(order)) == 4


def test_R_ROUND_1_new_column_drawn_and_three_player_leftover_removed() -> None:
    state = start_game(3, seed=14)
    removed_before = len(state.removed)
    chosen_column = [s.parcel for s in state.next_column]
    state, events = play_round(state, Rng(5))
    removed = [e for e in events if isinstance(e, ParcelsRemoved) and e.reason == "unchosen"]
    assert len(removed) == 1 and removed[0].parcels[0] in chosen_column
    assert len(state.removed) == removed_before + 1
    assert len(state.next_column) == 4


def test_R_ROUND_1_the_saloon_is_refilled_only_at_round_end() -> None:
    rng = Rng(77)
    for seed in range(30):
        state = start_game(4, seed=seed)
        while state.phase is not Phase.OVER and state.round < 6:
            before = sum(1 for c in state.saloon if c)
            state, events = apply(state, rng.choice(legal_actions(state)))
            after = sum(1 for c in state.saloon if c)
            if not any(isinstance(e, RoundEnded) for e in events):
                assert after <= before  # never refilled mid-round
            else:
                assert after == min(5, after + len(state.stack)) or not state.stack


def test_R_END_1_the_last_round_places_no_ranchero_and_the_game_ends() -> None:
    rng = Rng(4)
    state = start_game(4, seed=33)
    events = []
    while state.phase is not Phase.OVER:
        state, new = apply(state, rng.choice(legal_actions(state)))
        events += new
        if state.last_round:
            assert state.phase is not Phase.CHOOSE
            assert state.next_column == []
    last = [e for e in events if isinstance(e, LastRound)]
    assert len(last) == 1 and last[0].round == 24
    assert sum(isinstance(e, TurnStarted) for e in events) == 96 - 1  # the first was earlier
    assert state.pile == []


def test_R_END_2_parcels_left_over_at_the_end_leave_the_game() -> None:
    rng = Rng(6)
    for seed in range(5):
        state = start_game(3, seed=seed)
        while state.phase is not Phase.OVER:
            state, _ = apply(state, rng.choice(legal_actions(state)))
        assert all(p.storage == [] for p in state.players)


def test_act_helper_runs_texts() -> None:
    state = start_game(3, seed=9)
    text = str(legal_actions(state)[0])
    new, _ = act(state, text)
    assert new is not state


def test_R_END_1_the_number_of_rounds_is_known_from_the_first() -> None:
    """'Round 3 of 24': every round ends by drawing a column (R-SETUP-4), the one that
    finds the pile empty is the last (R-END-1), so the count named at any round before
    the last is the number of the round the game ends in, for every table size and the
    Legends variant."""
    from engine.moonriver.view import public_view
    for players, variant, scenario in ((2, "base", None), (3, "base", None),
                                       (4, "legends", 1), (2, "legends", 3)):
        state = new_game([f"p{i}" for i in range(players)], 5, variant=variant,
                         scenario=scenario)
        rng, named = Rng(5), set()
        while state.phase is not Phase.OVER:
            view = public_view(state)
            if view.phase is not Phase.SETUP:
                named.add(view.rounds)
            state, _ = apply(state, rng.choice(legal_actions(state)))
        assert named == {public_view(state).round}, (players, variant, named)
