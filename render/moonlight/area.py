"""The area drawn in cells: visible cards, covered stacks, coordinates, marks and letters.

The canvas is 7×7 but only its occupied part matters (M-PLACE-1, M-PLACE-2), so a
picture draws a *window*: the bounding box of the cells it has to show (the cards, and
on the hand picture the cells a card may go to). Rows are drawn top-down, as area
notation writes them; columns A–G are named above, rows 1–7 on the left (action texts
use them: `play 4m C5`). A covered stack (M-PLACE-3, M-PLACE-4) shows the edges of up to
three cards underneath above the visible one, and a badge counts any more; the cards placed this
turn are framed in the theme's highlight; a letter marks a cell a proposed card may go.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from engine.moonlight.area import CELL_NAMES, CENTRE, COLUMNS, SIDE
from render.moonlight.cards import Box, draw_wolf, wolf_on_area
from render.moonlight.style import CARD_INK, TIE, legal_tint, seat_rgb
from render.stamps import draw_text, text_width
from render.theme import OUTLINE, Theme

COORD = 30  # room for the coordinates above and left of the cells
SLIVER = 7  # the visible edge of each covered card
MAX_SLIVERS = 3


@dataclass(frozen=True, slots=True)
class Window:
    """Columns `left`…`right`, rows `bottom`…`top` of the canvas (0-based)."""

    left: int
    bottom: int
    right: int
    top: int

    @property
    def columns(self) -> int:
        return self.right - self.left + 1

    @property
    def rows(self) -> int:
        return self.top - self.bottom + 1


def window_of(cells: Iterable[int]) -> Window:
    """The bounding box of `cells`; an empty area shows the centre, D4 (M-PLACE-1)."""
    cells = list(cells) or [CENTRE]
    columns = [c % SIDE for c in cells]
    rows = [c // SIDE for c in cells]
    return Window(min(columns), min(rows), max(columns), max(rows))


@dataclass(frozen=True, slots=True)
class AreaGeometry:
    """Where the area lies in the picture (native pixels)."""

    box: Box
    cell: int
    cells: Mapping[str, Box]  # by cell name, every cell of the window
    row_middles: tuple[float, ...]  # top-down

    @property
    def width(self) -> int:
        return self.box[2] - self.box[0]

    @property
    def height(self) -> int:
        return self.box[3] - self.box[1]


def area_size(window: Window, cell: int, *, coords: bool) -> tuple[int, int]:
    extra = COORD if coords else 0
    return window.columns * cell + extra, window.rows * cell + extra


def draw_area(image: Image.Image, x: int, y: int, stacks: Mapping[int, Sequence[str]],
              window: Window, cell: int, theme: Theme, *, coords: bool = True,
              marks: Iterable[int] = (), letters: Mapping[int, str] | None = None,
              text: int = 22) -> AreaGeometry:
    """The window's cells from (x, y): `stacks` maps canvas cells to their cards bottom
    first (`g3`, `b4m`); `marks` are framed; `letters` name cells a card may go to."""
    d = ImageDraw.Draw(image)
    marked = set(marks)
    letters = letters or {}
    ox, oy = (x + COORD, y + COORD) if coords else (x, y)
    boxes: dict[str, Box] = {}
    middles = []
    for i, row in enumerate(range(window.top, window.bottom - 1, -1)):
        cy = oy + i * cell
        middles.append(cy + cell / 2)
        if coords:
            draw_text(image, (x + COORD / 2 - 2, cy + cell / 2), str(row + 1), text,
                      theme.muted, bold=True, anchor="mm")
        for j, column in enumerate(range(window.left, window.right + 1)):
            cx = ox + j * cell
            if coords and i == 0:
                draw_text(image, (cx + cell / 2, y + COORD / 2), COLUMNS[column], text,
                          theme.muted, bold=True, anchor="mm")
            index = row * SIDE + column
            box = (cx, cy, cx + cell, cy + cell)
            boxes[CELL_NAMES[index]] = box
            stack = stacks.get(index, ())
            inner = (cx + 3, cy + 3, cx + cell - 3, cy + cell - 3)
            if not stack:
                fill = legal_tint(theme) if index in letters else theme.grid
                d.rounded_rectangle(inner, radius=cell // 10, fill=fill,
                                    outline=theme.grid_line, width=2)
            else:
                _draw_stack(image, inner, stack, text)
            if index in marked:
                d.rounded_rectangle((cx, cy, cx + cell - 1, cy + cell - 1), radius=cell // 8,
                                    outline=theme.highlight, width=6)
            if index in letters:
                _draw_letter(image, box, letters[index], theme, text, covered=bool(stack))
    w, h = area_size(window, cell, coords=coords)
    return AreaGeometry((x, y, x + w, y + h), cell, boxes, tuple(middles))


def _draw_stack(image: Image.Image, inner: Box, stack: Sequence[str], text: int) -> None:
    """The visible card, with the edges of up to three covered ones above it."""
    d = ImageDraw.Draw(image)
    x0, y0, x1, y1 = inner
    covered = list(stack[:-1])[-MAX_SLIVERS:]
    for k, code in enumerate(covered):
        top = y0 + k * SLIVER
        d.rounded_rectangle((x0 + 4, top, x1 - 4, top + 3 * SLIVER), radius=4,
                            fill=seat_rgb(wolf_on_area(code).seat), outline=OUTLINE)
    card_box = (x0, y0 + len(covered) * SLIVER, x1, y1)
    size = round((x1 - x0) * 0.5)
    draw_wolf(image, card_box, wolf_on_area(stack[-1]), value_size=size)
    hidden = len(stack) - 1 - len(covered)
    if hidden > 0:  # only for covered cards no edge shows: "+1" beside every cover read
        label = f"+{hidden}"  # as the 3's "+1 in a row you win" (M-POWER-2)
        h = text + 8
        w = max(h, text_width(label, text, True) + 12)
        bx, by = x0 + 4, y1 - h - 4
        d.rounded_rectangle((bx, by, bx + w, by + h), radius=h // 2, fill=OUTLINE,
                            outline=CARD_INK, width=2)
        draw_text(image, (bx + w / 2, by + h / 2), label, text, CARD_INK, bold=True,
                  anchor="mm")


def _draw_letter(image: Image.Image, box: Box, letter: str, theme: Theme, text: int, *,
                 covered: bool) -> None:
    """A letter in a disc: centred on an empty cell, in the corner over a card it covers."""
    d = ImageDraw.Draw(image)
    x0, y0, x1, y1 = box
    r = text * 1.1
    if covered:  # the card it would cover framed, the letter in its corner
        d.rounded_rectangle((x0, y0, x1 - 1, y1 - 1), radius=(x1 - x0) // 8,
                            outline=theme.highlight, width=5)
    cx, cy = ((x0 + x1) / 2, (y0 + y1) / 2) if not covered else (x1 - r - 2, y1 - r - 2)
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=theme.highlight, outline=OUTLINE,
              width=2)
    ink = OUTLINE if theme.name == "dark" else CARD_INK
    draw_text(image, (cx, cy), letter, text + 6, ink, bold=True, anchor="mm")


def draw_row_results(image: Image.Image, x: int, middles: Sequence[float], cell: int,
                     rows: Sequence[tuple[tuple[int, int], int | None]], theme: Theme,
                     text: int) -> int:
    """Beside each row: its sums, green–blue, on the winner's colour (grey: a tie, both
    sides discarded, M-SCORE-2). Returns the width drawn."""
    d = ImageDraw.Draw(image)
    width = 0
    pill_h = min(cell - 16, text + 22)
    for middle, (sums, winner) in zip(middles, rows, strict=False):
        label = f"{sums[0]}–{sums[1]}"
        fill = TIE if winner is None else seat_rgb(winner)
        w = text_width(label, text + 4, True) + 28
        d.rounded_rectangle((x, middle - pill_h / 2, x + w, middle + pill_h / 2),
                            radius=pill_h // 2, fill=fill, outline=OUTLINE, width=2)
        draw_text(image, (x + w / 2, middle), label, text + 4, CARD_INK, bold=True,
                  anchor="mm")
        width = max(width, w)
    return width


__all__ = [
    "COORD",
    "AreaGeometry",
    "Window",
    "area_size",
    "draw_area",
    "draw_row_results",
    "window_of",
]
