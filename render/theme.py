"""Colours, sizes and patterns: everything about the look that is not a drawing routine.

Landscapes differ by hue *and* brightness, each has its own pattern and a two-letter
code, so the pictures stay readable for colour-blind players and in greyscale.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.moonriver.components import Landscape

RGB = tuple[int, int, int]
#: About how wide Discord shows a picture on a phone: every picture is checked at it.
PHONE_WIDTH = 400


@dataclass(frozen=True, slots=True)
class Theme:
    name: str
    background: RGB
    panel: RGB
    panel_edge: RGB
    text: RGB
    muted: RGB
    grid: RGB           # empty ranch cells
    grid_line: RGB
    highlight: RGB      # last placed domino, the player to move
    legal: RGB          # preview: legal positions


DARK = Theme(
    name="dark", background=(30, 31, 34), panel=(43, 45, 49), panel_edge=(64, 67, 73),
    text=(242, 243, 245), muted=(163, 166, 170), grid=(54, 57, 63), grid_line=(72, 75, 82),
    highlight=(255, 214, 10), legal=(88, 214, 141),
)
LIGHT = Theme(
    name="light", background=(250, 247, 240), panel=(255, 255, 255), panel_edge=(214, 208, 196),
    text=(32, 33, 36), muted=(96, 99, 104), grid=(236, 231, 220), grid_line=(214, 208, 196),
    highlight=(205, 30, 120), legal=(20, 150, 80),
)
THEMES = {"dark": DARK, "light": LIGHT}

#: Preview overlays: legal cells tinted with `legal`, the proposed domino a see-through
#: ghost. The palette (render/palette.py) keeps these blends exact too.
LEGAL_TINT_ALPHA = 60
GHOST_ALPHA = 200


def theme_named(name: str) -> Theme:
    try:
        return THEMES[name]
    except KeyError:
        raise ValueError(f"unknown theme {name!r} (dark, light)") from None


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


OUTLINE: RGB = (25, 25, 28)
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
