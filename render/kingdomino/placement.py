"""Candidate placements of a domino, lettered a, b, c … in reading order.

The placement menu offers letters; the preview draws the same letters on the kingdom.
A position is the pair of cells the domino covers; the placements listed for it differ
only in which half lies where (K-PLACE-3: any orientation), so a menu offers one letter
per pair of cells and a swap for the halves — grouped as Moon River's preview does
(render.labels.letter), which keeps an empty kingdom's ~40 placements to about 20 letters.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.kingdomino.actions import Place
from engine.kingdomino.kingdom import play_area
from render.labels import letter


@dataclass(frozen=True, slots=True)
class Position:
    letter: str
    cells: tuple[int, int]  # play-area cells, lower index first
    places: tuple[Place, ...]  # the legal placements covering exactly these cells

    @property
    def actions(self) -> tuple[str, ...]:
        """The action texts (`place 17 E4 right`), the engine's canonical order."""
        return tuple(str(place) for place in self.places)


def _cells(place: Place, size: int) -> tuple[int, int]:
    area = play_area(size)
    first = area.cell(place.column, place.row)
    second = area.second_cell(first, place.direction)
    return min(first, second), max(first, second)


def placement_positions(places: Sequence[Place], size: int) -> tuple[Position, ...]:
    """Group legal placements (from `legal_actions`) by the two cells they cover, in
    reading order: top rows first, then left to right."""
    stride = 2 * size
    grouped: dict[tuple[int, int], list[Place]] = {}
    for place in places:
        grouped.setdefault(_cells(place, size), []).append(place)

    def reading(cells: tuple[int, int]) -> tuple[int, int]:
        return sum(c // stride for c in cells), sum(c % stride for c in cells)

    ordered = sorted(grouped, key=reading)
    return tuple(Position(letter(i), cells, tuple(grouped[cells]))
                 for i, cells in enumerate(ordered))


def position_of(positions: Sequence[Position], place: Place) -> Position | None:
    """The position a placement belongs to (to show which letter a proposal is)."""
    return next((p for p in positions if place in p.places), None)
