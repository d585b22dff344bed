"""One fixed 256-colour palette per theme, so encoding a picture needs no quantising.

Quantising each picture costs more than drawing it, and an adaptive palette may merge
two close colours that matter (the light theme's background and its panels, found in
issue 10). The palette is seeded with every colour the art uses on purpose, then ramps
between the colours that anti-aliased text and outlines blend, then an even colour cube
for everything else (sprite shading, blends of overlays).
"""

from __future__ import annotations

from functools import cache

from PIL import Image

from render.theme import (
    BOARD,
    BOARD_DARK,
    BRIDGE,
    LANDSCAPE_INK,
    LANDSCAPE_STYLE,
    OUTLINE,
    PARTNER_COLOURS,
    PLAYER_COLOURS,
    RGB,
    RIVER,
    RIVER_LIGHT,
    Theme,
)

WHITE: RGB = (255, 255, 255)
COLOURS = 256
CUBE_LEVELS = (0, 64, 128, 192, 255)  # 125 colours


def _ramp(a: RGB, b: RGB, steps: int) -> list[RGB]:
    """`steps` colours strictly between a and b (anti-aliased edges blend along these)."""
    def mix(x: int, y: int, i: int) -> int:
        return round(x + (y - x) * i / (steps + 1))
    return [(mix(a[0], b[0], i), mix(a[1], b[1], i), mix(a[2], b[2], i))
            for i in range(1, steps + 1)]


def theme_colours(theme: Theme) -> list[RGB]:
    """The colours drawn on purpose, theme first: these are kept exactly."""
    fixed = [theme.background, theme.panel, theme.panel_edge, theme.text, theme.muted,
             theme.grid, theme.grid_line, theme.highlight, theme.legal, OUTLINE, WHITE,
             RIVER, RIVER_LIGHT, BRIDGE, BOARD, BOARD_DARK]
    for fill, ink, _pattern in LANDSCAPE_STYLE.values():
        fixed += [fill, ink]
    fixed += list(LANDSCAPE_INK.values()) + list(PLAYER_COLOURS.values())
    fixed += list(PARTNER_COLOURS.values())
    return fixed


def palette_colours(theme: Theme) -> list[RGB]:
    """Exactly 256 distinct colours: seeds, text ramps, then the cube."""
    colours = theme_colours(theme)
    for ink in (theme.text, theme.muted, theme.highlight, OUTLINE):
        for ground in (theme.panel, theme.background):
            colours += _ramp(ink, ground, 6)
    colours += _ramp(OUTLINE, WHITE, 6)
    colours += [(r, g, b) for r in CUBE_LEVELS for g in CUBE_LEVELS for b in CUBE_LEVELS]
    unique = list(dict.fromkeys(colours))[:COLOURS]
    grey = 0
    while len(unique) < COLOURS:  # pad with greys not yet present
        grey = (grey + 37) % 256
        if (grey,) * 3 not in unique:
            unique.append((grey, grey, grey))
    return unique


@cache
def palette_image(theme: Theme) -> Image.Image:
    """A 'P' image carrying the theme's palette, as `Image.quantize(palette=…)` wants."""
    image = Image.new("P", (1, 1))
    image.putpalette([channel for colour in palette_colours(theme) for channel in colour])
    return image
