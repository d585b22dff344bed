"""The storage contract. SQL lives only in the SQLite and PostgreSQL stores; every store
returns domain objects and passes the same contract tests (tests/bot/test_store_contract.py).

Every write takes the `Game` it expects (its id and version) and raises
`StaleActionError` when the stored game moved on; a write is all-or-nothing and returns
the updated game, so callers need not read it back.
"""

from __future__ import annotations

import secrets
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, Protocol

from bot.tables.domain import (
    Game,
    GameOptions,
    GameResult,
    LoggedAction,
    NewPost,
    NewReminder,
    Post,
    PostState,
    Reminder,
    Seat,
    Snapshot,
    Status,
    TableSettings,
    UserPrefs,
)
from bot.tables.errors import TooManyLobbies
from bot.tables.ratings import Board, PlayerRecord, RatedGame

#: How long a claimed reminder is held before another round may claim it again (a crash
#: between the claim and its firing must not lose it).
REMINDER_LEASE = timedelta(minutes=5)
#: How long a claimed outbox row is held by the process delivering it. A process that
#: dies lets go at once where the store can tell (PostgreSQL: its session's lock goes;
#: SQLite: the next process on the file is the only one), so this bounds only a process
#: that is alive but stuck; the re-check right before posting renews it.
POST_LEASE = timedelta(minutes=2)

#: The once-only jobs (`GameStore.exclusive`): whichever process holds the job's lock
#: runs it, the others skip it. A job may carry a number after a colon, a lock of its own
#: each: `identify:N` is one IDENTIFY at a time in bucket N over every process (Discord:
#: one per bucket per 5 s, the bucket `shard_id % max_concurrency`).
JOBS = ("resume", "prune", "command-sync", "backup", "identify")
#: The numbers a job's name may carry (`identify:0` … `identify:1023`).
JOB_NUMBERS = 1024


def job_key(job: str) -> int:
    """The job's lock number: its place in `JOBS`, and past them one per carried number.
    ValueError for a job nobody knows."""
    name, colon, number = job.partition(":")
    if name not in JOBS or (colon and not (number.isdigit() and int(number) < JOB_NUMBERS)):
        raise ValueError(f"unknown job {job!r}")
    index = JOBS.index(name)
    return index if not colon else len(JOBS) + index * JOB_NUMBERS + int(number)


def new_owner() -> str:
    """A claimer's name in claimed_by: random per opened store (a restart is a new one)."""
    return str(secrets.randbelow(2**31 - 1) + 1)


def too_many_lobbies(*, by_host: bool, limit: int) -> TooManyLobbies:
    """The refusal of a lobby over its host's or channel's limit (service and stores)."""
    if by_host:
        return TooManyLobbies("you already host as many open lobbies as allowed", limit=limit)
    return TooManyLobbies("this channel has as many open lobbies as allowed", limit=limit)


class OneProcess:
    """The cross-process part of the contract for a store one process has to itself
    (memory; SQLite, whose file lock keeps any other process out): every once-only job
    is held, and the wake after a commit with posts is this store's own."""

    shared = False

    def __init__(self) -> None:
        self.owner = new_owner()
        self._wakes: list[Callable[[], None]] = []

    @asynccontextmanager
    async def exclusive(self, job: str) -> AsyncIterator[bool]:
        job_key(job)  # ValueError for a job nobody knows
        yield True

    async def listen(self, wake: Callable[[], None]) -> None:
        self._wakes.append(wake)

    def _woken(self) -> None:
        for wake in self._wakes:
            wake()


@dataclass(frozen=True, slots=True)
class LobbyLimits:
    """Open lobbies one host, and one channel with its threads, may have: checked in the
    transaction that writes a new lobby, so two processes cannot both take the last place."""

    per_host: int
    per_channel: int


@dataclass(frozen=True, slots=True)
class ActionEntry:
    """One action to log, with what it did as JSON: `events` (its events' `to_dict()`s)
    and, on the last action of a service call, `said` (that call's narration in the
    table's language), so any process tells and marks a turn from the log alone."""

    seat: int
    text: str
    events: str = "[]"
    said: str = ""


def told_log_of(rows: Sequence[Any]) -> tuple[int | None, list[LoggedAction]]:
    """`told_log`'s answer from its rows: (told seq, action columns…), the action's
    columns NULL when the log has none from there on; no row when nothing was told."""
    if not rows:
        return None, []
    return int(rows[0][0]), [
        LoggedAction(seq, seat, text, datetime.fromisoformat(at), events or "", said or "")
        for _since, seq, seat, text, at, events, said in rows if seq is not None]


