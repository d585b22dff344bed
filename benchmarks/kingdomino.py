"""Kingdomino engine: random 4-player games per second on one core, how the
greedy player fares against random and greedy opponents, and the strong player against
three greedy ones.

    python -m benchmarks.kingdomino [--games 200] [--repeats 5] [--duels 200]
    python -m benchmarks.kingdomino --games 0 --duels 0 --greedy-games 0 \\
        --strong-games 200 --think-ms 1000 --processes 2

Speed is CPU time of this process (`time.process_time`), median over repeats: the
machines are shared, and wall-clock time counts other people's work too. Win rates seat
the player measured in each seat in turn (game i: seat i mod 4); "wins" counts games it
wins outright or shares (K-SCORE-4). The strong player's budget is `--think-ms` per
decision (a placement and the claim after it are one decision) of CPU time of its
process by default (`--clock cpu`; `--clock wall` for wall-clock time), for the same
reason: on a shared machine, wall-clock time would measure the other tenants' load.
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

from engine.kingdomino.ai import GreedyPlayer, Player, RandomPlayer, StrongPlayer
from engine.kingdomino.game import apply, new_game, outcome
from engine.kingdomino.state import Phase


def play(players: list[Player], seed: int, variants: tuple[str, ...] = ()
         ) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """One game to the end; returns (scores, winners)."""
    state = new_game([f"P{i}" for i in range(len(players))], seed, variants=variants)
    while state.phase is not Phase.OVER:
        seat = state.active_seat
        assert seat is not None
        state, _ = apply(state, players[seat].choose(state))
    result = outcome(state)
    assert result is not None
    return result.totals, result.winners


def random_games_per_second(games: int, repeat: int) -> float:
    started = time.process_time()
    for game in range(games):
        seed = repeat * 100_000 + game
        play([RandomPlayer(seed * 4 + seat) for seat in range(4)], seed)
    return games / (time.process_time() - started)


def greedy_against_random(games: int) -> tuple[int, list[int], list[int]]:
    """Wins of one greedy player against three random ones, rotating its seat."""
    wins, greedy_scores, random_scores = 0, [], []
    for game in range(games):
        seat = game % 4
        players: list[Player] = [RandomPlayer(game * 4 + s) for s in range(4)]
        players[seat] = GreedyPlayer(game)
        scores, winners = play(players, 50_000 + game)
        wins += seat in winners
        greedy_scores.append(scores[seat])
        random_scores += [score for s, score in enumerate(scores) if s != seat]
    return wins, greedy_scores, random_scores


def greedy_among_greedy(games: int, variants: tuple[str, ...] = ()) -> list[int]:
    scores: list[int] = []
    for game in range(games):
        totals, _ = play([GreedyPlayer(game * 4 + s) for s in range(4)], 90_000 + game,
                         variants)
        scores += totals
    return scores


@dataclass(frozen=True)
class StrongGame:
    game: int
    seat: int
    scores: tuple[int, ...]
    won: bool
    simulations: tuple[int, ...]  # per searched decision
    seconds: float  # wall-clock time of the game


def strong_game(game: int, think_ms: int, clock_name: str) -> StrongGame:
    """Game `game`: the strong player in seat game mod 4, three greedy players."""
    started = time.perf_counter()
    clock: Callable[[], float] = time.process_time if clock_name == "cpu" else time.perf_counter
    seat = game % 4
    strong = StrongPlayer(game, think_ms=think_ms, clock=clock)
    players: list[Player] = [GreedyPlayer(game * 4 + s) for s in range(4)]
    players[seat] = strong
    state = new_game([f"P{i}" for i in range(4)], 120_000 + game)
    simulations = []
    while state.phase is not Phase.OVER:
        mover = state.active_seat
        assert mover is not None
        strong.last_simulations = 0
        action = players[mover].choose(state)
        if mover == seat and strong.last_simulations:
            simulations.append(strong.last_simulations)
        state, _ = apply(state, action)
    result = outcome(state)
    assert result is not None
    return StrongGame(game, seat, result.totals, seat in result.winners, tuple(simulations),
                      time.perf_counter() - started)


def strong_against_greedy(games: int, think_ms: int, processes: int, clock: str) -> None:
    """Prints one line per game as it ends, then the win rate with a 95 % interval."""
    results: list[StrongGame] = []
    with ProcessPoolExecutor(max_workers=processes) as pool:
        futures = [pool.submit(strong_game, game, think_ms, clock) for game in range(games)]
        for future in futures:
            r = future.result()
            results.append(r)
            print(f"  game {r.game} seat {r.seat}: {r.scores} {'won' if r.won else 'lost'} "
                  f"({r.seconds:.0f} s)", file=sys.stderr, flush=True)
    wins = sum(r.won for r in results)
    rate = wins / games
    half = 1.96 * math.sqrt(rate * (1 - rate) / games)
    strong = [r.scores[r.seat] for r in results]
    others = [s for r in results for i, s in enumerate(r.scores) if i != r.seat]
    margins = [r.scores[r.seat] - max(s for i, s in enumerate(r.scores) if i != r.seat)
               for r in results]
    sims = [n for r in results for n in r.simulations]
    print(f"strong ({think_ms} ms {clock} per decision) vs three greedy, rotating seats: "
          f"won {wins}/{games} ({100 * rate:.1f} % ± {100 * half:.1f}, 95 %); mean score "
          f"strong {statistics.mean(strong):.1f}, greedy {statistics.mean(others):.1f}; "
          f"mean margin over the best greedy {statistics.mean(margins):+.1f}; "
          f"simulations per decision: median {statistics.median(sims):.0f}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=200, help="random games per repeat")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--duels", type=int, default=200, help="greedy vs 3 random games")
    parser.add_argument("--greedy-games", type=int, default=50, help="4 greedy players")
    parser.add_argument("--strong-games", type=int, default=0,
                        help="strong vs 3 greedy games (slow: about 13 decisions a game)")
    parser.add_argument("--think-ms", type=int, default=1000)
    parser.add_argument("--clock", choices=("cpu", "wall"), default="cpu")
    parser.add_argument("--processes", type=int, default=2)
    args = parser.parse_args()

    if args.games:
        rates = [random_games_per_second(args.games, r) for r in range(args.repeats)]
        print(f"random 4-player games per CPU second (median of {args.repeats} x "
              f"{args.games}): {statistics.median(rates):.0f}  "
              f"(all: {', '.join(f'{r:.0f}' for r in rates)})")

    if args.duels:
        started = time.process_time()
        wins, greedy, random_ = greedy_against_random(args.duels)
        seconds = time.process_time() - started
        print(f"greedy vs three random, rotating seats: won {wins}/{args.duels} "
              f"({100 * wins / args.duels:.1f} %); mean score greedy "
              f"{statistics.mean(greedy):.1f}, random {statistics.mean(random_):.1f} "
              f"({seconds:.0f} s)")

    for variants in ((), ("harmony", "middle-kingdom")):
        if not args.greedy_games:
            break
        started = time.process_time()
        scores = greedy_among_greedy(args.greedy_games, variants)
        seconds = time.process_time() - started
        print(f"four greedy players, {args.greedy_games} games"
              f"{', with ' + ' and '.join(variants) if variants else ''}: mean score "
              f"{statistics.mean(scores):.1f} (median {statistics.median(scores):.0f}, "
              f"max {max(scores)}); {1000 * seconds / args.greedy_games:.1f} ms CPU a game")

    if args.strong_games:
        strong_against_greedy(args.strong_games, args.think_ms, args.processes, args.clock)


if __name__ == "__main__":
    main()
