"""`moonriver render`: a ranch, or every picture of one moment of a recorded game.

Kingdomino's pictures come from `render.kingdomino.write_all`, imported only when asked
for, so the other commands start without loading them.
"""

from __future__ import annotations

import argparse
from dataclasses import replace
from pathlib import Path

from PIL import Image

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
from engine.games.i18n import LOCALES
from engine.moonriver import events as ev
from engine.moonriver.actions import Build
from engine.moonriver.components import load_components
from engine.moonriver.game import legal_actions
from engine.moonriver.ranch import parse_ranch
from engine.moonriver.state import GameState, Phase
from engine.moonriver.view import public_view
from engine.registry import Replay, replay
from render.moonriver import (
    render_grid,
    render_preview,
    render_ranch,
    render_scores,
    render_table,
    render_turn,
)
from render.moonriver.changes import changes_of
from render.theme import THEMES, Theme, theme_named

END = -1  # `--turn end`: the finished game


def turn_number(text: str) -> int:
    """`--turn N` (a whole number) or `--turn end`."""
    return END if text == "end" else whole(text)


def cmd_render(args: argparse.Namespace) -> int:
    theme = theme_named(args.theme)
    output = Path(args.output)
    if args.record is None:
        if args.game == "kingdomino":
            raise UsageError("Kingdomino pictures are drawn from a game: give --record FILE "
                             "--turn N")
        if args.ranch is None or args.turn is not None:
            raise UsageError("give a ranch in ranch notation, or --record FILE --turn N")
        grid = parse_ranch(args.ranch)
        board = load_components().boards["camp"]
        save_png(render_grid(grid, board, theme=theme, locale=args.locale), output)
        print(output)
        return 0
    if args.ranch is not None or args.turn is None:
        raise UsageError("--record draws one moment of a game: give --turn N and no ranch")
    game, record = read_game_record(args.record, args.game)
    moment = replay(record, until_turn=None if args.turn == END else args.turn)
    make_folder(output)
    if game.key == "kingdomino":
        from render.kingdomino import write_all  # Kingdomino's pictures load only here

        # the record up to this moment: write_all replays it and marks its last action
        played = replace(record, actions=record.actions[:len(moment.events)], result=None)
        try:
            paths = write_all(played, output, args.locale, theme)
        except OSError as exc:
            raise UsageError(f"cannot write to {output}: {exc.strerror}") from None
        for path in paths:
            print(path)
        return 0
    for name, image in _moonriver_pictures(moment, theme, args.locale):
        save_png(image, output / name)
        print(output / name)
    return 0


def _moonriver_pictures(moment: Replay, theme: Theme, locale: str
                        ) -> list[tuple[str, Image.Image]]:
    """Turn, table and ranch pictures of the moment, the placement preview of the first
    pair when a build is due, and the score sheet once the game is over."""
    state: GameState = moment.state
    view = public_view(state)
    changes = changes_of(_last_turn_events(moment))
    pictures = [("turn.png", render_turn(view, theme=theme, locale=locale,
                                         changes=changes).image),
                ("table.png", render_table(view, theme=theme, locale=locale))]
    pictures += [(f"ranch-{p.seat + 1}.png", render_ranch(view, p.seat, theme=theme,
                                                          locale=locale))
                 for p in view.players]
    builds = [a for a in legal_actions(state) if isinstance(a, Build)]
    if builds and state.turn is not None:
        pair = [b for b in builds if (b.first, b.second) == (builds[0].first, builds[0].second)]
        pictures.append(("preview.png", render_preview(view, state.turn.seat, pair,
                                                       theme=theme, locale=locale)))
    if state.phase is Phase.OVER:
        pictures.append(("scores.png", render_scores(view, theme=theme, locale=locale)))
    return pictures


def _last_turn_events(moment: Replay) -> list[ev.Event]:
    """The events of the last complete player turn before this moment (the turn just
    played, once the game is over), for the turn picture's marks (R-ORDER-1: a turn begins
    with its TurnStarted)."""
    current, finished = list[ev.Event](), list[ev.Event]()
    for events in moment.events:
        for event in events:
            if isinstance(event, ev.TurnStarted):
                finished, current = current, []
            current.append(event)
    return current if moment.state.phase is Phase.OVER else finished


def add_parser(sub: Subcommands[Parser]) -> None:
    ren = sub.add_parser("render", help="draw a ranch, or a moment of a recorded game")
    ren.add_argument("ranch", nargs="?", default=None)
    ren.add_argument("-o", "--output", required=True, help="PNG file, or a folder with --record")
    add_game_option(ren, detected=True)
    ren.add_argument("--record", default=None,
                     help="a game record (moonriver-record/1 or kingdomino-record/1)")
    ren.add_argument("--turn", type=turn_number, default=None,
                     help="draw the table as turn N started (0: before the first decision), "
                          "or `end`: the finished game")
    ren.add_argument("--theme", choices=sorted(THEMES), default="dark")
    ren.add_argument("--locale", choices=LOCALES, default="en")
    ren.set_defaults(func=cmd_render)
