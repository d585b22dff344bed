"""The per-player view hides the opponent's hand and both decks; the public view hides
every hand; events name no hidden card."""

from __future__ import annotations

import json

from engine.games.rng import Rng
from engine.moonlight.cards import card_code
from engine.moonlight.game import apply, legal_actions, new_game
from engine.moonlight.state import GameState, Phase
from engine.moonlight.view import player_view, public_view


def reshuffled(state: GameState, seat: int, rng: Rng) -> GameState:
    """The same position as `seat` sees it: the opponent's unplaced cards dealt anew
    between hand and deck, and `seat`'s own deck reordered."""
    other = 1 - seat
    world = state.copy()
    cards = list(state.hands[other] + state.decks[other])
    rng.shuffle(cards)
    size = len(state.hands[other])
    world.hands[other] = tuple(sorted(cards[:size]))
    world.decks[other] = tuple(cards[size:])
    own = list(state.decks[seat])
    rng.shuffle(own)
    world.decks[seat] = tuple(own)
    return world


def test_M_SETUP_1_a_view_holds_its_own_hand_and_only_counts_of_the_rest() -> None:
    state = new_game(["Ann", "Bo"], 4)
    view = player_view(state, 0)
    assert view.hand == tuple(card_code(c) for c in state.hands[0])
    assert view.hand_sizes == (3, 3) and view.deck_sizes == (8, 8)
    data = view.to_dict()
    assert set(data) >= {"hand", "hand_sizes", "deck_sizes"} and "decks" not in data
    assert public_view(state).hand is None and public_view(state).choices == ()
    assert player_view(state, 1 - state.active).choices == ()
    assert player_view(state, state.active).choices == tuple(
        str(a) for a in legal_actions(state))


def test_no_view_changes_when_only_hidden_cards_change() -> None:
    """Whole games: every view is the same for every arrangement of what it cannot
    see, so no hidden card can reach a picture or a message built from it."""
    rng = Rng(99)
    for seed in range(60):
        state = new_game(["Ann", "Bo"], seed)
        while state.phase is not Phase.OVER:
            for seat in (0, 1):
                other_world = reshuffled(state, seat, rng)
                assert player_view(other_world, seat) == player_view(state, seat)
                both = reshuffled(reshuffled(state, 0, rng), 1, rng)
                assert public_view(both) == public_view(state)
            options = legal_actions(state)
            state, _ = apply(state, options[rng.below(len(options))])


def test_events_carry_no_hidden_card() -> None:
    """A draw names who drew, never what; a deal names how many, never which."""
    rng = Rng(5)
    for seed in range(40):
        state = new_game(["Ann", "Bo"], seed)
        while state.phase is not Phase.OVER:
            options = legal_actions(state)
            state, events = apply(state, options[rng.below(len(options))])
            for event in events:
                data = event.to_dict()
                json.dumps(data)
                if event.kind in ("card_drawn", "round_started"):
                    assert not any(isinstance(v, str) for k, v in data.items() if k != "kind")
