"""Kingdomino's look: terrain colours and patterns, king colours, the palette seeds.

Terrains differ by hue *and* brightness and each has its own pattern, so kingdoms read
for colour-blind players and in greyscale, as Moon River's landscapes do. The theme's
own colours (background, panels, text, highlight) come from render.theme, unchanged.
"""

from __future__ import annotations

from engine.kingdomino.dominoes import Terrain
from render.theme import OUTLINE, RGB, Theme

#: Fill, pattern ink and pattern kind per terrain (drawn in render/kingdomino/sprites.py).
TERRAIN_STYLE: dict[Terrain, tuple[RGB, RGB, str]] = {
    Terrain.WHEAT: ((240, 203, 72), (196, 152, 28), "stalks"),
    Terrain.FOREST: ((38, 104, 58), (20, 64, 34), "trees"),
    Terrain.WATER: ((64, 138, 214), (34, 92, 170), "waves"),
    Terrain.GRASSLAND: ((146, 208, 104), (98, 164, 68), "grass"),
    Terrain.SWAMP: ((134, 124, 92), (92, 84, 58), "reeds"),
    Terrain.MINE: ((86, 80, 92), (50, 46, 56), "bricks"),
}

CROWN: RGB = (255, 206, 36)       # crowns on a square (K-COMP-1)
CASTLE: RGB = (226, 226, 232)     # the start tile's castle (K-COMP-2)
CASTLE_ROOF: RGB = (200, 56, 60)
DISCARD: RGB = (220, 60, 60)      # a cross over a discarded domino (K-PLACE-4)

#: King colours by seat (K-COMP-2: four kings in four colours). Not the box's pink and
#: yellow: those are the themes' highlight colours, which mark what changed this turn.
KING_COLOURS: tuple[RGB, ...] = ((58, 118, 222), (240, 138, 36), (56, 168, 88), (142, 91, 217))


def king_rgb(seat: int, theme: Theme) -> RGB:
    """A seat's colour (the same on both themes, `theme` kept for symmetry with Moon
    River's seat_rgb): one colour for king, name bar and outline."""
    del theme
    return KING_COLOURS[seat % len(KING_COLOURS)]


def art_colours() -> tuple[RGB, ...]:
    """Every colour the Kingdomino art draws on purpose, for the encoder's fixed palette
    (render.palette keeps these exact)."""
    colours: list[RGB] = []
    for fill, ink, _pattern in TERRAIN_STYLE.values():
        colours += [fill, ink]
    colours += [CROWN, CASTLE, CASTLE_ROOF, DISCARD, OUTLINE, *KING_COLOURS]
    return tuple(dict.fromkeys(colours))


ART_COLOURS = art_colours()
