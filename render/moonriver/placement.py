"""Candidate positions of a domino, lettered a, b, c … in reading order.

The placement menu offers letters; the preview draws the same letters on the ranch.
A position is the pair of cells a domino covers; the builds listed for it differ only
in which end lies where (the dialogue's ⇄ button swaps them). The two-player bonus
tile (R-2P-3) covers one cell: its spots are lettered the same way, the landscapes that
may lie there listed under one letter.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.moonriver.actions import Bonus, Build
from engine.moonriver.grid import WIDTH
from render.labels import letter


@dataclass(frozen=True, slots=True)
class Position:
    letter: str
    cells: tuple[int, int]        # lower cell index first
    builds: tuple[Build, ...]     # the legal builds covering exactly these cells


@dataclass(frozen=True, slots=True)
class Spot:
    letter: str
    cells: tuple[int]             # the one cell a bonus tile covers
    bonuses: tuple[Bonus, ...]    # the legal bonus placements there (tile, side)


def _reading_order(cells: tuple[int, ...]) -> tuple[int, int]:
    """Top rows first (the picture has row 1 at the bottom), then left to right."""
    rows = sum(c // WIDTH for c in cells)
    columns = sum(c % WIDTH for c in cells)
    return -rows, columns


def placement_positions(builds: Sequence[Build]) -> tuple[Position, ...]:
    """Group legal builds (R-PLACE-*, from `legal_actions`) by the cells they cover."""
    grouped: dict[tuple[int, int], list[Build]] = {}
    for build in builds:
        a, b = build.cell, build.second_cell
        grouped.setdefault((min(a, b), max(a, b)), []).append(build)
    ordered = sorted(grouped, key=_reading_order)
    return tuple(Position(letter(i), cells, tuple(grouped[cells]))
                 for i, cells in enumerate(ordered))


def position_of(positions: Sequence[Position], build: Build) -> Position | None:
    """The position a build belongs to (to show which letter a proposal is)."""
    return next((p for p in positions if build in p.builds), None)


def bonus_spots(bonuses: Sequence[Bonus]) -> tuple[Spot, ...]:
    """Group legal bonus placements (R-2P-3, from `legal_actions`) by their cell."""
    grouped: dict[int, list[Bonus]] = {}
    for bonus in bonuses:
        grouped.setdefault(bonus.cell, []).append(bonus)
    ordered = sorted(grouped, key=lambda cell: _reading_order((cell,)))
    return tuple(Spot(letter(i), (cell,), tuple(grouped[cell]))
                 for i, cell in enumerate(ordered))
