"""`moonriver score`: one position of any game scored, in that game's notation
(NOTATION.md's ranch, KINGDOMINO.md's kingdom); the game's own flags come from its
`peer.CliGame`."""

from __future__ import annotations

import argparse

from bot.cli.common import Parser, Subcommands, add_game_option, print_json
from bot.cli.flags import add_game_flags, hooks_of, refuse_other_games_flags, words
from bot.cli.games import GAMES
from bot.cli.peer import SCORE
from engine.registry import game_named


def cmd_score(args: argparse.Namespace) -> int:
    refuse_other_games_flags(args, args.game, SCORE)
    print_json(hooks_of(args.game).score(args.position, args))
    return 0


def add_parser(sub: Subcommands[Parser]) -> None:
    positions = [f"{hooks.position} ({game_named(key).title})" for key, hooks in GAMES.items()]
    score = sub.add_parser("score", help=f"score one {words(positions, 'or')} in its "
                                         "notation")
    score.add_argument("position", metavar="|".join(h.position.upper() for h in GAMES.values()))
    add_game_option(score)
    add_game_flags(score, SCORE)
    score.set_defaults(func=cmd_score)
