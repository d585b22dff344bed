"""What happened, as data, in any game: the base of every game's events.

`apply` returns events and the bot turns them into messages. Each event is a small frozen
dataclass with a stable `kind`; `to_dict()` gives JSON. The end of a game is the same
event in every game (scores per seat and the winning seats), so front ends and the
table service can tell it without knowing the game.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar


@dataclass(frozen=True, slots=True)
class Event:
    kind: ClassVar[str] = "event"

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        for f in fields(self):
            value = getattr(self, f.name)
            out[f.name] = list(value) if isinstance(value, tuple) else value
        return out



@dataclass(frozen=True, slots=True)
class GameEnded(Event):
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    kind: ClassVar[str] = "game_ended"
