"""What changed in the player turn just played, as marks a picture can draw.

The caller passes the engine events of that turn only (everything from its
`TurnStarted` on), so the marks show this turn's news rather than each ranch's own last
domino.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from engine.moonriver import events as ev


@dataclass(frozen=True, slots=True)
class CowStep:
    """One cow that changed cell: moved by a cowboy (same seat) or stolen (R-PART-4)."""

    from_seat: int
    source: int
    to_seat: int
    target: int


@dataclass(frozen=True, slots=True)
class TurnChanges:
    """Cells and parcels to mark, per seat; empty when nothing happened."""

    placed: frozenset[tuple[int, int]] = frozenset()      # (seat, cell) built this turn
    cows_arrived: frozenset[tuple[int, int]] = frozenset()  # R-SYM-1
    cows_lost: frozenset[tuple[int, int]] = frozenset()     # R-SYM-2 (drought), stolen
    cow_steps: tuple[CowStep, ...] = ()                     # R-PART-2 and R-PART-4
    recruited: frozenset[tuple[int, int]] = frozenset()     # R-SYM-3
    swapped: frozenset[tuple[int, int]] = frozenset()       # (seat, parcel) R-PART-3
    chosen: frozenset[int] = field(default=frozenset())     # parcel ids (R-TURN-3)

    def cells_of(self, marks: frozenset[tuple[int, int]], seat: int) -> frozenset[int]:
        return frozenset(cell for s, cell in marks if s == seat)

    @property
    def empty(self) -> bool:
        return not (self.placed or self.cows_arrived or self.cows_lost or self.cow_steps
                    or self.recruited or self.swapped or self.chosen)


def changes_of(turn_events: Iterable[ev.Event]) -> TurnChanges:
    """Collect the marks of one player turn from its events."""
    placed: set[tuple[int, int]] = set()
    arrived: set[tuple[int, int]] = set()
    lost: set[tuple[int, int]] = set()
    steps: list[CowStep] = []
    recruited: set[tuple[int, int]] = set()
    swapped: set[tuple[int, int]] = set()
    chosen: set[int] = set()
    for event in turn_events:
        if isinstance(event, ev.DominoPlaced):
            placed |= {(event.seat, event.first_cell), (event.seat, event.second_cell)}
        elif isinstance(event, ev.BonusTilePlaced):
            placed.add((event.seat, event.cell))
        elif isinstance(event, ev.CowAdded):
            arrived.add((event.seat, event.cell))
        elif isinstance(event, ev.SkullResolved) and event.cow_cell is not None:
            lost.add((event.seat, event.cow_cell))
        elif isinstance(event, ev.CowMoved):
            steps.append(CowStep(event.seat, event.source, event.seat, event.target))
        elif isinstance(event, ev.CowStolen):
            steps.append(CowStep(event.victim, event.source, event.seat, event.target))
            lost.add((event.victim, event.source))
            arrived.add((event.seat, event.target))
        elif isinstance(event, ev.PartnerRecruited):
            recruited.add((event.seat, event.cell))
        elif isinstance(event, ev.ParcelsSwapped):
            swapped |= {(event.seat, event.theirs), (event.other, event.mine)}
        elif isinstance(event, ev.RancheroPlaced):
            chosen.add(event.parcel)
    return TurnChanges(frozenset(placed), frozenset(arrived), frozenset(lost), tuple(steps),
                       frozenset(recruited), frozenset(swapped), frozenset(chosen))
