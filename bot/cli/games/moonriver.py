"""Moon River on the command line: a ranch scored or drawn (NOTATION.md's ranch
notation), the Legends flags (R-LEG-1, R-LEG-2) and the pictures of a recorded moment.

The pictures load only when one is drawn, so the other commands start without them.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bot.cli.common import UsageError, save_png
from bot.cli.peer import SANDBOX, SCORE, SIMULATE, CliGame, Flag, Flags
from bot.tables.fronts.moonriver.options import RANDOM_SCENARIO
from engine.games import Record
from engine.moonriver import events as ev
from engine.moonriver.legends import LEGENDS, SCENARIOS, scenario_number
from engine.moonriver.ranch import parse_ranch
from engine.moonriver.rules import VARIANTS
from engine.moonriver.scoring import apply_overpopulation, score_ranch
from engine.moonriver.state import GameState, Phase
from engine.registry import Replay
from render.theme import Theme

if TYPE_CHECKING:
    from PIL import Image

_SCENARIO_WORDS = f"{', '.join(SCENARIOS)} (or 1–{len(SCENARIOS)})"


def score(position: str, args: argparse.Namespace) -> dict[str, Any]:
    """R-END-3: overpopulation first; R-LEG-2: the scenario's points with --scenario."""
    scenario = scenario_number(args.scenario) if args.scenario is not None else None
    grid, _removed = apply_overpopulation(parse_ranch(position))
    return score_ranch(grid, scenario).to_dict()


def table_options(args: argparse.Namespace) -> dict[str, Any]:
    """--variant (default base) and, with Legends only (R-LEG-2), --scenario NAME|1–4|
    random; the game's own `options` reads the name and makes it a number."""
    variant: str = args.variant or VARIANTS[0]
    if args.scenario is None:
        return {"variant": variant}
    if variant != LEGENDS:
        raise UsageError(f"--scenario needs --variant {LEGENDS}")
    return {"variant": variant, "scenario": args.scenario}


def draw_position(position: str, theme: Theme, locale: str) -> Image.Image:
    """A ranch on the camp board, as typed (no overpopulation: it draws what it reads)."""
    from engine.moonriver.components import load_components
    from render.moonriver import render_grid

    board = load_components().boards["camp"]
    return _in_palette(render_grid(parse_ranch(position), board, theme=theme, locale=locale),
                       theme)


def _in_palette(image: Image.Image, theme: Theme) -> Image.Image:
    """The picture in Moon River's palette (its art colours kept exact when saved)."""
    from render.encode import to_palette
    from render.moonriver.style import moonriver_theme

    return to_palette(image, moonriver_theme(theme))


def draw_record(record: Record, moment: Replay, folder: Path, theme: Theme,
                locale: str) -> list[Path]:
    """Every picture of the moment, each saved under its name in `folder`."""
    paths = []
    for name, image in _pictures(moment, theme, locale):
        save_png(_in_palette(image, theme), folder / name)
        paths.append(folder / name)
    return paths


def _pictures(moment: Replay, theme: Theme, locale: str) -> list[tuple[str, Image.Image]]:
    """Turn, table and ranch pictures of the moment, the placement preview of the first
    pair when a build is due, and the score sheet once the game is over (R-END-1)."""
    from engine.moonriver.actions import Build
    from engine.moonriver.game import legal_actions
    from engine.moonriver.view import public_view
    from render.moonriver import (
        render_preview,
        render_ranch,
        render_scores,
        render_table,
        render_turn,
    )
    from render.moonriver.changes import changes_of

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


_TABLE_FLAGS = Flags((
    Flag("--variant", f"{' (default) or '.join(VARIANTS)}", choices=VARIANTS),
    Flag("--scenario", f"Legends scenario: {_SCENARIO_WORDS}, or {RANDOM_SCENARIO}"),
))

CLI = CliGame(
    position="ranch",
    score=score,
    table_options=table_options,
    draw_record=draw_record,
    draw_position=draw_position,
    flags={
        SCORE: Flags((Flag("--scenario", f"add a Legends scenario: {_SCENARIO_WORDS}"),),
                     hint="Legends of the West"),
        SIMULATE: _TABLE_FLAGS,
        SANDBOX: _TABLE_FLAGS,
    },
)
