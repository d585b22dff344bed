"""Kingdomino's pictures, called through this one module (issue 15).

PLACEHOLDER: the real pictures (kingdoms with crowns and properties outlined, the lines
with kings, the lettered placement preview, the score sheet) are `render.kingdomino`'s,
being written alongside. Until it lands, these draw an honest text picture: the lines
and every kingdom in kingdom notation, the lettered places as cell names. The
signatures are render.kingdomino's (`render_turn(state, events=…, locale=…, theme=…)` →
a picture with `.image`; `render_preview(state, seat, places, …)` → (image, {letter:
action text}); `render_final`; `render_kingdom`), so pointing these four names at
render.kingdomino is the whole switch-over.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from engine.events import Event
from engine.kingdomino.actions import Place
from engine.kingdomino.dominoes import domino
from engine.kingdomino.notation import format_kingdom
from engine.kingdomino.state import GameState
from engine.kingdomino.view import public_view
from render.fonts import draw_text
from render.labels import slot_label
from render.theme import theme_named

WIDTH = 800
LINE = 26
SIZE = 18


@dataclass(frozen=True, slots=True)
class TurnPicture:
    image: Image.Image


def _draw(lines: Sequence[str], theme: str) -> Image.Image:
    colours = theme_named(theme)
    image = Image.new("RGB", (WIDTH, 24 + LINE * max(1, len(lines))), colours.background)
    draw = ImageDraw.Draw(image)
    for i, line in enumerate(lines):
        draw_text(draw, (16, 12 + i * LINE), line, SIZE, colours.text, max_width=WIDTH - 32)
    return image


def _domino(number: int) -> str:
    piece = domino(number)
    return f"{number} {piece.a.code}+{piece.b.code}"


def _table_lines(state: GameState) -> list[str]:
    view = public_view(state)
    names = state.config.players
    lines = [f"Kingdomino · round {view.round}/{view.rounds}"
             + (f" · game {view.game}/{view.games}" if view.games > 1 else "")]
    for title, line in (("line", view.line), ("next", view.next_line)):
        if line:
            lines.append(f"{title}:")
        lines += [f"   {slot_label(i)} {_domino(s.domino.number)}"
                  + (f"  ♔ {names[s.king]}" if s.king is not None else "")
                  for i, s in enumerate(line)]
    for player in view.players:
        lines.append(f"{player.name}: {player.score.total}")
        lines += [f"   {row}" for row in format_kingdom(player.kingdom).split(" / ")]
    return lines


def render_turn(state: GameState, events: Sequence[Event] = (), locale: str = "en",
                theme: str = "dark") -> TurnPicture:
    return TurnPicture(_draw(_table_lines(state), theme))


def render_preview(state: GameState, seat: int, places: Sequence[Place], locale: str = "en",
                   theme: str = "dark") -> tuple[Image.Image, dict[str, str]]:
    """The kingdom with every legal place lettered a, b, c … (here: listed by cell)."""
    letters = {letter(i): str(place) for i, place in enumerate(places)}
    lines = [f"{state.config.players[seat]}: {format_kingdom(state.kingdoms[seat])}"]
    lines += [f"{mark}) {place.cell_name} {place.direction.value}"
              for mark, place in zip(letters, places, strict=True)]
    return _draw(lines, theme), letters


def render_final(state: GameState, locale: str = "en", theme: str = "dark") -> Image.Image:
    view = public_view(state)
    lines = ["Kingdomino · final scores"]
    for player in view.players:
        lines.append(f"{player.name}: {player.score.total}")
    return _draw(lines + _table_lines(state)[1:], theme)


def render_kingdom(state: GameState, seat: int, locale: str = "en",
                   theme: str = "dark") -> Image.Image:
    kingdom = state.kingdoms[seat]
    rows = format_kingdom(kingdom).split(" / ")
    return _draw([state.config.players[seat], *rows], theme)


def letter(index: int) -> str:
    """a … z, then aa, ab …: as many letters as there are places."""
    letters = "abcdefghijklmnopqrstuvwxyz"
    if index < len(letters):
        return letters[index]
    return letters[index // len(letters) - 1] + letters[index % len(letters)]
