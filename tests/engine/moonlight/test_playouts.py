"""Thousands of seeded games, checking the invariants after every action.

Cards are conserved and every snapshot validates (M-COMP-1, M-NEXT-1); the area stays
inside 3×4 or 4×3 (M-PLACE-2); a cover is exactly one higher unless `ambush` is spent on
it (M-PLACE-3); the opponent's last visible wolf is never covered (M-PLACE-3); rounds,
wins, powers and Lone Wolves agree (M-SCORE-4, M-WIN, M-NEXT-1, M-NEXT-2); `is_legal`
agrees with `legal_actions`; every game's record replays to the same end.
"""

from __future__ import annotations

import json
import os

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.games.events import Event
from engine.moonlight import events as ev
from engine.moonlight.actions import Action, Play, play_of
from engine.moonlight.area import CELLS, bounds, fits, mask_of
from engine.moonlight.cards import AMBUSH, components, parse_card_code
from engine.moonlight.game import is_legal, legal_actions
from engine.moonlight.game_rules import Moonlight
from engine.moonlight.state import GameState, Phase, validate_state
from engine.registry import read_record, replay

from .support import make_record, play_game

RULES = Moonlight()
# (players, games): about 2,600 games in all, a few seconds on one core
# Mutation testing (scripts/mutation.sh) runs the suite once per mutant: a quarter there.
MUTATING = "MUTANT_UNDER_TEST" in os.environ
SETUPS = [(kinds, games // 4 if MUTATING else games)
          for kinds, games in [(("random", "random"), 2000), (("greedy", "random"), 300),
                               (("greedy", "greedy"), 300)]]
DEEP_GAMES = 15  # games whose every state checks is_legal against the whole list


def check_step(before: GameState, action: Action, after: GameState, events: list[Event],
               deep: bool) -> None:
    validate_state(after)  # conservation, stacks, rounds, wins, powers, Lone Wolves
    if after.stacks:
        left, bottom, right, top = bounds(mask_of(after.stacks))
        assert fits(right - left + 1, top - bottom + 1)  # M-PLACE-2
    value = components().cards
    for event in events:
        if isinstance(event, ev.CardPlayed) and event.covered is not None:  # M-PLACE-3
            high, low = value[parse_card_code(event.card)].value, \
                value[parse_card_code(event.covered)].value
            if event.ambush:
                assert high == low and before.ready(event.seat, AMBUSH)
            else:
                assert high == low + 1
            assert before.visible(1 - event.seat) >= 2  # never the last visible wolf
            assert after.visible(1 - event.seat) >= 1
    assert RULES.turns_begun(before, after, events) >= 0
    if RULES.turns_begun(before, after, events) == 0 and after.phase is not Phase.OVER:
        assert after.active == before.active  # the same turn goes on (howl)
    if deep and after.phase in (Phase.PLAY, Phase.HOWL):
        options = legal_actions(after)
        every = [play_of(cid, cell) for cid in components().cards for cell in range(CELLS)]
        assert {a for a in every if is_legal(after, a)} == \
            {a for a in options if isinstance(a, Play)}


def check_end(state: GameState, actions: list[str]) -> None:
    decided = [w for w in state.rounds if w is not None]
    assert max(state.wins) == 2 and 2 <= len(decided) <= 3  # M-WIN: best of three
    assert state.wins == [decided.count(0), decided.count(1)]
    assert decided[-1] == (0 if state.wins[0] == 2 else 1)
    assert len(state.powers[0]) + len(state.powers[1]) == len(decided) - 1  # M-NEXT-2
    record = make_record(state, actions)
    again = replay(read_record(json.loads(json.dumps(RULES.record_to_dict(record)))))
    assert again.state == state


def test_M_PLACE_2_M_PLACE_3_M_WIN_M_NEXT_1_seeded_playouts() -> None:
    games = 0
    for kinds, count in SETUPS:
        for seed in range(count):
            deep = seed < DEEP_GAMES

            def step(before: GameState, action: Action, after: GameState,
                     events: list[Event], deep: bool = deep) -> None:
                check_step(before, action, after, events, deep)

            state, actions = play_game(seed, kinds, step)
            check_end(state, actions)
            games += 1
    assert games >= (650 if MUTATING else 2600)


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2**63), st.sampled_from([("random", "random"), ("greedy", "random"),
                                              ("random", "greedy")]))
def test_M_COMP_1_cards_are_conserved_in_any_seeded_game(seed: int,
                                                        kinds: tuple[str, str]) -> None:
    state, actions = play_game(seed, kinds,
                               lambda b, a, s, e: check_step(b, a, s, e, deep=False))
    check_end(state, actions)
