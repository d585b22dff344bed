"""Where a picture is composed: in RGB, or straight in the theme's fixed palette.

The drawing worker encodes palette PNGs (render.encode). Mapping a whole picture to the
palette costs as much as drawing half of it; composed in the palette, only the parts
drawn afresh are mapped (once, when drawn) and cached parts are pasted as they are.
Parts are drawn in RGB either way (anti-aliased text needs it) and a pixel maps to the
same entry in any picture, so both ways give the same pixels. Texts and sprites on a flat
colour are small pieces of their own (`Canvas.text`, `Canvas.sprite`), so a part that
changes every turn (the banner, a ranch's header) is pasted together from them instead
of being drawn and mapped whole.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image

from render.encode import to_palette
from render.palette import palette_image
from render.pieces import PIECES, PieceCache
from render.stamps import draw_text, fit_size, stamp, stamp_origin
from render.theme import RGB, Theme

Ink = RGB | int  # an RGB colour, or a palette index on a palette canvas


@lru_cache(maxsize=256)
def palette_index(theme: Theme, colour: RGB) -> int:
    """The palette entry a pixel of `colour` maps to (for drawing on a palette canvas)."""
    index = to_palette(Image.new("RGB", (1, 1), colour), theme).getpixel((0, 0))
    assert isinstance(index, int)
    return index


@dataclass(frozen=True, slots=True)
class Canvas:
    """Compose in RGB (`palette=False`) or in the theme's palette ('P')."""

    theme: Theme
    palette: bool = False
    pieces: PieceCache = PIECES

    def new(self, size: tuple[int, int]) -> Image.Image:
        """An empty picture of the theme's background."""
        if not self.palette:
            return Image.new("RGB", size, self.theme.background)
        image = Image.new("P", size, palette_index(self.theme, self.theme.background))
        image.putpalette(palette_image(self.theme).getpalette() or [])
        return image

    def ink(self, colour: RGB) -> Ink:
        """What to draw `colour` with on this canvas (ImageDraw takes either)."""
        return palette_index(self.theme, colour) if self.palette else colour

    def piece(self, key: Hashable, draw: Callable[[], Image.Image], *,
              keep: bool = True) -> Image.Image:
        """A part drawn in RGB by `draw()`, kept by `key` (which must hold everything the
        drawing reads) in this canvas's mode; `keep=False` for a part unlikely to be drawn
        again (see `PieceCache.get`). Shared: paste it or copy it."""
        if not self.palette:
            return self.pieces.get(("rgb", key), draw, keep=keep)
        return self.pieces.get(("palette", self.theme, key),
                               lambda: to_palette(draw(), self.theme), keep=keep)

    def text(self, image: Image.Image, xy: tuple[float, float], text: str, size: int,
             fill: RGB, background: RGB, *, bold: bool = False, anchor: str = "la",
             max_width: int | None = None, keep: bool = True,
             shrink: int | None = None) -> int:
        """`render.stamps.draw_text` on a picture composed on this canvas: the text over
        `background` is a kept piece, pasted opaque. The same pixels only where the
        stamp's box (its width + 2 by its height) lies on plain `background`: callers
        keep other drawing out of it, or draw that after. `keep=False` for words unlikely
        to be written again (see `PieceCache.get`). `shrink`: the smallest size to try
        before the text is cut to `max_width` (names). Returns the width drawn."""
        if max_width is not None:
            text, size = fit_size(text, size, max_width, bold, shrink)
        s = stamp(text, size, bold)
        piece = self.piece(("text", text, size, bold, fill, background),
                           lambda: _on(background, s.mask.size,
                                       lambda im: draw_text(im, (0, 0), text, size, fill,
                                                            bold=bold)),
                           keep=keep)
        image.paste(piece, stamp_origin(xy, anchor, s))
        return s.width

    def sprite(self, image: Image.Image, key: Hashable, sprite: Callable[[], Image.Image],
               xy: tuple[int, int], background: RGB) -> None:
        """Paste an RGBA sprite (drawn by `sprite()`, named by `key`) that lies on plain
        `background`: kept as one opaque piece, as `image.paste(s, xy, s)` would show it."""
        def draw() -> Image.Image:
            drawn = sprite()
            return _on(background, drawn.size, lambda im: im.paste(drawn, (0, 0), drawn))
        image.paste(self.piece(("sprite", key, background), draw), xy)


def _on(background: RGB, size: tuple[int, int],
        draw: Callable[[Image.Image], object]) -> Image.Image:
    """A piece of `size` filled with `background`, with `draw` applied to it."""
    image = Image.new("RGB", size, background)
    draw(image)
    return image
