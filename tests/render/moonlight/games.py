"""Moonlight games for the picture tests: random games stopped at a moment, the events
of the turn just played, and a twin state whose hidden cards are dealt differently."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from engine.games.events import Event
from engine.games.rng import Rng
from engine.moonlight import apply, legal_actions, new_game
from engine.moonlight.actions import Play
from engine.moonlight.events import RoundScored
from engine.moonlight.state import GameState, Phase

NAMES = ["Ann", "ボブ 🐺"]
Stop = Callable[[GameState, list[Event], int], bool]


def played(seed: int, stop: Stop = lambda s, e, n: False) -> tuple[GameState, list[Event]]:
    """A random game from `seed` until `stop(state, events, actions)` or its end; the
    events of the turn just played (both cards of a howl turn)."""
    state = new_game(NAMES, seed)
    rng = Rng(seed)
    turn: list[Event] = []
    actions = 0
    while state.phase is not Phase.OVER and not stop(state, turn, actions):
        before = state.turn
        state, events = apply(state, rng.choice(legal_actions(state)))
        turn = [*turn, *events] if state.turn == before else list(events)
        actions += 1
    return state, turn


def after(actions: int) -> Stop:
    return lambda state, events, n: n >= actions


def round_scored(state: GameState, events: list[Event], n: int) -> bool:
    return any(isinstance(e, RoundScored) for e in events)


def moments(seed: int) -> Iterator[tuple[GameState, list[Event]]]:
    """Every moment of one random game, with the events of the action just applied."""
    state = new_game(NAMES, seed)
    rng = Rng(seed)
    events: list[Event] = []
    while True:
        yield state, events
        if state.phase is Phase.OVER:
            return
        state, events = apply(state, rng.choice(legal_actions(state)))


def reshuffled(state: GameState, seed: int) -> GameState:
    """The same game with each seat's unseen cards (hand and deck) dealt anew, the sizes
    kept: what only the seats themselves may see differs, nothing else."""
    twin = state.copy()
    rng = Rng(seed)
    for seat in (0, 1):
        pool = [*state.hands[seat], *state.decks[seat]]
        rng.shuffle(pool)
        size = len(state.hands[seat])
        twin.hands[seat] = tuple(sorted(pool[:size]))
        twin.decks[seat] = tuple(pool[size:])
    twin._legal = None
    twin._cells = None
    return twin


def plays_of_one_card(state: GameState) -> tuple[tuple[Play, ...], str | None]:
    """The legal placements of the mover's last playable card, and that card."""
    plays = [a for a in legal_actions(state) if isinstance(a, Play)]
    if not plays:
        return (), None
    card = plays[-1].card
    return tuple(p for p in plays if p.card == card), card
