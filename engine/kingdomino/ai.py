"""Kingdomino computer players: each picks one of `legal_actions`, deterministically.

`RandomPlayer` is the baseline. `GreedyPlayer` looks one placement ahead with an
evaluation that is more than the score: it also values terrains that lie together, and
counts the empty cells its kingdom can never fill again, because those are points lost
for good. Published reference (KINGDOMINO.md): a full-greedy player scores about 51 in
4-player games and beats three random players 97.7 % of the time.
"""

from __future__ import annotations

from typing import Protocol

from engine.geometry import Direction
from engine.kingdomino.actions import Action, Claim, Place
from engine.kingdomino.dominoes import Domino, domino
from engine.kingdomino.game import legal_action, legal_action_count, legal_actions
from engine.kingdomino.kingdom import Kingdom
from engine.kingdomino.rules import GameConfig
from engine.kingdomino.scoring import BONUS_POINTS, HARMONY, MIDDLE_KINGDOM, property_points
from engine.kingdomino.state import GameState, Phase
from engine.rng import Rng

#: Evaluation weights, in points. Tuned by benchmarks/kingdomino.py against random play.
TOGETHER = 0.15  # per edge between two squares of one terrain: room for crowns to grow
DEAD_CELL = 0.75  # per empty cell no domino can reach any more (K-PLACE-2 frame)
NO_PLACE = 3.0  # claiming a domino that fits nowhere wastes a turn


class Player(Protocol):
    name: str

    def choose(self, state: GameState) -> Action: ...


class RandomPlayer:
    """Uniform over the legal actions: the baseline and the playout driver in tests."""

    name = "random"

    def __init__(self, seed: int) -> None:
        self._rng = Rng(seed)

    def choose(self, state: GameState) -> Action:
        # the same pick as `self._rng.choice(legal_actions(state))`, without the list
        return legal_action(state, self._rng.below(legal_action_count(state)))


def evaluate(kingdom: Kingdom, config: GameConfig, discarded: int = 0) -> float:
    """What a kingdom is worth to the greedy player: its score plus its prospects."""
    stride = kingdom.size * 2
    together = 0
    for mask in kingdom.terrain:
        together += (mask & (mask >> 1)).bit_count() + (mask & (mask >> stride)).bit_count()
    empty = kingdom.frame & ~kingdom.occupied
    reachable = (empty << 1) | (empty >> 1) | (empty << stride) | (empty >> stride)
    dead = (empty & ~reachable).bit_count()
    value = property_points(kingdom) + TOGETHER * together - DEAD_CELL * dead
    if config.middle_kingdom and _castle_can_be_central(kingdom):
        value += BONUS_POINTS[MIDDLE_KINGDOM] / 2  # K-SCORE-2, still within reach
    if config.harmony and not discarded and not dead:
        value += BONUS_POINTS[HARMONY] / 2  # K-SCORE-3, still within reach
    return value


def _castle_can_be_central(kingdom: Kingdom) -> bool:
    left, top, right, bottom = kingdom.bounds
    centre, half = kingdom.size - 1, kingdom.size // 2
    return (left >= centre - half and top >= centre - half and right <= centre + half
            and bottom <= centre + half)


def best_placement(kingdom: Kingdom, piece: Domino, config: GameConfig, discarded: int
                   ) -> tuple[float, list[tuple[int, Direction]]]:
    """The best evaluation reachable by laying `piece`, and every placement reaching it."""
    best_value = float("-inf")
    best: list[tuple[int, Direction]] = []
    for direction, mask in kingdom.placement_masks(piece):
        while mask:
            low = mask & -mask
            mask ^= low
            cell = low.bit_length() - 1
            value = evaluate(kingdom.place(piece, cell, direction), config, discarded)
            if value > best_value:
                best_value, best = value, [(cell, direction)]
            elif value == best_value:
                best.append((cell, direction))
    if not best:
        return evaluate(kingdom, config, discarded + 1) - NO_PLACE, []
    return best_value, best


class GreedyPlayer:
    """Places for the best evaluation now; claims the domino with the best placement now."""

    name = "greedy"

    def __init__(self, seed: int) -> None:
        self._rng = Rng(seed)

    def choose(self, state: GameState) -> Action:
        seat = state.active_seat
        assert seat is not None
        kingdom, config = state.kingdoms[seat], state.config
        discarded = len(state.discards[seat])
        options = legal_actions(state)
        if state.phase is Phase.PLACE:
            _, best = best_placement(kingdom, domino(state.line[state.cursor].domino),
                                     config, discarded)
            cells = set(best)
            area = kingdom.area
            chosen = [a for a in options if isinstance(a, Place)
                      and (area.cell(a.column, a.row), a.direction) in cells]
            return self._rng.choice(chosen) if chosen else options[0]
        best_value = float("-inf")
        claims: list[Action] = []
        for action in options:
            assert isinstance(action, Claim)
            value, _ = best_placement(kingdom, domino(action.number), config, discarded)
            if value > best_value:
                best_value, claims = value, [action]
            elif value == best_value:
                claims.append(action)
        return self._rng.choice(claims)


AI_PLAYERS: dict[str, type[RandomPlayer] | type[GreedyPlayer]] = {
    "random": RandomPlayer, "greedy": GreedyPlayer,
}


def make_player(name: str, seed: int) -> Player:
    try:
        return AI_PLAYERS[name](seed)
    except KeyError:
        raise ValueError(f"unknown AI {name!r} (available: {', '.join(AI_PLAYERS)})") from None
