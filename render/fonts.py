"""Fonts, loaded once, and text drawing that never fails on a missing glyph.

DejaVu Sans covers Latin, Greek and Cyrillic; Droid Sans Fallback adds Japanese; Noto
Color Emoji draws the emoji of players' names in colour (a bitmap font: drawn at its one
size, 109, and scaled, `emoji_image`). A character none has is drawn as a white square
instead of tofu boxes of unknown size, so any Discord display name renders.

The fonts are read only from the files shipped in the data package: a missing or
unreadable font is a FontError naming the file, never a silent fallback to whatever font
of the same name the system has.
"""

from __future__ import annotations

import atexit
import math
from collections.abc import Callable
from contextlib import ExitStack
from functools import cache, lru_cache
from importlib.resources import as_file

from PIL import Image, ImageDraw, ImageFont

from engine.games.resources import data_file

REGULAR = ("DejaVuSans.ttf", "DroidSansFallbackFull.ttf")
BOLD = ("DejaVuSans-Bold.ttf", "DroidSansFallbackFull.ttf")
REPLACEMENT = "\u25a1"  # WHITE SQUARE, in DejaVu Sans
EMOJI = "NotoColorEmoji.ttf"
EMOJI_SIZE = 109  # the one size of Noto Color Emoji's bitmaps (FreeType refuses others)
EMOJI_INDEX = len(REGULAR)  # `_font_index_for`'s answer for a character only it draws
#: What continues an emoji sequence (ZWJ, variation selectors, skin tones, keycap, tags).
_EMOJI_JOINERS = frozenset({0x200D, 0xFE0E, 0xFE0F, 0x20E3, *range(0x1F3FB, 0x1F400),
                            *range(0xE0020, 0xE0080)})

Font = ImageFont.FreeTypeFont
Colour = tuple[int, int, int] | tuple[int, int, int, int]


class FontError(RuntimeError):
    """A bundled font is missing or damaged: the installation is incomplete."""


_KEEP_FILES = ExitStack()  # a zipped install extracts fonts to files that live this long
atexit.register(_KEEP_FILES.close)


@cache
def font_path(name: str) -> str:
    """The file of a bundled font. FreeType reads it lazily, so every size shares it."""
    resource = data_file("fonts", name)
    if not resource.is_file():
        raise FontError(f"the bundled font fonts/{name} is missing; reinstall the package")
    return str(_KEEP_FILES.enter_context(as_file(resource)))


@cache
def font(size: int, bold: bool = False, index: int = 0) -> Font:
    name = (BOLD if bold else REGULAR)[index]
    try:
        return ImageFont.truetype(font_path(name), size)
    except OSError as exc:
        raise FontError(f"the bundled font fonts/{name} cannot be loaded ({exc})") from None


@cache
def emoji_font() -> Font:
    try:
        return ImageFont.truetype(font_path(EMOJI), EMOJI_SIZE)
    except OSError as exc:
        raise FontError(f"the bundled font fonts/{EMOJI} cannot be loaded ({exc})") from None


def _emoji_scale(size: int) -> float:
    """Text of `size` gets emoji about `size` pixels high (the bitmaps are 128 high)."""
    return size / 128


@lru_cache(maxsize=1024)
def _has_emoji(char: str) -> bool:
    box = emoji_font().getbbox(char)
    return box[3] > box[1]


@lru_cache(maxsize=1024)
def emoji_image(text: str, size: int) -> Image.Image:
    """An emoji run drawn in colour (RGBA) for text of `size`: at the font's one size,
    then scaled (Pillow draws a bitmap font's colour only with `embedded_color`)."""
    f = emoji_font()
    big = Image.new("RGBA", (max(1, math.ceil(f.getlength(text))), 128), (0, 0, 0, 0))
    ImageDraw.Draw(big).text((0, 0), text, font=f, embedded_color=True)
    scale = _emoji_scale(size)
    return big.resize((max(1, round(big.width * scale)), max(1, round(128 * scale))),
                      Image.Resampling.LANCZOS)


def is_emoji(f: Font) -> bool:
    """Whether a run's font is the emoji font (never loading it: most text has none)."""
    return emoji_font.cache_info().currsize > 0 and f is emoji_font()


