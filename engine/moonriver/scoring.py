"""Final scoring (R-END-3, R-SCORE-*, R-LEG-2) on a `RanchGrid`, and the winners (R-SCORE-4)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from engine.moonriver.components import SPECIALIST_RESOURCE, Landscape
from engine.moonriver.grid import cell_name, cells_of, geometry
from engine.moonriver.ranch import RanchGrid
from engine.moonriver.scenarios import ScenarioScore, score_scenario


@dataclass(frozen=True, slots=True)
class Territory:
    landscape: Landscape
    cells: tuple[int, ...]
    cows: int

    @property
    def size(self) -> int:
        return len(self.cells)

    @property
    def points(self) -> int:
        # R-SCORE-1: parcels × cows; no cow, no points (cornfields never hold cows).
        return self.size * self.cows


@dataclass(frozen=True, slots=True)
class PartnerScore:
    cell: int
    face: str
    points: int


@dataclass(frozen=True, slots=True)
class ScoreSheet:
    """One player's breakdown, the shape the CLI prints (NOTATION.md)."""

    territories: tuple[Territory, ...]
    gold: int
    beavers: int
    corn: int
    partners: tuple[PartnerScore, ...]
    cows: int
    scenario: ScenarioScore | None = None  # the Legends scenario (R-LEG-2), if one is played

    @property
    def territory_points(self) -> int:
        return sum(t.points for t in self.territories)

    @property
    def resource_points(self) -> int:
        # R-SCORE-2: every nugget, beaver and cob is one point.
        return self.gold + self.beavers + self.corn

    @property
    def partner_points(self) -> int:
        return sum(p.points for p in self.partners)

    @property
    def scenario_points(self) -> int:
        return self.scenario.points if self.scenario is not None else 0

    @property
    def total(self) -> int:
        return (self.territory_points + self.resource_points + self.partner_points
                + self.scenario_points)

    @property
    def largest_territory(self) -> int:
        return max((t.size for t in self.territories), default=0)

    def to_dict(self) -> dict[str, Any]:
        return {
            "total": self.total,
            "territories": [
                {"landscape": t.landscape.label, "size": t.size, "cows": t.cows,
                 "points": t.points, "cells": [cell_name(c) for c in t.cells]}
                for t in self.territories
            ],
            "resources": {"gold": self.gold, "beavers": self.beavers, "corn": self.corn,
                          "points": self.resource_points},
            "partners": {
                "points": self.partner_points,
                "chips": [{"cell": cell_name(p.cell), "face": p.face, "points": p.points}
                          for p in self.partners],
            },
            "scenario": self.scenario.to_dict() if self.scenario is not None else None,
            "largest_territory": self.largest_territory,
            "cows": self.cows,
        }


def apply_overpopulation(grid: RanchGrid) -> tuple[RanchGrid, int]:
    """R-END-3: at most one cow per parcel; returns the new grid and the cows removed."""
    removed = 0
    cells = list(grid.cells)
    for i, cell in enumerate(cells):
        if cell is not None and cell.cows > 1:
            removed += cell.cows - 1
            cells[i] = replace(cell, cows=1)
    return replace(grid, cells=tuple(cells)), removed


_LANDSCAPES = tuple(Landscape)


def territories(grid: RanchGrid) -> list[Territory]:
    """Maximal orthogonally connected same-landscape groups (RULES.md §2), bottom-up."""
    geo = geometry(grid.height)
    masks = [0] * len(_LANDSCAPES)
    cows_at = [0] * len(grid.cells)
    for i, cell in enumerate(grid.cells):
        if cell is not None:
            masks[cell.landscape] |= 1 << i
            cows_at[i] = cell.cows
    found = []
    for landscape in _LANDSCAPES:
        remaining = within = masks[landscape]
        while remaining:
            region = geo.flood(remaining & -remaining, within)
            remaining &= ~region
            members = tuple(cells_of(region))
            found.append(Territory(landscape, members, sum([cows_at[c] for c in members])))
    found.sort(key=lambda t: t.cells[0])
    return found


def score_ranch(grid: RanchGrid, scenario: int | None = None) -> ScoreSheet:
    """Score a ranch as it stands (callers apply overpopulation first at game end), with
    the Legends scenario `scenario` (1–4, R-LEG-2) when one is played."""
    counts = {"gold": 0, "beaver": 0, "corn": 0}
    for cell in grid.cells:
        if cell is not None and cell.resources:
            counts[cell.landscape.resource or ""] += cell.resources
    partners = []
    for i, cell in enumerate(grid.cells):
        if cell is not None and cell.partner is not None:
            resource = SPECIALIST_RESOURCE.get(cell.partner)
            # R-SCORE-3 / R-PART-5: each scoring specialist counts its symbols separately.
            partners.append(PartnerScore(i, cell.partner, counts[resource] if resource else 0))
    return ScoreSheet(
        territories=tuple(territories(grid)),
        gold=counts["gold"], beavers=counts["beaver"], corn=counts["corn"],
        partners=tuple(partners), cows=grid.cow_count,
        scenario=score_scenario(grid, scenario) if scenario is not None else None,
    )


def standing(sheet: ScoreSheet) -> tuple[int, int, int]:
    """R-SCORE-4's order: points, then the largest territory, then cows."""
    return (sheet.total, sheet.largest_territory, sheet.cows)


def winners(sheets: list[ScoreSheet]) -> list[int]:
    """R-SCORE-4: most points; ties by largest territory, then most cows; else shared."""
    keys = [standing(s) for s in sheets]  # each total is summed once
    best = max(keys)
    return [i for i, k in enumerate(keys) if k == best]
