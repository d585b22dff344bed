"""Setup, turns, the end of a round and what happens between rounds (M-SETUP, M-TURN,
M-END, M-NEXT, M-WIN), the Alpha Powers' hooks, refusals and action text."""

from __future__ import annotations

import copy

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.games.errors import ActionSyntaxError, GameError, IllegalActionError
from engine.moonlight import events as ev
from engine.moonlight.actions import PASS, Pass, Play, Power, parse_action, sort_key
from engine.moonlight.area import CELL_NAMES
from engine.moonlight.cards import components
from engine.moonlight.game import apply, legal_actions, new_game, start_game
from engine.moonlight.state import GameState, Phase

from .support import play_game, position, texts


def kinds(events: list[ev.Event]) -> list[str]:
    return [e.kind for e in events]


def test_M_SETUP_1_each_player_shuffles_the_deck_and_draws_three() -> None:
    state, events = start_game(["Ann", "Bo"], 5)
    assert [len(h) for h in state.hands] == [3, 3] and [len(d) for d in state.decks] == [8, 8]
    assert isinstance(events[0], ev.RoundStarted) and events[0].hand_sizes == (3, 3)
    assert "hand" not in str(events[0].to_dict()).replace("hand_sizes", "")
    assert state.decks != new_game(["Ann", "Bo"], 6).decks  # shuffled per seed
    assert new_game(["Ann", "Bo"], 5) == state  # and determined by it


def test_M_SETUP_1_den_holds_four_cards() -> None:
    state = _after_round_one(winner=0)
    after, events = apply(state, Power("den"))
    assert len(after.hands[1]) == 4 and len(after.hands[0]) == 3
    assert len(after.decks[0]) == 12 - 3  # with the Lone Wolf (M-NEXT-1)
    assert isinstance(events[-1], ev.RoundStarted) and events[-1].hand_sizes == (3, 4)


def test_M_SETUP_2_round_one_s_start_player_is_drawn_from_the_seed() -> None:
    starts = {new_game(["Ann", "Bo"], seed).start_seat for seed in range(40)}
    assert starts == {0, 1}
    assert all(new_game(["A", "B"], s).active == new_game(["A", "B"], s).start_seat
               for s in range(10))


def _after_round_one(winner: int) -> GameState:
    """Round 1 just decided (its winner `winner`): the loser chooses a power."""
    loser = 1 - winner
    hands = [("3",), ("3",)]
    state = position("gb"[winner] + "5", hands, start=winner, active=loser)
    after, _ = apply(state, Play("3", "E4"))  # the loser's last card: 5 beats 3
    assert after.phase is Phase.POWER and after.wins[winner] == 1
    return after


def test_M_SETUP_2_the_loser_of_a_round_starts_the_next() -> None:
    for winner in (0, 1):
        state = _after_round_one(winner)
        assert state.active == 1 - winner
        after, _ = apply(state, Power("howl"))
        assert after.start_seat == after.active == 1 - winner and after.round == 2


def test_M_SETUP_2_a_replayed_round_keeps_its_start_player() -> None:
    state = position("g4", (("3",), ("4",)), start=0, active=1)
    after, events = apply(state, Play("4", "E4"))  # g4 b4: a tied row, 1 card each
    scored = next(e for e in events if isinstance(e, ev.RoundScored))
    assert scored.winner is None and scored.points == (0, 0) and scored.visible == (1, 1)
    started = events[-1]
    assert isinstance(started, ev.RoundStarted) and started.replay
    assert after.start_seat == after.active == 0 and after.round == 1 and after.deal == 2
    assert after.rounds == [None] and after.wins == [0, 0] and after.stacks == {}


def test_M_TURN_1_players_alternate_placing_then_drawing_one() -> None:
    state = new_game(["Ann", "Bo"], 3)
    seat = state.active
    deck = state.decks[seat]
    after, events = apply(state, legal_actions(state)[0])
    assert after.active == 1 - seat and after.turn == state.turn + 1
    assert len(after.hands[seat]) == 3 and after.decks[seat] == deck[1:]
    assert deck[0] in after.hands[seat]
    assert kinds(events) == ["card_played", "card_drawn"]
    assert events[1].to_dict() == {"kind": "card_drawn", "seat": seat, "deck_left": 7}


def test_M_TURN_1_no_draw_from_an_empty_deck() -> None:
    state = position("g3", (("3", "4"), ("5", "1")), start=1, active=0)
    after, events = apply(state, Play("4", "E4"))
    assert kinds(events) == ["card_played"] and after.hands[0] == (6,)


