"""`moonriver sandbox`: a game in the terminal (bot.sandbox), with the CLI's checks; the
game's own flags and options come from its `peer.CliGame`."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from bot.cli.common import Parser, Subcommands, UsageError, add_game_option, whole
from bot.cli.flags import add_game_flags, hooks_of, refuse_other_games_flags
from bot.cli.peer import SANDBOX
from bot.sandbox import SandboxOptions
from bot.sandbox import main as sandbox_main
from bot.tables.errors import TableError
from engine.games.i18n import LOCALES
from engine.games.levels import AI_LEVELS, AI_NAMES
from engine.registry import GAMES, game_named
from render.theme import THEMES

#: Seats any game takes: the sandbox checks them against the chosen game's counts.
PLAYER_COUNTS = tuple(sorted({n for game in GAMES.values() for n in game.player_counts}))
#: `--seats` when not given: a human and computers, no more than the game seats.
DEFAULT_SEATS = ("human", "random", "random")


def cmd_sandbox(args: argparse.Namespace) -> int:
    refuse_other_games_flags(args, args.game, SANDBOX)
    rules = hooks_of(args.game).table_options(args)
    seats = tuple(s.strip() for s in args.seats.split(",")) if args.seats else \
        DEFAULT_SEATS[:max(game_named(args.game).player_counts)]
    names = tuple(n.strip() for n in args.names.split(",")) if args.names else ()
    try:
        options = SandboxOptions(seats=seats, names=names, folder=Path(args.out),
                                 database=Path(args.db) if args.db else None, seed=args.seed,
                                 locale=args.locale, theme=args.theme, game=args.game,
                                 rules=rules)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    try:
        return sandbox_main(options, sys.stdout)
    except TableError as exc:
        raise UsageError(str(exc)) from None
    except OSError as exc:
        raise UsageError(f"cannot write pictures to {args.out}: {exc.strerror}") from None


def add_parser(sub: Subcommands[Parser]) -> None:
    box = sub.add_parser("sandbox", help="play a game in the terminal, no Discord needed")
    add_game_option(box)
    box.add_argument("--seats", default=None,
                     help=f"{min(PLAYER_COUNTS)}–{max(PLAYER_COUNTS)} seats: human, or a "
                          f"computer by level ({', '.join(AI_LEVELS)}) or name "
                          f"({', '.join(AI_NAMES)}); default: {','.join(DEFAULT_SEATS)} "
                          "(as many as the game seats)")
    box.add_argument("--names", default="", help="names of the human seats, comma-separated")
    box.add_argument("--out", default="sandbox-pictures", help="folder for the pictures")
    box.add_argument("--db", default=None, help="keep the game in this SQLite file (resume)")
    box.add_argument("--seed", type=whole, default=None)
    box.add_argument("--locale", choices=LOCALES, default="en")
    box.add_argument("--theme", choices=sorted(THEMES), default="dark")
    add_game_flags(box, SANDBOX)
    box.set_defaults(func=cmd_sandbox)
