"""The in-place path for search: play actions on a private state, with no events.

`engine.moonriver.game.apply` copies the state for every action (its input must stay untouched for
the bot, records and replay) and describes what happened as events for the narration. A
search plays thousands of throw-away actions and needs neither: it takes one `fork()` of
the position and changes that fork action by action here. Both paths run the same rules
code (`engine.moonriver.game._do` and `_advance`), so they reach the same states; the test
`tests/engine/test_playout.py` plays seeded games both ways and compares every step.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.games.errors import IllegalActionError
from engine.moonriver.actions import Action
from engine.moonriver.game import _advance, _do, _generate, explain_illegal, is_listed
from engine.moonriver.state import GameState, Phase

Chooser = Callable[[GameState], Action]


def options(state: GameState) -> list[Action]:
    """The legal actions as the engine's own list: read it, never change it.

    `legal_actions` returns a copy, which a playout taking one action per call pays for
    at every step.
    """
    legal = state._legal
    if legal is None:
        legal = state._legal = _generate(state)
    return legal


def apply_in_place(state: GameState, action: Action) -> None:
    """Play `action` on `state` itself, like `apply` but without a copy or events.

    `state` must be yours alone: a `fork()` or `copy()` you took (a fork still shares
    untouched players with its origin; the engine copies a seat before its first write,
    so the origin is never changed).
    """
    legal = state._legal
    if legal is None:
        legal = state._legal = _generate(state)
    if not is_listed(action, legal):
        raise IllegalActionError(explain_illegal(state, action))
    _do(state, action, None)
    _advance(state, None)


def play_in_place(state: GameState, chooser: Chooser, *, max_actions: int | None = None,
                  stop: Callable[[GameState], bool] | None = None) -> int:
    """Let `chooser` play `state` on until the game is over, `stop(state)` holds or
    `max_actions` actions were played; returns how many were played.

    `chooser` picks from `options(state)` (or `legal_actions`); `state` must be yours
    alone, as for `apply_in_place`.
    """
    played = 0
    over = Phase.OVER  # one enum lookup, not one per action (slow in Python 3.11)
    while state.phase is not over:
        if max_actions is not None and played >= max_actions:
            break
        if stop is not None and stop(state):
            break
        apply_in_place(state, chooser(state))
        played += 1
    return played


def playout(state: GameState, chooser: Chooser, *, max_actions: int | None = None,
            stop: Callable[[GameState], bool] | None = None) -> GameState:
    """The position after `chooser` plays on from `state`; `state` itself is unchanged
    (one fork at the start, then every action in place)."""
    world = state.fork()
    world._legal = state._legal  # the options of an unchanged position stay valid
    play_in_place(world, chooser, max_actions=max_actions, stop=stop)
    return world
