"""Setup, draft and rounds: K-SETUP-1…3, K-TURN-1, K-TURN-2, K-ROUNDS."""

import pytest

from engine.games.errors import GameError
from engine.kingdomino import events as ev
from engine.kingdomino.ai import RandomPlayer
from engine.kingdomino.game import (
    apply,
    legal_action,
    legal_action_count,
    legal_actions,
    new_game,
    start_game,
)
from engine.kingdomino.kingdom import play_area
from engine.kingdomino.rules import GameConfig
from engine.kingdomino.state import Phase

from .support import play_random

SETUPS = [(2, ()), (3, ()), (4, ()), (2, ("mighty-duel",))]


def full_game_events(players: int, seed: int, variants: tuple[str, ...] = ()
                     ) -> list[ev.Event]:
    state, events = start_game([f"P{i}" for i in range(players)], seed, variants=variants)
    ai = RandomPlayer(seed)
    while state.phase is not Phase.OVER:
        state, more = apply(state, ai.choose(state))
        events += more
    return events


@pytest.mark.parametrize(("players", "variants", "removed"),
                         [(2, (), 24), (3, (), 12), (4, (), 0), (2, ("mighty-duel",), 0)])
def test_K_SETUP_1_dominoes_removed_unseen(players: int, variants: tuple[str, ...],
                                           removed: int) -> None:
    for seed in range(5):
        state, _ = start_game([f"P{i}" for i in range(players)], seed, variants=variants)
        assert len(state.removed) == removed
        in_play = state.pile + [s.domino for s in (*state.line, *state.next_line)]
        assert sorted(in_play + state.removed) == list(range(1, 49))
    a, _ = start_game(["A", "B"], 1)
    b, _ = start_game(["A", "B"], 2)
    assert sorted(a.removed) != sorted(b.removed)  # at random, by seed


@pytest.mark.parametrize(("players", "variants"), SETUPS)
def test_K_SETUP_2_lines_are_sorted_and_sized(players: int,
                                              variants: tuple[str, ...]) -> None:
    lines = [e for e in full_game_events(players, 3, variants) if isinstance(e, ev.LineDrawn)]
    size = 3 if players == 3 else 4
    assert lines and all(len(e.dominoes) == size for e in lines)
    assert all(list(e.dominoes) == sorted(e.dominoes) for e in lines)
    drawn = [d for e in lines for d in e.dominoes]
    assert len(drawn) == len(set(drawn))  # no domino drawn twice


def test_K_SETUP_3_kings_claim_the_first_line_in_a_random_order() -> None:
    first_claimers = set()
    for seed in range(40):
        state, events = start_game(["A", "B", "C", "D"], seed)
        drawn = next(e for e in events if isinstance(e, ev.KingsDrawn))
        assert sorted(drawn.order) == [0, 1, 2, 3]
        assert state.phase is Phase.SETUP and state.active_seat == drawn.order[0]
        first_claimers.add(drawn.order[0])
        ai = RandomPlayer(seed)
        claims = []
        while state.phase is Phase.SETUP:
            assert all(str(a).startswith("claim") for a in legal_actions(state))
            state, more = apply(state, ai.choose(state))
            claims += [e.seat for e in more if isinstance(e, ev.DominoClaimed)]
        assert claims == list(drawn.order)  # each king in its drawn turn
        assert state.round == 1 and len(state.next_line) == 4  # then the next line is drawn
        assert all(s.king is not None for s in state.line)
    assert first_claimers == {0, 1, 2, 3}


@pytest.mark.parametrize(("players", "variants"), SETUPS)
def test_K_TURN_1_each_king_places_in_line_order_then_claims(
        players: int, variants: tuple[str, ...]) -> None:
    events = full_game_events(players, 11, variants)
    owner: dict[int, int] = {}
    last_round = False
    played_this_round: list[int] = []
    for index, event in enumerate(events):
        if isinstance(event, ev.RoundStarted):
            last_round, played_this_round = event.last, []
        elif isinstance(event, ev.DominoClaimed):
            owner[event.domino] = event.seat
        elif isinstance(event, ev.DominoPlaced | ev.DominoDiscarded):
            assert owner[event.domino] == event.seat  # the owner of the king places it
            assert played_this_round == sorted(played_this_round)
            played_this_round.append(event.domino)
            if not last_round:
                follow = events[index + 1]
                assert isinstance(follow, ev.DominoClaimed) and follow.seat == event.seat


