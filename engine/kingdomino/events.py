"""What happened in a Kingdomino game, as data (`apply` returns these).

Same shape as Moon River's events (engine.games.events.Event: a stable `kind`, `to_dict()`),
so the bot narrates both games the same way. Seats are 0-based; cells are play-area
names such as "E4".
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from engine.games import events
from engine.games.events import Event


@dataclass(frozen=True, slots=True)
class KingsDrawn(Event):
    """K-SETUP-3: the order in which the kings claim the first line (one entry per king)."""

    game: int  # 1–3 in a Dynasty, else 1
    order: tuple[int, ...]
    kind: ClassVar[str] = "kings_drawn"


@dataclass(frozen=True, slots=True)
class LineDrawn(Event):
    """K-SETUP-2: a new line, ascending by number."""

    dominoes: tuple[int, ...]
    kind: ClassVar[str] = "line_drawn"


@dataclass(frozen=True, slots=True)
class RoundStarted(Event):
    round: int
    last: bool  # K-TURN-2: nothing left to claim this round
    kind: ClassVar[str] = "round_started"


@dataclass(frozen=True, slots=True)
class DominoClaimed(Event):
    seat: int
    domino: int
    kind: ClassVar[str] = "domino_claimed"


@dataclass(frozen=True, slots=True)
class DominoPlaced(Event):
    seat: int
    domino: int
    cell: str  # half A
    second_cell: str  # half B
    kind: ClassVar[str] = "domino_placed"


@dataclass(frozen=True, slots=True)
class DominoDiscarded(Event):
    """K-PLACE-4: it fitted nowhere."""

    seat: int
    domino: int
    kind: ClassVar[str] = "domino_discarded"


@dataclass(frozen=True, slots=True)
class GameScored(Event):
    """One game's scores; a Dynasty (K-DYN) has three of these before GameEnded."""

    game: int
    scores: tuple[int, ...]
    kind: ClassVar[str] = "game_scored"


#: The end is the same event in both games (engine.games.events.GameEnded: scores per seat —
#: in a Dynasty the three games summed, K-DYN — and the winning seats).
GameEnded = events.GameEnded