def test_M_END_1_the_round_ends_at_once_with_twelve_cells() -> None:
    area = "g3 b3 g3 b3 / g3 b3 g3 b3 / g3 b3 g3 ."
    state = position(area, (("1", "2m"), ("1", "2m")), decks=(("5",), ("5",)), active=0,
                     start=1)
    after, events = apply(state, Play("1", "G4"))
    assert kinds(events)[:3] == ["card_played", "card_drawn", "round_scored"]
    assert len(after.rounds) == 1 and len(after.stacks) in (0, 12)


def test_M_END_1_the_last_card_of_the_non_starting_player_ends_the_round() -> None:
    state = position("g3", (("3", "4"), ("5",)), start=0, active=1)
    after, events = apply(state, Play("5", "E4"))
    assert "round_scored" in kinds(events) and "last_turn" not in kinds(events)
    assert after.wins == [0, 1]


def test_M_END_1_after_the_start_player_s_last_card_the_other_takes_one_last_turn() -> None:
    state = position("b3", (("5",), ("3", "4")), start=0, active=0)
    after, events = apply(state, Play("5", "E4"))
    assert kinds(events) == ["card_played", "last_turn"] and after.last_turn
    assert events[1] == ev.LastTurn(1)  # the other seat takes the last turn
    assert after.active == 1 and after.phase is Phase.PLAY
    end, events = apply(after, Play("4", "F4"))
    assert "round_scored" in kinds(events) and not end.last_turn


def test_M_WIN_the_first_to_win_two_rounds_wins_the_game() -> None:
    state = position("g4", (("3",), ("5",)), start=0, active=1)
    state.wins, state.rounds, state.round, state.deal = [0, 1], [1], 2, 2
    state.lone_wolf, state.powers = [False, True], [("den",), ()]
    after, events = apply(state, Play("5", "E4"))
    assert after.phase is Phase.OVER and after.wins == [0, 2] and after.active_seat is None
    assert isinstance(events[-1], ev.GameEnded)
    assert events[-1].scores == (0, 2) and events[-1].winners == (1,)
    assert legal_actions(after) == []
    with pytest.raises(IllegalActionError, match="M-WIN"):
        apply(after, Play("3", "D3"))


def test_M_NEXT_1_the_winner_s_lone_wolf_joins_its_deck_once() -> None:
    state = _after_round_one(winner=0)
    assert state.lone_wolf == [True, False]
    after, _ = apply(state, Power("den"))
    lone = components().lone_wolf
    assert (after.hands[0] + after.decks[0]).count(lone) == 1
    assert lone not in after.hands[1] + after.decks[1]
    # a game-ending win adds nothing
    for seed in range(30):
        end, _ = play_game(seed)
        assert sum(end.lone_wolf) <= 2
        assert end.lone_wolf[end.rounds[-1]] == (end.rounds[-1] in end.rounds[:-1])


def test_M_NEXT_2_the_loser_chooses_a_power_nobody_has() -> None:
    state = _after_round_one(winner=1)
    assert state.active == 0
    assert texts(legal_actions(state)) == ["power ambush", "power den", "power full-moon",
                                           "power howl", "power pack-leader"]
    with pytest.raises(IllegalActionError, match="M-NEXT-2"):
        apply(state, Play("3", "D4"))
    after, events = apply(state, Power("full-moon"))
    assert after.powers == [("full-moon",), ()]
    assert kinds(events)[:2] == ["power_chosen", "round_started"]
    after.phase, after.active = Phase.POWER, 1  # had seat 1 lost the next round
    assert "power full-moon" not in texts(legal_actions(after))
    with pytest.raises(IllegalActionError, match=r"already taken.*M-NEXT-2"):
        apply(after, Power("full-moon"))


def test_M_NEXT_2_a_once_a_round_power_is_ready_again_each_round() -> None:
    state = _after_round_one(winner=1)
    after, _ = apply(state, Power("ambush"))
    after.used = [("ambush",), ()]  # used in round 2; round 2 replayed:
    after = _replayed(after)
    assert after.used == [(), ()] and after.ready(0, "ambush")


def _replayed(state: GameState) -> GameState:
    """`state`'s round ending in a full tie (so it is dealt again)."""
    from engine.moonlight.game import _end_round

    state = state.copy()
    state.stacks, state.occupied = {}, 0
    _end_round(state, [])
    assert state.rounds[-1] is None and state.phase is Phase.PLAY
    return state


