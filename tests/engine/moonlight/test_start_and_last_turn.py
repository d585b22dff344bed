"""A new game's refusals and first deal (M-SETUP-1, M-SETUP-2), the last turn's owner
(M-END-1) and an empty area's notation: each pinned by value, so a change of words or
of an event's field fails here (mutation testing found them unpinned)."""

from __future__ import annotations

import pytest

from engine.games.errors import GameError
from engine.moonlight import events as ev
from engine.moonlight.area import format_area
from engine.moonlight.game import legal_action, legal_actions, start_game

from .support import play_game


def test_m_setup_a_new_game_refuses_two_players_of_one_name() -> None:
    with pytest.raises(GameError, match=r"^player names must differ$"):
        start_game(["Ann", "Ann"], 1)


@pytest.mark.parametrize("seed", [-1, True, False, 1.5, "7"])
def test_m_setup_a_seed_is_a_whole_number_from_zero(seed: object) -> None:
    with pytest.raises(GameError) as refused:
        start_game(["Ann", "Bo"], seed)  # type: ignore[arg-type]
    assert str(refused.value) == f"the seed must be a whole number >= 0, not {seed!r}"


def test_m_setup_1_m_setup_2_the_first_deal_is_round_one_no_replay() -> None:
    for seed in range(6):
        state, events = start_game(["Ann", "Bo"], seed)
        assert events == [ev.RoundStarted(1, False, state.start_seat, (3, 3), (8, 8))]
        assert state.active == state.start_seat
        assert [len(h) for h in state.hands] == [3, 3]


def test_m_end_1_the_last_turn_goes_to_the_player_who_did_not_start() -> None:
    seen = 0

    def step(before, action, after, events) -> None:  # type: ignore[no-untyped-def]
        nonlocal seen
        for event in events:
            if isinstance(event, ev.LastTurn):
                assert event.seat == 1 - before.start_seat == 1 - before.active
                seen += 1

    for seed in range(400):  # a start player's hand runs out before the area fills: rare
        play_game(seed, on_step=step)
    assert seen >= 3


def test_an_empty_area_is_written_as_a_dot() -> None:
    assert format_area({}) == "."


def test_a_fresh_deal_answers_an_action_by_index_as_the_whole_list_does() -> None:
    """`legal_action` right after a deal, before anything counted the options: the
    deal leaves no cached cells behind, so the answer comes from the whole list."""
    for seed in range(4):
        state, _ = start_game(["Ann", "Bo"], seed)
        fresh, _ = start_game(["Ann", "Bo"], seed)
        everything = legal_actions(fresh)
        assert [legal_action(state, i) for i in (0, len(everything) - 1)] == \
            [everything[0], everything[-1]]
