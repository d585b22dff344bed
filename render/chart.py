"""Charts drawn with the toolkit, game-free: a line per player over the rounds (the
story picture; a player's rating over their games on the profile), and one stacked bar
per player of where the points came from.

Drawn straight with Pillow rather than a plotting library: the pictures need the
themes' fixed palette (no anti-aliased in-between colours), the bundled fonts with
their Japanese fallback and the text-size log the phone tests read (render.stamps), and
a few hundred lines of layout are cheaper than a plotting library's start-up in the
drawing worker. Lines differ by colour *and* marker shape (circle, square, triangle,
diamond), and each is drawn over a dark outline, so a pale seat colour shows on the
light theme and the chart reads for colour-blind players and in greyscale.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from render.stamps import draw_text, text_width
from render.theme import OUTLINE, RGB, Theme

Box = tuple[int, int, int, int]
MARKERS = ("circle", "square", "triangle", "diamond")
LINE_W = 6      # native px: 3 px at phone size
STRONG_W = 8    # the winner's line
MARKER = 18     # native px across: 9 px at phone size


@dataclass(frozen=True, slots=True)
class Line:
    """One player's line: a value per step (round), drawn in `colour` with `marker`."""

    label: str
    colour: RGB
    values: tuple[int, ...]
    marker: str = "circle"
    strong: bool = False  # the winner's: drawn thicker and on top


@dataclass(frozen=True, slots=True)
class Part:
    """One source of points across the bars: its label, colour and a value per bar."""

    label: str
    colour: RGB
    values: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class LineGeometry:
    """Where a line chart went: the plot box and each line's points (native px)."""

    plot: Box
    points: tuple[tuple[tuple[int, int], ...], ...]
    line_width: int
    marker: int


@dataclass(frozen=True, slots=True)
class BarGeometry:
    """Where each bar and each of its segments went (native px), bar by bar."""

    bars: tuple[Box, ...]
    segments: tuple[tuple[Box, ...], ...]


def ticks(low: int, high: int, most: int = 5) -> list[int]:
    """Round gridline values from at most `low` to at least `high`: steps of 1, 2, 5 × 10ⁿ,
    at most `most` + 1 of them."""
    span = max(1, high - low)
    step = 1
    for power in range(0, 8):
        for base in (1, 2, 5):
            step = base * 10 ** power
            if math.ceil(span / step) <= most:
                break
        else:
            continue
        break
    start = math.floor(low / step) * step
    end = math.ceil(high / step) * step
    return list(range(start, end + 1, step))


def _marker(draw: ImageDraw.ImageDraw, centre: tuple[int, int], shape: str, size: int,
            fill: RGB) -> None:
    """A marker of `shape`, `size` px across, outlined so it shows on any panel."""
    x, y = centre
    r = size // 2
    if shape == "square":
        draw.rectangle((x - r + 1, y - r + 1, x + r - 1, y + r - 1), fill=fill,
                       outline=OUTLINE, width=2)
    elif shape == "triangle":
        draw.polygon([(x, y - r - 1), (x + r + 1, y + r), (x - r - 1, y + r)], fill=fill,
                     outline=OUTLINE, width=2)
    elif shape == "diamond":
        draw.polygon([(x, y - r - 2), (x + r + 2, y), (x, y + r + 2), (x - r - 2, y)],
                     fill=fill, outline=OUTLINE, width=2)
    else:
        draw.ellipse((x - r, y - r, x + r, y + r), fill=fill, outline=OUTLINE, width=2)


