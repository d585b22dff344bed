"""The strong player: flat Monte Carlo over sampled worlds, the greedy player as a guide.

Parcel, partner and building decisions are searched the same way. The most promising
actions (by the greedy values) are tried in the same sampled worlds: the draw pile and
partner stack shuffled anew (determinised), the action played, then every seat plays a
fast policy (`playout.fast_choice`) to a fixed horizon, and the position is judged by
`evaluation.margin`. Every action of a sweep sees the same world and the same tie-breaks
(common random numbers), so differences come from the actions, not luck. The root loop
is the one Kingdomino's strong player uses (`engine.games.search`): successive halving drops
the worse half of the candidates phase by phase, so the leaders get most sweeps. A sweep
runs in place (`engine.moonriver.playout`): one fork per candidate, no copies or events after it.

What differs per kind of decision is which actions are tried and how far to look:

- parcel choices (R-TURN-3), setup and partners meet the other players and the hidden
  pile and stack: the greedy top `WIDTH`, played out to the end of the next round
  (choices) or of this one (partners);
- building (R-TURN-2, R-BUILD-*) shapes the ranch that every later parcel must fit: the
  candidates within `BUILD_BAND` points of the greedy favourite (at most `BUILD_WIDTH`),
  each followed by the rest of our turn played greedily, then played out until our next
  parcel has been built (our parcel choice in the next round). Measured: this search is
  where the strong player gains most over greedy (win rate against three greedy players
  41 % -> 60 % at 8 sweeps), and a wide one pays: greedy's one-ply values misjudge
  where a domino should go by several points (at 20 sweeps' worth of playouts, 40 games:
  at most 5 dominoes within 6 points 52 %, 10 within 10 65 %, 16 within 16 72 %; at
  300 ms of CPU a decision, fresh seeds 1100-1163: 16 within 16 55 %, 32 within 32 75 %,
  margin +8.7 ± 2.8 paired);
- skulls, cowboy steps and the bonus tile only rearrange our own ranch this turn: the
  candidates near the greedy favourite each followed by the rest of the turn played
  greedily, and the best end of turn wins (`plan_turn`).

The budget is `iterations` sweeps' worth of playouts, or else `think_ms` of the injected
`clock` (wall-clock time by default, what a person waiting feels; benchmarks pass the
process's CPU time). With a time budget the result depends on the machine's speed; with
`iterations` it depends only on the seed and the position.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.games.rng import Rng
from engine.games.search import flat_monte_carlo
from engine.moonriver.actions import Action
from engine.moonriver.ai.evaluation import margin, seat_value
from engine.moonriver.ai.greedy import option_values
from engine.moonriver.ai.playout import fast_choice
from engine.moonriver.game import legal_actions
from engine.moonriver.playout import apply_in_place, options, play_in_place
from engine.moonriver.state import GameState, Phase

WIDTH = 6          # candidate actions searched (the rest are pruned by their greedy value)
BUILD_WIDTH = 32   # building: at most this many candidates ...
BUILD_BAND = 32.0  # ... and only those this close to the greedy favourite
BAND = 3.0         # skulls, cowboy steps, bonus tile: only those this close to greedy's
#: Decisions that meet the other players or the hidden pile and stack.
INTERACTIVE = (Phase.CHOOSE, Phase.SETUP, Phase.RECRUIT, Phase.DESPERADO, Phase.THIEF)
MAX_PLAYOUT = 200  # decisions in one playout at most
HORIZON_ROUNDS = 1  # playouts end when the round now being played is over
HALVING = True  # successive halving over the candidates (engine.games.search)

Rollout = Callable[[GameState, Rng], float]  # judges a world it may change in place


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


def own_copy(state: GameState) -> GameState:
    """A fork of `state` that a search may change in place (`engine.moonriver.playout`)."""
    world = state.fork()
    world._legal = state._legal  # the options of an unchanged position stay valid
    return world


def play_on(world: GameState, rng: Rng, rounds: int = HORIZON_ROUNDS,
            seat: int | None = None) -> GameState:
    """Everyone plays the fast policy on `world` itself (in place) until `rounds` round
    ends from now (or the end), or, given a `seat`, until that seat is about to choose its
    parcel in a later round. Returns `world`.

    The horizon is the same for every action compared: stopping at "our next turn" in
    general would favour early places in the column, whose next turn simply comes before
    the others have gained anything. A building search may stop at its next parcel
    choice: its place in that round's column is already fixed, the same for every
    candidate, and by then its next parcel is built. This is the one playout step of
    every search.
    """
    start = world.round
    stop = start + rounds

    def done(state: GameState) -> bool:
        if state.round >= stop:
            return True
        return (seat is not None and state.round > start and state.active_seat == seat
                and state.phase is Phase.CHOOSE)

    play_in_place(world, lambda state: fast_choice(state, rng), max_actions=MAX_PLAYOUT,
                  stop=done)
    return world


def finish_turn(world: GameState, seat: int) -> GameState:
    """Our own turn played on greedily on `world` itself (a second domino, skulls, a
    cowboy's steps) until it meets the others (a partner, the parcel choice) or someone
    else moves. Returns `world`."""
    for _ in range(MAX_PLAYOUT):
        if world.active_seat != seat or world.phase in INTERACTIVE:
            break
        choices = options(world)
        values = option_values(world, choices)
        apply_in_place(world, choices[values.index(max(values))])
    return world


def interaction_rollout(seat: int, rounds: int) -> Rollout:
    """Parcel choices and partners: everyone plays on to a round boundary."""
    def judge(world: GameState, rng: Rng) -> float:
        return margin(play_on(world, rng, rounds), seat)
    return judge


def build_rollout(seat: int) -> Rollout:
    """Building: our turn finished greedily, then played on until our next parcel is
    built (our parcel choice next round): the ranch is judged by what it took in next.
    (Measured: as strong as playing to the end of that round, a quarter less work.)"""
    def judge(world: GameState, rng: Rng) -> float:
        return margin(play_on(finish_turn(world, seat), rng, 2, seat), seat)
    return judge


class StrongPlayer:
    """Searches building, parcel and partner decisions; plans the rest of its turn."""

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
        self.last_simulations = 0  # candidate playouts for the last decision

    def choose(self, state: GameState) -> Action:
        options = legal_actions(state)
        self.last_sweeps = self.last_simulations = 0
        if len(options) == 1:
            return options[0]
        seat = state.active_seat
        assert seat is not None
        clock = self._clock if self._clock is not None else _default_clock()
        deadline = clock() + self.think_ms / 1000 if self.iterations is None else float("inf")
        prior = option_values(state, options)
        order = sorted(range(len(options)), key=lambda i: -prior[i])
        if state.phase in INTERACTIVE:
            candidates = [options[i] for i in order[:WIDTH]]
            rounds = 2 if state.phase in (Phase.CHOOSE, Phase.SETUP) else 1
            return self._search(state, candidates, interaction_rollout(seat, rounds),
                                clock, deadline)
        if state.phase is Phase.BUILD:
            band = prior[order[0]] - BUILD_BAND
            candidates = [options[i] for i in order[:BUILD_WIDTH] if prior[i] >= band]
            if len(candidates) == 1:
                return candidates[0]
            return self._search(state, candidates, build_rollout(seat), clock, deadline)
        band = prior[order[0]] - BAND  # own-ranch steps: refine greedy, never overrule
        candidates = [options[i] for i in order[:WIDTH] if prior[i] >= band]
        return plan_turn(state, seat, candidates, clock, deadline)

    def _search(self, state: GameState, candidates: list[Action], rollout: Rollout,
                clock: Callable[[], float], deadline: float) -> Action:
        """Flat Monte Carlo at the root (`engine.games.search`): every candidate meets the same
        sampled worlds; successive halving (`HALVING`) spends more of them on the leaders;
        the best mean wins, greedy's order breaks ties."""
        def simulate(world: GameState, action: Action, rng: Rng) -> float:
            mine = own_copy(world)  # one fork per playout, then every action in place
            apply_in_place(mine, action)
            return rollout(mine, rng)

        think_ms = 0 if self.iterations is not None else max(
            1, int((deadline - clock()) * 1000))
        result = flat_monte_carlo(
            candidates, lambda rng: determinise(state, rng), simulate, self._rng,
            iterations=self.iterations, think_ms=think_ms, clock=clock, halving=HALVING)
        self.last_sweeps = result.sweeps
        self.last_simulations = result.simulations
        return result.choice


def plan_turn(state: GameState, seat: int, candidates: list[Action],
              clock: Callable[[], float], deadline: float) -> Action:
    """Own-ranch steps: play the rest of our turn greedily after each candidate and keep
    the one that ends the turn best (skulls, a cowboy's steps, the bonus tile)."""
    best, best_value = candidates[0], float("-inf")
    for action in candidates:
        if clock() > deadline:
            break  # out of time: the best fully judged candidate
        world = own_copy(state)
        apply_in_place(world, action)
        value = seat_value(finish_turn(world, seat), seat)
        if value > best_value:
            best, best_value = action, value
    return best
