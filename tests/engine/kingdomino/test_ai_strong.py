"""The strong Kingdomino player and the one player interface both games share."""

import pickle

import pytest

from engine.games.levels import AI_NAMES, ai_name
from engine.games.rng import Rng
from engine.kingdomino.actions import Action, Claim, Place
from engine.kingdomino.ai import (
    GreedyPlayer,
    Player,
    RandomPlayer,
    StrongPlayer,
    make_player,
)
from engine.kingdomino.ai.strong import determinise, place_candidates
from engine.kingdomino.game import apply, legal_actions, new_game, outcome
from engine.kingdomino.scoring import score_kingdom
from engine.kingdomino.state import GameState, Phase
from engine.registry import game_named


def play(players: list[Player], seed: int, variants: tuple[str, ...] = ()
         ) -> tuple[GameState, list[str]]:
    """A whole game; every choice must be one of `legal_actions` (checked each time)."""
    state = new_game([f"P{i}" for i in range(len(players))], seed, variants=variants)
    texts = []
    while state.phase is not Phase.OVER:
        seat = state.active_seat
        assert seat is not None
        action = players[seat].choose(state)
        assert action in legal_actions(state), f"{players[seat].name}: illegal {action}"
        texts.append(str(action))
        state, _ = apply(state, action)
    return state, texts


def test_levels_and_names_are_every_games() -> None:
    assert AI_NAMES == ("random", "greedy", "strong")
    assert isinstance(make_player("easy", 1), RandomPlayer)
    assert isinstance(make_player("normal", 1), GreedyPlayer)
    hard = make_player("hard", 1, think_ms=30)
    assert isinstance(hard, StrongPlayer) and hard.think_ms == 30
    assert make_player("strong", 1, iterations=2).name == "strong"
    assert ai_name("hard") == "strong"
    with pytest.raises(ValueError, match="unknown AI 'clairvoyant'"):
        make_player("clairvoyant", 1)
    with pytest.raises(ValueError, match="budget"):
        StrongPlayer(1, think_ms=0)


def test_the_game_registry_hands_out_every_level_with_its_budget() -> None:
    game = game_named("kingdomino")
    hard = game.make_player("hard", 3, think_ms=40)
    assert isinstance(hard, StrongPlayer) and hard.think_ms == 40
    searched = game.make_player("strong", 3, iterations=2)
    assert isinstance(searched, StrongPlayer) and searched.iterations == 2
    assert isinstance(game.make_player("normal", 3), GreedyPlayer)


def test_a_strong_player_pickles_for_a_worker_process() -> None:
    player = make_player("strong", 5, iterations=1)
    state = new_game(["A", "B", "C", "D"], 3)
    copy = pickle.loads(pickle.dumps(player))
    assert copy.choose(state) == player.choose(state)


@pytest.mark.parametrize(("players", "variants"), [
    (2, ()), (3, ()), (4, ()), (4, ("harmony", "middle-kingdom")), (2, ("mighty-duel",)),
    (2, ("dynasty",)),
])
def test_strong_on_a_tiny_budget_plays_whole_games(players: int,
                                                   variants: tuple[str, ...]) -> None:
    """K-ROUNDS, K-DYN, K-PLACE-2 (7×7): every choice legal, to the end, every variant."""
    seats: list[Player] = [StrongPlayer(1, iterations=1, horizon=1), GreedyPlayer(2),
                           RandomPlayer(3), GreedyPlayer(4)]
    lineup = seats[:players]
    state, _ = play(lineup, seed=players * 13, variants=variants)
    assert outcome(state) is not None


def test_strong_is_deterministic_for_a_seed_and_an_iteration_budget() -> None:
    def lineup(seed: int) -> list[Player]:
        return [GreedyPlayer(8), StrongPlayer(seed, iterations=1, horizon=2),
                GreedyPlayer(9)]

    first = play(lineup(7), seed=21)[1]
    assert play(lineup(7), seed=21)[1] == first
    assert play(lineup(70), seed=21)[1] != first  # the seed does reach the choices


