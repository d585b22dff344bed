"""Scoring a kingdom (K-SCORE-1…3) and ranking players (K-SCORE-4).

`score_kingdom` gives the full sheet the score command and the pictures show;
`property_points` is the bare number, for computer players that score thousands of
candidate kingdoms.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.kingdomino.dominoes import Terrain
from engine.kingdomino.kingdom import Kingdom

MIDDLE_KINGDOM = "middle_kingdom"
HARMONY = "harmony"
BONUS_POINTS = {MIDDLE_KINGDOM: 10, HARMONY: 5}  # K-SCORE-2, K-SCORE-3


@dataclass(frozen=True, slots=True)
class Property:
    """K-SCORE-1: orthogonally connected squares of one terrain."""

    terrain: Terrain
    size: int
    crowns: int
    cells: int  # mask

    @property
    def points(self) -> int:
        return self.size * self.crowns

    def to_dict(self) -> dict[str, Any]:
        return {"terrain": self.terrain.label, "size": self.size, "crowns": self.crowns,
                "points": self.points}


@dataclass(frozen=True, slots=True)
class ScoreSheet:
    properties: tuple[Property, ...]
    bonuses: tuple[tuple[str, int], ...]  # (name, points), only the bonuses earned

    @property
    def property_points(self) -> int:
        return sum(p.points for p in self.properties)

    @property
    def total(self) -> int:
        return self.property_points + sum(points for _, points in self.bonuses)

    @property
    def largest_property(self) -> int:
        """K-SCORE-4's first tie-break: the most squares in one property."""
        return max((p.size for p in self.properties), default=0)

    @property
    def crowns(self) -> int:
        """K-SCORE-4's second tie-break: every crown in the kingdom."""
        return sum(p.crowns for p in self.properties)

    def to_dict(self) -> dict[str, Any]:
        """The JSON of `moonriver score --game kingdomino` (KINGDOMINO.md)."""
        return {
            "total": self.total,
            "properties": [p.to_dict() for p in self.properties],
            "bonuses": dict(self.bonuses),
            "largest_property": self.largest_property,
            "crowns": self.crowns,
        }


def properties_of(kingdom: Kingdom) -> list[Property]:
    """Every property, by terrain and then by lowest cell (a terrain may form several)."""
    area = kingdom.area
    out = []
    for terrain in Terrain:
        for part in area.components(kingdom.terrain[terrain]):
            out.append(Property(terrain, part.bit_count(), kingdom.crowns_in(part), part))
    return out


def property_points(kingdom: Kingdom) -> int:
    """K-SCORE-1 without bonuses; only properties with a crown are looked at."""
    area = kingdom.area
    total = 0
    crowned = kingdom.crowns_low | kingdom.crowns_high
    for mask in kingdom.terrain:
        seeds = mask & crowned
        while seeds:
            part = area.flood(seeds & -seeds, mask)
            total += part.bit_count() * kingdom.crowns_in(part)
            seeds &= ~part
    return total


def is_middle_kingdom(kingdom: Kingdom) -> bool:
    """K-SCORE-2 (Decision): the bounding box is the full square and the castle its centre."""
    centre, half = kingdom.size - 1, kingdom.size // 2  # the castle's column and row
    return kingdom.bounds == (centre - half, centre - half, centre + half, centre + half)


def is_complete(kingdom: Kingdom) -> bool:
    """The whole size×size square is covered (the castle counts as covered)."""
    return kingdom.occupied.bit_count() == kingdom.size * kingdom.size


def score_kingdom(kingdom: Kingdom, *, middle_kingdom: bool = False, harmony: bool = False,
                  discarded: int = 0) -> ScoreSheet:
    """The score sheet; `discarded` counts the dominoes this player had to discard."""
    bonuses = []
    if middle_kingdom and is_middle_kingdom(kingdom):
        bonuses.append((MIDDLE_KINGDOM, BONUS_POINTS[MIDDLE_KINGDOM]))
    if harmony and discarded == 0 and is_complete(kingdom):  # K-SCORE-3
        bonuses.append((HARMONY, BONUS_POINTS[HARMONY]))
    return ScoreSheet(tuple(properties_of(kingdom)), tuple(bonuses))


@dataclass(frozen=True, slots=True)
class Standing:
    """What K-SCORE-4 compares, best first: points, then largest property, then crowns."""

    points: int
    largest_property: int
    crowns: int

    @classmethod
    def of(cls, sheet: ScoreSheet) -> Standing:
        return cls(sheet.total, sheet.largest_property, sheet.crowns)

    def __add__(self, other: Standing) -> Standing:
        return Standing(self.points + other.points,
                        self.largest_property + other.largest_property,
                        self.crowns + other.crowns)

    @property
    def key(self) -> tuple[int, int, int]:
        return (self.points, self.largest_property, self.crowns)


def winners(standings: Sequence[Standing]) -> list[int]:
    """K-SCORE-4: most points, then largest property, then most crowns; still tied: shared."""
    best = max(s.key for s in standings)
    return [seat for seat, s in enumerate(standings) if s.key == best]
