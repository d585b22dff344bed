"""The public view shows everything but the pile's order and the unseen removed dominoes."""

from engine.kingdomino.game import apply, legal_actions, new_game
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
