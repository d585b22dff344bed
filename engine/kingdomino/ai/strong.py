"""The strong player: flat Monte Carlo over the hidden draw pile, with greedy playouts.

Published reference (KINGDOMINO.md; Gedda, Lagerkvist, Butler, CIG 2018): flat Monte
Carlo with greedy playouts beats three greedy players 53.5 % at 1 s per move.

A move is a turn: placing the domino under our king (K-TURN-1 (1)) and claiming one of
the next line (K-TURN-1 (2)). The two are decided together, when the placement is asked
for, and the claim is remembered for the next call: which domino to take depends on
where the last one went, and both share one budget.

1. Candidates: the best placements by the greedy evaluation, each paired with every
   free domino of the next line, ranked by how good the kingdom is after that domino is
   placed too (our kingdom does not change until then); the best few are searched.
2. Search (`engine.games.search.flat_monte_carlo`): each sample shuffles the dominoes we
   cannot see (the rest of the pile and those removed unseen at setup, K-SETUP-1), plays
   the candidate, then every seat plays greedily to the end of the game (or `horizon`
   rounds), and the result is our value minus the best other player's (score plus
   prospects, `evaluation.evaluate`; the final score at the end).

The budget is `iterations` (sweeps of every candidate, spent by successive halving) or
else `think_ms` of wall-clock time per decision; with `iterations` the moves depend only
on the seed and the position.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.games.rng import Rng
from engine.games.search import flat_monte_carlo
from engine.kingdomino.actions import Action, Claim, Discard, Place
from engine.kingdomino.ai.evaluation import best_placement, evaluate, placement_values
from engine.kingdomino.ai.greedy import greedy_choice
from engine.kingdomino.dominoes import domino
from engine.kingdomino.game import apply, legal_actions, outcome
from engine.kingdomino.state import GameState, Phase

PLACE_WIDTH = 5  # placements paired with claims (the rest pruned by the evaluation)
JOINT_WIDTH = 8  # (placement, claim) pairs searched
HORIZON: int | None = None  # rounds played out after a decision (None: to the game's end)

Move = tuple[Action, ...]  # one decision, or a placement and the claim that follows it


def determinise(state: GameState, rng: Rng) -> GameState:
    """A world consistent with what the players see: the unseen dominoes reshuffled."""
    world = state.copy()
    unseen = state.pile + state.removed
    rng.shuffle(unseen)
    world.pile, world.removed = unseen[: len(state.pile)], unseen[len(state.pile):]
    return world


def standing(state: GameState, game: int) -> list[float]:
    """Each seat's points so far in the series, plus the prospects of its kingdom while
    game `game` is still being played."""
    if state.phase is Phase.OVER:
        result = outcome(state)
        assert result is not None
        return [float(total) for total in result.totals]
    values = [float(sum(g[seat][0] for g in state.series))
              for seat in range(len(state.kingdoms))]
    if state.game == game:
        for seat, (kingdom, discards) in enumerate(zip(state.kingdoms, state.discards,
                                                       strict=True)):
            values[seat] += evaluate(kingdom, state.config, len(discards))
    return values


def margin(values: list[float], seat: int) -> float:
    """How far ahead of the best other player `seat` is (negative: behind)."""
    return values[seat] - max(v for s, v in enumerate(values) if s != seat)


def playout(state: GameState, rng: Rng, horizon: int | None) -> GameState:
    """Everyone plays greedily until the game ends (or `horizon` more rounds)."""
    game = state.game
    stop = state.round + horizon if horizon is not None else None
    while state.phase is not Phase.OVER and state.game == game:
        if stop is not None and state.round >= stop:
            break
        state, _ = apply(state, greedy_choice(state, rng))
    return state


def _default_clock() -> Callable[[], float]:
    import time  # imported here: the engine's modules stay free of I/O at import time

    return time.perf_counter


class StrongPlayer:
    """Searches every decision; decides a placement and the following claim together."""

    name = "strong"

    def __init__(self, seed: int, *, think_ms: int = 1000, iterations: int | None = None,
                 clock: Callable[[], float] | None = None, horizon: int | None = HORIZON,
                 ) -> None:
        if think_ms <= 0 and iterations is None:
            raise ValueError("the strong player needs think_ms > 0 or an iteration budget")
        self._rng = Rng(seed)
        self.think_ms = think_ms
        self.iterations = iterations
        self.horizon = horizon
        self._clock = clock
        self._plan: tuple[tuple[int, int, int], Claim] | None = None
        self.last_simulations = 0  # for benchmarks: simulations of the last decision

    def choose(self, state: GameState) -> Action:
        options = legal_actions(state)
        seat = state.active_seat
        assert seat is not None
        key = (state.game, state.round, state.cursor)
        plan, self._plan = self._plan, None
        if state.phase is Phase.CLAIM and plan is not None and plan[0] == key \
                and plan[1] in options:
            return plan[1]  # decided with the placement
        if len(options) == 1:
            return options[0]
        if state.phase is Phase.PLACE:
            candidates = place_candidates(state, seat)
        else:
            candidates = [(claim,) for claim in claim_order(state, seat, options)]
        move = self._search(state, seat, candidates)
        if len(move) == 2:
            claim = move[1]
            assert isinstance(claim, Claim)
            self._plan = (key, claim)
        return move[0]

    def _search(self, state: GameState, seat: int, candidates: list[Move]) -> Move:
        game, horizon = state.game, self.horizon

        def simulate(world: GameState, move: Move, rng: Rng) -> float:
            for action in move:
                world, _ = apply(world, action)
            end = playout(world, rng, horizon)
            return margin(standing(end, game), seat)

        result = flat_monte_carlo(
            candidates, lambda rng: determinise(state, rng), simulate, self._rng,
            iterations=self.iterations, think_ms=self.think_ms,
            clock=self._clock if self._clock is not None else _default_clock())
        self.last_simulations = result.simulations
        return result.choice


def claim_order(state: GameState, seat: int, claims: list[Action]) -> list[Action]:
    """Claims, best first by the greedy measure: the best placement of that domino."""
    kingdom, config = state.kingdoms[seat], state.config
    discarded = len(state.discards[seat])
    return sorted(claims, key=lambda c: -best_placement(kingdom, domino(c.number), config,
                                                        discarded)[0])


def place_candidates(state: GameState, seat: int) -> list[Move]:
    """The (placement, claim) pairs worth searching, best first (see the module text)."""
    kingdom, config = state.kingdoms[seat], state.config
    discarded = len(state.discards[seat])
    number = state.line[state.cursor].domino
    piece = domino(number)
    values = sorted(placement_values(kingdom, piece, config, discarded),
                    key=lambda v: -v[0])[:PLACE_WIDTH]
    area = kingdom.area
    placements: list[tuple[Action, int]] = []
    for _, cell, direction in values:
        column, row = area.column_row(cell)
        placements.append((Place(number, column, row, direction), discarded))
    if not placements:
        placements = [(Discard(number), discarded + 1)]
    free = [Claim(s.domino) for s in state.next_line if s.king is None]
    if len(free) <= 1:  # the last round, or a claim the engine makes by itself
        return [(action,) for action, _ in placements]
    pairs: list[tuple[float, int, Move]] = []
    for rank, (action, lost) in enumerate(placements):
        after = kingdom
        if isinstance(action, Place):
            after = kingdom.place(piece, area.cell(action.column, action.row),
                                  action.direction)
        for claim in free:
            prior, _ = best_placement(after, domino(claim.number), config, lost)
            pairs.append((prior, rank, (action, claim)))
    pairs.sort(key=lambda p: (-p[0], p[1]))
    return [move for _, _, move in pairs[:JOINT_WIDTH]]
