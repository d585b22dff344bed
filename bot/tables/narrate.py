"""Engine events as one line per player turn, the player's name first (issue 9).

"**Alice** built Farm 3 + Desert 1 on C1–D1, +1 🐄, recruited a Cattle thief on C1,
stole a cow from **Bob** (E2), then took ③ Forest 5"

A player turn may take several service calls (build, then a partner, then choose), so
each call is first turned into `Segment`s, kept until the turn passes on, and then
joined by `turn_lines`. Parcels are named as on the buttons (`bot.tables.labels`), never
by id. Table-wide news (a round ends, the last round, the final placement) follows the
turn line it happened in.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from bot.tables.labels import parcel_text
from engine.games.i18n import t
from engine.moonriver import events as ev
from engine.moonriver.grid import cell_name
from engine.moonriver.state import GameState
from render.labels import slot_label


@dataclass(frozen=True, slots=True)
class Segment:
    """What one seat did in one service call, in words."""

    seat: int
    phrases: tuple[str, ...]
    table: tuple[str, ...] = ()     # round over, last round, final placement …
    ends_turn: bool = False


def _cells(first: int, second: int) -> str:
    return f"{cell_name(first)}–{cell_name(second)}"


def draft_slots(state: GameState) -> dict[int, str]:
    """Parcel id → ①–④ as the picture labels the draft (`render.moonriver.labels.draft_labels` of
    the public view), read straight from the state: a public view scores every ranch,
    which cost the narration more than all its words."""
    return {slot.parcel: slot_label(i) for column in (state.column, state.next_column)
            for i, slot in enumerate(column) if slot.parcel is not None}


def _phrases(seat: int, events: Sequence[ev.Event], state: GameState,
             draft: Callable[[], Sequence[dict[int, str]]], locale: str,
             literal: Callable[[str], str]) -> tuple[list[str], list[str]]:
    """(the mover's phrases, table-wide lines) for the events of one action by `seat`;
    `literal` makes a player's name inert in the target's markup (the bot escapes
    markdown)."""
    names = [literal(name) for name in state.config.players]
    said: list[str] = []
    table: list[str] = []

    def parcel(pid: int) -> str:
        return parcel_text(state, pid, locale)

    def drafted(pid: int) -> str:
        for slots in draft():  # the label the picture showed when the choice was made
            if pid in slots:
                return f"{slots[pid]} {parcel(pid)}"
        return parcel(pid)

    cows = 0
    for e in events:
        if isinstance(e, ev.CowAdded):
            cows += 1
            continue
        if cows:
            said.append(t("turn.cows", locale, count=cows))
            cows = 0
        if isinstance(e, ev.DominoPlaced):
            said.append(t("turn.built", locale, first=parcel(e.first), second=parcel(e.second),
                          cells=_cells(e.first_cell, e.second_cell)))
        elif isinstance(e, ev.RancheroPlaced):
            said.append(t("turn.took", locale, parcel=drafted(e.parcel)))
        elif isinstance(e, ev.SkullResolved) and e.cow_cell is not None:
            said.append(t("turn.skull", locale, cell=cell_name(e.cow_cell)))
        elif isinstance(e, ev.PartnerRecruited):
            said.append(t("turn.recruited", locale, partner=t(f"partner.{e.face}", locale),
                          cell=cell_name(e.cell)))
        elif isinstance(e, ev.CowMoved):
            said.append(t("turn.moved", locale, source=cell_name(e.source),
                          target=cell_name(e.target)))
        elif isinstance(e, ev.ParcelsSwapped):
            said.append(t("turn.swapped", locale, mine=parcel(e.mine), other=names[e.other],
                          theirs=parcel(e.theirs)))
        elif isinstance(e, ev.CowStolen):
            said.append(t("turn.stole", locale, victim=names[e.victim],
                          cell=cell_name(e.source)))
        elif isinstance(e, ev.ParcelsRemoved) and e.seat is not None:
            key = "turn.discarded" if e.reason == "nothing_fits" else "turn.left_over"
            what = t(key, locale, parcels=", ".join(parcel(p) for p in e.parcels))
            if e.seat == seat:
                said.append(what)
            else:  # R-END-2: the final placement passes over a seat left with one parcel
                table.append(t("turn.line", locale, player=names[e.seat], what=what))
        elif isinstance(e, ev.BonusTilePlaced):
            said.append(t("turn.bonus", locale,
                          landscape=t(f"landscape.{e.landscape}", locale),
                          cell=cell_name(e.cell)))
        elif isinstance(e, ev.Passed) and e.step == "build":
            said.append(t("turn.passed", locale))
        elif isinstance(e, ev.RoundEnded):
            table.append(t("turn.round_ended", locale, round=e.round))
        elif isinstance(e, ev.LastRound):
            table.append(t("turn.last_round", locale))
        elif isinstance(e, ev.FinalPlacement):
            table.append(t("turn.final", locale))
    if cows:
        said.append(t("turn.cows", locale, count=cows))
    return said, table


def segments_of(played: Sequence[tuple[int, Sequence[ev.Event]]], before: GameState | None,
                after: GameState, locale: str = "en",
                literal: Callable[[str], str] = str) -> list[Segment]:
    """One segment per (seat, events) played in one service call, oldest first.

    `before` is the state the call started from: its draft labels are the ones the
    mover saw when choosing (the picture's ①–④); read only for a choice from the draft."""
    labels: list[dict[int, str]] = []

    def draft() -> Sequence[dict[int, str]]:
        if not labels:
            labels.extend(draft_slots(s) for s in (before, after) if s is not None)
        return labels

    out = []
    for seat, events in played:
        chunk: list[ev.Event] = []
        for e in events:
            if isinstance(e, ev.TurnStarted):  # what follows is the next turn's
                out.append(_segment(seat, chunk, after, draft, locale, literal, ends=True))
                seat, chunk = e.seat, []
                continue
            chunk.append(e)
        ends = any(isinstance(e, (ev.FinalPlacement, ev.GameEnded)) for e in chunk)
        out.append(_segment(seat, chunk, after, draft, locale, literal, ends=ends))
    return [s for s in out if s.phrases or s.table or s.ends_turn]


def _segment(seat: int, events: Sequence[ev.Event], state: GameState,
             draft: Callable[[], Sequence[dict[int, str]]], locale: str,
             literal: Callable[[str], str], *, ends: bool) -> Segment:
    said, table = _phrases(seat, events, state, draft, locale, literal)
    return Segment(seat, tuple(said), tuple(table), ends)


def turn_lines(segments: Sequence[Segment], names: Sequence[str],
               locale: str = "en") -> list[str]:
    """Join segments into one line per player turn ('**name** did this, then that')."""
    lines: list[str] = []
    current: int | None = None
    said: list[str] = []
    table: list[str] = []

    def flush() -> None:
        nonlocal said, table
        if current is not None and said:
            what = ", ".join(said[:-1])
            what = f"{what}, {t('turn.then', locale)} {said[-1]}" if what else said[-1]
            lines.append(t("turn.line", locale, player=names[current], what=what))
        lines.extend(table)
        said, table = [], []

    for segment in segments:
        if current is not None and segment.seat != current:
            flush()
        current = segment.seat
        said.extend(segment.phrases)
        table.extend(segment.table)
        if segment.ends_turn:
            flush()
            current = None
    flush()
    return lines


def summarize(events: Sequence[ev.Event], state: GameState, locale: str = "en",
              literal: Callable[[str], str] = str) -> str:
    """The events of one call as text lines (the sandbox prints this after a move)."""
    seat = next((e.seat for e in events if isinstance(e, ev.RancheroPlaced | ev.DominoPlaced
                                                       | ev.Passed | ev.ParcelsRemoved)
                 and e.seat is not None), 0)
    return "\n".join(turn_lines(segments_of([(seat, events)], None, state, locale, literal),
                                [literal(n) for n in state.config.players], locale))


#: A game's narration of one service call (`Front.segments_of`; Moon River's by default).
SegmentsOf = Callable[..., list[Segment]]


@dataclass(frozen=True, slots=True)
class _Entry:
    played: tuple[tuple[int, tuple[ev.Event, ...]], ...]
    before: Any
    after: Any
    skip: int = 0  # leading segments already posted
    narrate: SegmentsOf = segments_of
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
    events: list[ev.Event]
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

    def add(self, game_id: int, played: Sequence[tuple[int, Sequence[ev.Event]]],
            before: Any, after: Any, narrate: SegmentsOf = segments_of,
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

    def restore(self, game_id: int, played: Sequence[tuple[int, Sequence[ev.Event], Any, Any]],
                version: int, narrate: SegmentsOf = segments_of) -> None:
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