def test_howl_offers_one_more_card_or_pass_once_a_round() -> None:
    state = position("b3", (("2m", "3", "4"), ("3",)), decks=(("5",), ()),
                     powers=(("howl",), ()), start=1, active=0)
    after, events = apply(state, Play("2m", "E4"))
    assert after.phase is Phase.HOWL and after.active == 0 and after.turn == state.turn
    assert kinds(events) == ["card_played", "card_drawn"]
    played = events[0]
    assert isinstance(played, ev.CardPlayed) and (played.ambush, played.howl) == (False, False)
    assert legal_actions(after)[-1] == PASS and "play 5 F4" in texts(legal_actions(after))
    again, events = apply(after, Play("5", "F4"))
    assert events[0].howl and again.used[0] == ("howl",) and again.active == 1
    kept, events = apply(after, PASS)
    assert events == [ev.HowlKept(0)] and kept.active == 1 and kept.used[0] == ()
    with pytest.raises(IllegalActionError, match="howl"):
        apply(state, Pass())


def test_apply_refuses_illegal_actions_naming_the_rule_and_never_mutates() -> None:
    state = new_game(["Ann", "Bo"], 9)
    before = copy.deepcopy(state.to_dict())
    missing = next(c for c in ("1", "2m", "3", "4", "4m", "5")
                   if c not in [str(a).split()[1] for a in legal_actions(state)])
    with pytest.raises(IllegalActionError, match="M-TURN-1") as caught:
        apply(state, Play(missing, "D4"))
    assert isinstance(caught.value, GameError) and isinstance(caught.value, ValueError)
    with pytest.raises(IllegalActionError, match="M-NEXT-2"):
        apply(state, Power("den"))
    apply(state, legal_actions(state)[0])
    assert state.to_dict() == before


def test_legal_actions_are_sorted_and_distinct() -> None:
    for seed in range(20):
        state = new_game(["Ann", "Bo"], seed)
        for _ in range(8):
            options = legal_actions(state)
            assert options == sorted(options, key=sort_key)
            assert len(set(options)) == len(options)
            state, _ = apply(state, options[seed % len(options)])


@given(st.sampled_from(["1", "2m", "3", "4", "4m", "5", "6"]),
       st.sampled_from(CELL_NAMES))
def test_play_text_round_trips(card: str, cell: str) -> None:
    action = Play(card, cell)
    assert parse_action(str(action)) == action
    assert parse_action(f"  PLAY {card.upper()}   {cell.lower()} ") == action


@pytest.mark.parametrize("key", ["full-moon", "pack-leader", "ambush", "den", "howl"])
def test_power_and_pass_text_round_trips(key: str) -> None:
    assert parse_action(str(Power(key))) == Power(key)
    assert parse_action("pass") == PASS == Pass()


CARDS = "(cards: 1, 2m, 3, 4, 4m, 5, 6)"
CELL = "is not a cell: a column A–G and a row 1–7, e.g. D4"


@pytest.mark.parametrize(("text", "message"), [
    ("play 3", "expected `play 4m C5`"), ("play 3 D4 up", "expected `play 4m C5`"),
    ("play 3m D4", f"there is no card '3m' {CARDS}"),
    ("play x D4", "'x' is not a card: a value and an optional m, e.g. 4m"),
    ("play 3 H4", f"'h4' {CELL}"), ("play 3 D8", f"'d8' {CELL}"),
    ("power", "expected `power den`"),
    ("power eclipse", "'eclipse' is not an Alpha Power (available: full-moon, pack-leader, "
                      "ambush, den, howl)"),
    ("pass now", "expected `pass`"), ("claim 3", "unknown action 'claim' (play, power, pass)"),
])
def test_bad_action_text_is_refused_clearly(text: str, message: str) -> None:
    """M-TURN-1's plays, M-NEXT-2's powers and howl's pass, each refusal in words."""
    with pytest.raises(ActionSyntaxError) as caught:
        parse_action(text)
    assert str(caught.value) == message
    with pytest.raises(ActionSyntaxError, match="empty action"):
        parse_action("")


@pytest.mark.parametrize(("card", "cell", "message"), [
    ("4M", "C5", "write the card '4M' as '4m'"),
    ("4m", "Z9", f"'Z9' {CELL}"), ("4", "c5", f"'c5' {CELL}"),
    ("04", "C5", "'04' is not a card: a value and an optional m, e.g. 4m"),
    ("3m", "C5", f"there is no card '3m' {CARDS}"),
])
def test_a_play_is_a_card_of_the_game_on_a_cell_written_one_way(card: str, cell: str,
                                                                  message: str) -> None:
    """M-COMP-2: `4m` and `C5`, as `legal_actions` writes them, so equal plays compare equal."""
    with pytest.raises(ActionSyntaxError) as caught:
        Play(card, cell)
    assert str(caught.value) == message
    assert (Play("4m", "C5").cid, Play("4m", "C5").index) == (9, CELL_NAMES.index("C5"))


