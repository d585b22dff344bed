"""The `moonriver` command line (NOTATION.md contract: JSON out, exit 2 on bad input).

One module per command family: score, simulate, replay and render (the engine tools,
for every game through `--game`), sandbox, running the bot (run, health, restore) and
its database (db migrate, db copy).
What differs between games comes from each game's `peer.CliGame` (bot/cli/games/).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from bot import APP_NAME
from bot.cli import database, operations, play, render, replay, score, simulate
from bot.cli.common import EXIT_BAD_INPUT, MAX_JSON_BYTES, MAX_JSON_DEPTH, Parser, UsageError
from bot.cli.flags import words
from bot.cli.operations import no_token_message
from bot.cli.simulate import MAX_GAMES, MAX_THINK_MS
from engine.games.errors import GameError
from engine.registry import GAMES

__all__ = ["EXIT_BAD_INPUT", "MAX_GAMES", "MAX_JSON_BYTES", "MAX_JSON_DEPTH", "MAX_THINK_MS",
           "build_parser", "main", "no_token_message"]


def build_parser() -> Parser:
    titles = words([game.title for game in GAMES.values()])
    parser = Parser(prog=APP_NAME, description=f"{titles}: rules engine tools and the bot.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=Parser)
    for family in (score, replay, simulate, render, play):
        family.add_parser(sub)
    operations.add_parsers(sub)
    database.add_parsers(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    try:
        args = build_parser().parse_args(argv)
        code: int = args.func(args)
        return code
    except (UsageError, GameError) as exc:
        print(f"moonriver: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
