"""What changed in the Kingdomino turn just played, as marks a picture can draw.

The caller passes the engine events of that turn only, so the marks show this turn's
news (the domino placed, a discard, the king moved), not each kingdom's own last domino.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from engine.games.events import Event
from engine.kingdomino import events as ev
from engine.kingdomino.kingdom import parse_cell


@dataclass(frozen=True, slots=True)
class TurnChanges:
    placed: frozenset[tuple[int, int]] = frozenset()  # (seat, play-area cell), K-TURN-1 (1)
    discarded: frozenset[tuple[int, int]] = frozenset()  # (seat, domino), K-PLACE-4
    claimed: frozenset[int] = frozenset()  # dominoes a king went onto, K-TURN-1 (2)
    placed_dominoes: frozenset[int] = frozenset()

    @property
    def dominoes(self) -> frozenset[int]:
        """Every domino this turn touched: placed, discarded or claimed."""
        return (self.claimed | self.placed_dominoes
                | frozenset(number for _, number in self.discarded))

    def cells_of(self, seat: int) -> frozenset[int]:
        return frozenset(cell for s, cell in self.placed if s == seat)

    def discards_of(self, seat: int) -> frozenset[int]:
        return frozenset(number for s, number in self.discarded if s == seat)

    @property
    def empty(self) -> bool:
        return not (self.placed or self.discarded or self.claimed)


def changes_of(turn_events: Iterable[Event], size: int) -> TurnChanges:
    """Collect the marks of one turn from its events; `size` is the kingdoms' size (5 or
    7), which the cell names of the events need."""
    placed: set[tuple[int, int]] = set()
    discarded: set[tuple[int, int]] = set()
    claimed: set[int] = set()
    numbers: set[int] = set()
    for event in turn_events:
        if isinstance(event, ev.DominoPlaced):
            placed |= {(event.seat, parse_cell(size, event.cell)),
                       (event.seat, parse_cell(size, event.second_cell))}
            numbers.add(event.domino)
        elif isinstance(event, ev.DominoDiscarded):
            discarded.add((event.seat, event.domino))
        elif isinstance(event, ev.DominoClaimed):
            claimed.add(event.domino)
        elif isinstance(event, ev.KingsDrawn):  # a new game of a Dynasty: old marks are gone
            placed, discarded, claimed, numbers = set(), set(), set(), set()
    return TurnChanges(frozenset(placed), frozenset(discarded), frozenset(claimed),
                       frozenset(numbers))
