"""What happened in a Moonlight game, as data (`apply` returns these).

Every event is public: none names a card in a hand or a deck. A draw says who drew, not
what (the drawer sees the card in their own view, engine.moonlight.view). Seats are 0
(green) and 1 (blue); cells are canvas names such as "D4"; cards are codes such as "4m".
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from engine.games import events
from engine.games.events import Event


@dataclass(frozen=True, slots=True)
class RoundStarted(Event):
    """M-SETUP-1, M-SETUP-2: decks shuffled, hands drawn (how many, not which)."""

    round: int  # 1–3: rounds decided so far + 1 (a replay keeps its number)
    replay: bool  # M-SCORE-4: the last round was tied and is played again
    start_seat: int
    hand_sizes: tuple[int, int]
    deck_sizes: tuple[int, int]
    kind: ClassVar[str] = "round_started"


@dataclass(frozen=True, slots=True)
class CardPlayed(Event):
    """M-PLACE-2 (join) or M-PLACE-3 (cover, `covered` the card now underneath)."""

    seat: int
    card: str
    cell: str
    covered: str | None  # the opponent's card covered, or None for a join
    ambush: bool  # a cover with an equal value (Alpha Power `ambush`)
    howl: bool  # the extra placement of Alpha Power `howl`
    kind: ClassVar[str] = "card_played"


@dataclass(frozen=True, slots=True)
class CardDrawn(Event):
    """M-TURN-1: a card from the deck to the hand (which one stays hidden)."""

    seat: int
    deck_left: int
    kind: ClassVar[str] = "card_drawn"


@dataclass(frozen=True, slots=True)
class HowlKept(Event):
    """The player with `howl` ready declined the extra placement this turn."""

    seat: int
    kind: ClassVar[str] = "howl_kept"


@dataclass(frozen=True, slots=True)
class LastTurn(Event):
    """M-END-1: the start player placed their last card; the other takes one last turn."""

    seat: int  # who takes it
    kind: ClassVar[str] = "last_turn"


@dataclass(frozen=True, slots=True)
class RoundScored(Event):
    """M-SCORE-1…4: the round's sheet (`area` in area notation) and its winner."""

    round: int
    area: str
    moons: tuple[int, int]
    moon_bonus: int | None
    row_winners: tuple[int | None, ...]  # top-down
    points: tuple[int, int]
    visible: tuple[int, int]
    winner: int | None  # None: replayed (M-SCORE-4)
    kind: ClassVar[str] = "round_scored"


@dataclass(frozen=True, slots=True)
class LoneWolfJoined(Event):
    """M-NEXT-1: the round's winner adds the Lone Wolf to their deck."""

    seat: int
    kind: ClassVar[str] = "lone_wolf_joined"


@dataclass(frozen=True, slots=True)
class PowerChosen(Event):
    """M-NEXT-2: the round's loser took an Alpha Power."""

    seat: int
    power: str
    kind: ClassVar[str] = "power_chosen"


#: M-WIN: the same end event as every game's (scores are rounds won per seat).
GameEnded = events.GameEnded

__all__ = ["CardDrawn", "CardPlayed", "Event", "GameEnded", "HowlKept", "LastTurn",
           "LoneWolfJoined", "PowerChosen", "RoundScored", "RoundStarted"]
