"""Text drawn once into cached stamps, then pasted: the renderer's main saving.

Rasterising a string with FreeType costs far more than pasting its coverage mask, and a
table picture repeats the same strings (names, scores, coordinates, labels) turn after
turn. A stamp is the text's 8-bit coverage mask with its metrics; `draw_text` pastes it
in any colour. The caches are bounded, so a long-running bot keeps a fixed footprint.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from render.fonts import Colour, emoji_image, is_emoji, run_length, runs, shorten

STAMP_CACHE_SIZE = 512  # a few MiB of masks: the strings every picture repeats
WIDTH_CACHE_SIZE = 4096  # plain ints: measuring never rasterises
FIT_CACHE_SIZE = 2048
_here = threading.local()  # each drawing thread collects its own texts


def _logs() -> list[list[tuple[str, int]]]:
    logs: list[list[tuple[str, int]]] | None = getattr(_here, "logs", None)
    if logs is None:
        logs = _here.logs = []
    return logs


@contextmanager
def drawn_texts() -> Iterator[list[tuple[str, int]]]:
    """Collect (text, size) of every text drawn inside the block: a picture reports its
    smallest text in its layout, and tests check what was written."""
    log: list[tuple[str, int]] = []
    logs = _logs()
    logs.append(log)
    try:
        yield log
    finally:
        logs.pop()  # the innermost block ends first (`remove` would match an equal list)


def log_texts(texts: tuple[tuple[str, int], ...]) -> None:
    """Record texts as drawn without drawing them: a cached piece pasted again
    (render.pieces) still counts for the picture's smallest text."""
    for log in _logs():
        log.extend(texts)


@dataclass(frozen=True, slots=True)
class Stamp:
    """One string's coverage mask: `ascent` pixels above the baseline, the rest below;
    `colour`: its emoji in colour (RGBA, the mask's size), pasted over the text."""

    mask: Image.Image
    width: int
    ascent: int
    descent: int
    colour: Image.Image | None = None


@lru_cache(maxsize=STAMP_CACHE_SIZE)
def stamp(text: str, size: int, bold: bool = False) -> Stamp:
    """The mask of `text` (per-character font fallback as in `render.fonts.runs`)."""
    parts = runs(text, size, bold)
    text_parts = [(part, f) for part, f in parts if not is_emoji(f)]
    ascent = max((f.getmetrics()[0] for _, f in text_parts), default=round(size * 0.93))
    descent = max((f.getmetrics()[1] for _, f in text_parts), default=round(size * 0.24))
    width = int(sum(run_length(part, f, size) for part, f in parts))
    mask = Image.new("L", (max(1, width + 2), ascent + descent))
    colour: Image.Image | None = None
    draw = ImageDraw.Draw(mask)
    x = 0.0
    for part, f in parts:
        if is_emoji(f):  # in colour, over the line's middle
            if colour is None:
                colour = Image.new("RGBA", mask.size, (0, 0, 0, 0))
            picture = emoji_image(part, size)
            colour.alpha_composite(picture, (round(x), max(0, (mask.height - picture.height)
                                                            // 2)))
        else:
            draw.text((x, ascent), part, font=f, fill=255, anchor="ls")
        x += run_length(part, f, size)
    return Stamp(mask, width, ascent, descent, colour)


@lru_cache(maxsize=WIDTH_CACHE_SIZE)
def text_width(text: str, size: int, bold: bool = False) -> int:
    """The width `stamp(text, size, bold)` has, measured without drawing it: `fit` tries
    many shortened strings, and a mask for each would crowd the stamp cache."""
    return int(sum(run_length(part, f, size) for part, f in runs(text, size, bold)))


@lru_cache(maxsize=FIT_CACHE_SIZE)
def fit(text: str, size: int, width: int, bold: bool = False) -> str:
    """`text`, shortened with an ellipsis until it fits `width` pixels (cached: the
    same names and lines are fitted picture after picture)."""
    return shorten(text, width, lambda part: text_width(part, size, bold))


@lru_cache(maxsize=FIT_CACHE_SIZE)
def fit_size(text: str, size: int, width: int, bold: bool = False,
             smallest: int | None = None) -> tuple[str, int]:
    """`text` and the size to draw it at within `width` pixels: smaller first, down to
    `smallest` (a name shrinks a little before it loses letters), then cut with an
    ellipsis at that size."""
    low = size if smallest is None else min(size, smallest)
    for candidate in range(size, low - 1, -1):
        if text_width(text, candidate, bold) <= width:
            return text, candidate
    return fit(text, low, width, bold), low


def name_and_score(name: str, score: str, bare: str, size: int, room: int,
                   gap: int = 10) -> tuple[str, bool]:
    """A panel header's score text and whether its name is bold, with `room` pixels for
    name, `gap` and score: a name that does not fit beside the score takes the room of its
    unit (the `bare` number), then goes from bold to the narrower regular face; only then
    is it cut (the caller's `max_width`). Sizes stay: names read at phone width."""
    if text_width(name, size, True) + gap + text_width(score, size, True) > room:
        score = bare
    return score, text_width(name, size, True) + gap + text_width(score, size, True) <= room


def _top(y: float, anchor: str, s: Stamp) -> float:
    """The mask's top edge for Pillow's vertical anchors a (ascender), m, s, d (descender)."""
    vertical = anchor[1]
    if vertical == "s":
        return y - s.ascent
    if vertical == "m":
        return y - (s.ascent + s.descent) / 2
    if vertical == "d":
        return y - s.ascent - s.descent
    return y


def draw_text(surface: Image.Image | ImageDraw.ImageDraw, xy: tuple[float, float], text: str,
              size: int, fill: Colour, *, bold: bool = False, anchor: str = "la",
              max_width: int | None = None, shrink: int | None = None) -> int:
    """Paste `text` (left/middle/right by anchor[0]: l, m, r); returns the width drawn.

    Same contract as `render.fonts.draw_text`, for RGB pictures; `surface` is the picture
    or an `ImageDraw.Draw` of it. `shrink`: the smallest size to try before cutting."""
    if max_width is not None:
        text, size = fit_size(text, size, max_width, bold, shrink)
    for log in _logs():
        log.append((text, size))
    s = stamp(text, size, bold)
    target = surface if isinstance(surface, Image.Image) else surface._image
    origin = stamp_origin(xy, anchor, s)
    target.paste(fill, origin, s.mask)
    if s.colour is not None:
        target.paste(s.colour, origin, s.colour)
    return s.width


def stamp_origin(xy: tuple[float, float], anchor: str, s: Stamp) -> tuple[int, int]:
    """Where `draw_text` puts the top-left corner of the stamp `s` anchored at `xy`."""
    x, y = xy
    if anchor[0] == "m":
        x -= s.width / 2
    elif anchor[0] == "r":
        x -= s.width
    return round(x), round(_top(y, anchor, s))
