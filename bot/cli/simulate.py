"""`moonriver simulate`: computer players play whole games of either game, through the
game interface (engine.games), and the report says how they scored."""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from bot.cli.common import (
    Parser,
    Subcommands,
    UsageError,
    add_game_option,
    bounded,
    make_folder,
    print_json,
    whole,
)
from bot.cli.flags import add_game_flags, hooks_of, refuse_other_games_flags
from bot.cli.peer import SIMULATE
from engine.games import GameRules, Record
from engine.games.levels import AI_LEVELS, AI_NAMES, DEFAULT_THINK_MS
from engine.registry import GAMES, game_named, play, with_result

#: `simulate --games` at most this many (about an hour of greedy games on one core).
MAX_GAMES = 100_000
#: `simulate --think-ms` at most a minute per decision.
MAX_THINK_MS = 60_000
PLAYER_COUNTS = tuple(sorted({n for game in GAMES.values() for n in game.player_counts}))


def table_options(args: argparse.Namespace) -> dict[str, Any]:
    """The chosen game's options from its own flags; another game's flag is refused by
    name rather than dropped."""
    refuse_other_games_flags(args, args.game, SIMULATE)
    return hooks_of(args.game).table_options(args)


def seat_ais(text: str, players: int) -> list[str]:
    """One AI for every seat, or one per seat."""
    names = text.split(",")
    if len(names) == 1:
        names *= players
    known = (*AI_NAMES, *AI_LEVELS)
    if len(names) != players or any(n not in known for n in names):
        raise UsageError(f"--ai takes one AI or one per player from: {', '.join(known)}")
    return names


def _play_one(game: GameRules, options: dict[str, Any], seed: int, ai_names: Sequence[str],
              think_ms: int) -> Record:
    """One game from `seed`, as a finished record (a drawn scenario is kept in it)."""
    names = tuple(f"{ai}-{seat + 1}" for seat, ai in enumerate(ai_names))
    state, _ = game.new_game(names, seed, options)
    players = [game.make_player(ai, seed * 8 + seat, think_ms=think_ms)
               for seat, ai in enumerate(ai_names)]
    state, actions = play(game, players, state)
    record = Record(game.key, seed, names, game.table_options(state), tuple(actions))
    return with_result(record, state)


def cmd_simulate(args: argparse.Namespace) -> int:
    game = game_named(args.game)
    options = game.options(table_options(args))
    players = max(game.player_counts) if args.players is None else args.players
    if players not in game.player_counts:
        raise UsageError(f"{game.title} is for {', '.join(map(str, game.player_counts))} "
                         "players")
    ai_names = seat_ais(args.ai, players)
    records_dir = Path(args.records) if args.records else None
    if records_dir is not None:
        make_folder(records_dir)
    scores_by_ai: dict[str, list[int]] = {n: [] for n in ai_names}
    wins = dict.fromkeys(ai_names, 0)
    seats_per_ai = {n: ai_names.count(n) for n in ai_names}
    started = time.perf_counter()
    for number in range(args.games):
        record = _play_one(game, options, args.seed + number, ai_names, args.think_ms)
        assert record.result is not None
        for seat, points in enumerate(record.result.scores):
            scores_by_ai[ai_names[seat]].append(points)
        for seat in record.result.winners:
            wins[ai_names[seat]] += 1
        if records_dir is not None:
            path = records_dir / f"game-{record.seed}.json"
            path.write_text(json.dumps(game.record_to_dict(record), indent=1),
                            encoding="utf-8")
    elapsed = time.perf_counter() - started
    scores = [s for per_ai in scores_by_ai.values() for s in per_ai]
    report: dict[str, Any] = {
        "games": args.games,
        "mean_score": round(sum(scores) / len(scores), 2),
        "min_score": min(scores),
        "max_score": max(scores),
        "games_per_second": round(args.games / elapsed, 2) if elapsed > 0 else None,
    }
    if len(set(ai_names)) > 1:  # per AI: games won per seat it played (shared wins count)
        report["win_rate"] = {n: round(wins[n] / (args.games * seats_per_ai[n]), 3)
                              for n in seats_per_ai}
        report["per_ai"] = {n: {"win_rate": report["win_rate"][n], "seats": seats_per_ai[n],
                                "mean_score": round(sum(s) / len(s), 2)}
                            for n, s in scores_by_ai.items()}
    print_json(report)
    return 0


def add_parser(sub: Subcommands[Parser]) -> None:
    sim = sub.add_parser("simulate", help="play games between computer players")
    add_game_option(sim)
    sim.add_argument("--games", type=bounded(MAX_GAMES, "games"), default=10)
    sim.add_argument("--players", type=int, choices=PLAYER_COUNTS, default=None,
                     help="default: the most players the game seats")
    sim.add_argument("--ai", default="random",
                     help="one AI, or one per seat: random, greedy, strong (or the levels "
                          "easy, normal, hard), e.g. strong,greedy,greedy,greedy")
    sim.add_argument("--think-ms", type=bounded(MAX_THINK_MS, "ms"), default=DEFAULT_THINK_MS,
                     help="the strong AI's time per decision in ms (default 1000)")
    sim.add_argument("--seed", type=whole, default=1)
    sim.add_argument("--records", default=None, help="write each game's record here")
    add_game_flags(sim, SIMULATE)
    sim.set_defaults(func=cmd_simulate)
