"""Strength of the computer players: four-player games with rotating seats.

    python -m benchmarks.ai --ai greedy,random,random,random --games 200
    python -m benchmarks.ai --ai strong,greedy,greedy,greedy --games 200 --think-ms 1000
    python -m benchmarks.ai --ai strong,greedy,greedy,greedy --games 200 --think-ms 200
    python -m benchmarks.ai --ai strong,greedy,greedy,greedy --games 40 --iterations 8
    python -m benchmarks.ai --ai strong,greedy,greedy,greedy --summarise games.jsonl

The first AI named is the one measured; game i uses seed S+i and rotates the line-up by
i seats, so every AI plays every seat. Games run in parallel (`--workers`, default: every
core). The strong player's budget per decision is `--think-ms` of the CPU time of the
process thinking (`--clock cpu`, the default: `time.process_time`, so a shared, loaded
machine makes a game take longer, not the player weaker), or of wall-clock time
(`--clock wall`, what a player in the bot gets), or a fixed number of sweeps
(`--iterations`, for quick, load-independent comparisons). Shared wins count as wins
(R-SCORE-4).

With `--log FILE` every game is appended to FILE as one JSON line in seed order, and the
summary so far is rewritten to FILE.summary.json after each game, so a run cut short is
still a result (`--summarise FILE` summarises a log again).
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass
from os import cpu_count, getloadavg
from typing import TextIO

from engine.moonriver.ai import Player, StrongPlayer, make_player
from engine.moonriver.game import apply, new_game, outcome
from engine.moonriver.state import Phase

CLOCKS: dict[str, Callable[[], float]] = {"cpu": time.process_time, "wall": time.perf_counter}


@dataclass(frozen=True)
class Budget:
    """How long the strong player may think: `think_ms` of `clock`, or `iterations`."""

    think_ms: int
    clock: str = "cpu"
    iterations: int | None = None


@dataclass(frozen=True)
class GameResult:
    lineup: tuple[str, ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    think_seconds: tuple[float, ...]  # every strong decision, on the budget's clock
    sweeps: tuple[int, ...] = ()  # first-phase sweeps (every candidate), per searched decision
    seed: int | None = None
    playouts: tuple[int, ...] = ()  # candidate playouts, per searched strong decision


def _player(ai: str, seed: int, budget: Budget) -> Player:
    if ai in ("strong", "hard"):
        return StrongPlayer(seed, think_ms=budget.think_ms, iterations=budget.iterations,
                            clock=CLOCKS[budget.clock])
    return make_player(ai, seed)


def play(lineup: tuple[str, ...], seed: int, budget: Budget) -> GameResult:
    state = new_game([f"{ai}-{seat + 1}" for seat, ai in enumerate(lineup)], seed)
    players = [_player(ai, seed * 8 + seat, budget) for seat, ai in enumerate(lineup)]
    clock = CLOCKS[budget.clock]
    thinking: list[float] = []
    sweeps: list[int] = []
    playouts: list[int] = []
    while state.phase is not Phase.OVER:
        seat = state.active_seat
        assert seat is not None
        player = players[seat]
        started = clock()
        action = player.choose(state)
        if isinstance(player, StrongPlayer):
            thinking.append(clock() - started)
            if player.last_sweeps:
                sweeps.append(player.last_sweeps)
                playouts.append(player.last_simulations)
        state, _ = apply(state, action)
    result = outcome(state)
    assert result is not None
    return GameResult(lineup, tuple(s.total for s in result.sheets), result.winners,
                      tuple(thinking), tuple(sweeps), seed, tuple(playouts))


def _play_job(job: tuple[tuple[str, ...], int, Budget]) -> GameResult:
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
    seeds = [game.seed for game in results if game.seed is not None]
    report: dict[str, object] = {
        "games": len(results),
        "seeds": [min(seeds), max(seeds)] if seeds else None,
        "focus": focus,
        "wins": wins,
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
    playouts = [n for game in results for n in game.playouts]
    if playouts:
        report["playouts_per_searched_decision"] = {"median": statistics.median(playouts),
                                                    "decisions": len(playouts)}
    return report


DEFAULT_LINEUP = "greedy,random,random,random"


def odd_one_out(results: list[GameResult]) -> str:
    """The AI a logged run measured: the one in the fewest seats ("strong" of
    strong,greedy,greedy,greedy), so a summary needs no --ai to report on it."""
    if not results:
        raise SystemExit("the log holds no games")
    lineup = results[0].lineup
    return min(lineup, key=lambda ai: (lineup.count(ai), lineup.index(ai)))


def read_log(path: str) -> list[GameResult]:
    results = []
    with open(path, encoding="utf-8") as lines:
        for line in lines:
            game = json.loads(line)
            results.append(GameResult(
                tuple(game["lineup"]), tuple(game["scores"]), tuple(game["winners"]),
                tuple(game["think_seconds"]), tuple(game.get("sweeps", ())), game.get("seed"),
                tuple(game.get("playouts", ()))))
    return results


def _write_progress(log: TextIO, path: str, result: GameResult, report: dict[str, object]) -> None:
    """One line per game, and the summary so far: a cut-short run still counts."""
    log.write(json.dumps(asdict(result)) + "\n")
    log.flush()
    with open(path + ".summary.json", "w", encoding="utf-8") as summary:
        summary.write(json.dumps(report) + "\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ai", default=None,
                        help=f"the four seats (default {DEFAULT_LINEUP}); with "
                             "--summarise, the AI to report on (default: the log's odd one "
                             "out)")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--think-ms", type=int, default=1000)
    parser.add_argument("--clock", choices=sorted(CLOCKS), default="cpu",
                        help="what --think-ms measures: CPU time of the thinking process "
                             "(default) or wall-clock time")
    parser.add_argument("--iterations", type=int, default=None,
                        help="sweeps per searched decision instead of a time budget")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=cpu_count() or 1)
    parser.add_argument("--log", default=None,
                        help="append each game's result (JSON lines) and keep "
                             "LOG.summary.json up to date")
    parser.add_argument("--summarise", default=None, metavar="LOG",
                        help="only summarise a log written with --log (e.g. a cut-short run)")
    args = parser.parse_args()
    if args.summarise:
        logged = read_log(args.summarise)
        focus = args.ai.split(",")[0] if args.ai else odd_one_out(logged)
        print(json.dumps(summarise(logged, focus)))
        return
    lineup = tuple((args.ai or DEFAULT_LINEUP).split(","))
    if len(lineup) != 4:
        parser.error("--ai names four seats")
    budget = Budget(args.think_ms, args.clock, args.iterations)
    jobs = []
    for game in range(args.games):
        turn = game % 4
        jobs.append((lineup[turn:] + lineup[:turn], args.seed + game, budget))
    started = time.perf_counter()
    load_before = getloadavg()[0]
    searching = "strong" in lineup or "hard" in lineup

    def describe(report: dict[str, object]) -> dict[str, object]:
        report["lineup"] = list(lineup)
        if searching:
            report["budget"] = (f"{args.iterations} sweeps" if args.iterations is not None
                                else f"{args.think_ms} ms of {args.clock} time")
        report["wall_seconds"] = round(time.perf_counter() - started, 1)
        # a wall-clock budget buys fewer sweeps on a busy machine: say how busy it was
        report["load_average"] = [round(load_before, 1), round(getloadavg()[0], 1)]
        report["seed"] = args.seed
        return report

    results: list[GameResult] = []
    log = open(args.log, "a", encoding="utf-8") if args.log else None  # noqa: SIM115
    try:
        with ProcessPoolExecutor(max_workers=args.workers) as pool:
            for result in pool.map(_play_job, jobs):  # in seed order
                results.append(result)
                if log is not None:
                    _write_progress(log, args.log, result,
                                    describe(summarise(results, lineup[0])))
    finally:
        if log is not None:
            log.close()
    print(json.dumps(describe(summarise(results, lineup[0]))))


if __name__ == "__main__":
    main()
