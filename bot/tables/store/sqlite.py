"""The SQLite `GameStore` (aiosqlite's interface): one file, WAL, numbered migrations.

The action log is append-only and authoritative; the snapshot is a cache of the state
after its last action (DESIGN.md lesson 7). One action is one transaction. Writes go
through one lock, because transactions on a shared connection must not interleave;
each holds it for a few hundred microseconds. Reads use a second connection, so they
never see a write transaction's rows before it commits (WAL lets them run alongside).
Both run on the event loop's own thread: a read is a small indexed query of a few
microseconds, and a move's write a few rows appended to the write-ahead log with no
fsync (synchronous = NORMAL; checkpoints run on a connection of their own, and only the
first write after one syncs the log's new header). A trip to a connection's thread and
back costs more than either: waking that thread, the interpreter lock, waking the loop
again (`LoopConnection`).
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import sqlite3
from collections.abc import AsyncIterator, Callable, Generator, Iterable, Sequence
from contextlib import asynccontextmanager
from dataclasses import replace
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite

import bot.tables.store.rating_sql as rq
from bot import APP_NAME
from bot.tables.domain import (
    Game,
    GameOptions,
    GameResult,
    LoggedAction,
    NewPost,
    NewReminder,
    Post,
    PostKind,
    PostState,
    Reminder,
    Seat,
    Snapshot,
    Status,
    TableSettings,
    UserPrefs,
)
from bot.tables.errors import (
    GameAlreadyOpen,
    NoGameHere,
    SchemaTooNew,
    StaleActionError,
    StoreError,
)
from bot.tables.ratings import Board, PlayerRecord, RatedGame, Rating
from bot.tables.store.base import (
    POST_LEASE,
    REMINDER_LEASE,
    ActionEntry,
    LobbyLimits,
    OneProcess,
    told_log_of,
    too_many_lobbies,
)
from bot.tables.store.guard import (
    DatabaseLock,
    DatabaseReplaced,
    FileIdentity,
    WalIdentity,
    WalLost,
    check_seal,
    check_writable,
    file_uri,
    new_seal,
    require_intact,
    write_backup,
)
from bot.tables.store.migrations import SQLITE_MIGRATIONS

log = logging.getLogger(APP_NAME)
_T = TypeVar("_T")

#: The numbered migrations in SQLite's words (migrations.py writes each once).
MIGRATIONS = SQLITE_MIGRATIONS
SCHEMA_VERSION = len(MIGRATIONS)
POST_COLUMNS = ("o.id, o.game_id, g.channel_id, o.version, o.kind, o.text, o.pings, o.target, "
                "o.attempts, o.next_try, o.state, o.outcome, o.seq")
GAME_COLUMNS = ("id, guild_id, channel_id, status, host_id, options, settings, seed, components, "
                "version, created_at, updated_at, game")


INSERT_SEAT = ("INSERT INTO seats (game_id, seat, user_id, name, ai, colour) "
               "VALUES (?, ?, ?, ?, ?, ?)")
INSERT_REMINDER = ("INSERT INTO reminders (game_id, user_id, kind, due_at, turn_version, nth) "
                   "VALUES (?, ?, ?, ?, ?, ?)")
INSERT_POST = ("INSERT INTO outbox (game_id, version, kind, text, pings, target, next_try, "
               "created_at, seq) VALUES (?, ?, ?, ?, ?, ?, ?, ?, "
               "(SELECT COALESCE(MAX(seq), 0) FROM actions WHERE game_id = ?))")
# a new table post supersedes the game's older pending table posts and reminders
SUPERSEDE_POSTS = ("UPDATE outbox SET state = 'superseded', outcome = ? "
                   "WHERE game_id = ? AND state = 'pending' AND kind != 'dm'")


#: The newest table row of a game, older than a given row, that went out (its seq).
LAST_TOLD = ("SELECT seq FROM outbox WHERE game_id = ? AND id < ? AND kind = 'table' AND "
             "state IN ('sent', 'failed') AND seq IS NOT NULL ORDER BY id DESC LIMIT 1")


def _time(value: datetime) -> str:
    return value.isoformat()


def _bump_now(db: sqlite3.Connection, game: Game, now: datetime, **columns: Any) -> None:
    """`SqliteStore._bump` on the writer (inside `_in_one_transaction`)."""
    sets = "".join(f", {name} = ?" for name in columns)
    cursor = db.execute(
        f"UPDATE games SET version = version + 1, updated_at = ?{sets} "
        "WHERE id = ? AND version = ?",
        (_time(now), *columns.values(), game.id, game.version))
    if cursor.rowcount != 1:
        row = db.execute("SELECT version FROM games WHERE id = ?", (game.id,)).fetchone()
        if row is None:
            raise NoGameHere(f"no game {game.id}")
        raise StaleActionError("the table has moved on", version=row[0])


def _write_reminders_now(db: sqlite3.Connection, game: Game,
                         reminders: Sequence[NewReminder]) -> None:
    """`SqliteStore._write_reminders` on the writer (inside `_in_one_transaction`)."""
    db.execute("DELETE FROM reminders WHERE game_id = ?", (game.id,))
    if reminders:
        db.executemany(INSERT_REMINDER,
                       [(game.id, r.user_id, r.kind, _time(r.due_at), game.version + 1, r.nth)
                        for r in reminders])


def _write_posts_now(db: sqlite3.Connection, game_id: int, version: int,
                     posts: Sequence[NewPost], now: datetime) -> None:
    """`SqliteStore._write_posts` on the writer (inside `_in_one_transaction`)."""
    if any(p.kind is PostKind.TABLE for p in posts):
        db.execute(SUPERSEDE_POSTS, (f"replaced by version {version}", game_id))
    db.executemany(INSERT_POST, [(game_id, version, p.kind.value, p.text,
                                  json.dumps(list(p.pings)), p.target, _time(now), _time(now),
                                  game_id) for p in posts])


def _write_seats_now(db: sqlite3.Connection, game_id: int, seats: Sequence[Seat]) -> None:
    """`_write_seats` on the writer (inside `_in_one_transaction`)."""
    db.execute("DELETE FROM seats WHERE game_id = ?", (game_id,))
    db.executemany(INSERT_SEAT,
                   [(game_id, s.seat, s.user_id, s.name, s.ai, s.colour) for s in seats])


def _rate_now(db: sqlite3.Connection, rated: RatedGame) -> bool:
    """Rate a finished game inside its end's transaction, once per game id (False: it
    was rated before, and nothing changed)."""
    if db.execute(rq.CLAIM, rq.claim_row(rated)).rowcount != 1:
        return False
    current = {}
    for key in rq.current_keys(rated):
        row = db.execute(rq.CURRENT, key).fetchone()
        if row is not None:
            current[key[2]] = Rating(row[0], row[1])
    upserts, history = rq.rows_to_write(rated, current)
    db.executemany(rq.UPSERT, upserts)
    db.executemany(rq.HISTORY, history)
    return True


# Due rows of games none of whose rows is leased. `+o.id`, as in `due_posts`: sorting by
# the bare rowid would walk the whole outbox (every row ever sent) in id order.
CLAIM_POSTS = (
    f"SELECT {POST_COLUMNS} FROM outbox o JOIN games g ON g.id = o.game_id "
    "WHERE o.state = 'pending' AND o.next_try <= ? AND NOT EXISTS (SELECT 1 "
    "FROM outbox e WHERE e.game_id = o.game_id AND e.claimed_until > ?) "
    "ORDER BY +o.id LIMIT ?")


class LoopConnection(aiosqlite.Connection):
    """aiosqlite's connection, its calls run at once on the caller's thread (the event
    loop's) instead of queued to a thread of its own. The bot's CPU per player turn fell
    by an eighth with it (docs/performance.md): the writer's thread had cost more in
    wake-ups than its writes. It overrides aiosqlite's `_execute`, `_connect` and
    `stop` (aiosqlite is pinned to the releases checked) and starts no thread."""

    def __await__(self) -> Generator[Any, None, LoopConnection]:
        return self._connect().__await__()

    async def _connect(self) -> LoopConnection:
        if self._connection is None:
            self._connection = self._connector()
        return self

    async def _execute(self, fn: Callable[..., _T], *args: Any, **kwargs: Any) -> _T:
        if not self._running or not self._connection:
            raise ValueError("Connection closed")
        return fn(*args, **kwargs)

    def stop(self) -> None:
        self._running = False
        if self._connection is not None:
            self._connection.close()
            self._connection = None


def connect_on_the_loop(path: Path | str, **kwargs: Any) -> LoopConnection:
    """`aiosqlite.connect`, run on the event loop's thread (`LoopConnection`)."""
    return LoopConnection(lambda: sqlite3.connect(path, **kwargs), iter_chunk_size=64)


class SqliteStore(OneProcess):
    """`lock=False` only for tools that must read beside a running bot (none yet).

    One process per file (the lock): every lease another owner left in the file is a dead
    process's, so `open` lets go of them, and once-only jobs are always held.
    """

    def __init__(self, path: str | Path, *, lock: bool = True) -> None:
        super().__init__()
        self.path = str(path)
        self._db: aiosqlite.Connection | None = None
        self._reader: sqlite3.Connection | None = None
        self._write = asyncio.Lock()
        self._lock = DatabaseLock(self.path) if lock else None
        self._identity: FileIdentity | None = None
        self._wal: WalIdentity | None = None  # the -wal file, once SQLite has made it
        self._seal: int | None = None  # the application id this process wrote at open
        # a descriptor of the database file, open as long as the store: the seal is read
        # through it (closing a descriptor would drop SQLite's POSIX locks on the file)
        self._header: int | None = None
        self._gone: DatabaseReplaced | None = None  # set once: writing stays stopped
        self.salt = ""  # the restore generation, read at open (see `Post.salt`)

    # --- lifecycle ---------------------------------------------------------------------

    async def open(self) -> None:
        """Open, or refuse in one sentence (`StoreError`): another process holds the
        file, it is read-only, damaged, not a database or from a newer version."""
        if self._lock is not None:
            self._lock.acquire()
        try:
            check_writable(self.path)
            self._db = await connect_on_the_loop(self.path, isolation_level=None)
            db = self._db
            for pragma in ("PRAGMA journal_mode = WAL", "PRAGMA foreign_keys = ON",
                           "PRAGMA synchronous = NORMAL", "PRAGMA busy_timeout = 5000",
                           # checkpoints (the only fsyncs) run from checkpoint(), on their
                           # own connection, instead of inside some player's commit
                           "PRAGMA wal_autocheckpoint = 0"):
                await db.execute(pragma)
            if self._lock is not None:  # a new file exists only now
                self._lock.hold_database()
            await self._check_intact()
            self._identity = FileIdentity.of(self.path)
            await self._migrate()
            if self._lock is not None:  # the only process: earlier holders are dead
                async with self._transaction() as tx:
                    for table in ("outbox", "reminders"):
                        await tx.execute(f"UPDATE {table} SET claimed_by = NULL, "
                                         "claimed_until = NULL WHERE claimed_by IS NOT NULL")
            # the seal: a fresh application id in the header, checkpointed into the file
            # now, so a database copied over the live file (same inode) is noticed
            seal = new_seal()
            await db.execute(f"PRAGMA application_id = {seal}")
            await db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            self._header = os.open(self.path, os.O_RDONLY | os.O_CLOEXEC)
            self._seal = seal
            row = await self._one("SELECT value FROM meta WHERE key = 'nonce_salt'",
                                  db=self.db)
            self.salt = str(row[0]) if row is not None else ""
            # on the event loop's thread (any thread may close it: the store's `close`)
            self._reader = sqlite3.connect(self.path, isolation_level=None,
                                           check_same_thread=False)
            for pragma in ("PRAGMA query_only = ON", "PRAGMA busy_timeout = 5000"):
                self._reader.execute(pragma)
        except (sqlite3.DatabaseError, StoreError) as exc:
            await self._close_connections()
            if isinstance(exc, StoreError):
                raise
            raise StoreError(f"{self.path} is not a usable Moon River database: {exc}") from None
        except BaseException:
            await self._close_connections()
            raise

    @property
    def stopped(self) -> bool:
        """Writes stopped for good (the file or its write-ahead log went away)."""
        return self._gone is not None

    async def _check_intact(self) -> None:
        """PRAGMA quick_check on the writer (it reads every page once: milliseconds for
        a few thousand games)."""
        require_intact(await self._all("PRAGMA quick_check", db=self.db), self.path)

    async def close(self) -> None:
        if self._db is not None and self._gone is None:
            await self.checkpoint()
        elif self._db is not None and isinstance(self._gone, WalLost):
            await self._rescue_wal()
        await self._close_connections()

    async def _rescue_wal(self) -> None:
        """The -wal file was deleted: the writer still holds it open, so its own
        checkpoint copies the commits in it into the database file (a fresh connection
        would see an empty log). Bounded by the writer's busy timeout (5 s): a stop
        never hangs on it."""
        try:
            await self.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            log.critical("the commits in the deleted write-ahead log were copied into %s",
                         self.path)
        except sqlite3.Error as exc:
            log.critical("could not copy the deleted write-ahead log into %s: %s",
                         self.path, exc)

    async def _close_connections(self) -> None:
        if self._reader is not None:
            self._reader.close()
        if self._db is not None:
            await self._db.close()
        self._reader = self._db = None
        # what this opening saw of the file: the next `open` looks afresh (SQLite deletes
        # the -wal file when its last connection closes, and makes a new one on reopen)
        self._identity = self._wal = self._seal = None
        if self._header is not None:  # after SQLite's own: closing it drops their locks
            os.close(self._header)
            self._header = None
        if self._lock is not None:
            self._lock.release()

    def _guard(self) -> None:
        """Before any write: is the file at our path still the one we opened?

        Once it is not, every later write refuses too, and the first refusal is logged
        at CRITICAL: an operator must restart the bot (or restore a backup).
        """
        if self._gone is not None:
            raise self._gone
        if self._identity is None:
            return
        try:
            self._identity.check()
            if self._seal is not None and self._header is not None:
                check_seal(self._header, self.path, self._seal)
            if self._wal is None:
                self._wal = WalIdentity.of(self.path)
            else:
                self._wal.check()
        except DatabaseReplaced as exc:
            self._gone = exc
            log.critical("%s", exc)
            raise

    async def checkpoint(self) -> None:
        """Copy the write-ahead log into the database file (call every few seconds).

        A separate connection runs it, in PASSIVE mode, so writers never wait for it.
        It opens the file with mode=rw, so a deleted database is never created afresh;
        the maintenance tick's call is also where a replaced file is noticed between
        moves.
        """
        self._guard()
        async with aiosqlite.connect(file_uri(self.path, "rw"), uri=True,
                                     isolation_level=None) as side:
            await side.execute("PRAGMA busy_timeout = 5000")
            await side.execute("PRAGMA wal_checkpoint(PASSIVE)")

    async def backup(self, folder: Path, keep: int, now: datetime) -> Path:
        """An online backup into `folder` (SQLite's backup API, in a worker thread),
        keeping the newest `keep`."""
        self._guard()
        return await asyncio.to_thread(write_backup, self.path, folder, keep, now)

    @property
    def db(self) -> aiosqlite.Connection:
        """The writer: used only inside `_transaction`."""
        if self._db is None:
            raise StoreError("the store is not open")
        return self._db

    @property
    def reader(self) -> sqlite3.Connection:
        """The reader: sees committed rows only; used on the event loop's thread."""
        if self._reader is None:
            raise StoreError("the store is not open")
        return self._reader

    async def _migrate(self) -> None:
        (version,) = await self._one("PRAGMA user_version", db=self.db)
        if version > SCHEMA_VERSION:
            raise SchemaTooNew(
                f"{self.path} was written by a newer Moon River (schema {version}, this code "
                f"knows {SCHEMA_VERSION}); upgrade the bot or use another MOONRIVER_DB")
        for number in range(version + 1, SCHEMA_VERSION + 1):
            async with self._transaction() as db:
                for statement in MIGRATIONS[number - 1]:
                    await db.execute(statement)
                await db.execute(f"PRAGMA user_version = {number}")

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        async with self._write:
            self._guard()
            db = self.db
            await db.execute("BEGIN IMMEDIATE")
            try:
                yield db
            except BaseException:
                await db.execute("ROLLBACK")
                raise
            await db.execute("COMMIT")

    async def _one(self, sql: str, params: Iterable[Any] = (),
                   db: aiosqlite.Connection | None = None) -> Any:
        """One row, from the reader unless a transaction passes its writer `db`."""
        rows = await self._all(sql, params, db)
        return rows[0] if rows else None

    async def _all(self, sql: str, params: Iterable[Any] = (),
                   db: aiosqlite.Connection | None = None) -> list[Any]:
        if db is None:  # the reader, here: every row fetched, so no read stays open
            return self.reader.execute(sql, tuple(params)).fetchall()
        # one call (execute, fetch and close would be three)
        return list(await db.execute_fetchall(sql, tuple(params)))

    # --- games -------------------------------------------------------------------------

    async def _seats(self, game_id: int) -> tuple[Seat, ...]:
        rows = await self._all("SELECT seat, user_id, name, ai, colour FROM seats "
                               "WHERE game_id = ? "
                               "ORDER BY seat", (game_id,))
        return tuple(Seat(*row) for row in rows)

    async def _game_from_row(self, row: Any) -> Game:
        (gid, guild, channel, status, host, options, settings, seed, components, version,
         created, updated, game) = row
        return Game(gid, guild, channel, Status(status), host,
                    GameOptions.from_json(options, game),
                    TableSettings.from_json(settings, f"game {gid}"), seed, components, version,
                    await self._seats(gid), datetime.fromisoformat(created),
                    datetime.fromisoformat(updated))

    async def game(self, game_id: int) -> Game | None:
        row = await self._one(f"SELECT {GAME_COLUMNS} FROM games WHERE id = ?", (game_id,))
        return None if row is None else await self._game_from_row(row)

    async def open_game_in(self, channel_id: int) -> Game | None:
        row = await self._one(f"SELECT {GAME_COLUMNS} FROM games WHERE channel_id = ? AND "
                              "status IN ('lobby', 'active')", (channel_id,))
        return None if row is None else await self._game_from_row(row)

    async def announced_from(self, channel_id: int) -> int | None:
        row = await self._one("SELECT channel_id FROM games WHERE parent_id = ? AND "
                              "channel_id != ? AND status != 'abandoned' ORDER BY id DESC "
                              "LIMIT 1", (channel_id, channel_id))
        return None if row is None else int(row[0])

    async def open_version(self, channel_id: int) -> tuple[int, int] | None:
        row = await self._one("SELECT id, version FROM games WHERE channel_id = ? AND "
                              "status IN ('lobby', 'active')", (channel_id,))
        return None if row is None else (int(row[0]), int(row[1]))

    async def open_games_of(self, guild_id: int, user_id: int) -> list[Game]:
        rows = await self._all(
            f"SELECT {GAME_COLUMNS} FROM games WHERE guild_id = ? AND status IN "
            "('lobby', 'active') AND id IN (SELECT game_id FROM seats WHERE user_id = ?) "
            "ORDER BY id", (guild_id, user_id))
        return [await self._game_from_row(row) for row in rows]

    async def games_with_status(self, status: Status) -> list[Game]:
        rows = await self._all(f"SELECT {GAME_COLUMNS} FROM games WHERE status = ? ORDER BY id",
                               (status.value,))
        seats: dict[int, list[Seat]] = {}
        for game_id, *seat in await self._all(
                "SELECT s.game_id, s.seat, s.user_id, s.name, s.ai, s.colour "
                "FROM seats s JOIN games g "
                "ON g.id = s.game_id WHERE g.status = ? ORDER BY s.game_id, s.seat",
                (status.value,)):
            seats.setdefault(game_id, []).append(Seat(*seat))
        out = []
        for (gid, guild, channel, st, host, options, settings, seed, components, version,
             created, updated, game) in rows:
            out.append(Game(gid, guild, channel, Status(st), host,
                            GameOptions.from_json(options, game),
                            TableSettings.from_json(settings, f"game {gid}"),
                            seed, components, version, tuple(seats.get(gid, ())),
                            datetime.fromisoformat(created), datetime.fromisoformat(updated)))
        return out

    async def create_game(self, *, guild_id: int | None, channel_id: int, host: Seat,
                          options: GameOptions, settings: TableSettings, seed: int,
                          components: str, now: datetime, parent_id: int | None = None,
                          limits: LobbyLimits | None = None) -> Game:
        parent = parent_id if parent_id is not None else channel_id
        try:
            async with self._transaction() as db:  # BEGIN IMMEDIATE: counts stay true
                if limits is not None:
                    await self._check_lobby_limits(db, host.user_id or 0, parent, limits)
                cursor = await db.execute(
                    "INSERT INTO games (guild_id, channel_id, status, host_id, options, "
                    "settings, seed, components, version, created_at, updated_at, parent_id, "
                    "game) VALUES (?, ?, 'lobby', ?, ?, ?, ?, ?, 1, ?, ?, ?, ?)",
                    (guild_id, channel_id, host.user_id or 0, options.to_json(),
                     settings.to_json(), seed, components, _time(now), _time(now),
                     parent, options.game))
                game_id = cursor.lastrowid
                await db.execute("INSERT INTO seats (game_id, seat, user_id, name, ai, colour) "
                                 "VALUES (?, ?, ?, ?, ?, ?)",
                                 (game_id, host.seat, host.user_id, host.name, host.ai,
                                  host.colour))
        except sqlite3.IntegrityError:
            raise GameAlreadyOpen("this channel already has an open game") from None
        # Built from what was written, not read back: the reader may still hold a
        # snapshot from before this commit while another read's cursor is open.
        return Game(int(game_id or 0), guild_id, channel_id, Status.LOBBY, host.user_id or 0,
                    options, settings, seed, components, 1, (host,),
                    datetime.fromisoformat(_time(now)), datetime.fromisoformat(_time(now)))

    async def open_lobbies(self, *, host_id: int | None = None,
                           parent_id: int | None = None, db: aiosqlite.Connection | None = None
                           ) -> int:
        """Lobbies hosted by `host_id`, or opened from channel `parent_id` (in it or in
        one of its threads); `db`: inside a write transaction."""
        if host_id is not None:
            (count,) = await self._one("SELECT count(*) FROM games WHERE status = 'lobby' "
                                       "AND host_id = ?", (host_id,), db=db)
        else:
            (count,) = await self._one("SELECT count(*) FROM games WHERE status = 'lobby' "
                                       "AND parent_id = ?", (parent_id,), db=db)
        return int(count)

    async def _check_lobby_limits(self, db: aiosqlite.Connection, host_id: int, parent: int,
                                  limits: LobbyLimits) -> None:
        if await self.open_lobbies(host_id=host_id, db=db) >= limits.per_host:
            raise too_many_lobbies(by_host=True, limit=limits.per_host)
        if await self.open_lobbies(parent_id=parent, db=db) >= limits.per_channel:
            raise too_many_lobbies(by_host=False, limit=limits.per_channel)

    async def _bump(self, db: aiosqlite.Connection, game: Game, now: datetime,
                    **columns: Any) -> None:
        """Raise the version if it is still the one `game` has (the stale-write guard)."""
        sets = "".join(f", {name} = ?" for name in columns)
        cursor = await db.execute(
            f"UPDATE games SET version = version + 1, updated_at = ?{sets} "
            "WHERE id = ? AND version = ?",
            (_time(now), *columns.values(), game.id, game.version))
        if cursor.rowcount != 1:
            row = await self._one("SELECT version FROM games WHERE id = ?", (game.id,), db=db)
            if row is None:
                raise NoGameHere(f"no game {game.id}")
            raise StaleActionError("the table has moved on", version=row[0])

    async def _write_seats(self, db: aiosqlite.Connection, game_id: int,
                           seats: Sequence[Seat]) -> None:
        await db.execute("DELETE FROM seats WHERE game_id = ?", (game_id,))
        await db.executemany(
            INSERT_SEAT, [(game_id, s.seat, s.user_id, s.name, s.ai, s.colour) for s in seats])

    async def update_lobby(self, game: Game, *, seats: Sequence[Seat], host_id: int,
                           settings: TableSettings, now: datetime) -> Game:
        async with self._transaction() as db:
            await self._bump(db, game, now, host_id=host_id, settings=settings.to_json())
            await self._write_seats(db, game.id, seats)
        return replace(game, version=game.version + 1, updated_at=now, seats=tuple(seats),
                       host_id=host_id, settings=settings)

    async def set_status(self, game: Game, status: Status, now: datetime) -> Game:
        try:
            async with self._transaction() as db:
                await self._bump(db, game, now, status=status.value)
                if status in (Status.FINISHED, Status.ABANDONED):
                    await db.execute("DELETE FROM reminders WHERE game_id = ?", (game.id,))
                    await db.execute("UPDATE outbox SET state = 'superseded', outcome = "
                                     "'the game closed' WHERE game_id = ? AND "
                                     "state = 'pending'", (game.id,))
        except sqlite3.IntegrityError:
            raise GameAlreadyOpen("this channel already has an open game") from None
        return replace(game, version=game.version + 1, updated_at=now, status=status)

    async def _write_reminders(self, db: aiosqlite.Connection, game: Game,
                               reminders: Sequence[NewReminder]) -> None:
        """Replace the game's pending reminders; they belong to its next version."""
        await db.execute("DELETE FROM reminders WHERE game_id = ?", (game.id,))
        if reminders:
            await db.executemany(
                INSERT_REMINDER,
                [(game.id, r.user_id, r.kind, _time(r.due_at), game.version + 1, r.nth)
                 for r in reminders])

    async def _write_posts(self, db: aiosqlite.Connection, game_id: int, version: int,
                           posts: Sequence[NewPost], now: datetime) -> None:
        """Queue posts; a new table post supersedes the game's older pending table posts
        and reminders (a stale table is never posted)."""
        if any(p.kind is PostKind.TABLE for p in posts):
            await db.execute(SUPERSEDE_POSTS, (f"replaced by version {version}", game_id))
        await db.executemany(
            INSERT_POST,
            [(game_id, version, p.kind.value, p.text, json.dumps(list(p.pings)), p.target,
              _time(now), _time(now), game_id) for p in posts])

    async def start_game(self, game: Game, *, seats: Sequence[Seat], state: dict[str, Any],
                         reminders: Sequence[NewReminder], now: datetime,
                         posts: Sequence[NewPost] = ()) -> Game:
        async with self._transaction() as db:
            await self._bump(db, game, now, status="active")
            await self._write_seats(db, game.id, seats)
            await db.execute("INSERT OR REPLACE INTO snapshots (game_id, seq, state) "
                             "VALUES (?, 0, ?)", (game.id, json.dumps(state)))
            await self._write_reminders(db, game, reminders)
            await self._write_posts(db, game.id, game.version + 1, posts, now)
        if posts:
            self._woken()
        return replace(game, version=game.version + 1, updated_at=now, seats=tuple(seats),
                       status=Status.ACTIVE)

    async def record_actions(self, game: Game, *, entries: Sequence[ActionEntry],
                             state: dict[str, Any], reminders: Sequence[NewReminder] | None,
                             now: datetime, result: GameResult | None = None,
                             posts: Sequence[NewPost] = (),
                             rated: RatedGame | None = None,
                             seats: Sequence[Seat] | None = None) -> Game:
        """One move: its actions, snapshot, reminders and posts (and at the end, the
        ratings) in one transaction, as one call (every player turn commits one)."""
        snapshot = json.dumps(state)  # encoded here, not while holding the writer

        def commit(db: sqlite3.Connection) -> None:
            next_seq = "(SELECT COALESCE(MAX(seq), 0) FROM actions WHERE game_id = ?)"
            _bump_now(db, game, now, **({"status": "finished"} if result is not None else {}))
            if seats is not None:
                _write_seats_now(db, game.id, seats)
            db.executemany(
                "INSERT INTO actions (game_id, seq, seat, action, created_at, events, said) "
                f"VALUES (?, {next_seq} + 1, ?, ?, ?, ?, ?)",
                [(game.id, game.id, e.seat, e.text, _time(now), e.events, e.said or None)
                 for e in entries])
            db.execute("INSERT OR REPLACE INTO snapshots (game_id, seq, state) "
                       f"VALUES (?, {next_seq}, ?)", (game.id, game.id, snapshot))
            if result is not None:
                db.execute("DELETE FROM reminders WHERE game_id = ?", (game.id,))
                db.execute(
                    "INSERT INTO results (game_id, guild_id, finished_at, scores, winners) "
                    "VALUES (?, ?, ?, ?, ?)",
                    (game.id, result.guild_id, _time(result.finished_at),
                     json.dumps(result.scores), json.dumps(list(result.winners))))
                if rated is not None:
                    _rate_now(db, rated)
            elif reminders is not None:
                _write_reminders_now(db, game, reminders)
            _write_posts_now(db, game.id, game.version + 1, posts, now)

        await self._in_one_transaction(commit)
        if posts:
            self._woken()
        return replace(game, version=game.version + 1, updated_at=now,
                       status=Status.FINISHED if result is not None else game.status,
                       seats=tuple(seats) if seats is not None else game.seats)

    async def _in_one_transaction(self, work: Callable[[sqlite3.Connection], _T]) -> _T:
        """`work` on the writer between BEGIN IMMEDIATE and COMMIT (ROLLBACK if it
        raises), as one synchronous call: nothing else runs on the loop meanwhile, so a
        caller cancelled around it leaves no transaction open (the store contract and
        fault tests run through here)."""
        async with self._write:
            self._guard()
            raw: sqlite3.Connection = self.db._conn
            raw.execute("BEGIN IMMEDIATE")
            try:
                done = work(raw)
            except BaseException:
                raw.execute("ROLLBACK")
                raise
            raw.execute("COMMIT")
            return done

    async def truncate_actions(self, game: Game, *, keep: int, state: dict[str, Any],
                               reminders: Sequence[NewReminder], now: datetime,
                               posts: Sequence[NewPost] = ()) -> Game:
        async with self._transaction() as db:
            await self._bump(db, game, now)
            await db.execute("DELETE FROM actions WHERE game_id = ? AND seq > ?",
                             (game.id, keep))
            await db.execute("INSERT OR REPLACE INTO snapshots (game_id, seq, state) "
                             "VALUES (?, ?, ?)", (game.id, keep, json.dumps(state)))
            await self._write_reminders(db, game, reminders)
            await self._write_posts(db, game.id, game.version + 1, posts, now)
        if posts:
            self._woken()
        return replace(game, version=game.version + 1, updated_at=now)

    # --- log, snapshots, reminders, results ----------------------------------------------

    async def actions(self, game_id: int, after: int = 0) -> list[LoggedAction]:
        rows = await self._all("SELECT seq, seat, action, created_at, events, said "
                               "FROM actions WHERE game_id = ? AND seq > ? ORDER BY seq",
                               (game_id, after))
        return [LoggedAction(seq, seat, text, datetime.fromisoformat(at), events or "",
                             said or "")
                for seq, seat, text, at, events, said in rows]

    async def recent_actions(self, game_id: int, count: int) -> list[LoggedAction]:
        rows = await self._all("SELECT seq, seat, action, created_at, events, said "
                               "FROM actions WHERE game_id = ? ORDER BY seq DESC LIMIT ?",
                               (game_id, max(count, 0)))
        return [LoggedAction(seq, seat, text, datetime.fromisoformat(at), events or "",
                             said or "")
                for seq, seat, text, at, events, said in reversed(rows)]

    async def action_count(self, game_id: int) -> int:
        (count,) = await self._one("SELECT COALESCE(MAX(seq), 0) FROM actions "
                                   "WHERE game_id = ?", (game_id,))
        return int(count)

    async def snapshot(self, game_id: int) -> Snapshot | None:
        row = await self._one("SELECT seq, state FROM snapshots WHERE game_id = ?", (game_id,))
        if row is None:
            return None
        try:
            state = json.loads(row[1])
        except json.JSONDecodeError:
            return None  # a damaged cache: the service rebuilds it from the log
        return Snapshot(game_id, row[0], state) if isinstance(state, dict) else None

    async def replace_snapshot(self, game_id: int, seq: int, state: dict[str, Any]) -> None:
        async with self._transaction() as db:
            await db.execute("INSERT OR REPLACE INTO snapshots (game_id, seq, state) "
                             "VALUES (?, ?, ?)", (game_id, seq, json.dumps(state)))

    async def snapshot_mismatches(self) -> list[int]:
        rows = await self._all(
            "SELECT g.id FROM games g LEFT JOIN snapshots s ON s.game_id = g.id "
            "WHERE g.status = 'active' AND (s.seq IS NULL OR s.seq != "
            "(SELECT COALESCE(MAX(seq), 0) FROM actions a WHERE a.game_id = g.id)) "
            "ORDER BY g.id")
        return [row[0] for row in rows]

    async def claim_due_reminders(self, now: datetime,
                                  lease: timedelta = REMINDER_LEASE) -> list[Reminder]:
        def claim(db: sqlite3.Connection) -> list[Any]:  # BEGIN IMMEDIATE: one at a time
            rows = db.execute(
                "SELECT r.id, r.game_id, g.channel_id, r.user_id, r.kind, r.due_at, "
                "r.turn_version, r.nth FROM reminders r JOIN games g ON g.id = r.game_id "
                "WHERE r.due_at <= ? AND (r.claimed_until IS NULL OR r.claimed_until <= ?) "
                "ORDER BY r.due_at, r.id", (_time(now), _time(now))).fetchall()
            db.executemany("UPDATE reminders SET claimed_by = ?, claimed_until = ? "
                           "WHERE id = ?",
                           [(self.owner, _time(now + lease), row[0]) for row in rows])
            return rows

        rows = await self._in_one_transaction(claim)
        return [Reminder(rid, gid, channel, user, kind, datetime.fromisoformat(due), version,
                         nth)
                for rid, gid, channel, user, kind, due, version, nth in rows]

    async def fire_reminder(self, reminder: Reminder, *, posts: Sequence[NewPost],
                            repeat: NewReminder | None, now: datetime) -> bool:
        async with self._transaction() as db:
            cursor = await db.execute("DELETE FROM reminders WHERE id = ? AND "
                                      "(claimed_by IS NULL OR claimed_by = ?)",
                                      (reminder.id, self.owner))
            if cursor.rowcount != 1:
                return False
            await self._write_posts(db, reminder.game_id, reminder.turn_version, posts, now)
            if repeat is not None:
                await db.execute(
                    "INSERT INTO reminders (game_id, user_id, kind, due_at, turn_version, "
                    "nth) VALUES (?, ?, ?, ?, ?, ?)",
                    (reminder.game_id, repeat.user_id, repeat.kind, _time(repeat.due_at),
                     reminder.turn_version, repeat.nth))
        if posts:
            self._woken()
        return True

    async def reminders(self, game_id: int) -> list[Reminder]:
        rows = await self._all(
            "SELECT r.id, r.game_id, g.channel_id, r.user_id, r.kind, r.due_at, "
            "r.turn_version, r.nth FROM reminders r JOIN games g ON g.id = r.game_id "
            "WHERE r.game_id = ? ORDER BY r.due_at, r.id", (game_id,))
        return [Reminder(rid, gid, channel, user, kind, datetime.fromisoformat(due), version,
                         nth)
                for rid, gid, channel, user, kind, due, version, nth in rows]

    # --- the outbox ----------------------------------------------------------------------

    @staticmethod
    def _post(row: Any) -> Post:
        (pid, gid, channel, version, kind, text, pings, target, attempts, next_try, state,
         outcome, seq) = row
        return Post(pid, gid, channel, version, PostKind(kind), text, tuple(json.loads(pings)),
                    target, attempts, datetime.fromisoformat(next_try), PostState(state),
                    outcome, seq)

    def _salted(self, post: Post) -> Post:
        return replace(post, salt=self.salt) if self.salt else post

    async def due_posts(self, now: datetime, limit: int = 100) -> list[Post]:
        # `+o.id`: sorting by the bare rowid made SQLite walk the whole outbox in id order
        # (every sent row of every game) rather than the few pending rows' index
        rows = await self._all(
            f"SELECT {POST_COLUMNS} FROM outbox o JOIN games g ON g.id = o.game_id "
            "WHERE o.state = 'pending' AND o.next_try <= ? ORDER BY +o.id LIMIT ?",
            (_time(now), limit))
        return [self._salted(self._post(row)) for row in rows]

    async def reminders_since_last_table(self, game_id: int, before_post: int) -> list[Post]:
        rows = await self._all(
            f"SELECT {POST_COLUMNS} FROM outbox o JOIN games g ON g.id = o.game_id "
            "WHERE o.game_id = ? AND o.kind = 'reminder' AND o.state = 'sent' AND o.id < ? "
            "AND o.id > COALESCE((SELECT MAX(t.id) FROM outbox t WHERE t.game_id = ? AND "
            "t.kind = 'table' AND t.state = 'sent' AND t.id < ?), 0) ORDER BY o.id",
            (game_id, before_post, game_id, before_post))
        return [self._salted(self._post(row)) for row in rows]

    async def last_told_seq(self, game_id: int, before_post: int) -> int | None:
        row = await self._one(LAST_TOLD, (game_id, before_post))
        return None if row is None else int(row[0])

    async def posts(self, game_id: int) -> list[Post]:
        rows = await self._all(
            f"SELECT {POST_COLUMNS} FROM outbox o JOIN games g ON g.id = o.game_id "
            "WHERE o.game_id = ? ORDER BY o.id", (game_id,))
        return [self._salted(self._post(row)) for row in rows]

    async def take_restored(self) -> bool:
        """Whether `moonriver restore` put this file in place since the bot last ran (its
        open games owe their players a fresh post); the mark goes once read."""
        async with self._transaction() as db:
            cursor = await db.execute("DELETE FROM meta WHERE key = 'restored'")
            return cursor.rowcount > 0

    async def told_log(self, game_id: int, before_post: int
                       ) -> tuple[int | None, list[LoggedAction]]:
        rows = await self._all(
            f"WITH told AS ({LAST_TOLD}) SELECT told.seq, a.seq, a.seat, a.action, "
            "a.created_at, a.events, a.said FROM told LEFT JOIN actions a ON a.game_id = ? "
            "AND a.seq >= told.seq ORDER BY a.seq",
            (game_id, before_post, game_id))
        return told_log_of(rows)

    async def claim_posts(self, now: datetime, limit: int = 100,
                          lease: timedelta = POST_LEASE) -> list[Post]:
        def claim(db: sqlite3.Connection) -> list[Any]:  # BEGIN IMMEDIATE: one at a time
            rows = db.execute(CLAIM_POSTS, (_time(now), _time(now), limit)).fetchall()
            db.executemany("UPDATE outbox SET claimed_by = ?, claimed_until = ? WHERE id = ?",
                           [(self.owner, _time(now + lease), row[0]) for row in rows])
            return rows

        rows = await self._in_one_transaction(claim)
        return [self._salted(self._post(row)) for row in rows]

    async def recheck_post(self, post_id: int, now: datetime,
                           lease: timedelta = POST_LEASE) -> bool:
        def recheck(db: sqlite3.Connection) -> bool:
            renewed = db.execute(
                "UPDATE outbox SET claimed_until = ? WHERE id = ? AND state = 'pending' "
                "AND claimed_by = ?", (_time(now + lease), post_id, self.owner)).rowcount
            if renewed != 1:
                db.execute("UPDATE outbox SET claimed_by = NULL, claimed_until = NULL "
                           "WHERE id = ? AND claimed_by = ?", (post_id, self.owner))
            return renewed == 1

        return await self._in_one_transaction(recheck)

    async def release_posts(self, post_ids: Sequence[int]) -> None:
        if not post_ids:
            return
        await self._in_one_transaction(lambda db: db.executemany(
            "UPDATE outbox SET claimed_by = NULL, claimed_until = NULL "
            "WHERE id = ? AND claimed_by = ?", [(pid, self.owner) for pid in post_ids]))
        self._woken()

    async def last_sent_table(self, game_id: int, before_post: int) -> Post | None:
        row = await self._one(
            f"SELECT {POST_COLUMNS} FROM outbox o JOIN games g ON g.id = o.game_id "
            "WHERE o.game_id = ? AND o.id < ? AND o.kind = 'table' AND o.state = 'sent' "
            "ORDER BY o.id DESC LIMIT 1", (game_id, before_post))
        return None if row is None else self._salted(self._post(row))

    async def settle_post(self, post_id: int, state: PostState, outcome: str = "",
                          retry_at: datetime | None = None) -> None:
        async with self._write:  # one statement: atomic without BEGIN … COMMIT
            self._guard()
            if retry_at is not None:  # counted only while pending; the claim ends anyway
                await self.db.execute(
                    "UPDATE outbox SET attempts = attempts + (state = 'pending'), "
                    "next_try = CASE state WHEN 'pending' THEN ? ELSE next_try END, "
                    "outcome = CASE state WHEN 'pending' THEN ? ELSE outcome END, "
                    "claimed_by = NULL, claimed_until = NULL WHERE id = ?",
                    (_time(retry_at), outcome, post_id))
            else:
                await self.db.execute("UPDATE outbox SET state = ?, outcome = ?, "
                                      "attempts = attempts + 1, claimed_by = NULL, "
                                      "claimed_until = NULL WHERE id = ?",
                                      (state.value, outcome, post_id))

    async def prune_posts(self, before: datetime) -> int:
        async with self._write:  # one statement: atomic without BEGIN … COMMIT
            self._guard()
            # the newest row stays: SQLite numbers a new row after the largest id left,
            # and a number used twice would repeat a message nonce
            cursor = await self.db.execute(
                "DELETE FROM outbox WHERE state != 'pending' AND next_try < ? "
                "AND id < (SELECT MAX(id) FROM outbox)", (_time(before),))
            return cursor.rowcount

    async def results(self, guild_id: int | None) -> list[GameResult]:
        rows = await self._all(
            "SELECT game_id, guild_id, finished_at, scores, winners FROM results "
            + ("WHERE guild_id = ? " if guild_id is not None else "") + "ORDER BY game_id",
            (guild_id,) if guild_id is not None else ())
        return [GameResult(gid, guild, datetime.fromisoformat(at), json.loads(scores),
                           tuple(json.loads(winners)))
                for gid, guild, at, scores, winners in rows]

    async def user_prefs(self, user_id: int) -> UserPrefs:
        row = await self._one("SELECT dm_reminders, locale FROM user_prefs WHERE user_id = ?",
                              (user_id,))
        return UserPrefs(user_id) if row is None else UserPrefs(user_id, bool(row[0]), row[1])

    async def set_user_prefs(self, prefs: UserPrefs) -> None:
        async with self._transaction() as db:
            await db.execute("INSERT OR REPLACE INTO user_prefs (user_id, dm_reminders, locale) "
                             "VALUES (?, ?, ?)",
                             (prefs.user_id, int(prefs.dm_reminders), prefs.locale))

    # --- ratings (bot/tables/ratings.py) -------------------------------------------------

    async def rate_game(self, rated: RatedGame) -> bool:
        """Rate a finished game on its own (the end's own commit already does); False if
        it was rated before."""
        claimed: list[bool] = []
        await self._in_one_transaction(lambda db: claimed.append(_rate_now(db, rated)))
        return claimed[0]

    async def leaderboard(self, guild_id: int, game: str, limit: int) -> Board:
        rows = await self._all(rq.BOARD, (guild_id, game, limit))
        (rated,) = await self._one(rq.RATED, (guild_id, game) * 2)
        return rq.board_rows(rows, int(rated))

    async def player_record(self, guild_id: int, game: str, player: str
                            ) -> PlayerRecord | None:
        row = await self._one(rq.PLAYER, (guild_id, game, player))
        if row is None:
            return None
        above = None
        if row[5]:
            (above,) = await self._one(rq.ABOVE, (guild_id, game, row[2]) * 2)
        scores = await self._one(rq.SCORES, (guild_id, game, player) * 2)
        timeline = await self._all(rq.TIMELINE, (guild_id, game, player))
        return rq.player_record(row, above, scores, timeline)

    async def set_hidden(self, guild_id: int, game: str, user_id: int, hidden: bool) -> None:
        async with self._transaction() as db:
            await db.execute(rq.HIDE if hidden else rq.SHOW, (guild_id, game, user_id))

    async def is_hidden(self, guild_id: int, game: str, user_id: int) -> bool:
        return await self._one(rq.HIDDEN, (guild_id, game, user_id)) is not None

    async def reset_ratings(self, guild_id: int, game: str) -> int:
        async with self._transaction() as db:
            await db.execute(rq.RESET[0], (guild_id, game))
            cursor = await db.execute(rq.RESET[1], (guild_id, game))
            return cursor.rowcount
