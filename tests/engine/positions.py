"""Positions reached through the engine itself, for rules the engine must compute.

`tests.helpers.build_turn` sets the turn's flags by hand, so a test built on it cannot
catch the engine computing them wrongly. These helpers let the engine start the turn
(R-TURN-1, R-BUILD-1, R-BUILD-2) or play a seeded game to a moment of interest.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.games.rng import Rng
from engine.moonriver.actions import Choose
from engine.moonriver.game import apply, legal_actions, new_game
from engine.moonriver.state import GameState, Phase
from tests.helpers import Spec, clear_storage, give


def start(players: int = 4, seed: int = 7, *, variant: str = "base",
          scenario: int | None = None) -> GameState:
    """A real game of `variant` past its setup picks (first legal choice each time)."""
    state = new_game([f"P{i + 1}" for i in range(players)], seed, variant=variant,
                     scenario=scenario)
    while state.phase is Phase.SETUP:
        state, _ = apply(state, legal_actions(state)[0])
    return state


def next_seat(state: GameState) -> int:
    """Whose ranchero takes its turn after the current player chooses (R-ORDER-1)."""
    return next(s.ranchero for s in state.column if s.ranchero is not None)


def next_turn_holding(state: GameState, specs: list[Spec]) -> tuple[GameState, int, list[int]]:
    """From a choose decision, give the next player exactly `specs` and let the engine
    start their turn (they take one more parcel). Returns the state, seat and ids held."""
    assert state.phase is Phase.CHOOSE
    state = state.copy()
    seat = next_seat(state)
    clear_storage(state, seat)
    give(state, seat, *specs)
    choose = next(a for a in legal_actions(state) if isinstance(a, Choose))
    state, _ = apply(state, choose)
    assert state.turn is not None and state.turn.seat == seat
    return state, seat, state.players[seat].storage[:]


def play_until(state: GameState, rng: Rng, stop: Callable[[GameState], bool]) -> GameState:
    """Random legal actions until `stop(state)` holds (or the game is over)."""
    while state.phase is not Phase.OVER and not stop(state):
        state, _ = apply(state, rng.choice(legal_actions(state)))
    return state
