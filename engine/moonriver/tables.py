"""Lookup tables for the rules' hot path, built once per component set and ranch height.

The rules read a parcel's landscape, cows and symbols, a board's storage slots and
bridges at nearly every action. Going through `ComponentSet` dataclasses and dicts each
time was a large share of a search's time, so these facts are flattened into tuples
indexed by parcel id (index 0 unused) and dicts by board name, shared by every state.
"""

from __future__ import annotations

from functools import cache

from engine.games.geometry import SquareGrid
from engine.moonriver.components import load_components
from engine.moonriver.grid import bridge_mask, geometry


class RuleTables:
    """Flat per-parcel and per-board facts of one component set at one ranch height."""

    __slots__ = ("bridges", "circle", "cows", "geo", "landscape", "number", "partner_kind",
                 "skull", "slots")

    def __init__(self, components: str, height: int) -> None:
        comp = load_components(components)
        parcels = comp.parcels
        self.geo: SquareGrid = geometry(height)
        self.landscape: tuple[int, ...] = (-1, *(int(p.landscape) for p in parcels))
        self.cows: tuple[int, ...] = (0, *(p.cows for p in parcels))          # R-SYM-1
        self.skull: tuple[bool, ...] = (False, *(p.skull for p in parcels))   # R-SYM-2
        self.circle: tuple[bool, ...] = (False, *(p.circle for p in parcels))  # R-SYM-3
        self.number: tuple[int, ...] = (0, *(p.number for p in parcels))      # R-SETUP-4
        self.partner_kind: tuple[str, ...] = ("", *comp.partners)  # by chip id
        self.slots: dict[str, int] = {name: b.slots for name, b in comp.boards.items()}
        # R-PLACE-2 (a): the row-1 cells above each board's bridges
        self.bridges: dict[str, int] = {
            name: bridge_mask(b.bridges) for name, b in comp.boards.items()}


@cache
def rule_tables(components: str, height: int) -> RuleTables:
    return RuleTables(components, height)