def draw_lines(image: Image.Image, box: Box, lines: Sequence[Line], steps: Sequence[str],
               *, theme: Theme, text: int) -> LineGeometry:
    """A line chart in `box`: gridlines with their values on the left, the `steps`
    (round names) under the plot, one line per entry with a marker at every step (every
    few, and the last, where steps are denser than two markers); the strong line last,
    on top. Steps too dense to name are named every few."""
    d = ImageDraw.Draw(image)
    values = [v for line in lines for v in line.values] or [0]
    grid = ticks(min(0, *values), max(1, *values))
    label_w = max(text_width(str(v), text) for v in grid) + 10
    x0, y0, x1, y1 = box
    plot = (x0 + label_w, y0 + text // 2 + 2, x1 - MARKER, y1 - text - 12)
    px0, py0, px1, py1 = plot
    low, high = grid[0], grid[-1]

    def y_of(value: int) -> int:
        return round(py1 - (value - low) * (py1 - py0) / max(1, high - low))

    count = max(len(steps), 1)

    first = px0 + MARKER  # the first marker clear of the value labels

    def x_of(index: int) -> int:
        return round(first + index * (px1 - first) / max(1, count - 1)) if count > 1 \
            else (px0 + px1) // 2

    for value in grid:
        y = y_of(value)
        d.line((px0, y, px1, y), fill=theme.grid_line, width=2 if value == 0 else 1)
        draw_text(image, (px0 - 8, y), str(value), text, theme.muted, anchor="rm")
    widest = max((text_width(s, text) for s in steps), default=0) + 12
    every = max(1, math.ceil(widest / max(1, (px1 - first) / max(1, count - 1))))
    for index, step in enumerate(steps):
        if index % every == 0 or index == count - 1:
            if index != count - 1 and count - 1 - index < every:
                continue  # the last step is always named: never crowd it
            draw_text(image, (x_of(index), py1 + 8), step, text, theme.muted, anchor="ma")
    spacing = (px1 - first) / max(1, count - 1)
    marked = max(1, math.ceil(2 * MARKER / max(1.0, spacing)))  # dense: every few steps
    order = sorted(range(len(lines)), key=lambda i: lines[i].strong)
    drawn: dict[int, tuple[tuple[int, int], ...]] = {}
    for i in order:
        line = lines[i]
        xy = tuple((x_of(n), y_of(v)) for n, v in enumerate(line.values))
        width = STRONG_W if line.strong else LINE_W
        if len(xy) > 1:
            d.line(xy, fill=OUTLINE, width=width + 4, joint="curve")
            d.line(xy, fill=line.colour, width=width, joint="curve")
        for n, point in enumerate(xy):
            if n % marked == 0 or n == len(xy) - 1:
                _marker(d, point, line.marker, MARKER + (4 if line.strong else 0),
                        line.colour)
        drawn[i] = xy
    points = [drawn[i] for i in range(len(lines))]
    return LineGeometry(plot, tuple(points), LINE_W, MARKER)


def draw_legend(image: Image.Image, xy: tuple[int, int], width: int,
                items: Sequence[tuple[str, RGB, str | None]], *, theme: Theme,
                text: int) -> int:
    """Legend entries (label, colour, marker shape or None for a swatch) flowing left to
    right in rows within `width`; returns the height used."""
    d = ImageDraw.Draw(image)
    x, y = xy
    row_h = max(text, MARKER) + 12
    cursor = x
    for label, colour, shape in items:
        room = width - 2 * MARKER
        label_w = min(text_width(label, text), room)
        entry = MARKER + 8 + label_w + 24
        if cursor > x and cursor + entry > x + width:
            cursor, y = x, y + row_h
        middle = y + row_h // 2
        if shape is None:
            d.rectangle((cursor, middle - MARKER // 2, cursor + MARKER, middle + MARKER // 2),
                        fill=colour, outline=theme.panel_edge)
        else:
            _marker(d, (cursor + MARKER // 2, middle), shape, MARKER, colour)
        draw_text(image, (cursor + MARKER + 8, middle), label, text, theme.text, anchor="lm",
                  max_width=room)
        cursor += entry
    return y + row_h - xy[1]


def draw_bars(image: Image.Image, box: Box, labels: Sequence[str], parts: Sequence[Part],
              *, theme: Theme, text: int, bar_h: int) -> BarGeometry:
    """One horizontal bar per label (a player), stacked from `parts` left to right on a
    common scale, each segment wide enough holding its value; the bar's total at its
    end. Negative values are left out of the stack (none of the games has any)."""
    d = ImageDraw.Draw(image)
    x0, y0, x1, _ = box
    label_w = min(max((text_width(name, text, bold=True) for name in labels), default=0) + 12,
                  (x1 - x0) // 3)
    totals = [sum(max(0, part.values[i]) for part in parts) for i in range(len(labels))]
    total_w = max((text_width(str(v), text, bold=True) for v in totals), default=0) + 12
    scale_w = x1 - x0 - label_w - total_w
    top = max([1, *totals])
    bars: list[Box] = []
    segments: list[tuple[Box, ...]] = []
    for i, name in enumerate(labels):
        y = y0 + i * (bar_h + 10)
        middle = y + bar_h // 2
        draw_text(image, (x0, middle), name, text, theme.text, bold=True, anchor="lm",
                  max_width=label_w - 12)
        left = x = x0 + label_w
        boxes: list[Box] = []
        for part in parts:
            value = max(0, part.values[i])
            width = round(value * scale_w / top)
            if width <= 0:
                continue
            segment = (x, y, x + width, y + bar_h)
            d.rectangle(segment, fill=part.colour, outline=OUTLINE, width=2)
            label = str(value)
            if text_width(label, text, bold=True) + 8 <= width:
                draw_text(image, ((segment[0] + segment[2]) / 2, middle), label, text,
                          _ink_on(part.colour), bold=True, anchor="mm")
            boxes.append(segment)
            x += width
        draw_text(image, (x + 8, middle), str(totals[i]), text, theme.text, bold=True,
                  anchor="lm")
        bars.append((left, y, x, y + bar_h))
        segments.append(tuple(boxes))
    return BarGeometry(tuple(bars), tuple(segments))


def bars_height(count: int, bar_h: int) -> int:
    return count * (bar_h + 10) - 10 if count else 0


def _ink_on(fill: RGB) -> RGB:
    """Black or white text, whichever reads on `fill` (by its luminance)."""
    r, g, b = fill
    return OUTLINE if 0.299 * r + 0.587 * g + 0.114 * b > 150 else (255, 255, 255)
