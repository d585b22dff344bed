"""Scenario scoring of the Legends variant (R-LEG-2), on a `RanchGrid`.

Each scenario names which parcels qualify and how they group; every group of at least
3 orthogonally adjacent qualifying parcels scores 10 points, plus 10 for each further
parcel. The grid is all it needs, so `moonriver score --scenario` and the game agree.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.moonriver.components import Landscape
from engine.moonriver.grid import WIDTH, cells_of, geometry
from engine.moonriver.legends import scenario_name, scenario_number
from engine.moonriver.ranch import RanchGrid

#: R-LEG-2: a group scores from this many parcels on …
MIN_GROUP = 3
#: … 10 points at that size, and 10 more for each further parcel.
POINTS_PER_PARCEL = 10
#: R-LEG-2 Outlaws: the faces that make a group of partners outlaws. Decision (rules
#: silent): the face shown counts, so a chip turned to its cowboy side is a cowboy.
OUTLAW_FACES = frozenset({"desperado", "thief"})


@dataclass(frozen=True, slots=True)
class ScenarioScore:
    number: int
    groups: tuple[int, ...]  # sizes of the scoring groups, largest first

    @property
    def name(self) -> str:
        return scenario_name(self.number)

    @property
    def points(self) -> int:
        return sum(group_points(size) for size in self.groups)

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "points": self.points, "groups": list(self.groups)}


def group_points(size: int) -> int:
    """R-LEG-2: 10 for a group of 3, +10 per further parcel; smaller groups score 0."""
    if size < MIN_GROUP:
        return 0
    return POINTS_PER_PARCEL * (size - MIN_GROUP + 1)


def _mask(grid: RanchGrid, wanted: Any) -> int:
    return sum(1 << i for i, cell in enumerate(grid.cells) if cell is not None and wanted(cell))


def _components(grid: RanchGrid, mask: int) -> list[int]:
    """The orthogonally connected groups of `mask`, each as a mask."""
    geo = geometry(grid.height)
    groups = []
    while mask:
        group = geo.flood(mask & -mask, mask)
        mask &= ~group
        groups.append(group)
    return groups


def candidate_groups(grid: RanchGrid, number: int) -> list[int]:
    """The groups a scenario looks at (before the size threshold), as masks."""
    scenario = scenario_name(number)
    if scenario == "timber":  # a forest territory touching the river (a parcel in row 1)
        forests = _components(grid, _mask(grid, lambda c: c.landscape is Landscape.FOREST))
        return [g for g in forests if g & ((1 << WIDTH) - 1)]
    if scenario == "gold":  # parcels with gold nuggets, whatever their landscape
        return _components(grid, _mask(
            grid, lambda c: c.resources > 0 and c.landscape.resource == "gold"))
    if scenario == "outlaws":  # parcels holding partners, with a Desperado or Thief
        partners = _components(grid, _mask(grid, lambda c: c.partner is not None))
        outlaws = _mask(grid, lambda c: c.partner in OUTLAW_FACES)
        return [g for g in partners if g & outlaws]
    return _components(grid, _mask(grid, lambda c: c.landscape is Landscape.FARM))  # city


def score_scenario(grid: RanchGrid, scenario: int | str) -> ScenarioScore:
    """R-LEG-2: the scenario's scoring groups of a ranch (callers apply overpopulation
    first, which changes nothing here: scenarios do not count cows)."""
    number = scenario_number(scenario)
    sizes = sorted((len(cells_of(g)) for g in candidate_groups(grid, number)), reverse=True)
    return ScenarioScore(number, tuple(s for s in sizes if s >= MIN_GROUP))