def test_new_game_refuses_wrong_players_and_options() -> None:
    with pytest.raises(GameError, match="2 players"):
        new_game(["A", "B", "C"], 1)
    with pytest.raises(GameError, match="differ"):
        new_game(["A", "A"], 1)
    with pytest.raises(GameError, match="options"):
        new_game(["A", "B"], 1, {"variant": "x"})


def test_M_SCORE_2_the_round_is_scored_with_the_alpha_powers() -> None:
    """The last card ties the only row 3 : 3; pack-leader (seat 0) wins tied rows, so
    seat 0 wins the round instead of a replay (M-SCORE-4)."""
    plain = position("g3", (("3", "4"), ("3",)), start=0, active=1)
    after, _ = apply(plain, Play("3", "E4"))
    assert after.rounds == [None] and after.wins == [0, 0]
    leader = position("g3", (("3", "4"), ("3",)), start=0, active=1,
                      powers=(("pack-leader",), ()))
    after, events = apply(leader, Play("3", "E4"))
    assert after.rounds == [0] and after.wins == [1, 0]
    scored = [e for e in events if e.kind == "round_scored"]
    assert scored == [ev.RoundScored(round=1, area="g3 b3", moons=(0, 0), moon_bonus=None,
                                     row_winners=(0,), points=(2, 0),  # a kept 3: M-POWER-2
                                     visible=(1, 1), winner=0)]
    assert ev.LoneWolfJoined(0) in events  # M-NEXT-1: the winner's Lone Wolf joins its deck
    chosen, events = apply(after, Power("den"))  # M-NEXT-2: the loser chooses
    assert events[0] == ev.PowerChosen(1, "den")
    assert chosen.powers == [("pack-leader",), ("den",)]
    started = events[1]
    assert isinstance(started, ev.RoundStarted)
    assert (started.round, started.replay, started.start_seat) == (2, False, 1)  # M-SETUP-2


def test_M_SCORE_1_the_round_scored_event_carries_the_moon_bonus() -> None:
    """Green's moon (2m) earns M-SCORE-1's 2 points; blue's kept 3 earns 1 + 1
    (M-POWER-2): tied on points and on visible cards, the round is replayed."""
    state = position("g2m", (("3", "4"), ("3",)), start=0, active=1)
    after, events = apply(state, Play("3", "E4"))
    assert [e for e in events if e.kind == "round_scored"] == [
        ev.RoundScored(round=1, area="g2m b3", moons=(1, 0), moon_bonus=0, row_winners=(1,),
                       points=(2, 2), visible=(1, 1), winner=None)]
    assert after.rounds == [None]


def test_M_NEXT_2_with_no_alpha_power_left_the_next_round_is_dealt_at_once(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A cards file with a single Alpha Power (the list is provisional data, M-COMP-4):
    it is taken after round 1, so round 2's loser has none left to choose and round 3
    is dealt at once, started by that loser (M-SETUP-2)."""
    from dataclasses import replace

    from engine.moonlight import game as moonlight_game
    from engine.moonlight.cards import components

    parts = components()
    only_den = replace(parts, powers=tuple(p for p in parts.powers if p.key == "den"))
    monkeypatch.setattr(moonlight_game, "components", lambda: only_den)
    state = position("g3", (("3", "4"), ("4",)), start=0, active=1,
                     powers=((), ("den",)))
    state.wins, state.rounds, state.round, state.deal = [1, 0], [0], 2, 2
    state.lone_wolf = [True, False]
    after, events = apply(state, Play("4", "E4"))  # blue's 4 wins the row and round 2
    kinds_seen = [e.kind for e in events]
    assert after.rounds == [0, 1] and after.wins == [1, 1]
    assert "round_started" in kinds_seen and "power_chosen" not in kinds_seen
    assert (after.phase, after.round, after.deal, after.start_seat) == (Phase.PLAY, 3, 3, 0)
    assert after.active == 0 and after.stacks == {}
    started = [e for e in events if isinstance(e, ev.RoundStarted)]
    assert [(e.round, e.replay, e.start_seat) for e in started] == [(3, False, 0)]


def test_M_END_1_keeping_howl_on_the_last_turn_ends_the_round() -> None:
    """The other player's last turn (M-END-1) with howl ready: after the placement,
    `pass` ends the turn, and with it the round."""
    state = position("g3", ((), ("4", "5")), powers=((), ("howl",)), start=0, active=1)
    state.last_turn = True
    after, events = apply(state, Play("4", "E4"))
    assert after.phase is Phase.HOWL and kinds(events) == ["card_played"]
    ended, events = apply(after, PASS)
    assert kinds(events)[:2] == ["howl_kept", "round_scored"] and not ended.last_turn
