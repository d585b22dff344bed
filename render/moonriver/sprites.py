"""Icons and landscape tiles, drawn by our own code and cached per size.

Each sprite is drawn once at four times its size and scaled down (smooth edges without
Pillow's missing anti-aliasing), then pasted wherever it is needed: a ranch is mostly
pastes, which keeps rendering fast.
"""

from __future__ import annotations

from functools import cache

from PIL import Image, ImageDraw

from engine.moonriver.components import Landscape
from render.fonts import draw_text
from render.moonriver.style import LANDSCAPE_STYLE, PARTNER_COLOURS, seat_rgb
from render.theme import OUTLINE, Theme

SS = 4  # supersampling factor
INK = (*OUTLINE, 255)
WHITE = (255, 255, 255, 255)


def _canvas(size: int) -> tuple[Image.Image, ImageDraw.ImageDraw, int]:
    big = size * SS
    image = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    return image, ImageDraw.Draw(image), big


def _finish(image: Image.Image, size: int) -> Image.Image:
    return image.resize((size, size), Image.Resampling.LANCZOS)


@cache
def cow(size: int) -> Image.Image:
    """A standing cow: white body, black patches, seen from the side."""
    image, d, s = _canvas(size)
    w = max(2, s // 16)
    d.rectangle((s * 0.24, s * 0.58, s * 0.32, s * 0.86), fill=INK)  # legs
    d.rectangle((s * 0.62, s * 0.58, s * 0.70, s * 0.86), fill=INK)
    d.rounded_rectangle((s * 0.12, s * 0.30, s * 0.76, s * 0.66), radius=s * 0.14, fill=WHITE,
                        outline=INK, width=w)
    d.ellipse((s * 0.30, s * 0.34, s * 0.48, s * 0.50), fill=INK)  # patches
    d.ellipse((s * 0.55, s * 0.46, s * 0.68, s * 0.60), fill=INK)
    d.ellipse((s * 0.64, s * 0.16, s * 0.94, s * 0.46), fill=WHITE, outline=INK, width=w)
    d.ellipse((s * 0.74, s * 0.32, s * 0.94, s * 0.48), fill=(240, 160, 170, 255),
              outline=INK, width=w)  # muzzle
    d.line((s * 0.68, s * 0.20, s * 0.62, s * 0.08), fill=INK, width=w)  # horns
    d.line((s * 0.86, s * 0.18, s * 0.92, s * 0.06), fill=INK, width=w)
    return _finish(image, size)


@cache
def cow_symbol(size: int) -> Image.Image:
    """The printed cow symbol of a parcel: a cow on a white disc (not a cow standing)."""
    image, d, s = _canvas(size)
    d.ellipse((0, 0, s - 1, s - 1), fill=(255, 255, 255, 230), outline=INK, width=max(2, s // 14))
    inner = int(s * 0.8)
    image.alpha_composite(cow(size).resize((inner, inner), Image.Resampling.LANCZOS),
                          ((s - inner) // 2, (s - inner) // 2))
    return _finish(image, size)


@cache
def skull(size: int) -> Image.Image:
    image, d, s = _canvas(size)
    w = max(2, s // 16)
    d.ellipse((s * 0.14, s * 0.08, s * 0.86, s * 0.72), fill=WHITE, outline=INK, width=w)
    d.rounded_rectangle((s * 0.30, s * 0.56, s * 0.70, s * 0.90), radius=s * 0.06, fill=WHITE,
                        outline=INK, width=w)
    d.ellipse((s * 0.28, s * 0.32, s * 0.46, s * 0.50), fill=INK)
    d.ellipse((s * 0.54, s * 0.32, s * 0.72, s * 0.50), fill=INK)
    for x in (0.42, 0.50, 0.58):
        d.line((s * x, s * 0.72, s * x, s * 0.88), fill=INK, width=w)
    return _finish(image, size)


@cache
def circle_symbol(size: int) -> Image.Image:
    """The printed circle: a place for a partner."""
    image, d, s = _canvas(size)
    d.ellipse((s * 0.08, s * 0.08, s * 0.92, s * 0.92), fill=(255, 255, 255, 90), outline=INK,
              width=max(3, s // 9))
    d.ellipse((s * 0.16, s * 0.16, s * 0.84, s * 0.84), outline=WHITE, width=max(2, s // 16))
    return _finish(image, size)


@cache
def nugget(size: int) -> Image.Image:
    image, d, s = _canvas(size)
    points = [(0.18, 0.62), (0.30, 0.30), (0.56, 0.18), (0.84, 0.36), (0.82, 0.70),
              (0.52, 0.84), (0.26, 0.80)]
    d.polygon([(x * s, y * s) for x, y in points], fill=(245, 200, 40, 255), outline=INK,
              width=max(2, s // 14))
    d.line((s * 0.40, s * 0.36, s * 0.58, s * 0.30), fill=(255, 245, 190, 255),
           width=max(2, s // 10))
    return _finish(image, size)


@cache
def beaver(size: int) -> Image.Image:
    image, d, s = _canvas(size)
    w = max(2, s // 14)
    d.ellipse((s * 0.06, s * 0.50, s * 0.46, s * 0.78), fill=(90, 60, 40, 255), outline=INK,
              width=w)  # flat tail
    d.ellipse((s * 0.26, s * 0.24, s * 0.86, s * 0.80), fill=(150, 100, 60, 255), outline=INK,
              width=w)
    d.ellipse((s * 0.64, s * 0.18, s * 0.94, s * 0.48), fill=(150, 100, 60, 255), outline=INK,
              width=w)
    d.rectangle((s * 0.80, s * 0.44, s * 0.88, s * 0.54), fill=WHITE)  # teeth
    d.ellipse((s * 0.76, s * 0.26, s * 0.82, s * 0.32), fill=INK)
    return _finish(image, size)


@cache
def corn(size: int) -> Image.Image:
    image, d, s = _canvas(size)
    w = max(2, s // 14)
    d.ellipse((s * 0.34, s * 0.06, s * 0.66, s * 0.80), fill=(250, 210, 40, 255), outline=INK,
              width=w)
    for y in (0.22, 0.38, 0.54):
        d.line((s * 0.38, s * y, s * 0.62, s * y), fill=(200, 150, 10, 255), width=w)
    d.polygon([(s * 0.50, s * 0.95), (s * 0.18, s * 0.30), (s * 0.40, s * 0.70)],
              fill=(80, 160, 60, 255), outline=INK)
    d.polygon([(s * 0.50, s * 0.95), (s * 0.82, s * 0.30), (s * 0.60, s * 0.70)],
              fill=(80, 160, 60, 255), outline=INK)
    return _finish(image, size)


RESOURCE_ICON = {"gold": nugget, "beaver": beaver, "corn": corn}


@cache
def hat(size: int) -> Image.Image:
    image, d, s = _canvas(size)
    brown, w = (110, 70, 35, 255), max(2, s // 16)
    d.ellipse((s * 0.04, s * 0.52, s * 0.96, s * 0.80), fill=brown, outline=INK, width=w)
    d.rounded_rectangle((s * 0.28, s * 0.18, s * 0.72, s * 0.66), radius=s * 0.12, fill=brown,
                        outline=INK, width=w)
    d.line((s * 0.30, s * 0.54, s * 0.70, s * 0.54), fill=(220, 60, 50, 255), width=w * 2)
    return _finish(image, size)


@cache
def partner_token(face: str, size: int) -> Image.Image:
    """A partner chip as it lies on a parcel: the cowboy side shows a hat; specialists a
    coloured disc with their resource icon (scorers) or their initial (D, T)."""
    image, d, s = _canvas(size)
    colour = (*PARTNER_COLOURS[face], 255)
    if face == "cowboy":
        d.ellipse((0, 0, s - 1, s - 1), fill=colour, outline=INK, width=max(3, s // 12))
        image.alpha_composite(hat(size).resize((int(s * 0.8), int(s * 0.8))),
                              (int(s * 0.1), int(s * 0.08)))
        return _finish(image, size)
    # specialists: a rounded square, so the two sides differ in shape as well as colour
    d.rounded_rectangle((0, 0, s - 1, s - 1), radius=s * 0.22, fill=colour, outline=INK,
                        width=max(3, s // 12))
    icon = {"golddigger": nugget, "trapper": beaver, "farmer": corn}.get(face)
    if icon is not None:
        inner = int(s * 0.72)
        image.alpha_composite(icon(size).resize((inner, inner)), ((s - inner) // 2,) * 2)
    else:
        draw_text(d, (s / 2, s / 2), "D" if face == "desperado" else "T", int(s * 0.62),
                  WHITE, bold=True, anchor="mm")
    return _finish(image, size)


@cache
def ranchero(colour: str, size: int, theme: Theme | None = None) -> Image.Image:
    """A ranchero meeple in its player's colour (as that colour is drawn on `theme`)."""
    image, d, s = _canvas(size)
    fill, w = (*seat_rgb(colour, theme), 255), max(3, s // 14)
    d.polygon([(s * 0.16, s * 0.94), (s * 0.30, s * 0.42), (s * 0.70, s * 0.42),
               (s * 0.84, s * 0.94)], fill=fill, outline=INK, width=w)
    d.ellipse((s * 0.30, s * 0.10, s * 0.70, s * 0.50), fill=fill, outline=INK, width=w)
    d.ellipse((s * 0.14, s * 0.12, s * 0.86, s * 0.26), fill=(110, 70, 35, 255), outline=INK,
              width=w)  # hat brim
    d.rounded_rectangle((s * 0.34, s * 0.00, s * 0.66, s * 0.20), radius=s * 0.05,
                        fill=(110, 70, 35, 255), outline=INK, width=w)
    return _finish(image, size)


@cache
def tile(landscape: Landscape, size: int) -> Image.Image:
    """A landscape cell: fill and the landscape's pattern (colour and pattern, so it
    reads in greyscale too)."""
    fill, ink, pattern = LANDSCAPE_STYLE[landscape]
    image = Image.new("RGB", (size * SS, size * SS), fill)
    d = ImageDraw.Draw(image)
    s = size * SS
    step = s // 5
    w = max(2, s // 40)
    if pattern == "dots":
        for y in range(step // 2, s, step):
            for x in range((y // step % 2) * step // 2 + step // 4, s, step):
                d.ellipse((x - w, y - w, x + w, y + w), fill=ink)
    elif pattern == "stripes":
        for x in range(-s, s, step):
            d.line((x, s, x + s, 0), fill=ink, width=w * 2)
    elif pattern == "grass":
        for y in range(step // 2, s, step):
            for x in range((y // step % 2) * step // 2 + step // 4, s, step):
                d.line((x, y, x - w * 2, y - step // 3), fill=ink, width=w)
                d.line((x, y, x + w * 2, y - step // 3), fill=ink, width=w)
    elif pattern == "trees":
        for y in range(step, s + step, step):
            for x in range((y // step % 2) * step // 2, s + step, step):
                d.polygon([(x, y - step * 0.75), (x - step * 0.3, y - step * 0.1),
                           (x + step * 0.3, y - step * 0.1)], fill=ink)
    elif pattern == "fence":
        for x in range(step // 2, s, step):
            d.line((x, 0, x, s), fill=ink, width=w)
        for y in range(step // 2, s, step * 2):
            d.line((0, y, s, y), fill=ink, width=w)
    elif pattern == "stalks":
        for x in range(step // 3, s, step // 2):
            d.line((x, 0, x, s), fill=ink, width=w)
    return image.resize((size, size), Image.Resampling.LANCZOS)
