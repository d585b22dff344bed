"""Bit masks derived from one ranch, kept with the player while its cells stay the same.

Placement (R-PLACE-2), cowboys (R-PART-2), territories and the AIs all ask the same
questions of a ranch: which cells hold which landscape, which are built, which lie next
to a landscape. Scanning the cells for every question was the largest share of a search's
time; the engine computes these once and updates them by the two cells a domino adds.
"""

from __future__ import annotations

from engine.games.geometry import SquareGrid
from engine.moonriver.components import Landscape


class RanchMasks:
    """Masks of one ranch as it was when `cells` and `bonus` were copied.

    Never changed after it is made: players copied from one another share it until one of
    them builds, which makes a new one (`with_domino`).
    """

    __slots__ = ("bonus", "built", "cells", "landscapes", "near")

    def __init__(self, cells: list[int], bonus: int, landscapes: list[int], built: int,
                 near: list[int]) -> None:
        self.cells = cells            # a copy: the cache holds while the ranch equals it
        self.bonus = bonus            # the bonus tile's landscape, or -1 (R-2P-3)
        self.landscapes = landscapes  # per landscape, the cells holding it
        self.built = built            # every cell with a parcel or bonus tile on it
        self.near = near              # per landscape, the cells next to it (R-PLACE-2 b)

    @classmethod
    def scan(cls, cells: list[int], bonus: int, landscape_of: tuple[int, ...],
             geo: SquareGrid) -> RanchMasks:
        landscapes = [0] * len(Landscape)
        built = 0
        for cell, value in enumerate(cells):
            if value:
                landscapes[landscape_of[value] if value > 0 else bonus] |= 1 << cell
                built |= 1 << cell
        return cls(cells[:], bonus, landscapes, built, [geo.spread(m) for m in landscapes])

    def with_domino(self, cells: list[int], first: tuple[int, int], second: tuple[int, int],
                    geo: SquareGrid) -> RanchMasks:
        """The masks after (cell, landscape) `first` and `second` were built on `cells`."""
        landscapes = self.landscapes[:]
        near = self.near[:]
        for cell, landscape in (first, second):
            landscapes[landscape] |= 1 << cell
        for _, landscape in (first, second):
            near[landscape] = geo.spread(landscapes[landscape])
        return RanchMasks(cells[:], self.bonus, landscapes,
                          self.built | 1 << first[0] | 1 << second[0], near)
