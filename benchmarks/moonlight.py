"""Moonlight engine (MOONLIGHT.md, Figures to reach): random games per CPU second on one
core, greedy against random, and the strong player against greedy.

    python -m benchmarks.moonlight                      # all three, 200 games each
    python -m benchmarks.moonlight --only speed --random-games 3000 --repeats 5
    python -m benchmarks.moonlight --only greedy --games 200
    nice python -m benchmarks.moonlight --only strong --games 200 --think-ms 200 --workers 2

Speed is CPU time of this process (`time.process_time`), median over repeats: the
machines are shared, and wall-clock time counts other people's work too. Win rates
alternate the seats (game i: the measured player in seat i mod 2) and use seeds no test
uses (`--seed-base`). The strong player's budget is `--think-ms` per decision of CPU
time of its worker process (`--clock cpu`, the default; `--clock wall` for wall-clock
time); decisions with one option are not searched.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from engine.moonlight.ai import GreedyPlayer, Player, RandomPlayer, StrongPlayer
from engine.moonlight.game import apply, new_game, outcome
from engine.moonlight.state import Phase

SEED_BASE = 1_000_000  # fresh seeds: the tests use small ones


def play(players: list[Player], seed: int) -> tuple[tuple[int, int], tuple[int, ...]]:
    """One game to the end; (rounds won per seat, winners)."""
    state = new_game(["P0", "P1"], seed)
    while state.phase is not Phase.OVER:
        state, _ = apply(state, players[state.active].choose(state))
    result = outcome(state)
    assert result is not None
    return result.wins, result.winners


def random_games_per_second(games: int, repeat: int, seed_base: int) -> float:
    started = time.process_time()
    for game in range(games):
        seed = seed_base + repeat * 100_000 + game
        play([RandomPlayer(seed * 2), RandomPlayer(seed * 2 + 1)], seed)
    return games / (time.process_time() - started)


def interval(wins: int, games: int) -> str:
    rate = wins / games
    half = 1.96 * math.sqrt(rate * (1 - rate) / games)
    return f"{wins}/{games} ({100 * rate:.1f} % ± {100 * half:.1f}, 95 %)"


def greedy_against_random(games: int, seed_base: int) -> int:
    wins = 0
    for game in range(games):
        seat = game % 2
        players: list[Player] = [RandomPlayer(game * 2), RandomPlayer(game * 2 + 1)]
        players[seat] = GreedyPlayer(game)
        _, winners = play(players, seed_base + 50_000 + game)
        wins += seat in winners
    return wins


@dataclass(frozen=True)
class StrongGame:
    game: int
    seat: int
    wins: tuple[int, int]
    won: bool
    simulations: tuple[int, ...]  # per searched decision
    seconds: float  # wall-clock time of the game


def strong_game(game: int, think_ms: int, clock_name: str, seed_base: int) -> StrongGame:
    """Game `game`: the strong player in seat game mod 2 against a greedy one."""
    started = time.perf_counter()
    clock: Callable[[], float] = time.process_time if clock_name == "cpu" else time.perf_counter
    seat = game % 2
    strong = StrongPlayer(game, think_ms=think_ms, clock=clock)
    players: list[Player] = [GreedyPlayer(game * 2), GreedyPlayer(game * 2 + 1)]
    players[seat] = strong
    state = new_game(["P0", "P1"], seed_base + 120_000 + game)
    simulations = []
    while state.phase is not Phase.OVER:
        mover = state.active
        action = players[mover].choose(state)
        if mover == seat and strong.last_simulations:
            simulations.append(strong.last_simulations)
        state, _ = apply(state, action)
    result = outcome(state)
    assert result is not None
    return StrongGame(game, seat, result.wins, seat in result.winners, tuple(simulations),
                      time.perf_counter() - started)


def strong_against_greedy(games: int, think_ms: int, workers: int, clock: str,
                          seed_base: int) -> None:
    """Prints one line per game as it ends, then the win rate with a 95 % interval."""
    results: list[StrongGame] = []
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = [pool.submit(strong_game, game, think_ms, clock, seed_base)
                   for game in range(games)]
        for future in futures:
            r = future.result()
            results.append(r)
            print(f"  game {r.game} seat {r.seat}: rounds {r.wins} "
                  f"{'won' if r.won else 'lost'} ({r.seconds:.0f} s)", file=sys.stderr,
                  flush=True)
    wins = sum(r.won for r in results)
    sims = [n for r in results for n in r.simulations]
    print(f"strong ({think_ms} ms {clock} per decision) vs greedy, seats alternating: won "
          f"{interval(wins, games)}; simulations per searched decision: median "
          f"{statistics.median(sims) if sims else 0:.0f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", choices=("speed", "greedy", "strong"), default=None)
    parser.add_argument("--random-games", type=int, default=2000, help="per repeat")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--games", type=int, default=200,
                        help="games of greedy vs random and of strong vs greedy")
    parser.add_argument("--think-ms", type=int, default=200)
    parser.add_argument("--clock", choices=("cpu", "wall"), default="cpu")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed-base", type=int, default=SEED_BASE)
    args = parser.parse_args()

    if args.only in (None, "speed"):
        rates = [random_games_per_second(args.random_games, r, args.seed_base)
                 for r in range(args.repeats)]
        print(f"random games per CPU second (median of {args.repeats} x "
              f"{args.random_games}): {statistics.median(rates):.0f}  "
              f"(all: {', '.join(f'{r:.0f}' for r in rates)})", flush=True)

    if args.only in (None, "greedy"):
        started = time.process_time()
        wins = greedy_against_random(args.games, args.seed_base)
        print(f"greedy vs random, seats alternating: won {interval(wins, args.games)} "
              f"({time.process_time() - started:.1f} s CPU)", flush=True)

    if args.only in (None, "strong"):
        strong_against_greedy(args.games, args.think_ms, args.workers, args.clock,
                              args.seed_base)


if __name__ == "__main__":
    main()
