"""Every Kingdomino picture kind of one game, written as PNG files (for the command line).

The same bytes the bot sends: the theme's fixed palette seeded with Kingdomino's art
colours (render.encode), so no picture is quantised on its own.
"""

from __future__ import annotations

from pathlib import Path

from PIL import Image

from engine.games.base import Record
from engine.games.events import Event
from engine.kingdomino.actions import Place
from engine.kingdomino.game import legal_actions
from engine.kingdomino.game_rules import Kingdomino
from engine.kingdomino.state import GameState, Phase
from engine.registry import replay
from render.encode import to_png_bytes
from render.kingdomino.board import render_kingdom
from render.kingdomino.final import render_final
from render.kingdomino.preview import render_preview
from render.kingdomino.style import ART_COLOURS
from render.kingdomino.turn import render_turn
from render.theme import Theme


def to_png(image: Image.Image, theme: Theme) -> bytes:
    """PNG bytes for Discord: the theme's palette plus Kingdomino's colours, kept exact."""
    return to_png_bytes(image, theme=theme, colours=ART_COLOURS)


def _last_turn(record: Record) -> tuple[GameState, list[Event]]:
    """The record's final position and the events of its last action, replayed and
    checked (every action, and the result when recorded)."""
    if record.game != Kingdomino.key:
        raise ValueError(f"not a Kingdomino record: {record.game!r}")
    played = replay(record)
    state: GameState = played.state
    return state, list(played.events[-1]) if played.events else []


def write_all(state_or_record: GameState | Record, folder: Path | str,
              locale: str, theme: Theme) -> list[Path]:
    """Write turn.png (final.png once the game is over), preview.png when a domino is to
    be placed, and kingdom-N.png per seat (N from 1) into `folder`; returns the paths.
    A record (the game registry's) is replayed, checked, and drawn at its end with the
    events of its last action marked."""
    if isinstance(state_or_record, Record):
        state, events = _last_turn(state_or_record)
    else:
        state, events = state_or_record, []
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    pictures: dict[str, Image.Image] = {}
    if state.phase is Phase.OVER:
        pictures["final"] = render_final(state, locale=locale, theme=theme).image
    else:
        pictures["turn"] = render_turn(state, events=events, locale=locale, theme=theme).image
    places = [a for a in legal_actions(state) if isinstance(a, Place)]
    if places and state.active_seat is not None:
        pictures["preview"] = render_preview(state, state.active_seat, places, locale=locale,
                                             theme=theme)[0]
    for seat in range(len(state.kingdoms)):
        pictures[f"kingdom-{seat + 1}"] = render_kingdom(state, seat, locale=locale,
                                                         theme=theme)
    paths = []
    for name, image in pictures.items():
        path = out / f"{name}.png"
        path.write_bytes(to_png(image, theme))
        paths.append(path)
    return paths
