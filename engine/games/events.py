"""What happened, as data, in any game: the base of every game's events.

`apply` returns events and the bot turns them into messages. Each event is a small frozen
dataclass with a stable `kind`; `to_dict()` gives JSON. The end of a game is the same
event in every game (scores per seat and the winning seats), so front ends and the
table service can tell it without knowing the game.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any, ClassVar


@dataclass(frozen=True, slots=True)
class Event:
    kind: ClassVar[str] = "event"

    def to_dict(self) -> dict[str, Any]:
        names = _FIELD_NAMES.get(type(self))
        if names is None:  # once per class: `fields` builds its answer anew on every call
            names = _FIELD_NAMES[type(self)] = tuple(f.name for f in fields(self))
        out: dict[str, Any] = {"kind": self.kind}
        for name in names:
            value = getattr(self, name)
            out[name] = list(value) if isinstance(value, tuple) else value
        return out


#: Each event class's field names, in order (`Event.to_dict`, every logged action).
_FIELD_NAMES: dict[type[Event], tuple[str, ...]] = {}



@dataclass(frozen=True, slots=True)
class GameEnded(Event):
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    kind: ClassVar[str] = "game_ended"


def event_reader(classes: Iterable[type[Event]]) -> Callable[[Sequence[Mapping[str, Any]]],
                                                             tuple[Event, ...]]:
    """A game's events back from their `to_dict()` form (the action log keeps them so
    any process narrates and marks a turn without replaying the game). `classes`: the
    game's event classes; their kinds must be distinct within the game."""
    by_kind: dict[str, type[Event]] = {}
    for cls in classes:
        if cls.kind in by_kind and by_kind[cls.kind] is not cls:
            raise ValueError(f"two events of kind {cls.kind!r}")
        by_kind[cls.kind] = cls

    def read(data: Sequence[Mapping[str, Any]]) -> tuple[Event, ...]:
        out = []
        for item in data:
            cls = by_kind.get(str(item.get("kind")))
            if cls is None:
                raise ValueError(f"unknown event {item.get('kind')!r}")
            values = {f.name: tuple(v) if isinstance(v := item[f.name], list) else v
                      for f in fields(cls)}
            out.append(cls(**values))
        return tuple(out)

    return read


def events_of_module(namespace: Mapping[str, Any]) -> list[type[Event]]:
    """The event classes defined or re-exported in a game's events module."""
    return [value for value in namespace.values()
            if isinstance(value, type) and issubclass(value, Event) and value is not Event]
