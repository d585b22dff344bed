"""The greedy player: the legal action whose result `evaluation` values most.

One ply, with two looks further where one ply is blind: a recruited partner is judged by
its best immediate effect, and a parcel choice (R-TURN-3) by what it is worth to us, how
early it lets us move next round and what it leaves to the players choosing after us.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.games.rng import Rng
from engine.moonriver.actions import Action, Choose, Recruit
from engine.moonriver.ai.evaluation import ORDER_WEIGHT, game_left, parcel_value, seat_value
from engine.moonriver.game import apply, legal_actions
from engine.moonriver.state import GameState, Phase

GIVEAWAY = 0.35  # share of the best parcel left to a later chooser that counts against us
INTERACTIVE = (Phase.DESPERADO, Phase.THIEF)


def _value(state: GameState, seat: int, interactive: bool) -> float:
    left = game_left(state)
    mine = seat_value(state, seat, left)
    if not interactive:
        return mine
    others = [seat_value(state, s, left) for s in range(len(state.players)) if s != seat]
    return mine - max(others)  # R-PART-3/4 hurt someone: taking from the leader counts most


def _after(state: GameState, action: Action, seat: int, interactive: bool) -> float:
    after, _ = apply(state, action)
    if (isinstance(action, Recruit) and after.active_seat == seat
            and after.phase in (Phase.COWBOY, *INTERACTIVE)):
        # judge the partner by its best immediate effect (R-PART-2..4), passing included
        return max(_value(apply(after, follow)[0], seat, interactive)
                   for follow in legal_actions(after))
    return _value(after, seat, interactive)


def choose_values(state: GameState, options: list[Action], seat: int) -> list[float]:
    """R-TURN-3: our use of the parcel, turn order next round, what later choosers get."""
    free = [s.parcel for s in state.next_column if s.parcel is not None and s.ranchero is None]
    position = {s.parcel: i for i, s in enumerate(state.next_column)}
    later = sorted({s.ranchero for s in state.column
                    if s.ranchero is not None and s.ranchero != seat})
    worth = {(c, p): parcel_value(state, c, p) for c in later for p in free}
    values = []
    for action in options:
        assert isinstance(action, Choose)
        parcel = action.parcel
        left_over = [worth[(c, p)] for c in later for p in free if p != parcel]
        values.append(parcel_value(state, seat, parcel) - ORDER_WEIGHT * position[parcel]
                      - GIVEAWAY * max(left_over, default=0.0))
    return values


def option_values(state: GameState, options: list[Action] | None = None) -> list[float]:
    """The greedy value of each legal action for the seat to move (higher is better)."""
    seat = state.active_seat
    assert seat is not None
    if options is None:
        options = legal_actions(state)
    if state.phase is Phase.CHOOSE:
        return choose_values(state, options, seat)
    interactive = state.phase in INTERACTIVE
    return [_after(state, action, seat, interactive) for action in options]


def best_of(options: Sequence[Action], values: Sequence[float], rng: Rng) -> Action:
    """The best-valued option; ties broken by `rng` (the greedy player's, or a playout's)."""
    best = max(values)
    return rng.choice([a for a, v in zip(options, values, strict=True) if v >= best - 1e-9])


class GreedyPlayer:
    """Best action by `option_values`; ties broken by the seeded generator."""

    name = "greedy"

    def __init__(self, seed: int) -> None:
        self._rng = Rng(seed)

    def choose(self, state: GameState) -> Action:
        options = legal_actions(state)
        if len(options) == 1:
            return options[0]
        return best_of(options, option_values(state, options), self._rng)
