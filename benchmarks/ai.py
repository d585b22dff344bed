"""Strength of the computer players (issue 14): four-player games with rotating seats.

    python -m benchmarks.ai --ai greedy,random,random,random --games 200
    python -m benchmarks.ai --ai strong,greedy,greedy,greedy --games 200 --think-ms 1000
    python -m benchmarks.ai --ai strong,greedy,greedy,greedy --games 200 --think-ms 200
    python -m benchmarks.ai --ai strong,greedy,greedy,greedy --summarise games.jsonl

The first AI named is the one measured; game i uses seed S+i and rotates the line-up by
i seats, so every AI plays every seat. Games run in parallel (`--workers`, default: every
core); the strong player's budget is wall-clock time per decision, so a loaded machine
makes it weaker, never slower. Shared wins count as wins (R-SCORE-4).
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass
from os import cpu_count, getloadavg

from engine.ai import StrongPlayer, make_player
from engine.game import apply, new_game, outcome
from engine.state import Phase


@dataclass(frozen=True)
class GameResult:
    lineup: tuple[str, ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    think_seconds: tuple[float, ...]  # every timed (strong) decision
    sweeps: tuple[int, ...] = ()  # sampled worlds searched, per searched strong decision


def play(lineup: tuple[str, ...], seed: int, think_ms: int) -> GameResult:
    state = new_game([f"{ai}-{seat + 1}" for seat, ai in enumerate(lineup)], seed)
    players = [make_player(ai, seed * 8 + seat, think_ms=think_ms)
               for seat, ai in enumerate(lineup)]
    thinking: list[float] = []
    sweeps: list[int] = []
    while state.phase is not Phase.OVER:
        seat = state.active_seat
        assert seat is not None
        player = players[seat]
        started = time.perf_counter()
        action = player.choose(state)
        if isinstance(player, StrongPlayer):
            thinking.append(time.perf_counter() - started)
            if player.last_sweeps:
                sweeps.append(player.last_sweeps)
        state, _ = apply(state, action)
    result = outcome(state)
    assert result is not None
    return GameResult(lineup, tuple(s.total for s in result.sheets), result.winners,
                      tuple(thinking), tuple(sweeps))


def _play_job(job: tuple[tuple[str, ...], int, int]) -> GameResult:
    return play(*job)


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """95 % confidence interval of a win rate."""
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return (max(0.0, centre - half), min(1.0, centre + half))


def summarise(results: list[GameResult], focus: str) -> dict[str, object]:
    wins = appearances = 0
    margins: list[int] = []
    per_ai: dict[str, list[int]] = {}
    for game in results:
        for seat, ai in enumerate(game.lineup):
            per_ai.setdefault(ai, []).append(game.scores[seat])
            if ai == focus:
                appearances += 1
                wins += seat in game.winners
                best_other = max(s for i, s in enumerate(game.scores) if i != seat)
                margins.append(game.scores[seat] - best_other)
    low, high = wilson(wins, appearances)
    thinking = [t for game in results for t in game.think_seconds]
    report: dict[str, object] = {
        "games": len(results),
        "focus": focus,
        "win_rate": round(wins / appearances, 3) if appearances else None,
        "win_rate_95": [round(low, 3), round(high, 3)],
        "mean_score": {ai: round(statistics.mean(s), 1) for ai, s in per_ai.items()},
        "mean_margin_vs_best_other": round(statistics.mean(margins), 1) if margins else None,
    }
    if thinking:
        report["think_seconds"] = {"median": round(statistics.median(thinking), 3),
                                   "max": round(max(thinking), 3), "decisions": len(thinking)}
    sweeps = [n for game in results for n in game.sweeps]
    if sweeps:
        report["sweeps_per_searched_decision"] = {"median": statistics.median(sweeps),
                                                  "decisions": len(sweeps)}
    return report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ai", default="greedy,random,random,random")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--think-ms", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=cpu_count() or 1)
    parser.add_argument("--log", default=None, help="append each game's result (JSON lines)")
    parser.add_argument("--summarise", default=None, metavar="LOG",
                        help="only summarise a log written with --log (e.g. a cut-short run)")
    args = parser.parse_args()
    if args.summarise:
        with open(args.summarise, encoding="utf-8") as lines:
            logged = [GameResult(**{k: tuple(v) if isinstance(v, list) else v
                                    for k, v in json.loads(line).items()}) for line in lines]
        print(json.dumps(summarise(logged, args.ai.split(",")[0])))
        return
    lineup = tuple(args.ai.split(","))
    if len(lineup) != 4:
        parser.error("--ai names four seats")
    jobs = []
    for game in range(args.games):
        turn = game % 4
        jobs.append((lineup[turn:] + lineup[:turn], args.seed + game, args.think_ms))
    started = time.perf_counter()
    load_before = getloadavg()[0]
    results: list[GameResult] = []
    log = open(args.log, "a", encoding="utf-8") if args.log else None  # noqa: SIM115
    try:
        with ProcessPoolExecutor(max_workers=args.workers) as pool:
            for result in pool.map(_play_job, jobs):
                results.append(result)
                if log is not None:  # one line per game: a cut-short run still counts
                    log.write(json.dumps(asdict(result)) + "\n")
                    log.flush()
    finally:
        if log is not None:
            log.close()
    report = summarise(results, lineup[0])
    report["lineup"] = list(lineup)
    report["think_ms"] = args.think_ms if "strong" in lineup else None
    report["wall_seconds"] = round(time.perf_counter() - started, 1)
    # a time budget buys fewer sweeps on a busy machine: say how busy it was
    report["load_average"] = [round(load_before, 1), round(getloadavg()[0], 1)]
    report["seed"] = args.seed
    print(json.dumps(report))


if __name__ == "__main__":
    main()
