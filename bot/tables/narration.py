"""Which turns a table post tells, read from the action log alone.

Each service call logs its narration (`ActionEntry.said`: the call's `Segment`s by
locale, the table's language first, then its mover's) on its last action. A table post
at action `upto` tells the turns finished since the last post that went out (at action
`since`): the calls after it, the unfinished rest of the call it ended in (an automatic
step of the next turn, held back then), and no further than the last segment that ends
a turn (what follows is the next post's). Being a function of the log, it is the same in
any process and after any restart, and an undo (which truncates the log) takes its moves
out of it.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from bot.tables.domain import LoggedAction
from bot.tables.words import Segment


@dataclass(frozen=True, slots=True)
class Told:
    """A post's turns in words, and the logged actions they cover (for the picture's
    marks of what changed)."""

    segments: list[Segment]
    actions: list[LoggedAction]


@lru_cache(maxsize=4096)
def words_of(said: str) -> dict[str, tuple[Segment, ...]]:
    """A logged call's words (`ActionEntry.said`) by locale, parsed once: a turn's post,
    its mover's confirmation and the next player's catch-up read the same few rows.
    Keyed by the text itself, so a row an undo replaced is a new key, never a stale one."""
    by_locale: dict[str, list[dict[str, object]]] = json.loads(said)
    return {locale: tuple(Segment.from_dict(item) for item in words)
            for locale, words in by_locale.items()}


def _said(row: LoggedAction, locale: str) -> list[Segment]:
    """The row's words in `locale`, else in the first language the call was told in (the
    table's: a call is told in the table's language and its mover's)."""
    if not row.said:
        return []
    by_locale = words_of(row.said)
    return list(by_locale.get(locale) or next(iter(by_locale.values()), ()))


def _held_back(segments: Sequence[Segment]) -> list[Segment]:
    """What the post made by a call held back for the next: the segments after its last
    turn's end. A call with no end in its words (the turn passed on by a seat change
    alone) was told whole."""
    ends = [i for i, s in enumerate(segments) if s.ends_turn]
    return list(segments[ends[-1] + 1:]) if ends else []


def told_turns(rows: Sequence[LoggedAction], upto: int, since: int | None,
               locale: str = "en") -> Told:
    """The turns a post at action `upto` tells in `locale`, `since` the action of the last
    post that went out (None when none is known: then since the last call before
    `upto`'s own that ended a turn). `rows` may start anywhere at or before `since` (or,
    with None, before that call)."""
    calls = [row for row in rows if row.said and row.seq <= upto]
    said: dict[int, list[Segment]] = {}  # read only the calls this post needs
    if since is None:  # the newest earlier call that ended a turn bounds this post
        since = 0
        for row in reversed(calls[:-1]):
            said[row.seq] = _said(row, locale)
            if any(s.ends_turn for s in said[row.seq]):
                since = row.seq
                break
    segments: list[Segment] = []
    for row in calls:
        if row.seq >= since:
            words = said[row.seq] if row.seq in said else _said(row, locale)
            segments += _held_back(words) if row.seq == since else words
    ends = [i for i, s in enumerate(segments) if s.ends_turn]
    if ends:
        segments = segments[:ends[-1] + 1]
    return Told(segments, [row for row in rows if since < row.seq <= upto])


def story(rows: Sequence[LoggedAction], locale: str, table_locale: str
          ) -> tuple[list[Segment], str]:
    """The whole game so far in words, every finished turn as its post told it, and the
    language it is told in: `locale` where the log has every call in it (the asker is
    the table's language, or made every move), else the table's, so no line changes
    language halfway. A turn still going on is left out, as the posts leave it."""
    told = [words_of(row.said) for row in rows if row.said]
    chosen = locale if told and all(locale in words for words in told) else table_locale
    segments = [segment for words in told
                for segment in (words.get(chosen) or next(iter(words.values()), ()))]
    ends = [i for i, s in enumerate(segments) if s.ends_turn]
    return (segments[:ends[-1] + 1] if ends else []), chosen
