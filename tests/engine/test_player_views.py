"""Every picture is drawn from `GameRules.player_view`: what a seat may see. A state that
differs only in what nobody has seen (a draw order, the dominoes set aside unseen) must
give the same view, so no picture can tell them apart."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.games.rng import Rng
from engine.registry import game_named, play


def played_some(key: str, moves: int, seed: int) -> object:
    game = game_named(key)
    state, _ = game.new_game(("A", "B", "C"), seed, {})
    player = game.make_player("random", seed)
    for _ in range(moves):
        state, _ = game.apply(state, player.choose(state))
    return state


@pytest.mark.parametrize("seed", range(5))
def test_R_SETUP_3_a_moonriver_view_hides_the_pile_and_the_partner_stack(seed: int) -> None:
    game = game_named("moonriver")
    state = played_some("moonriver", 7, seed)
    pile, stack = list(state.pile), list(state.stack)  # type: ignore[attr-defined]
    Rng(seed).shuffle(pile)
    Rng(seed + 1).shuffle(stack)
    other = replace(state, pile=pile, stack=stack)  # type: ignore[type-var]
    for seat in (None, 0, 1, 2):
        assert game.player_view(state, seat) == game.player_view(other, seat)
    assert game.player_view(state, None)["players"] == game.state_to_dict(state)["players"]


@pytest.mark.parametrize("seed", range(5))
def test_K_SETUP_1_a_kingdomino_view_hides_the_pile_and_the_dominoes_set_aside(
        seed: int) -> None:
    game = game_named("kingdomino")
    state = played_some("kingdomino", 5, seed)
    unseen = list(state.pile) + list(state.removed)  # type: ignore[attr-defined]
    Rng(seed).shuffle(unseen)
    count = len(state.pile)  # type: ignore[attr-defined]
    other = replace(state, pile=unseen[:count], removed=unseen[count:])  # type: ignore[type-var]
    for seat in (None, 0, 1, 2):
        assert game.player_view(state, seat) == game.player_view(other, seat)


@pytest.mark.parametrize("key", ["moonriver", "kingdomino"])
def test_a_view_still_draws_and_plays_on(key: str) -> None:
    """The view is a state of the same form: the game's pictures read it as they read a
    state (checked by loading it back)."""
    game = game_named(key)
    state = played_some(key, 9, 3)
    assert game.state_from_dict(game.player_view(state, None)) is not None
    players = [game.make_player("random", i) for i in range(3)]
    assert game.is_over(play(game, players, state)[0])
