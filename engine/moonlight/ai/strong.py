"""The strong player: flat Monte Carlo over what it cannot see, with fast playouts.

Hidden from a seat are the opponent's hand and both decks' order (M-SETUP-1). What is
*not* hidden is which cards they are: a seat's cards are its deck (M-COMP-1, plus the
Lone Wolf once won) and every card it placed this round lies face up on the area. So a
sampled world (`determinise`) deals the opponent's unplaced cards anew between hand and
deck, reshuffles our own deck, and replaces the seed, so that later deals are unknown
too.

1. Candidates: the legal actions ranked by the greedy evaluation (`greedy.play_values`),
   the best `WIDTH` of them; between rounds every Alpha Power still free.
2. Search (`engine.games.search.flat_monte_carlo`): each sample plays the candidate in a
   sampled world, then both seats play on with the playout policy until that round is
   scored (for an Alpha Power: the whole next round), greedily by default
   (`GREEDY_SHARE`). The value is the round's result for the searching seat (+1 won,
   -1 lost, 0 replayed) plus a small share of the point margin, so a likely win by
   more is worth more.

The budget is `iterations` (sweeps of every candidate, spent by successive halving) or
else `think_ms` of the injected clock per decision; with `iterations` the moves depend
only on the seed and the position.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from engine.games.rng import Rng
from engine.games.search import flat_monte_carlo
from engine.moonlight import events as ev
from engine.moonlight.actions import Action
from engine.moonlight.ai.greedy import greedy_choice, play_values
from engine.moonlight.area import CARD_MASK, SEAT_SHIFT
from engine.moonlight.game import apply, legal_action, legal_action_count, legal_actions
from engine.moonlight.state import GameState, Phase, deck_of

WIDTH = 8  # candidates searched (the rest pruned by the greedy evaluation)
MARGIN_WEIGHT = 0.05  # per point of margin at the round's end
GREEDY_SHARE = 8  # in 1/8: how often a playout move is greedy (8: always; measured
# against greedy at 50 ms a decision, 40 games: 0 -> 25 wins, 4 -> 36, 8 -> 40)


def unplaced(state: GameState, seat: int) -> list[int]:
    """The cards of `seat` not on the area: its hand and deck, as anyone can tell."""
    cards = deck_of(state.lone_wolf[seat])
    cards.subtract(Counter(code & CARD_MASK for stack in state.stacks.values()
                           for code in stack if code >> SEAT_SHIFT == seat))
    return sorted(cards.elements())


def determinise(state: GameState, seat: int, rng: Rng) -> GameState:
    """A world consistent with what `seat` sees (see the module text)."""
    world = state.copy()
    other = 1 - seat
    cards = unplaced(state, other)
    rng.shuffle(cards)
    size = len(state.hands[other])
    world.hands[other] = tuple(sorted(cards[:size]))
    world.decks[other] = tuple(cards[size:])
    own = list(state.decks[seat])
    rng.shuffle(own)
    world.decks[seat] = tuple(own)
    world.seed = rng.next_u64() >> 1  # later deals unknown as well
    return world


def playout(state: GameState, seat: int, rng: Rng, greedy_share: int = GREEDY_SHARE
            ) -> float:
    """Both seats play on until a round is scored; its value for `seat`."""
    while state.phase is not Phase.OVER:
        if greedy_share and rng.below(8) < greedy_share:
            action = greedy_choice(state, rng)
        else:
            action = legal_action(state, rng.below(legal_action_count(state)))
        state, events = apply(state, action)
        value = round_value(events, seat)
        if value is not None:
            return value
    return 0.0


def round_value(events: list[ev.Event], seat: int) -> float | None:
    for event in events:
        if isinstance(event, ev.RoundScored):
            won = 0.0 if event.winner is None else (1.0 if event.winner == seat else -1.0)
            return won + MARGIN_WEIGHT * (event.points[seat] - event.points[1 - seat])
    return None


def candidates(state: GameState, seat: int) -> list[Action]:
    """The actions worth searching, best first by the greedy evaluation."""
    if state.phase is Phase.POWER:
        order = greedy_choice(state, Rng(0))
        return [order] + [a for a in legal_actions(state) if a != order]
    ranked = sorted(play_values(state, seat), key=lambda va: -va[0])
    return [action for _, action in ranked[:WIDTH]]


def _default_clock() -> Callable[[], float]:
    import time  # imported here: the engine's modules stay free of I/O at import time

    return time.perf_counter


class StrongPlayer:
    """Searches every decision with more than one option (see the module text)."""

    name = "strong"

    def __init__(self, seed: int, *, think_ms: int = 1000, iterations: int | None = None,
                 clock: Callable[[], float] | None = None,
                 greedy_share: int = GREEDY_SHARE) -> None:
        if think_ms <= 0 and iterations is None:
            raise ValueError("the strong player needs think_ms > 0 or an iteration budget")
        self._rng = Rng(seed)
        self.think_ms = think_ms
        self.iterations = iterations
        self.greedy_share = greedy_share
        self._clock = clock
        self.last_simulations = 0  # for benchmarks: simulations of the last decision

    def choose(self, state: GameState) -> Action:
        seat = state.active_seat
        assert seat is not None
        options = legal_actions(state)
        self.last_simulations = 0
        if len(options) == 1:
            return options[0]
        share = self.greedy_share

        def simulate(world: GameState, action: Action, rng: Rng) -> float:
            after, events = apply(world, action)
            value = round_value(events, seat)
            return value if value is not None else playout(after, seat, rng, share)

        result = flat_monte_carlo(
            candidates(state, seat), lambda rng: determinise(state, seat, rng), simulate,
            self._rng, iterations=self.iterations, think_ms=self.think_ms,
            clock=self._clock if self._clock is not None else _default_clock())
        self.last_simulations = result.simulations
        return result.choice
