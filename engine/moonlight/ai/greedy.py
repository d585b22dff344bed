"""The greedy player: the best round standing right after its placement.

Every legal placement is scored as if the round ended just after it (moons, rows,
points: engine.moonlight.scoring), less a small charge for the card's value, so that
of two equal placements the cheaper card goes and the strong ones stay for covers.
`howl`'s extra card is placed when it improves the standing, else kept (`pass`). Alpha
Powers are taken in a fixed order of preference.
"""

from __future__ import annotations

from engine.games.rng import Rng
from engine.moonlight.actions import Action, Pass, Play, Power
from engine.moonlight.area import SEAT_SHIFT
from engine.moonlight.game import legal_actions
from engine.moonlight.scoring import card_table, margin
from engine.moonlight.state import GameState, Phase

#: Evaluation weights, in points; tuned by benchmarks/moonlight.py against random play.
SPEND = 0.1  # per point of value of the card placed
#: Alpha Powers, most wanted first.
POWER_ORDER = ("den", "pack-leader", "full-moon", "ambush", "howl")


def play_values(state: GameState, seat: int) -> list[tuple[float, Action]]:
    """(value, action) for every legal action of `seat` (the one to move), in
    `legal_actions` order."""
    tops = state.tops()
    value = card_table().value
    powers = state.powers
    out: list[tuple[float, Action]] = []
    for action in legal_actions(state):
        if isinstance(action, Play):
            after = dict(tops)
            after[action.index] = seat << SEAT_SHIFT | action.cid
            out.append((margin(after, powers, seat) - SPEND * value[action.cid], action))
        elif isinstance(action, Pass):
            out.append((margin(tops, powers, seat), action))
        else:
            out.append((-float(_power_rank(action)), action))
    return out


def _power_rank(action: Power) -> int:
    return POWER_ORDER.index(action.key) if action.key in POWER_ORDER else len(POWER_ORDER)


def greedy_choice(state: GameState, rng: Rng) -> Action:
    """The greedy decision for the player to move; ties broken by `rng`."""
    seat = state.active_seat
    assert seat is not None
    options = legal_actions(state)
    if len(options) == 1:
        return options[0]
    if state.phase is Phase.POWER:
        return min(options, key=lambda a: _power_rank(a) if isinstance(a, Power) else 99)
    best_value = float("-inf")
    best: list[Action] = []
    for value, action in play_values(state, seat):
        if value > best_value + 1e-9:
            best_value, best = value, [action]
        elif value >= best_value - 1e-9:
            best.append(action)
    return best[rng.below(len(best))]


class GreedyPlayer:
    """Places for the best standing right now (see the module text)."""

    name = "greedy"

    def __init__(self, seed: int) -> None:
        self._rng = Rng(seed)

    def choose(self, state: GameState) -> Action:
        return greedy_choice(state, self._rng)
