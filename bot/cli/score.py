"""`moonriver score`: one ranch (NOTATION.md) or one kingdom (KINGDOMINO.md) scored."""

from __future__ import annotations

import argparse
from typing import Any

from bot.cli.common import Parser, Subcommands, UsageError, add_game_option, print_json
from engine.kingdomino.notation import parse_kingdom
from engine.kingdomino.scoring import score_kingdom
from engine.moonriver.legends import scenario_number
from engine.moonriver.ranch import parse_ranch
from engine.moonriver.scoring import apply_overpopulation, score_ranch

_KINGDOM_FLAGS = ("middle_kingdom", "harmony", "mighty_duel")


def _moonriver(args: argparse.Namespace) -> dict[str, Any]:
    given = [f"--{flag.replace('_', '-')}" for flag in _KINGDOM_FLAGS if getattr(args, flag)]
    if given:
        raise UsageError(f"{given[0]} is a Kingdomino option (--game kingdomino)")
    scenario = scenario_number(args.scenario) if args.scenario is not None else None
    grid, _removed = apply_overpopulation(parse_ranch(args.position))  # R-END-3
    return score_ranch(grid, scenario).to_dict()  # R-LEG-2 with --scenario


def _kingdomino(args: argparse.Namespace) -> dict[str, Any]:
    if args.scenario is not None:
        raise UsageError("--scenario is a Moon River option (Legends of the West)")
    size = 7 if args.mighty_duel else 5  # K-PLACE-2: Mighty Duel kingdoms are 7×7
    kingdom = parse_kingdom(args.position, size)
    # K-SCORE-1…3; Harmony assumes no domino was discarded (a kingdom does not show it)
    return score_kingdom(kingdom, middle_kingdom=args.middle_kingdom,
                         harmony=args.harmony).to_dict()


def cmd_score(args: argparse.Namespace) -> int:
    print_json(_kingdomino(args) if args.game == "kingdomino" else _moonriver(args))
    return 0


def add_parser(sub: Subcommands[Parser]) -> None:
    score = sub.add_parser("score", help="score one ranch (ranch notation) or, with "
                                         "--game kingdomino, one kingdom (kingdom notation)")
    score.add_argument("position", metavar="RANCH|KINGDOM")
    add_game_option(score)
    score.add_argument("--scenario", default=None,
                       help="Moon River: add a Legends scenario: timber, gold, outlaws, city "
                            "(or 1–4)")
    score.add_argument("--middle-kingdom", action="store_true",
                       help="Kingdomino: +10 with the castle in the centre (K-SCORE-2)")
    score.add_argument("--harmony", action="store_true",
                       help="Kingdomino: +5 for a complete kingdom (K-SCORE-3)")
    score.add_argument("--mighty-duel", action="store_true",
                       help="Kingdomino: a 7×7 kingdom (K-PLACE-2)")
    score.set_defaults(func=cmd_score)
