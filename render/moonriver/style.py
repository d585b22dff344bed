"""Moon River's colours: landscapes, seats, partners, the river and the boards.

Landscapes differ by hue *and* brightness, each has its own pattern and a two-letter
code, so the pictures stay readable for colour-blind players and in greyscale.
`moonriver_theme` adds them to a theme as its art, so the palette keeps them exact.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache

from engine.moonriver.components import Landscape
from render.theme import GHOST_ALPHA, LEGAL_TINT_ALPHA, RGB, Theme, blend

#: Fill colour, pattern ink and pattern kind per landscape (drawn in render/tiles.py).
LANDSCAPE_STYLE: dict[Landscape, tuple[RGB, RGB, str]] = {
    Landscape.DESERT: ((233, 208, 150), (201, 168, 98), "dots"),
    Landscape.CANYON: ((192, 88, 46), (150, 60, 28), "stripes"),
    Landscape.MEADOW: ((143, 203, 106), (96, 160, 70), "grass"),
    Landscape.FOREST: ((40, 102, 64), (22, 66, 40), "trees"),
    Landscape.FARM: ((156, 123, 196), (118, 88, 160), "fence"),
    Landscape.CORNFIELD: ((241, 194, 50), (196, 150, 20), "stalks"),
}
#: Text colour that reads on each landscape fill.
LANDSCAPE_INK: dict[Landscape, RGB] = {
    Landscape.DESERT: (60, 45, 20), Landscape.CANYON: (255, 240, 230),
    Landscape.MEADOW: (30, 60, 20), Landscape.FOREST: (225, 245, 230),
    Landscape.FARM: (255, 250, 255), Landscape.CORNFIELD: (70, 50, 0),
}

#: Ranchero colours by seat (R-COMP-6), with an outline that shows on any background.
PLAYER_COLOURS: dict[str, RGB] = {
    "purple": (142, 91, 217), "orange": (240, 138, 36), "green": (59, 165, 92),
    "white": (240, 240, 240),
}
#: The white seat on the light theme: light grey, so it stays visible on white panels.
WHITE_SEAT_ON_LIGHT: RGB = (200, 202, 210)


def seat_rgb(colour: str, theme: Theme | None = None) -> RGB:
    """A seat's colour as drawn on `theme`, the same for ranchero, name bar and outline."""
    if colour == "white" and theme is not None and theme.name == "light":
        return WHITE_SEAT_ON_LIGHT
    return PLAYER_COLOURS[colour]


RIVER: RGB = (70, 140, 210)
RIVER_LIGHT: RGB = (120, 180, 235)
BRIDGE: RGB = (140, 95, 55)
BOARD: RGB = (176, 132, 88)
BOARD_DARK: RGB = (120, 84, 50)

#: Partner token colours: the cowboy side is tan; specialists each have their own.
PARTNER_COLOURS: dict[str, RGB] = {
    "cowboy": (214, 170, 110), "desperado": (200, 40, 50), "thief": (60, 60, 70),
    "golddigger": (230, 180, 30), "trapper": (130, 85, 45), "farmer": (90, 150, 60),
}

#: The story picture's bars for points that are no landscape's: hues no landscape fill
#: is near (gold beside Cornfield and tan beside Desert read as one in a play-test).
STORY_PART_COLOURS: dict[str, RGB] = {
    "resources": (70, 130, 180), "partners": (90, 90, 104), "scenario": (190, 60, 140),
}


def art_colours(theme: Theme) -> tuple[RGB, ...]:
    """Every colour Moon River's art draws on purpose on `theme`, in the palette's order:
    the river and boards, landscapes and their inks, seats, partners, the preview's
    legal tint and see-through ghosts (R-PLACE previews)."""
    fixed = [RIVER, RIVER_LIGHT, BRIDGE, BOARD, BOARD_DARK]
    for fill, ink, _pattern in LANDSCAPE_STYLE.values():
        fixed += [fill, ink]
    fixed += list(LANDSCAPE_INK.values()) + list(PLAYER_COLOURS.values())
    fixed += list(PARTNER_COLOURS.values()) + list(STORY_PART_COLOURS.values())
    fixed.append(blend(theme.legal, theme.grid, LEGAL_TINT_ALPHA))
    for fill, ink, _pattern in LANDSCAPE_STYLE.values():
        fixed += [blend(fill, theme.grid, GHOST_ALPHA), blend(ink, theme.grid, GHOST_ALPHA)]
    fixed.append(seat_rgb("white", theme))
    return tuple(fixed)


@cache
def moonriver_theme(theme: Theme) -> Theme:
    """`theme` with Moon River's art colours (idempotent)."""
    return theme if theme.art else replace(theme, art=art_colours(theme))
