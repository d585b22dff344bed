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

from PIL import Image, ImageDraw

from engine.games.events import Event
from engine.games.i18n import t
from engine.moonlight.area import CELL_NAMES, OWNERS, SIDE, parse_area, top_code
from engine.moonlight.scoring import score_area
from engine.moonlight.view import MoonlightView
from render.moonlight import parts
from render.moonlight.area import (
    AreaGeometry,
    Window,
    area_size,
    draw_area,
    draw_row_results,
    window_of,
)
from render.moonlight.layout import Layout, Picture
from render.moonlight.parts import PAD, TEXT
from render.moonlight.source import Stacks, TurnMarks, marks_of, stacks_of, view_of
from render.moonlight.style import DISCARD_MARK
from render.stamps import draw_text, drawn_texts
from render.theme import OUTLINE, Theme

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
        marks: Iterable[int] = (), scored: bool = False) -> AreaGeometry:
    """The area from `y` with each row's sums beside it (or where the first card goes);
    once the round is `scored`, the cards its rows discarded are crossed (M-SCORE-2)."""
    window = window_of(stacks)
    width, _ = area_size(window, CELL, coords=coords)
    geometry = draw_area(image, PAD, y, stacks, window, CELL, theme, coords=coords,
                         marks=marks, text=TEXT)
    if scored:
        _cross_discarded(image, geometry, stacks, rows, window)
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


def _cross_discarded(image: Image.Image, geometry: AreaGeometry, stacks: Stacks,
                     rows: list[tuple[tuple[int, int], int | None]], window: Window) -> None:
    """A cross over each visible card its row did not keep: the loser's cards, or every
    card of a tied row (M-SCORE-2; the row winner already counts `pack-leader`)."""
    d = ImageDraw.Draw(image)
    for (_, winner), row in zip(rows, range(window.top, window.bottom - 1, -1),
                                strict=False):
        for column in range(window.left, window.right + 1):
            index = row * SIDE + column
            stack = stacks.get(index)
            if not stack or OWNERS.index(stack[-1][0]) == winner:
                continue
            x0, y0, x1, y1 = geometry.cells[CELL_NAMES[index]]
            size = (x1 - x0 - 6, y1 - y0 - 6)
            shade = Image.new("L", size, 0)
            ImageDraw.Draw(shade).rounded_rectangle((0, 0, size[0] - 1, size[1] - 1),
                                                    radius=geometry.cell // 10, fill=100)
            image.paste(Image.new("RGB", size, OUTLINE), (x0 + 3, y0 + 3), shade)  # dimmed
            inset = geometry.cell // 8
            for a, b in (((x0 + inset, y0 + inset), (x1 - inset, y1 - inset)),
                         ((x0 + inset, y1 - inset), (x1 - inset, y0 + inset))):
                d.line((a, b), fill=DISCARD_MARK, width=max(2, geometry.cell // 30))


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
                                   marks=placed, scored=scored is not None)
    y += geometry.height + PAD
    if stacks:
        y = parts.result(image, view, score, theme, locale, y,
                         scored=None if scored is None else scored.round)
    y = parts.powers(image, view, theme, locale, y + 4)
    y = parts.legend(image, theme, locale, y + 6)
    return parts.crop(image, y), geometry
