"""Shared helpers for the Moonlight tests: positions written in area notation, and
seeded playouts."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engine.games.base import Record
from engine.games.events import Event
from engine.moonlight.actions import Action
from engine.moonlight.ai import GreedyPlayer, RandomPlayer
from engine.moonlight.area import SIDE, parse_area, parse_cell
from engine.moonlight.cards import parse_card_code
from engine.moonlight.game import apply, new_game
from engine.moonlight.state import GameState, Phase
from engine.registry import with_result

Step = Callable[[GameState, Action, GameState, list[Event]], None]


def position(area: str = ".", hands: Sequence[Sequence[str]] = (("3",), ("3",)), *,
             decks: Sequence[Sequence[str]] = ((), ()), active: int = 0, start: int = 0,
             powers: Sequence[Sequence[str]] = ((), ()), used: Sequence[Sequence[str]] = ((), ()),
             at: str = "D4", phase: Phase = Phase.PLAY, covered: dict[str, str] | None = None
             ) -> GameState:
    """A position for a rule scenario (not a whole game, so not conserved): the area's
    bounding box with its bottom-left cell on `at` (D4 leaves room on every side);
    `covered` puts a card under a cell's top (`{"D4": "b3"}`)."""
    shift = parse_cell(at)
    tops = parse_area(area)
    stacks: dict[int, tuple[int, ...]] = {}
    for cell, code in tops.items():
        column, row = cell % SIDE, cell // SIDE
        stacks[shift + row * SIDE + column] = (code,)
    for name, token in (covered or {}).items():
        from engine.moonlight.area import parse_top

        cell = parse_cell(name)
        stacks[cell] = (parse_top(token), *stacks[cell])
    mask = 0
    for cell in stacks:
        mask |= 1 << cell
    return GameState(
        ("Ann", "Bo"), 1, phase, 1, 1, start, active, 1,
        [tuple(sorted(parse_card_code(c) for c in hand)) for hand in hands],
        [tuple(parse_card_code(c) for c in deck) for deck in decks],
        stacks, [0, 0], [False, False], [tuple(p) for p in powers], [tuple(u) for u in used],
        False, [], mask)


def texts(actions: Sequence[Action]) -> list[str]:
    return [str(a) for a in actions]


def play_game(seed: int, kinds: tuple[str, str] = ("random", "random"),
              on_step: Step | None = None) -> tuple[GameState, list[str]]:
    """A seeded game to the end; the final state and the action texts."""
    state = new_game(["Ann", "Bo"], seed)
    players = [RandomPlayer(seed * 2 + s) if kind == "random" else GreedyPlayer(seed * 2 + s)
               for s, kind in enumerate(kinds)]
    actions: list[str] = []
    while state.phase is not Phase.OVER:
        action = players[state.active].choose(state)
        after, events = apply(state, action)
        if on_step is not None:
            on_step(state, action, after, events)
        actions.append(str(action))
        state = after
    return state, actions


def make_record(state: GameState, actions: Sequence[str]) -> Record:
    """The record of a game played from `state.seed` with these action texts (the result
    filled in once the game is over)."""
    return with_result(Record("moonlight", state.seed, state.players, {}, tuple(actions)),
                       state)