@pytest.mark.parametrize(("players", "variants"), SETUPS)
def test_K_TURN_2_the_last_round_only_places(players: int,
                                             variants: tuple[str, ...]) -> None:
    events = full_game_events(players, 12, variants)
    last = max(i for i, e in enumerate(events) if isinstance(e, ev.RoundStarted))
    assert isinstance(events[last], ev.RoundStarted) and events[last].last
    tail = events[last:]
    assert not any(isinstance(e, ev.DominoClaimed | ev.LineDrawn) for e in tail)
    assert sum(isinstance(e, ev.DominoPlaced | ev.DominoDiscarded) for e in tail) == (
        3 if players == 3 else 4)


@pytest.mark.parametrize(("players", "variants", "rounds", "each"),
                         [(2, (), 6, 12), (3, (), 12, 12), (4, (), 12, 12),
                          (2, ("mighty-duel",), 12, 24)])
def test_K_ROUNDS_rounds_and_dominoes_per_player(players: int, variants: tuple[str, ...],
                                                 rounds: int, each: int) -> None:
    events: list[ev.Event] = []
    state, _ = play_random(players, 21, variants,
                           on_step=lambda _b, _a, _s, more: events.extend(more))
    assert state.round == rounds
    assert max(e.round for e in events if isinstance(e, ev.RoundStarted)) == rounds
    for seat in range(players):
        assert len(state.kingdoms[seat].placements) + len(state.discards[seat]) == each


def test_K_TURN_1_an_index_past_the_legal_actions_is_refused_in_words() -> None:
    """The indexed choice (what buttons and playouts use) names the index and the count,
    in setup (K-SETUP-3 claims) and at a placement whose list was never built."""
    state = new_game(["A", "B", "C"], 3)
    ai = RandomPlayer(3)
    while state.phase is not Phase.PLACE:
        for index in (-1, legal_action_count(state)):
            with pytest.raises(IndexError) as caught:
                legal_action(state, index)
            assert str(caught.value) == f"legal action {index} of {legal_action_count(state)}"
        state, _ = apply(state, ai.choose(state))
    fresh = state.copy()
    count = legal_action_count(fresh)
    assert count > 1
    with pytest.raises(IndexError) as caught:
        legal_action(fresh, count)
    assert str(caught.value) == f"legal action {count} of {count}"
    assert [legal_action(state.copy(), i) for i in range(count)] == legal_actions(state)


@pytest.mark.parametrize(("players", "seed", "variants", "message"), [
    (["A", "B"], -1, (), "the seed must be a whole number >= 0, not -1"),
    (["A", "B"], True, (), "the seed must be a whole number >= 0, not True"),
    (["A", "B"], "3", (), "the seed must be a whole number >= 0, not '3'"),
    (["A"], 3, (), "Kingdomino is for 2–4 players, not 1"),
    (["A", "B", "C"], 3, ("mighty-duel",), "Mighty Duel is a variant for 2 players"),
    (["A", "B"], 3, ("tiny",), "unknown variant 'tiny' (available: middle-kingdom, harmony, "
                               "dynasty, mighty-duel)"),
])
def test_K_SETUP_1_a_game_is_set_up_for_2_to_4_players_from_a_seed(
        players: list[str], seed: object, variants: tuple[str, ...], message: str) -> None:
    """Every deal comes from the seed (a whole number >= 0), so a bad one is refused."""
    with pytest.raises(GameError) as caught:
        new_game(players, seed, variants=variants)  # type: ignore[arg-type]
    assert str(caught.value) == message
    assert new_game(["A", "B"], 0).config.seed == 0


def test_K_SETUP_1_a_configuration_lists_its_variants_once_each_sorted() -> None:
    """Snapshots compare configurations, so a variant list has one spelling."""
    assert GameConfig.make(("A", "B"), 1, ("harmony", "dynasty", "harmony")).variants == (
        "dynasty", "harmony")
    for variants in (("harmony", "dynasty"), ("dynasty", "dynasty")):
        with pytest.raises(GameError) as caught:
            GameConfig(("A", "B"), 1, variants)
        assert str(caught.value) == "variants must be listed once each, sorted"


def test_K_PLACE_2_a_kingdom_is_5_by_5_or_7_by_7() -> None:
    with pytest.raises(ValueError) as caught:
        play_area(6)
    assert str(caught.value) == "a kingdom is 5×5 or 7×7, not 6×6"
