"""Thousands of seeded games, checking the invariants after every action.

Every kingdom stays inside its size×size bounding box (K-PLACE-2), no score passes the
5×5 maximum of 141 with both bonuses (K-MAX), a domino is discarded only when it fits
nowhere (K-PLACE-4), and every game's record replays to the same end.
"""

import json
import os
from functools import cache

import pytest

from engine.games import Record
from engine.kingdomino import events as ev
from engine.kingdomino.actions import Action, Place, sort_key
from engine.kingdomino.ai import GreedyPlayer, RandomPlayer
from engine.kingdomino.dominoes import domino
from engine.kingdomino.game import apply, legal_actions, new_game, outcome
from engine.kingdomino.kingdom import play_area
from engine.kingdomino.state import GameState, Phase, validate_state
from engine.registry import game_named, read_record, replay, with_result

from .support import discards_with_kingdoms, naive_placements, play_random

BOTH_BONUSES = ("harmony", "middle-kingdom")
MAX_5X5 = 141  # K-MAX: 126 region points + 15 bonus points
# (players, variants, games): about 2,000 games in all, well under 20 s on one core
# Mutation testing (scripts/mutation.sh) runs the suite once per mutant: a quarter there.
MUTATING = "MUTANT_UNDER_TEST" in os.environ
SETUPS = [(players, variants, games // 4 if MUTATING else games)
          for players, variants, games in [(4, BOTH_BONUSES, 700), (3, BOTH_BONUSES, 500),
                                            (2, BOTH_BONUSES, 600), (2, ("mighty-duel",), 200)]]
DEEP_GAMES = 5  # games per setup whose every placement list is checked the slow way


@cache
def box(size: int, bounds: tuple[int, int, int, int]) -> int:
    return play_area(size).rectangle(*bounds)


def check_step(before: GameState, action: Action, after: GameState,
               events: list[ev.Event], deep: bool) -> None:
    """Cheap checks always; with `deep`, the legal list against the slow oracle too."""
    size = after.config.kingdom_size
    for kingdom in after.kingdoms:
        left, top, right, bottom = kingdom.bounds
        assert right - left < size and bottom - top < size  # K-PLACE-2
        # every square (and the castle) inside that box, so the box is the real one
        assert kingdom.occupied & ~box(size, kingdom.bounds) == 0
    for kingdom, number in discards_with_kingdoms(before, events):  # K-PLACE-4
        assert kingdom.placements_for(domino(number)) == []
    if not deep:
        return
    options = legal_actions(after)
    assert options == sorted(options, key=sort_key) and len(set(options)) == len(options)
    assert after.phase is Phase.OVER or len(options) >= 2  # forced moves are auto-played
    if after.phase is Phase.PLACE:
        seat = after.active_seat
        assert seat is not None
        piece = domino(after.line[after.cursor].domino)
        offered = {(a.column, a.row, a.direction) for a in options if isinstance(a, Place)}
        assert offered == naive_placements(after.kingdoms[seat], piece)


def check_end(state: GameState, actions: list[str], replay_it: bool) -> None:
    validate_state(state)
    result = outcome(state)
    assert result is not None
    if state.config.kingdom_size == 5:
        assert max(result.totals) <= MAX_5X5  # K-MAX
        assert all(sheet.property_points <= MAX_5X5 - 15 for sheet in result.sheets)
    if replay_it:
        game = game_named("kingdomino")
        record = with_result(Record(game.key, state.config.seed, state.config.players,
                                    game.table_options(state), tuple(actions)), state)
        again = replay(read_record(json.loads(json.dumps(game.record_to_dict(record)))))
        assert again.state.to_dict() == state.to_dict()


@pytest.mark.parametrize(("players", "variants", "games"), SETUPS)
def test_K_PLACE_2_K_PLACE_4_K_MAX_random_playouts(players: int, variants: tuple[str, ...],
                                                  games: int) -> None:
    for seed in range(games):
        deep = seed < DEEP_GAMES
        state, actions = play_random(
            players, seed, variants,
            on_step=lambda b, a, s, e, d=deep: check_step(b, a, s, e, d))
        check_end(state, actions, replay_it=seed % 5 == 0)


def test_K_MAX_greedy_playouts_stay_under_the_maximum() -> None:
    """Greedy kingdoms score far higher than random ones: the better test of K-MAX."""
    best, bonuses = 0, set()
    for seed in range(40):
        state = new_game(["A", "B", "C", "D"], seed, variants=BOTH_BONUSES)
        players = [GreedyPlayer(seed * 4 + s) for s in range(3)] + [RandomPlayer(seed)]
        actions = []
        while state.phase is not Phase.OVER:
            seat = state.active_seat
            assert seat is not None
            action = players[seat].choose(state)
            after, events = apply(state, action)
            check_step(state, action, after, events, deep=False)
            actions.append(str(action))
            state = after
        check_end(state, actions, replay_it=True)
        result = outcome(state)
        assert result is not None
        best = max(best, *result.totals)
        bonuses |= {name for sheet in result.sheets for name, _ in sheet.bonuses}
    assert best > 60  # the check above saw real, high-scoring kingdoms …
    assert bonuses == {"harmony", "middle_kingdom"}  # … with both bonuses earned