def test_strong_stops_at_the_deadline_of_an_injected_clock() -> None:
    ticks = [0.0]

    def clock() -> float:  # every reading costs 2 ms of pretend time
        ticks[0] += 0.002
        return ticks[0]

    state = new_game(["A", "B", "C", "D"], 4)
    while state.phase is not Phase.PLACE or len(legal_actions(state)) < 2:
        state, _ = apply(state, GreedyPlayer(0).choose(state))
    player = StrongPlayer(1, think_ms=100, clock=clock)
    action = player.choose(state)
    assert action in legal_actions(state)
    assert player.last_simulations >= 2  # 50 readings: room for a few sweeps
    assert ticks[0] <= 0.1 + 0.006  # one simulation (a few readings) past the deadline


def test_the_claim_is_decided_with_the_placement_and_costs_no_time() -> None:
    """K-TURN-1: placing and claiming are one turn, searched together."""
    state = new_game(["A", "B", "C", "D"], 6)
    while not (state.phase is Phase.PLACE and state.next_line
               and len(legal_actions(state)) > 1
               and sum(s.king is None for s in state.next_line) > 1):
        state, _ = apply(state, GreedyPlayer(0).choose(state))
    readings = [0]

    def clock() -> float:
        readings[0] += 1
        return readings[0] * 0.001

    player = StrongPlayer(2, think_ms=40, clock=clock)
    placed, _ = apply(state, player.choose(state))
    assert placed.phase is Phase.CLAIM and placed.active_seat == state.active_seat
    before = readings[0]
    claim = player.choose(placed)
    assert isinstance(claim, Claim) and claim in legal_actions(placed)
    assert readings[0] == before  # remembered, not searched again


def test_candidates_pair_the_best_placements_with_every_free_domino() -> None:
    state = new_game(["A", "B", "C", "D"], 9)
    while not (state.phase is Phase.PLACE and state.next_line and state.cursor == 0):
        state, _ = apply(state, GreedyPlayer(0).choose(state))
    seat = state.active_seat
    assert seat is not None
    moves = place_candidates(state, seat)
    legal = legal_actions(state)
    free = {s.domino for s in state.next_line if s.king is None}
    assert 2 <= len(moves) <= 8 and len(set(moves)) == len(moves)
    for place, claim in moves:
        assert isinstance(place, Place) and place in legal
        assert isinstance(claim, Claim) and claim.number in free


def test_determinise_shuffles_only_what_nobody_can_see() -> None:
    """K-SETUP-1: with 3 players 12 dominoes are removed unseen; they may be in the pile."""
    state = new_game(["A", "B", "C"], 8)
    world = determinise(state, Rng(3))
    unseen = sorted(state.pile + state.removed)
    assert sorted(world.pile + world.removed) == unseen
    assert len(world.pile) == len(state.pile) and world.pile != state.pile
    assert world.line == state.line and world.kingdoms == state.kingdoms
    assert legal_actions(world) == legal_actions(state)


def final_score(state: GameState, seat: int, action: Action) -> int:
    after, _ = apply(state, action)
    return score_kingdom(after.kingdoms[seat]).total


def test_in_the_last_round_strong_places_for_the_best_final_score() -> None:
    """K-TURN-2: with no next line only our own kingdom still changes, so the search must
    pick the candidate that scores most (K-SCORE-1), never less than the greedy favourite
    (the first candidate)."""
    informative = 0
    for seed in range(16):
        state = new_game(["A", "B", "C", "D"], 300 + seed)
        greedy = GreedyPlayer(seed)
        while state.phase is not Phase.OVER:
            if state.phase is Phase.PLACE and not state.next_line \
                    and len(legal_actions(state)) > 1:
                seat = state.active_seat
                assert seat is not None
                moves = place_candidates(state, seat)
                chosen = StrongPlayer(seed, iterations=1).choose(state)
                scores = [final_score(state, seat, move[0]) for move in moves]
                assert final_score(state, seat, chosen) == max(scores) >= scores[0]
                informative += max(scores) > min(scores)  # a wrong pick would show
            state, _ = apply(state, greedy.choose(state))
    assert informative >= 3
