"""Kingdomino engine (issue 15): random 4-player games per second on one core, and how
the greedy player fares against random and greedy opponents.

    python -m benchmarks.kingdomino [--games 200] [--repeats 5] [--duels 200]

Speed is CPU time of this process (`time.process_time`), median over repeats: the
machines are shared, and wall-clock time counts other people's work too. The win rate
seats the greedy player in each seat in turn (game i: seat i mod 4) against three random
players; "wins" counts games the greedy player wins outright or shares (K-SCORE-4).
"""

from __future__ import annotations

import argparse
import statistics
import time

from engine.kingdomino.ai import GreedyPlayer, Player, RandomPlayer
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


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=200, help="random games per repeat")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--duels", type=int, default=200, help="greedy vs 3 random games")
    parser.add_argument("--greedy-games", type=int, default=50, help="4 greedy players")
    args = parser.parse_args()

    rates = [random_games_per_second(args.games, r) for r in range(args.repeats)]
    print(f"random 4-player games per CPU second (median of {args.repeats} x {args.games}): "
          f"{statistics.median(rates):.0f}  (all: {', '.join(f'{r:.0f}' for r in rates)})")

    if not args.duels:
        return
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
        scores = greedy_among_greedy(args.greedy_games, variants)
        print(f"four greedy players, {args.greedy_games} games"
              f"{', with ' + ' and '.join(variants) if variants else ''}: mean score "
              f"{statistics.mean(scores):.1f} (median {statistics.median(scores):.0f}, "
              f"max {max(scores)})")


if __name__ == "__main__":
    main()
