"""Moonlight's look: the two seats' colours, the red Lone Wolf, the moon, card ink.

Seat 1 is green, seat 2 blue (M-COMP-1), told apart by brightness as well as hue; the
Lone Wolf is red (M-COMP-3). `moonlight_theme` adds these to a theme as its art, so the
palette keeps them exact (as Moon River's and Kingdomino's colours are kept).
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache

from render.theme import LEGAL_TINT_ALPHA, OUTLINE, RGB, Theme, blend

#: Card colours by seat: green (seat 1, `g`) lighter, blue (seat 2, `b`) darker.
SEAT_COLOURS: tuple[RGB, RGB] = ((46, 150, 76), (44, 96, 196))
LONE_WOLF: RGB = (204, 40, 48)   # M-COMP-3: the red Lone Wolf
MOON: RGB = (255, 222, 96)       # a card's moon (M-COMP-2)
CARD_INK: RGB = (255, 255, 255)  # values and words on a card
TIE: RGB = (120, 122, 128)       # a tied row: every card discarded (M-SCORE-2)
DISCARD_MARK: RGB = (250, 250, 252)  # the cross over a card its row discarded (M-SCORE-2)


def seat_rgb(seat: int) -> RGB:
    return SEAT_COLOURS[seat]


def legal_tint(theme: Theme) -> RGB:
    """An empty cell a proposed card may go to (the hand picture's lettered cells)."""
    return blend(theme.legal, theme.grid, LEGAL_TINT_ALPHA)


def art_colours(theme: Theme) -> tuple[RGB, ...]:
    """Every colour Moonlight's art draws on purpose on `theme`."""
    return tuple(dict.fromkeys((*SEAT_COLOURS, LONE_WOLF, MOON, CARD_INK, TIE, OUTLINE,
                                legal_tint(theme), DISCARD_MARK)))


@cache
def moonlight_theme(theme: Theme) -> Theme:
    """`theme` with Moonlight's art colours (idempotent)."""
    return theme if theme.art else replace(theme, art=art_colours(theme))
