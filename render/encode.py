"""Image bytes for Discord: PNG with a fixed palette per theme, quickly compressed."""

from __future__ import annotations

import io

from PIL import Image

from render.palette import palette_image
from render.png import palette_png
from render.theme import RGB, THEMES, Theme


def theme_of(image: Image.Image) -> Theme | None:
    """The theme whose background is the picture's top-left pixel (every picture has a
    margin of background there), or None for a picture of another kind."""
    pixel = image.convert("RGB").getpixel((0, 0)) if image.mode not in ("RGB", "RGBA") else (
        image.getpixel((0, 0)))
    corner = tuple(pixel[:3]) if isinstance(pixel, tuple) else None
    return next((theme for theme in THEMES.values() if theme.background == corner), None)


def to_palette(image: Image.Image, theme: Theme, colours: tuple[RGB, ...] = ()) -> Image.Image:
    """`image` in the theme's fixed palette ('P'), each pixel the entry nearest its colour.
    A pixel maps the same way in any picture, so parts mapped apart and pasted together
    (render.moonriver.turn's palette composition) equal the whole picture mapped at once."""
    rgb = image.convert("RGB") if image.mode != "RGB" else image
    return rgb.quantize(palette=palette_image(theme, colours), dither=Image.Dither.NONE)


def in_palette(image: Image.Image, theme: Theme, colours: tuple[RGB, ...] = ()) -> bool:
    """Whether `image` is already a 'P' picture in the theme's fixed palette."""
    return image.mode == "P" and image.getpalette() == palette_image(theme, colours).getpalette()


def to_png_bytes(image: Image.Image, *, palette: bool = True,
                 theme: Theme | None = None, colours: tuple[RGB, ...] = ()) -> bytes:
    """PNG bytes. With `palette` (the default) the picture is mapped to its theme's fixed
    256-colour palette (found from the background unless `theme` is given): our flat art
    loses nothing visible, the file is a third of the size, and no per-picture quantising
    is needed. A picture of no known theme is quantised on its own. `colours` adds
    another game's art colours to the theme's palette (render.kingdomino). A 'P' picture
    already in that palette (`render_turn(..., palette=True)`), or any 'P' picture when no
    theme is given, is saved as it is."""
    if palette and theme is not None and in_palette(image, theme, colours):
        return palette_png(image)  # composed in the palette: nothing to map
    if palette and theme is None and image.mode == "P":
        return palette_png(image)  # mapped to its game's palette already: kept as it is
    rgb = image.convert("RGB") if image.mode != "RGB" else image
    if palette:
        theme = theme or theme_of(rgb)
        if theme is not None:
            rgb = to_palette(rgb, theme, colours)
        else:
            rgb = rgb.quantize(colors=256, method=Image.Quantize.FASTOCTREE,
                               dither=Image.Dither.NONE)
    if rgb.mode == "P":
        return palette_png(rgb)  # ISA-L's deflate: a fifth of zlib's time (render.png)
    out = io.BytesIO()
    rgb.save(out, format="PNG", compress_level=3)
    return out.getvalue()
