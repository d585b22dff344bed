"""The strong player: search where the hidden information and the other players matter.

Parcel choices (R-TURN-3) and partner decisions meet the other players and the unknown
pile and stack: for these, flat Monte Carlo. The most promising actions (by the greedy
values) are tried in the same sampled worlds: the draw pile and partner stack shuffled
anew (determinised), the action played, then every seat plays a fast policy
(`playout.fast_choice`) to a round boundary, and the position is judged by
`evaluation.margin`. Every action of a sweep sees the same world and the same tie-breaks
(common random numbers), so differences come from the actions, not luck.

Building, skulls, cowboy steps and the bonus tile shape only our own ranch this turn: for
these the candidates close to the greedy favourite are each followed by the rest of our
turn played greedily, and the best end of turn wins. (Searching these with playouts only
added noise: the strong player then lost to greedy.)

The budget is `iterations` sweeps, or else `think_ms` of wall-clock time. With a time
budget the result depends on the machine's speed; with `iterations` it depends only on
the seed and the position.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.actions import Action
from engine.ai.evaluation import margin, seat_value
from engine.ai.greedy import option_values
from engine.ai.playout import fast_choice
from engine.game import apply, legal_actions
from engine.playout import playout as in_place_playout
from engine.rng import Rng
from engine.state import GameState, Phase

WIDTH = 6          # candidate actions searched (the rest are pruned by their greedy value)
BAND = 3.0         # own-ranch decisions: only those this close to the greedy favourite
#: Decisions that meet the other players or the hidden pile and stack: searched. The rest
#: (building, skulls, cowboy steps, the bonus tile) only shape our own ranch this turn.
SEARCHED = (Phase.CHOOSE, Phase.SETUP, Phase.RECRUIT, Phase.DESPERADO, Phase.THIEF)
MAX_PLAYOUT = 200  # decisions in one playout at most
HORIZON_ROUNDS = 1  # playouts end when the round now being played is over


def _default_clock() -> Callable[[], float]:
    import time  # imported here: the engine's modules stay free of I/O at import time

    return time.perf_counter


def determinise(state: GameState, rng: Rng) -> GameState:
    """A world consistent with what the player sees: pile and stack in a random order."""
    world = state.fork()
    rng.shuffle(world.pile)
    rng.shuffle(world.stack)
    world._legal = state._legal
    return world


def playout(state: GameState, rng: Rng, rounds: int = HORIZON_ROUNDS) -> GameState:
    """Everyone plays the fast policy until `rounds` round ends from now (or the end).

    The horizon is a round boundary, the same for every action compared: stopping at
    "our next turn" instead would favour early places in the column, whose next turn
    simply comes before the others have gained anything.
    """
    stop = state.round + rounds
    # one fork, then every action in place and without events (engine.playout)
    return in_place_playout(state, lambda world: fast_choice(world, rng),
                            max_actions=MAX_PLAYOUT, stop=lambda world: world.round >= stop)


class StrongPlayer:
    """Searches parcel and partner decisions, plans the rest of its turn otherwise."""

    name = "strong"

    def __init__(self, seed: int, *, think_ms: int = 1000, iterations: int | None = None,
                 clock: Callable[[], float] | None = None) -> None:
        if think_ms <= 0 and iterations is None:
            raise ValueError("the strong player needs think_ms > 0 or an iteration budget")
        self._rng = Rng(seed)
        self.think_ms = think_ms
        self.iterations = iterations
        self._clock = clock
        self.last_sweeps = 0  # sweeps done for the last decision (for benchmarks)

    def choose(self, state: GameState) -> Action:
        options = legal_actions(state)
        if len(options) == 1:
            return options[0]
        seat = state.active_seat
        assert seat is not None
        clock = self._clock if self._clock is not None else _default_clock()
        deadline = clock() + self.think_ms / 1000 if self.iterations is None else float("inf")
        prior = option_values(state, options)
        order = sorted(range(len(options)), key=lambda i: -prior[i])
        if state.phase in SEARCHED:
            candidates = [options[i] for i in order[:WIDTH]]
            rounds = 2 if state.phase in (Phase.CHOOSE, Phase.SETUP) else 1
            return self._search(state, seat, candidates, rounds, clock, deadline)
        band = prior[order[0]] - BAND  # own-ranch decisions: refine greedy, never overrule
        candidates = [options[i] for i in order[:WIDTH] if prior[i] >= band]
        return plan_turn(state, seat, candidates, clock, deadline)

    def _search(self, state: GameState, seat: int, candidates: list[Action], rounds: int,
                clock: Callable[[], float], deadline: float) -> Action:
        totals = [0.0] * len(candidates)
        sweeps, slowest = 0, 0.0
        while self.iterations is None or sweeps < self.iterations:
            world_rng = Rng(self._rng.next_u64())
            world = determinise(state, world_rng)
            playout_seed = world_rng.next_u64()
            results = []
            for action in candidates:
                before = clock()
                if self.iterations is None and before + slowest > deadline:
                    break  # an unfinished sweep is dropped: every action sees the same worlds
                after, _ = apply(world, action)
                results.append(margin(playout(after, Rng(playout_seed), rounds), seat))
                slowest = max(slowest, clock() - before)
            if len(results) < len(candidates):
                break
            totals = [t + r for t, r in zip(totals, results, strict=True)]
            sweeps += 1
        self.last_sweeps = sweeps
        if sweeps == 0:
            return candidates[0]  # no time to search: the greedy choice
        best = max(range(len(candidates)), key=lambda i: (totals[i], -i))
        return candidates[best]


def plan_turn(state: GameState, seat: int, candidates: list[Action],
              clock: Callable[[], float], deadline: float) -> Action:
    """Own-ranch decisions: play the rest of our turn greedily after each candidate and
    keep the one that ends the turn best (a second domino, skulls, a cowboy's steps)."""
    best, best_value = candidates[0], float("-inf")
    for action in candidates:
        if clock() > deadline:
            break
        after, _ = apply(state, action)
        for _ in range(MAX_PLAYOUT):
            if after.active_seat != seat or after.phase in SEARCHED:
                break
            if clock() > deadline:
                return best  # out of time: the best fully judged candidate
            options = legal_actions(after)
            values = option_values(after, options)
            after, _ = apply(after, options[values.index(max(values))])
        value = seat_value(after, seat)
        if value > best_value:
            best, best_value = action, value
    return best
