"""`moonriver render`: a position drawn alone (for a game that draws one, such as a
ranch), or every picture of one moment of a recorded game of any game.

Each game draws through its `peer.CliGame`, loading its pictures only when asked for, so
the other commands start without them.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from bot.cli.common import (
    Parser,
    Subcommands,
    UsageError,
    add_game_option,
    make_folder,
    read_game_record,
    save_png,
    whole,
)
from bot.cli.flags import hooks_of
from bot.cli.games import GAMES
from bot.tables.fronts.story import story_png
from engine.games.i18n import LOCALES
from engine.registry import DEFAULT_GAME, game_named, replay
from render.theme import THEMES, Theme, theme_named

END = -1  # `--turn end`: the finished game


def turn_number(text: str) -> int:
    """`--turn N` (a whole number) or `--turn end`."""
    return END if text == "end" else whole(text)


def _drawn() -> list[str]:
    """What `render POSITION` reads: the position of every game that draws one."""
    return [h.position for h in GAMES.values() if h.draw_position is not None]


def _draw_position(key: str, args: argparse.Namespace, theme: Theme, output: Path) -> int:
    hooks = hooks_of(key)
    if hooks.draw_position is None:
        raise UsageError(f"{game_named(key).title} pictures are drawn from a game: give "
                         "--record FILE --turn N")
    if args.position is None or args.turn is not None:
        raise UsageError(f"give a {hooks.position} in {hooks.position} notation, or "
                         "--record FILE --turn N")
    save_png(hooks.draw_position(args.position, theme, args.locale), output)
    print(output)
    return 0


def cmd_render(args: argparse.Namespace) -> int:
    theme = theme_named(args.theme)
    output = Path(args.output)
    if args.record is None:
        return _draw_position(args.game or DEFAULT_GAME, args, theme, output)
    if args.position is not None or args.turn is None:
        raise UsageError("--record draws one moment of a game: give --turn N and no "
                         f"{' or '.join(_drawn()) or 'position'}")
    game, record = read_game_record(args.record, args.game)
    moment = replay(record, until_turn=None if args.turn == END else args.turn)
    make_folder(output)
    for path in hooks_of(game.key).draw_record(record, moment, output, theme, args.locale):
        print(path)
    if args.turn == END and game.is_over(moment.state):  # the end post's second picture
        story = output / "story.png"
        story.write_bytes(story_png(record, args.locale, theme.name))
        print(story)
    return 0


def add_parser(sub: Subcommands[Parser]) -> None:
    ren = sub.add_parser("render", help="draw a position, or a moment of a recorded game")
    ren.add_argument("position", nargs="?", default=None,
                     metavar="|".join(p.upper() for p in _drawn()) or None)
    ren.add_argument("-o", "--output", required=True, help="PNG file, or a folder with --record")
    add_game_option(ren, detected=True)
    formats = " or ".join(game_named(key).record_format for key in GAMES)
    ren.add_argument("--record", default=None, help=f"a game record ({formats})")
    ren.add_argument("--turn", type=turn_number, default=None,
                     help="draw the table as turn N started (0: before the first decision), "
                          "or `end`: the finished game")
    ren.add_argument("--theme", choices=sorted(THEMES), default="dark")
    ren.add_argument("--locale", choices=LOCALES, default="en")
    ren.set_defaults(func=cmd_render)
