"""What happened in Moon River, as data: `apply` returns these and the bot turns them into messages.

Each event is a small frozen dataclass with a stable `kind`; `to_dict()` gives JSON.
Seats are 0-based; cells are ranch cell indices (`engine.moonriver.grid.cell_name` names them).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

# The base and the end are every game's (re-exported: Moon River's code reads them here).
from engine.games.events import Event as Event
from engine.games.events import GameEnded as GameEnded


@dataclass(frozen=True, slots=True)
class RancheroPlaced(Event):
    seat: int
    parcel: int
    kind: ClassVar[str] = "ranchero_placed"


@dataclass(frozen=True, slots=True)
class ColumnDrawn(Event):
    parcels: tuple[int, ...]
    kind: ClassVar[str] = "column_drawn"


@dataclass(frozen=True, slots=True)
class TurnStarted(Event):
    seat: int
    round: int
    kind: ClassVar[str] = "turn_started"


@dataclass(frozen=True, slots=True)
class ParcelTaken(Event):
    seat: int
    parcel: int
    kind: ClassVar[str] = "parcel_taken"


@dataclass(frozen=True, slots=True)
class DominoPlaced(Event):
    seat: int
    first: int
    second: int
    first_cell: int
    second_cell: int
    kind: ClassVar[str] = "domino_placed"


@dataclass(frozen=True, slots=True)
class ParcelsRemoved(Event):
    seat: int | None  # None: the table's (an unchosen 3-player parcel)
    parcels: tuple[int, ...]
    reason: str  # "nothing_fits" | "unchosen" | "left_over"
    kind: ClassVar[str] = "parcels_removed"


@dataclass(frozen=True, slots=True)
class Passed(Event):
    seat: int
    step: str  # the phase that was declined or finished
    kind: ClassVar[str] = "passed"


@dataclass(frozen=True, slots=True)
class CowAdded(Event):
    seat: int
    cell: int
    kind: ClassVar[str] = "cow_added"


@dataclass(frozen=True, slots=True)
class CowSupplyEmpty(Event):
    seat: int
    cell: int
    kind: ClassVar[str] = "cow_supply_empty"


@dataclass(frozen=True, slots=True)
class SkullResolved(Event):
    seat: int
    skull_cell: int
    cow_cell: int | None  # None: no cow in that territory, no effect
    kind: ClassVar[str] = "skull_resolved"


@dataclass(frozen=True, slots=True)
class PartnerRecruited(Event):
    seat: int
    cell: int
    chip_kind: str
    face: str
    kind: ClassVar[str] = "partner_recruited"


@dataclass(frozen=True, slots=True)
class CircleWasted(Event):
    seat: int
    cell: int
    kind: ClassVar[str] = "circle_wasted"


@dataclass(frozen=True, slots=True)
class CowMoved(Event):
    seat: int
    source: int
    target: int
    kind: ClassVar[str] = "cow_moved"


@dataclass(frozen=True, slots=True)
class ParcelsSwapped(Event):
    seat: int
    other: int
    mine: int
    theirs: int
    kind: ClassVar[str] = "parcels_swapped"


@dataclass(frozen=True, slots=True)
class CowStolen(Event):
    seat: int
    victim: int
    source: int
    target: int
    kind: ClassVar[str] = "cow_stolen"


@dataclass(frozen=True, slots=True)
class BonusTilePlaced(Event):
    seat: int
    tile: int
    landscape: str
    cell: int
    kind: ClassVar[str] = "bonus_tile_placed"


@dataclass(frozen=True, slots=True)
class BonusTileMissed(Event):
    seat: int
    kind: ClassVar[str] = "bonus_tile_missed"


@dataclass(frozen=True, slots=True)
class RoundEnded(Event):
    round: int
    kind: ClassVar[str] = "round_ended"


@dataclass(frozen=True, slots=True)
class SaloonRefilled(Event):
    chips: tuple[str, ...]  # kinds added
    kind: ClassVar[str] = "saloon_refilled"


@dataclass(frozen=True, slots=True)
class LastRound(Event):
    round: int
    kind: ClassVar[str] = "last_round"


@dataclass(frozen=True, slots=True)
class FinalPlacement(Event):
    kind: ClassVar[str] = "final_placement"


@dataclass(frozen=True, slots=True)
class CowsOverpopulated(Event):
    seat: int
    cell: int
    removed: int
    kind: ClassVar[str] = "cows_overpopulated"