class GameStore(Protocol):
    @property
    def owner(self) -> str:
        """This store's name in claimed_by: who holds a lease on an outbox row or reminder."""
        ...

    @property
    def shared(self) -> bool:
        """Whether other processes write to the same games (PostgreSQL): a cache of a
        game is then checked against its stored version before it is used."""
        ...

    async def open(self) -> None: ...

    async def close(self) -> None: ...

    async def checkpoint(self) -> None:
        """Housekeeping to run every few seconds (SQLite: fold the WAL into the file)."""
        ...

    async def create_game(self, *, guild_id: int | None, channel_id: int, host: Seat,
                          options: GameOptions, settings: TableSettings, seed: int,
                          components: str, now: datetime, parent_id: int | None = None,
                          limits: LobbyLimits | None = None) -> Game:
        """A new lobby; `GameAlreadyOpen` if the channel has an open game. `parent_id`:
        the channel whose thread it is in (default: its own channel). `limits`: refuse it
        (`TooManyLobbies`) if the host or the channel already has that many lobbies,
        counted in the same transaction."""
        ...

    async def open_lobbies(self, *, host_id: int | None = None,
                           parent_id: int | None = None) -> int:
        """How many lobbies `host_id` hosts, or were opened from channel `parent_id`."""
        ...

    async def open_game_in(self, channel_id: int) -> Game | None: ...

    async def announced_from(self, channel_id: int) -> int | None:
        """The thread of the newest game opened from `channel_id` in a thread of its own
        (not abandoned): where a command typed in the announcing channel means to go.
        Read from the store, so any process, after any restart, finds it."""
        ...

    async def open_version(self, channel_id: int) -> tuple[int, int] | None:
        """(id, version) of the channel's open game: one small read that tells whether a
        cached copy of it is still the stored one."""
        ...

    async def game(self, game_id: int) -> Game | None: ...

    async def games_with_status(self, status: Status) -> list[Game]: ...

    async def open_games_of(self, guild_id: int, user_id: int) -> list[Game]:
        """The open games (lobby or active) in server `guild_id` where `user_id` holds a
        seat, oldest first: a player's own tables across the server's channels."""
        ...

    async def update_lobby(self, game: Game, *,
                           seats: Sequence[Seat], host_id: int, settings: TableSettings,
                           now: datetime) -> Game: ...

    async def set_status(self, game: Game, status: Status, now: datetime) -> Game:
        """A closed game (finished, abandoned) also loses its reminders and pending posts."""
        ...

    async def start_game(self, game: Game, *, seats: Sequence[Seat],
                         state: dict[str, Any], reminders: Sequence[NewReminder],
                         now: datetime, posts: Sequence[NewPost] = ()) -> Game: ...

    async def record_actions(self, game: Game, *,
                             entries: Sequence[ActionEntry], state: dict[str, Any],
                             reminders: Sequence[NewReminder] | None, now: datetime,
                             result: GameResult | None = None,
                             posts: Sequence[NewPost] = (),
                             rated: RatedGame | None = None,
                             seats: Sequence[Seat] | None = None) -> Game:
        """One transaction: log rows, snapshot, version, reminders (None: keep), result,
        the posts announcing it (the transactional outbox) and, with the result, the
        ratings it changes (`rated`: once per game id, as `rate_game`). `seats`: the
        table's seats as they now are (a resignation hands one to a computer in the same
        write as its moves and its line; None: unchanged)."""
        ...

    async def truncate_actions(self, game: Game, *, keep: int,
                               state: dict[str, Any], reminders: Sequence[NewReminder],
                               now: datetime, posts: Sequence[NewPost] = ()) -> Game:
        """Drop log rows after `keep` (undo) with the state they lead back to."""
        ...

    async def actions(self, game_id: int, after: int = 0) -> list[LoggedAction]:
        """The logged actions with a seq above `after` (all by default), oldest first."""
        ...

    async def action_count(self, game_id: int) -> int:
        """How many actions the log holds (the seq of the last one)."""
        ...

    async def recent_actions(self, game_id: int, count: int) -> list[LoggedAction]:
        """The newest `count` logged actions, oldest first: the end of the log in one
        read, without asking its length first (a mover's confirmation)."""
        ...

    async def snapshot(self, game_id: int) -> Snapshot | None: ...

    async def replace_snapshot(self, game_id: int, seq: int, state: dict[str, Any]) -> None: ...

    async def snapshot_mismatches(self) -> list[int]:
        """Active games whose snapshot is missing or behind their action log."""
        ...

    async def claim_due_reminders(self, now: datetime,
                                  lease: timedelta = REMINDER_LEASE) -> list[Reminder]:
        """Reminders due by `now` that nobody holds: each is leased to this store's owner
        until `now + lease` (not deleted), so a crash before it is fired hands it out again
        once the lease ends or its holder is known dead. Of two claimers at once, each row
        goes to one."""
        ...

    async def fire_reminder(self, reminder: Reminder, *, posts: Sequence[NewPost],
                            repeat: NewReminder | None, now: datetime) -> bool:
        """One transaction: the reminder row goes, its posts enter the outbox and the next
        reminder (if any) is scheduled. False if the row is gone (the player moved, or
        another process fired it) or another owner holds it now."""
        ...

    async def reminders(self, game_id: int) -> list[Reminder]:
        """The game's scheduled reminders, claimed or not, by due time."""
        ...

    # --- the outbox ----------------------------------------------------------------------

    async def due_posts(self, now: datetime, limit: int = 100) -> list[Post]:
        """Pending posts whose next try is due, oldest first."""
        ...

    async def posts(self, game_id: int) -> list[Post]:
        """Every outbox row of a game, oldest first (for tests and diagnostics)."""
        ...

    async def reminders_since_last_table(self, game_id: int, before_post: int) -> list[Post]:
        """The game's reminder rows sent after its newest sent table row older than row
        `before_post` (all of them if none), oldest first."""
        ...

    async def last_told_seq(self, game_id: int, before_post: int) -> int | None:
        """Where in the action log the game's newest table row older than row
        `before_post` that went out (sent, or refused for good) stood; None if none is
        left (the first post, or the rows were pruned)."""
        ...

    async def told_log(self, game_id: int, before_post: int
                       ) -> tuple[int | None, list[LoggedAction]]:
        """`last_told_seq(game_id, before_post)` and, when there is one, the logged
        actions from the one before it on (`actions(game_id, after=seq - 1)`): what a
        table post tells, in one read. (None, []) when no told row is left."""
        ...

    async def claim_posts(self, now: datetime, limit: int = 100,
                          lease: timedelta = POST_LEASE) -> list[Post]:
        """Pending rows due by `now`, oldest first, leased to this store's owner until
        `now + lease`. Posts of one game go in order: a game any of whose rows is under a
        live lease gives none (its holder delivers them one after the other). Of two
        claimers at once, each row goes to one."""
        ...

    async def recheck_post(self, post_id: int, now: datetime,
                           lease: timedelta = POST_LEASE) -> bool:
        """Right before posting: is the row still pending and still ours? If so its
        lease is renewed from `now`; if not (superseded while it was drawn, or its lease
        lost) the claim is let go and it must not be posted."""
        ...

    async def release_posts(self, post_ids: Sequence[int]) -> None:
        """Let go of claimed rows this owner will not deliver now (a game's rows after
        one that waits for a retry, or a stop): any process may claim them at once."""
        ...

    async def last_sent_table(self, game_id: int, before_post: int) -> Post | None:
        """The game's newest table row older than row `before_post` that was sent (its
        outcome names the message): the post that holds the table's buttons now, the
        same for every process."""
        ...

    def exclusive(self, job: str) -> AbstractAsyncContextManager[bool]:
        """`async with store.exclusive(job) as held:` run a once-only job (`JOBS`, maybe
        with a number: `identify:N`) only if `held`: no other process holds it meanwhile
        (PostgreSQL: an advisory lock; SQLite and memory: one process per store, always
        held)."""
        ...

    async def listen(self, wake: Callable[[], None]) -> None:
        """Call `wake` whenever a commit writes outbox rows: any process's (PostgreSQL:
        LISTEN/NOTIFY, sent in the writing transaction), or this store's own."""
        ...

    async def settle_post(self, post_id: int, state: PostState, outcome: str = "",
                          retry_at: datetime | None = None) -> None:
        """Record a delivery attempt: sent, failed or superseded; or, with `retry_at` and
        state PENDING, one more failed attempt and when to try again. Either way the
        row's claim ends."""
        ...

    async def prune_posts(self, before: datetime) -> int:
        """Delete settled rows (sent, superseded, failed) last tried before `before`, so
        a bot left running for months keeps a small database; pending rows always stay,
        and post ids are never used again (they make the message nonces). Returns how
        many went."""
        ...

    async def results(self, guild_id: int | None) -> list[GameResult]: ...

    async def user_prefs(self, user_id: int) -> UserPrefs: ...

    async def set_user_prefs(self, prefs: UserPrefs) -> None: ...

    # --- ratings (bot/tables/ratings.py) -------------------------------------------------

    async def rate_game(self, rated: RatedGame) -> bool:
        """Rate a finished game in a transaction of its own: claim its id, read the
        ratings of its identities, write their new ratings and history lines. False (and
        nothing changed) if that id was rated before."""
        ...

    async def leaderboard(self, guild_id: int, game: str, limit: int) -> Board:
        """The best `limit` rows of a server's game by ordinal, players hiding left out,
        each with its trend, and how many shown identities are rated."""
        ...

    async def player_record(self, guild_id: int, game: str, player: str
                            ) -> PlayerRecord | None:
        """An identity's record (None: never rated since the last reset)."""
        ...

    async def set_hidden(self, guild_id: int, game: str, user_id: int, hidden: bool) -> None:
        """A player hides from (or shows again on) a server's leaderboard of a game."""
        ...

    async def is_hidden(self, guild_id: int, game: str, user_id: int) -> bool: ...

    async def reset_ratings(self, guild_id: int, game: str) -> int:
        """Forget a server's ratings of a game (the games rated stay rated: never again);
        returns how many identities were dropped."""
        ...
