"""`moonriver sandbox`: a game in the terminal (bot.sandbox), with the CLI's checks."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from bot.cli.common import Parser, Subcommands, UsageError, add_game_option, whole
from bot.sandbox import SandboxOptions
from bot.sandbox import main as sandbox_main
from bot.tables.errors import TableError
from bot.tables.fronts.moonriver.options import RANDOM_SCENARIO
from engine.games.i18n import LOCALES
from engine.games.levels import AI_LEVELS, AI_NAMES
from engine.moonriver.legends import scenario_name, scenario_number
from engine.moonriver.rules import PLAYER_COUNTS, VARIANTS
from engine.registry import DEFAULT_GAME
from render.theme import THEMES


def _scenario(args: argparse.Namespace) -> str:
    """--scenario NAME|1–4|random, only with --variant legends (R-LEG-2); default random."""
    if args.scenario is None:
        return RANDOM_SCENARIO
    if args.variant != "legends":
        raise UsageError("--scenario needs --variant legends")
    if args.scenario == RANDOM_SCENARIO:
        return RANDOM_SCENARIO
    return scenario_name(scenario_number(args.scenario))


def _game_options(args: argparse.Namespace) -> dict[str, Any]:
    """The sandbox's options naming the game: none for Moon River (the default), else the
    game and its variants, once this version's sandbox seats other games."""
    if args.game == DEFAULT_GAME:
        if args.variants is not None:
            raise UsageError("--variants is a Kingdomino option (--game kingdomino); Moon "
                             "River takes --variant")
        return {}
    if args.variant != "base" or args.scenario is not None:
        raise UsageError("--variant and --scenario are Moon River options; Kingdomino "
                         "takes --variants")
    variants = tuple(v.strip() for v in (args.variants or "").split(",") if v.strip())
    return {"game": args.game, "variants": variants}


def cmd_sandbox(args: argparse.Namespace) -> int:
    game = _game_options(args)
    seats = tuple(s.strip() for s in args.seats.split(","))
    names = tuple(n.strip() for n in args.names.split(",")) if args.names else ()
    try:
        options = SandboxOptions(seats=seats, names=names, folder=Path(args.out),
                                 database=Path(args.db) if args.db else None, seed=args.seed,
                                 locale=args.locale, theme=args.theme, variant=args.variant,
                                 scenario=_scenario(args), **game)
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
    box.add_argument("--seats", default="human,random,random",
                     help=f"{min(PLAYER_COUNTS)}–{max(PLAYER_COUNTS)} seats: human, or a "
                          f"computer by level ({', '.join(AI_LEVELS)}) or name "
                          f"({', '.join(AI_NAMES)}); default: human,random,random (5×5)")
    box.add_argument("--names", default="", help="names of the human seats, comma-separated")
    box.add_argument("--out", default="sandbox-pictures", help="folder for the pictures")
    box.add_argument("--db", default=None, help="keep the game in this SQLite file (resume)")
    box.add_argument("--seed", type=whole, default=None)
    box.add_argument("--locale", choices=LOCALES, default="en")
    box.add_argument("--theme", choices=sorted(THEMES), default="dark")
    box.add_argument("--variant", choices=VARIANTS, default="base")
    box.add_argument("--scenario", default=None,
                     help="Legends scenario: timber, gold, outlaws, city (or 1–4), or random")
    box.add_argument("--variants", default=None,
                     help="Kingdomino, comma-separated: middle-kingdom, harmony, dynasty, "
                          "mighty-duel")
    box.set_defaults(func=cmd_sandbox)
