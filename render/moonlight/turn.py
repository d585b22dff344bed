"""The public turn picture, for the channel (the view of seat None: no hand card in it).

Drawn 800 px wide for Discord's ~400 px on a phone: the round and who moves; each
player's strip (rounds won, cards in hand and deck as counts, the Lone Wolf once won);
the area with each wolf's value, moon and owner, covered stacks, coordinates and this
turn's cards framed; beside each row its sums on the winner's colour; the round's
result when one was just scored (else the standing if it ended now); the Alpha Powers
chosen, each with its effect; the provisional legend.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from PIL import Image

from engine.games.events import Event
from engine.games.i18n import t
from engine.moonlight.area import parse_area, top_code
from engine.moonlight.scoring import score_area
from engine.moonlight.view import MoonlightView
from render.moonlight import parts
from render.moonlight.area import (
    AreaGeometry,
    area_size,
    draw_area,
    draw_row_results,
    window_of,
)
from render.moonlight.layout import Layout, Picture
from render.moonlight.parts import PAD, TEXT
from render.moonlight.source import Stacks, TurnMarks, marks_of, stacks_of, view_of
from render.stamps import draw_text, drawn_texts
from render.theme import Theme

CELL = 120  # 60 px on a phone


def render_turn(view: MoonlightView | dict[str, Any], *, events: Iterable[Event] = (),
                locale: str = "en", theme: Theme) -> Picture:
    """The picture posted after a turn; `events` are the turn's (they mark what changed)."""
    seen = view_of(view)
    with drawn_texts() as texts:
        image, geometry = _draw(seen, marks_of(events), theme, locale)
    smallest = min((size for _, size in texts), default=TEXT)
    return Picture(image, Layout(image.width, image.height, smallest, area=geometry))


def draw_area_with_rows(image: Image.Image, y: int, stacks: Stacks, rows: list[
        tuple[tuple[int, int], int | None]], theme: Theme, locale: str, *, coords: bool,
        marks: Iterable[int] = ()) -> AreaGeometry:
    """The area from `y` with each row's sums beside it (or where the first card goes)."""
    window = window_of(stacks)
    width, _ = area_size(window, CELL, coords=coords)
    geometry = draw_area(image, PAD, y, stacks, window, CELL, theme, coords=coords,
                         marks=marks, text=TEXT)
    side = PAD + width + 18
    if stacks:
        if coords:
            draw_text(image, (side, y + 15), t("ml.pic.rows", locale), TEXT, theme.muted,
                      bold=True, anchor="lm")
        draw_row_results(image, side, geometry.row_middles, CELL, rows, theme, TEXT)
    else:
        draw_text(image, (side, geometry.row_middles[0]), t("ml.pic.area_empty", locale),
                  TEXT, theme.text, anchor="lm", max_width=parts.WIDTH - PAD - side)
    return geometry


def _draw(view: MoonlightView, marks: TurnMarks, theme: Theme, locale: str
          ) -> tuple[Image.Image, AreaGeometry]:
    image = parts.canvas(theme)
    y = parts.banner(image, view, theme, locale, PAD)
    y = parts.strips(image, view, theme, locale, y)
    stacks, score, coords, placed = stacks_of(view), view.score, True, marks.placed
    scored = marks.scored
    if scored is not None and scored.area != view.area_text:
        # the round just scored was dealt anew (replayed): draw it as it ended, from the
        # event's notation (its place on the canvas and covered cards are not in it)
        tops = parse_area(scored.area)
        stacks = {cell: (top_code(code),) for cell, code in tops.items()}
        score, coords, placed = score_area(tops, view.powers), False, ()
    rows = parts.rows_of(score)
    if scored is not None:
        rows = [(sums, winner) for (sums, _), winner in zip(rows, scored.row_winners,
                                                           strict=False)]
    geometry = draw_area_with_rows(image, y, stacks, rows, theme, locale, coords=coords,
                                   marks=placed)
    y += geometry.height + PAD
    if stacks:
        y = parts.result(image, view, score, theme, locale, y,
                         scored=None if scored is None else scored.round)
    y = parts.powers(image, view, theme, locale, y + 4)
    y = parts.legend(image, theme, locale, y + 6)
    return parts.crop(image, y), geometry
