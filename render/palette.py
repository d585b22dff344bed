"""One fixed 256-colour palette per theme, so encoding a picture needs no quantising.

Quantising each picture costs more than drawing it, and an adaptive palette may merge
two close colours that matter (the light theme's background and its panels, once). The
palette is seeded with every colour the art uses on purpose, then ramps between the
colours that anti-aliased text and outlines blend, then an even colour cube
for everything else (sprite shading, blends of overlays).
"""

from __future__ import annotations

from functools import cache

from PIL import Image

from render.theme import OUTLINE, RGB, Theme

WHITE: RGB = (255, 255, 255)
COLOURS = 256
CUBE_LEVELS = (0, 64, 128, 192, 255)  # 125 colours
FINE_LEVELS = (32, 96, 160, 224)      # 64 more, between them


def _ramp(a: RGB, b: RGB, steps: int) -> list[RGB]:
    """`steps` colours strictly between a and b (anti-aliased edges blend along these)."""
    def mix(x: int, y: int, i: int) -> int:
        return round(x + (y - x) * i / (steps + 1))
    return [(mix(a[0], b[0], i), mix(a[1], b[1], i), mix(a[2], b[2], i))
            for i in range(1, steps + 1)]


def theme_colours(theme: Theme) -> list[RGB]:
    """The colours drawn on purpose, theme first, then its game's art: kept exactly."""
    return [theme.background, theme.panel, theme.panel_edge, theme.text, theme.muted,
            theme.grid, theme.grid_line, theme.highlight, theme.legal, OUTLINE, WHITE,
            *theme.art]


def _cell(colour: RGB) -> RGB:
    """The corner of Pillow's colour-cache cell a colour falls in: Pillow maps a whole
    cell (4 levels per channel) to the palette entry nearest this corner."""
    r, g, b = colour
    return r & ~3, g & ~3, b & ~3


def _distance(a: RGB, b: RGB) -> int:
    return (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2 + (a[2] - b[2]) ** 2


def _candidates(theme: Theme, extra: tuple[RGB, ...]) -> list[RGB]:
    colours = theme_colours(theme) + list(extra)
    for ink in (theme.text, theme.muted, theme.highlight, OUTLINE):
        for ground in (theme.panel, theme.background):
            colours += _ramp(ink, ground, 6)
    colours += _ramp(OUTLINE, WHITE, 6)
    colours += [(r, g, b) for r in CUBE_LEVELS for g in CUBE_LEVELS for b in CUBE_LEVELS]
    colours += [(r, g, b) for r in FINE_LEVELS for g in FINE_LEVELS for b in FINE_LEVELS]
    colours += [(v, v, v) for v in range(0, 256, 8)]
    return list(dict.fromkeys(colours))


def palette_colours(theme: Theme, extra: tuple[RGB, ...] = ()) -> list[RGB]:
    """256 distinct colours: the theme's seeds first, each kept exact through encoding
    (no later entry is nearer to a seed's cache cell than the seed itself), then text
    ramps and colour cubes for anti-aliasing and shading. `extra` seeds another game's
    art (Kingdomino's terrains and kings); without it Moon River's palette is unchanged."""
    kept: list[RGB] = []
    exact: list[RGB] = []  # seeds that map to themselves
    seeds = set(theme_colours(theme)) | set(extra)
    for colour in _candidates(theme, extra):
        if len(kept) == COLOURS:
            break
        if any(_distance(_cell(t), colour) <= _distance(_cell(t), t) for t in exact):
            continue  # it would capture an exact seed's pixels
        kept.append(colour)
        if colour in seeds and all(_distance(_cell(colour), colour) < _distance(_cell(colour), k)
                                   for k in kept if k != colour):
            exact.append(colour)
    return kept


@cache
def palette_image(theme: Theme, extra: tuple[RGB, ...] = ()) -> Image.Image:
    """A 'P' image carrying the theme's palette, as `Image.quantize(palette=…)` wants."""
    image = Image.new("P", (1, 1))
    image.putpalette([channel for colour in palette_colours(theme, extra)
                      for channel in colour])
    return image