def run_length(part: str, f: Font, size: int) -> float:
    """The advance of one run of `runs`: an emoji run's as scaled."""
    if is_emoji(f):
        return emoji_image(part, size).width
    return f.getlength(part)


@cache
def _notdef(size: int, bold: bool, index: int) -> bytes:
    mask = font(size, bold, index).getmask("\U000f0000")  # private use: never a real glyph
    return bytes(mask) + repr(mask.size).encode()


@lru_cache(maxsize=8192)  # keyed by the characters of players' names: keep it bounded
def _font_index_for(char: str, size: int, bold: bool) -> int:
    """Which font draws `char` (0 or 1; EMOJI_INDEX for the emoji font), or -1 if none
    does."""
    if char.isspace():
        return 0
    for index in range(len(REGULAR)):
        mask = font(size, bold, index).getmask(char)
        if bytes(mask) + repr(mask.size).encode() != _notdef(size, bold, index):
            return index
    return EMOJI_INDEX if _has_emoji(char) else -1


def _run_font(size: int, bold: bool, index: int) -> Font:
    return emoji_font() if index == EMOJI_INDEX else font(size, bold, index)


def runs(text: str, size: int, bold: bool = False) -> list[tuple[str, Font]]:
    """Split text into runs that one font can draw, replacing unknown characters; an
    emoji run (`is_emoji` of its font) keeps its joiners and modifiers, so a sequence
    (a skin tone, a family, a flag) is shaped as one."""
    out: list[tuple[str, Font]] = []
    current, current_index = "", -2
    for char in text:
        if current_index == EMOJI_INDEX and ord(char) in _EMOJI_JOINERS:
            current += char
            continue
        index = _font_index_for(char, size, bold)
        if index < 0:
            char, index = REPLACEMENT, 0
        if index != current_index and current:
            out.append((current, _run_font(size, bold, current_index)))
            current = ""
        current, current_index = current + char, index
    if current:
        out.append((current, _run_font(size, bold, current_index)))
    return out


def text_width(text: str, size: int, bold: bool = False) -> int:
    return int(sum(run_length(part, f, size) for part, f in runs(text, size, bold)))


def shorten(text: str, width: int, measure: Callable[[str], int]) -> str:
    """`text`, or its longest prefix with an ellipsis that `measure`s at most `width`
    pixels. A binary search over the prefix length: a long name or status line costs a
    dozen measurements, not one per character cut. Every prefix kept has been measured to
    fit; should shaping ever make a longer prefix narrower, the cut is merely shorter than
    it might be. A space before the ellipsis is dropped ("Moon…", not "Moon …")."""
    if measure(text) <= width:
        return text
    low, high = 0, len(text) - 1  # the longest prefix that fits lies in [low, high]
    while low < high:
        middle = (low + high + 1) // 2
        if measure(text[:middle] + "…") <= width:
            low = middle
        else:
            high = middle - 1
    return text[:low].rstrip() + "…"


def fit(text: str, size: int, width: int, bold: bool = False) -> str:
    """`text`, shortened with an ellipsis until it fits `width` pixels."""
    return shorten(text, width, lambda part: text_width(part, size, bold))


def draw_text(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, size: int,
              fill: Colour, *, bold: bool = False, anchor: str = "la",
              max_width: int | None = None) -> int:
    """Draw text (left/middle/right by anchor[0]: l, m, r); returns the width drawn."""
    if max_width is not None:
        text = fit(text, size, max_width, bold)
    parts = runs(text, size, bold)
    width = int(sum(run_length(part, f, size) for part, f in parts))
    x, y = xy
    if anchor[0] == "m":
        x -= width / 2
    elif anchor[0] == "r":
        x -= width
    vertical = "l" + anchor[1]
    for part, f in parts:
        if is_emoji(f):  # centred on the line the text's anchor names
            picture = emoji_image(part, size)
            top = y - picture.height / 2 if anchor[1] == "m" else \
                y - picture.height if anchor[1] in "sd" else y
            draw._image.paste(picture, (round(x), round(top)), picture)
        else:
            draw.text((x, y), part, font=f, fill=fill, anchor=vertical)
        x += run_length(part, f, size)
    return width
