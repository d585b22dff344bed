"""Seeded Kingdomino positions the picture tests and golden images share.

Random games (engine.games.rng, so every run is the same) stopped where a picture is worth
checking, with the events of the last action: what a turn picture marks.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.games.events import Event
from engine.games.rng import Rng
from engine.kingdomino import apply, legal_actions, new_game
from engine.kingdomino.actions import Place
from engine.kingdomino.ai import make_player
from engine.kingdomino.state import GameState, Phase

NAMES = ["Alice", "ボブ", "Carol 🤠", "Dmitri Alexandrovich Karamazov-Smerdyakov"]
PLAIN_NAMES = ["Ann", "Bo", "Cy", "Di"]


def played(players: int, seed: int, until_round: int | None, *,
           variants: Sequence[str] = (), names: Sequence[str] = NAMES,
           game: int = 0, ai: str = "greedy") -> tuple[GameState, list[Event]]:
    """Play (greedy players: kingdoms as people build them) until a placement decision
    in round `until_round` of Dynasty game `game` + 1 (round 0: the first claim of the
    setup, K-SETUP-3), or to the end with None; the state and the last action's events."""
    state = new_game(list(names[:players]), seed, variants=variants)
    player = make_player(ai, seed)
    events: list[Event] = []
    while state.phase is not Phase.OVER:
        decision = state.phase is Phase.PLACE or (until_round == 0
                                                   and state.phase is Phase.SETUP)
        if (until_round is not None and state.game >= game and state.round >= until_round
                and decision):
            break
        state, events = apply(state, player.choose(state))
    return state, events


def places(state: GameState) -> list[Place]:
    return [a for a in legal_actions(state) if isinstance(a, Place)]


def with_discard(seed: int = 1) -> tuple[GameState, list[Event]]:
    """The first position, over random 4-player games from `seed`, right after a
    domino was discarded (K-PLACE-4) and before the line moved on."""
    for offset in range(200):
        state = new_game(PLAIN_NAMES, seed + offset)
        rng = Rng(seed + offset)
        while state.phase is not Phase.OVER:
            state, events = apply(state, rng.choice(legal_actions(state)))
            discarded = [e for e in events if e.kind == "domino_discarded"]
            if discarded and state.phase is not Phase.OVER and any(
                    s.domino == getattr(discarded[-1], "domino", None) for s in state.line):
                return state, events
    raise AssertionError("no discard in 200 games")
