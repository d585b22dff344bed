"""The public view shows everything but the pile's order and the unseen removed dominoes."""

import pytest

from engine.kingdomino.events import GameScored
from engine.kingdomino.game import apply, legal_actions, new_game
from engine.kingdomino.scoring import score_kingdom
from engine.kingdomino.state import GameState, Phase
from engine.kingdomino.view import public_view

from .support import play_random


def test_the_pile_order_and_the_removed_dominoes_do_not_show() -> None:
    state = new_game(["A", "B"], 3)
    for _ in range(7):
        state, _ = apply(state, legal_actions(state)[-1])
    data = state.to_dict()
    data["pile"].reverse()  # another deal from here on, unseen so far
    data["removed"].reverse()
    data["pile"][0], data["removed"][0] = data["removed"][0], data["pile"][0]
    other = GameState.from_dict(data)
    assert other.to_dict() != state.to_dict()
    assert public_view(other) == public_view(state)


def test_the_view_follows_the_game() -> None:
    state = new_game(["A", "B", "C", "D"], 5)
    while state.phase is not Phase.CLAIM:
        state, _ = apply(state, legal_actions(state)[0])
    view = public_view(state)
    assert view.active_seat == state.active_seat and view.acting_slot == state.cursor
    assert [s.played for s in view.line] == [i <= state.cursor for i in range(4)]
    assert view.players[view.active_seat].last_placed is not None
    assert view.pile_size == 48 - 8 and view.rounds == 12 and view.winners == ()  # 2 lines out
    final, _ = play_random(4, 5)
    assert public_view(final).winners != ()


def check_view(state: GameState, names: list[str]) -> None:
    """Every field of the view against the state it shows."""
    view = public_view(state)
    config = state.config
    for seat, player in enumerate(view.players):
        kingdom = state.kingdoms[seat]
        assert (player.seat, player.name, player.kingdom) == (seat, names[seat], kingdom)
        assert [d.number for d in player.discards] == list(state.discards[seat])
        assert player.last_placed == (kingdom.placements[-1] if kingdom.placements else None)
        assert player.score == score_kingdom(kingdom, middle_kingdom=config.middle_kingdom,
                                             harmony=config.harmony,
                                             discarded=len(state.discards[seat]))
    # K-TURN-1: the kings before the acting one have played their dominoes this round; in
    # the claim phase the acting king has placed too; during setup nothing is played yet
    if state.phase is Phase.SETUP:
        played = [False] * len(state.line)
    elif state.phase is Phase.OVER:
        played = [True] * len(state.line)
    else:
        acted = state.phase is Phase.CLAIM
        played = [i < state.cursor or (acted and i == state.cursor)
                  for i in range(len(state.line))]
    assert [(s.domino.number, s.king, s.played) for s in view.line] == [
        (s.domino, s.king, p) for s, p in zip(state.line, played, strict=True)]
    assert [(s.domino.number, s.king, s.played) for s in view.next_line] == [
        (s.domino, s.king, False) for s in state.next_line]
    acting = state.cursor if state.phase in (Phase.PLACE, Phase.CLAIM) else None
    assert (view.pile_size, view.round, view.rounds, view.phase, view.active_seat,
            view.acting_slot) == (len(state.pile), state.round, config.rounds, state.phase,
                                  state.active_seat, acting)


def test_K_TURN_1_the_view_shows_every_field_of_each_step() -> None:
    names = ["Ann", "Bo", "Cy"]
    state = new_game(names, 12)
    phases = set()
    while state.phase is not Phase.OVER:
        check_view(state, names)
        phases.add(state.phase)
        state, _ = apply(state, legal_actions(state)[len(legal_actions(state)) // 2])
    check_view(state, names)
    assert phases == {Phase.SETUP, Phase.PLACE, Phase.CLAIM}
    view = public_view(state)
    assert (view.game, view.games, view.series) == (1, 1, ())


def test_K_PLACE_4_the_view_lists_discarded_dominoes() -> None:
    for seed in range(60):
        final, _ = play_random(2, seed)
        if any(final.discards):
            check_view(final, ["P0", "P1"])
            view = public_view(final)
            assert [tuple(d.number for d in p.discards) for p in view.players] == [
                tuple(d) for d in final.discards]
            return
    pytest.fail("no seeded game discarded a domino")


def test_K_DYN_the_view_numbers_the_games_and_shows_finished_scores() -> None:
    state = new_game(["A", "B"], 8, variants=("dynasty",))
    scored: list[tuple[int, ...]] = []
    while state.game == 0:
        state, events = apply(state, legal_actions(state)[0])
        scored += [e.scores for e in events if isinstance(e, GameScored)]
    view = public_view(state)
    assert (view.game, view.games, view.phase) == (2, 3, Phase.SETUP)
    assert view.series == tuple(scored) and len(scored) == 1
    assert scored[0] != (state.series[0][0][1], state.series[0][1][1])  # not the tie-breaks
    check_view(state, ["A", "B"])
