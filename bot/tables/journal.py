"""What happened since a table's last turn post, kept in memory until the turn passes on.

Game-free: each entry carries its game's narration (`Front.segments_of`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from bot.tables.words import Segment
from engine.games.events import Event

#: A game's narration of one service call (`Front.segments_of`).
SegmentsOf = Callable[..., list[Segment]]


@dataclass(frozen=True, slots=True)
class _Entry:
    played: tuple[tuple[int, tuple[Event, ...]], ...]
    before: Any
    after: Any
    narrate: SegmentsOf
    skip: int = 0  # leading segments already posted
    #: Narrations already made, per (locale, literal): a turn is read for the mover's
    #: confirmation and again for the table post, in the same words.
    said: dict[tuple[str, Callable[[str], str]], list[Segment]] = field(
        default_factory=dict, compare=False)

    def segments(self, locale: str, literal: Callable[[str], str]) -> list[Segment]:
        """This call's segments not yet posted, narrated once per locale."""
        key = (locale, literal)
        if key not in self.said:
            self.said[key] = self.narrate(self.played, self.before, self.after, locale, literal)
        return self.said[key][self.skip:]


@dataclass(frozen=True, slots=True)
class Reading:
    """What `TurnJournal.read` narrated: the finished turns' segments and the events
    of every entry read, and which entries they came from (for `settle`)."""

    segments: list[Segment]
    events: list[Event]
    covered: tuple[_Entry, ...]  # entries narrated whole
    partly: tuple[_Entry, int] | None = None  # and one narrated up to this segment


class TurnJournal:
    """What happened since a table's last turn post, kept until the turn passes on.

    Entries are kept raw and narrated when read, so the table's post and each player's
    private confirmation can be in different languages. Kept in memory: after a restart
    the delivery `restore`s a game's moves since its last post from the stored log."""

    def __init__(self) -> None:
        self._games: dict[int, list[_Entry]] = {}
        #: Games whose journal runs from their last post: posted by this process, or
        #: restored from the log after a restart (to the game version given).
        self._complete: dict[int, int] = {}

    def add(self, game_id: int, played: Sequence[tuple[int, Sequence[Event]]],
            before: Any, after: Any, narrate: SegmentsOf,
            version: int | None = None) -> None:
        """Keep one call's moves; `narrate` is the table's game's (`Front.segments_of`).
        A call that made a `version` the journal was already restored to is in it."""
        if version is not None and version <= self._complete.get(game_id, -1):
            return
        entry = _Entry(tuple((seat, tuple(events)) for seat, events in played), before, after,
                       narrate=narrate)
        self._games.setdefault(game_id, []).append(entry)

    def is_complete(self, game_id: int) -> bool:
        """Whether the journal holds every move since the game's last post: false after a
        restart until `restore` (or a post) says so."""
        return game_id in self._complete

    def restore(self, game_id: int, played: Sequence[tuple[int, Sequence[Event], Any, Any]],
                version: int, narrate: SegmentsOf) -> None:
        """After a restart: the moves since the last post, replayed from the stored log as
        (seat, events, before, after) up to game `version`, replace what the journal
        caught since the start (those moves are in the log too)."""
        entries = [_Entry(((seat, tuple(events)),), before, after, narrate=narrate)
                   for seat, events, before, after in played]
        if entries:
            self._games[game_id] = entries
        else:
            self._games.pop(game_id, None)
        self._complete[game_id] = version

    def mark_complete(self, game_id: int) -> None:
        """Nothing to restore (no post sent before, or the log no longer reaches it)."""
        self._complete.setdefault(game_id, -1)

    def _segments(self, entries: Sequence[_Entry], locale: str,
                  literal: Callable[[str], str]) -> list[list[Segment]]:
        return [e.segments(locale, literal) for e in entries]

    def read(self, game_id: int, locale: str, literal: Callable[[str], str] = str
             ) -> Reading:
        """The finished turns, narrated, and their events, left in the journal until
        `settle`: a post that must be tried again after a 429 or a 5xx narrates the same
        turns then. A next turn already begun (an automatic pass) is not finished."""
        entries = tuple(self._games.get(game_id, ()))
        per_entry = self._segments(entries, locale, literal)
        events = [e for entry in entries for _, evs in entry.played for e in evs]
        last = max((i for i, segs in enumerate(per_entry) if any(s.ends_turn for s in segs)),
                   default=None)
        if last is None:
            return Reading([s for segs in per_entry for s in segs], events, entries)
        segs = per_entry[last]
        cut = max(i for i, s in enumerate(segs) if s.ends_turn) + 1
        finished = [s for segs_ in per_entry[:last] for s in segs_] + segs[:cut]
        if cut < len(segs):  # the last entry read in part: its rest is the next post's
            return Reading(finished, events, entries[:last], (entries[last], cut))
        return Reading(finished, events, entries[:last + 1])

    def settle(self, game_id: int, reading: Reading) -> None:
        """Forget what `reading` narrated (its post is out). Entries added since stay; a
        journal dropped or rewritten meanwhile (an undo) is left as it is."""
        self.mark_complete(game_id)  # from here on it runs from the last post
        entries = self._games.get(game_id, [])
        read = (*reading.covered, *(reading.partly[:1] if reading.partly else ()))
        if len(entries) < len(read) or any(a is not b for a, b in zip(entries, read, strict=False)):
            return
        rest = entries[len(reading.covered):]
        if reading.partly is not None:
            entry, cut = reading.partly
            rest[0] = replace(entry, skip=entry.skip + cut)
        if rest:
            self._games[game_id] = rest
        else:
            self._games.pop(game_id, None)

    def first_turn(self, game_id: int, locale: str,
                   literal: Callable[[str], str] = str) -> list[Segment]:
        """The oldest turn kept, narrated (the one that just ended, after a move)."""
        segments = [s for segs in self._segments(self._games.get(game_id, []), locale,
                                                 literal) for s in segs]
        end = next((i for i, s in enumerate(segments) if s.ends_turn), len(segments) - 1)
        return segments[:end + 1]

    def drop(self, game_id: int) -> None:
        self._games.pop(game_id, None)
        self._complete.pop(game_id, None)
