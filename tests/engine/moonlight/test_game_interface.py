"""Moonlight behind the game interface (engine.registry): what the tables ask of a game
besides the rules themselves — when a turn ends (M-TURN-1, with howl's extra card), which
events reveal a hidden card (M-SETUP-1), events read back, the view and the players."""

from __future__ import annotations

from typing import Any

import pytest

from engine.games.errors import GameError
from engine.moonlight.events import CardPlayed
from engine.moonlight.game import legal_actions
from engine.moonlight.state import Phase
from engine.moonlight.view import player_view
from engine.registry import game_named

GAME = game_named("moonlight")


def steps(seed: int) -> list[tuple[Any, Any, list[Any]]]:
    """(before, after, events) of a seeded game through the interface."""
    state, _ = GAME.new_game(("Ann", "Bo"), seed, {})
    player = GAME.make_player("random", seed)
    out = []
    while not GAME.is_over(state):
        before = state
        state, events = GAME.apply(state, player.choose(state))
        out.append((before, state, list(events)))
    return out


def test_M_TURN_1_a_turn_ends_after_the_placement_or_after_howl_s_extra_card() -> None:
    seen = set()
    for seed in (6, 7, 0):
        played = steps(seed)
        for before, after, events in played:
            ends = GAME.ends_turn(before, after, events)
            begun = GAME.turns_begun(before, after, events)
            if after.phase is Phase.HOWL:  # the same player may place one more card
                kind = "howl offered"
                assert (ends, begun, after.active) == (False, 0, before.active)
            elif before.phase is Phase.HOWL:
                kind = "howl used"
                assert (ends, begun) == (True, 1)
            elif before.phase is Phase.POWER:  # M-NEXT-2, then the next round starts
                kind = "power"
                assert (ends, begun) == (True, 1)
            elif after.phase is Phase.OVER:  # M-WIN: the last card ends the game
                kind = "over"
                assert (ends, begun) == (True, 0)
            elif after.phase is Phase.POWER:  # the round is won: its loser chooses next
                kind = "round won"
                assert (ends, begun) == (True, 1)
            elif after.deal != before.deal:  # M-SCORE-4: a tie is dealt again, same starter
                kind = "replayed"
                assert (ends, begun) == (True, 1)
            else:
                kind = "play"
                assert (ends, begun) == (True, 1) and after.active != before.active
            seen.add(kind)
    assert seen == {"howl offered", "howl used", "power", "over", "play", "replayed",
                    "round won"}


def test_M_SETUP_1_a_draw_or_a_deal_reveals_cards_a_placement_alone_does_not() -> None:
    _, _, events = steps(3)[0]
    assert GAME.reveals(events)  # the card drawn after the placement
    assert not GAME.reveals([e for e in events if isinstance(e, CardPlayed)])
    assert not GAME.reveals([])


def test_the_interface_passes_events_views_actions_and_players_through() -> None:
    _, after, events = steps(5)[0]
    assert GAME.events_from_dicts([e.to_dict() for e in events]) == tuple(events)
    assert GAME.legal_actions(after) == legal_actions(after)
    for seat in (None, 0, 1):
        assert GAME.player_view(after, seat) == player_view(after, seat).to_dict()
    strong = GAME.make_player("strong", 1, think_ms=7, iterations=11)
    assert (strong.think_ms, strong.iterations) == (7, 11)  # type: ignore[attr-defined]


def test_a_new_game_through_the_interface_refuses_options_and_has_no_result_yet() -> None:
    """Moonlight has no table options (MOONLIGHT.md): one given is refused, not ignored."""
    with pytest.raises(GameError) as caught:
        GAME.new_game(("Ann", "Bo"), 1, {"variant": "legends"})
    assert str(caught.value) == "Moonlight has no options (got 'variant')"
    state, _ = GAME.new_game(("Ann", "Bo"), 1, {})
    assert GAME.result(state) is None and not GAME.is_over(state)
