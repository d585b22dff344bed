"""`moonriver replay`: a record of either game played back, every action checked."""

from __future__ import annotations

import argparse

from bot.cli.common import Parser, Subcommands, add_game_option, print_json, read_game_record
from engine.registry import replay


def cmd_replay(args: argparse.Namespace) -> int:
    game, record = read_game_record(args.file, args.game)
    replayed = replay(record)
    result = game.result(replayed.state)
    names = record.players  # NOTATION.md: scores and winners by name, for both games
    print_json({
        "scores": {names[i]: s for i, s in enumerate(result.scores)} if result else None,
        "winners": [names[i] for i in result.winners] if result else None,
        "turns": replayed.turns,
    })
    return 0


def add_parser(sub: Subcommands[Parser]) -> None:
    rep = sub.add_parser("replay", help="replay a game record, checking every action")
    rep.add_argument("file")
    add_game_option(rep, detected=True)
    rep.set_defaults(func=cmd_replay)
