"""The PostgreSQL `GameStore` (asyncpg): the engine an operator moves to past one
embedded file (MOONRIVER_DATABASE_URL). It passes the same contract tests as the SQLite
store and keeps its semantics exactly: the same version checks and errors, outbox
supersede rules, reminder leases, results and preferences.

Times and JSON are stored as TEXT, as in SQLite (ISO-8601 strings compare in time order
for the UTC times the bot writes), so both engines order and compare the same. A write
is one transaction on a connection of the pool; the version-checked UPDATE of the game
row comes first, so concurrent writes to one game queue on its row lock and the later
one is refused as stale. Reads take any pooled connection and see committed rows only.

Several processes may share one database (see docs/storage.md, "Claims, leases and
locks"): outbox rows and reminders are claimed with leases (`FOR UPDATE SKIP LOCKED`,
`claimed_by`, `claimed_until`); a process is alive while its own connection holds its
advisory lock, so the leases of a dead process end at once; a commit that writes outbox
rows sends a NOTIFY that wakes every process's delivery; once-only jobs run under
advisory locks.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import secrets
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from dataclasses import replace
from datetime import datetime, timedelta
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import asyncpg

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
    job_key,
    told_log_of,
    too_many_lobbies,
)
from bot.tables.store.migrations import POSTGRES_MIGRATIONS

log = logging.getLogger(APP_NAME)

#: The numbered migrations in PostgreSQL's words (migrations.py writes each once; a number
#: means the same schema on both engines).
MIGRATIONS = POSTGRES_MIGRATIONS
SCHEMA_VERSION = len(MIGRATIONS)
#: Held while migrating, so two processes starting together migrate once.
MIGRATION_LOCK = 0x4D6F6F6E  # "Moon"
# The first key of the two-key advisory locks (the second: a process, job, game or id).
LIVE_LOCKS = 0x4D524C56  # "MRLV": held by each open store's own connection while it lives
JOB_LOCKS = 0x4D524A42  # "MRJB": a once-only job (`JOBS`), held while it runs
GAME_CLAIMS = 0x4D524F42  # "MROB": claiming a game's outbox rows (transaction-long)
HOST_LOBBIES = 0x4D524C48  # "MRLH": counting a host's lobbies before writing one
CHANNEL_LOBBIES = 0x4D524C50  # "MRLP": counting a channel's lobbies likewise
#: The channel a commit that writes outbox rows notifies (`listen`).
OUTBOX_CHANNEL = "moonriver_outbox"
#: The owners whose process is alive: their store's connection holds its lock (a lock of
#: this database; pg_locks lists the whole server's).
LIVE_OWNERS = (f"(SELECT objid::text FROM pg_locks WHERE locktype = 'advisory' AND "
               f"classid = {LIVE_LOCKS} AND objsubid = 2 AND granted AND database = "
               "(SELECT oid FROM pg_database WHERE datname = current_database()))")
#: A lease that still holds: in time, and its owner alive.
LEASED = ("COALESCE({row}.claimed_until > $1 AND {row}.claimed_by IN " + LIVE_OWNERS
          + ", false)")

POST_COLUMNS = ("o.id, o.game_id, g.channel_id, o.version, o.kind, o.text, o.pings, o.target, "
                "o.attempts, o.next_try, o.state, o.outcome, o.seq")
GAME_COLUMNS = ("id, guild_id, channel_id, status, host_id, options, settings, seed, components, "
                "version, created_at, updated_at, game")
GAME_WIDTH = len(GAME_COLUMNS.split(", "))
#: A game's row and its seats in one read: each seat column as an array in seat order
#: (`_seats_of`), NULL for a game without seats.
GAME_WITH_SEATS = (
    "SELECT " + ", ".join(f"g.{c}" for c in GAME_COLUMNS.split(", ")) + ", s.* FROM games g "
    "LEFT JOIN LATERAL (SELECT array_agg(seat ORDER BY seat), array_agg(user_id ORDER BY "
    "seat), array_agg(name ORDER BY seat), array_agg(ai ORDER BY seat), array_agg(colour "
    "ORDER BY seat) FROM seats WHERE game_id = g.id) s ON true ")
NEXT_SEQ = "(SELECT COALESCE(MAX(seq), 0) FROM actions WHERE game_id = $1)"
INSERT_REMINDER = ("INSERT INTO reminders (game_id, user_id, kind, due_at, turn_version, nth) "
                   "VALUES ($1, $2, $3, $4, $5, $6)")
INSERT_POST = ("INSERT INTO outbox (game_id, version, kind, text, pings, target, next_try, "
               f"created_at, seq) VALUES ($1, $2, $3, $4, $5, $6, $7, $7, {NEXT_SEQ})")
# a new table post supersedes the game's older pending table posts and reminders
SUPERSEDE_POSTS = ("UPDATE outbox SET state = 'superseded', outcome = $2 "
                   "WHERE game_id = $1 AND state = 'pending' AND kind != 'dm'")
UPSERT_SNAPSHOT = ("INSERT INTO snapshots (game_id, seq, state) VALUES ($1, {seq}, {state}) "
                   "ON CONFLICT (game_id) DO UPDATE SET seq = EXCLUDED.seq, "
                   "state = EXCLUDED.state")
SNAPSHOT_AT = UPSERT_SNAPSHOT.format(seq="$2", state="$3")  # (game, seq, state)
SNAPSHOT_AFTER_LOG = UPSERT_SNAPSHOT.format(seq=NEXT_SEQ, state="$2")  # (game, state)


#: The newest table row of a game, older than a given row, that went out (its seq).
LAST_TOLD = ("SELECT seq FROM outbox WHERE game_id = $1 AND id < $2 AND kind = 'table' AND "
             "state IN ('sent', 'failed') AND seq IS NOT NULL ORDER BY id DESC LIMIT 1")


def _time(value: datetime) -> str:
    return value.isoformat()


def redacted(url: str) -> str:
    """The URL without its password, fit for a log line or an error."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    netloc = parts.netloc.replace(f":{parts.password}@", ":***@", 1)
    return urlunsplit(parts._replace(netloc=netloc))


def _key(value: int) -> int:
    """A snowflake or row id as the second key of a two-key advisory lock (an int4;
    two values sharing one only wait for each other)."""
    return value % 2_147_483_647


def _waker(wake: Callable[[], None], owner: Callable[[], str]) -> Callable[..., None]:
    """An asyncpg listener (connection, pid, channel, payload) that only wakes, and not
    for this process's own commits (the payload names the committing owner): the
    process that commits wakes its delivery itself, and a second claim round for its own
    rows found nothing but cost a transaction on both sides."""
    return lambda _db, _pid, _channel, payload: None if payload == owner() else wake()


def _affected(status: str) -> int:
    """Rows touched, from a command tag such as 'UPDATE 1' or 'DELETE 3'."""
    return int(status.rsplit(" ", 1)[-1])


def move_statement(game: Game, *, entries: Sequence[ActionEntry], snapshot: str,
                   reminders: Sequence[NewReminder] | None, now: datetime,
                   result: GameResult | None, posts: Sequence[NewPost], owner: str
                   ) -> tuple[str, list[Any]]:
    """A move (`record_actions` without ratings or seats) as one statement and its
    parameters: data-modifying CTEs, each gated on the version-checked update of the
    game's row (`bumped`: no row, and nothing else is written either), run in
    autocommit, so the statement is the move's one transaction. It returns one row when
    the move was written, none when the bump matched no row.

    The same rows as the statement-by-statement transaction: the actions numbered after
    the log's largest seq (read in the statement's snapshot, which the successful bump
    proves current: every writer of the log bumps the version first), the snapshot at
    the new last seq, the result (a last move: the game finished, its reminders gone),
    else the reminders replaced for the next version, a table post superseding the
    game's older pending posts but DMs, the posts (in order: their ids are numbered in
    it) and the NOTIFY, sent on commit, whose payload names the committing owner."""
    args: list[Any] = [game.id, game.version, _time(now), len(entries)]

    def arg(value: Any, cast: str = "") -> str:
        args.append(value)
        return f"${len(args)}{cast}"

    finish = ", status = 'finished'" if result is not None else ""
    parts = [f"bumped AS (UPDATE games SET version = version + 1, updated_at = $3{finish} "
             "WHERE id = $1 AND version = $2 RETURNING id)",
             "base AS (SELECT COALESCE(MAX(seq), 0) AS seq FROM actions WHERE game_id = $1)"]
    if entries:
        parts.append(
            "logged AS (INSERT INTO actions (game_id, seq, seat, action, created_at, events, "
            "said) SELECT b.id, base.seq + e.n, e.seat, e.action, $3, e.events, e.said "
            f"FROM bumped b, base, unnest({arg([e.seat for e in entries], '::int[]')}, "
            f"{arg([e.text for e in entries], '::text[]')}, "
            f"{arg([e.events for e in entries], '::text[]')}, "
            f"{arg([e.said or None for e in entries], '::text[]')}) WITH ORDINALITY "
            "AS e(seat, action, events, said, n) ORDER BY e.n)")
    parts.append("snapshot AS (INSERT INTO snapshots (game_id, seq, state) SELECT b.id, "
                 f"base.seq + $4, {arg(snapshot, '::text')} FROM bumped b, base "
                 "ON CONFLICT (game_id) DO UPDATE SET seq = EXCLUDED.seq, "
                 "state = EXCLUDED.state)")
    if result is not None or reminders is not None:
        parts.append("unreminded AS (DELETE FROM reminders WHERE game_id = $1 AND "
                     "EXISTS (SELECT FROM bumped))")
    if result is not None:
        parts.append(
            "finished AS (INSERT INTO results (game_id, guild_id, finished_at, scores, "
            f"winners) SELECT b.id, {arg(result.guild_id, '::bigint')}, "
            f"{arg(_time(result.finished_at), '::text')}, "
            f"{arg(json.dumps(result.scores), '::text')}, "
            f"{arg(json.dumps(list(result.winners)), '::text')} FROM bumped b)")
    elif reminders:
        parts.append(
            "reminded AS (INSERT INTO reminders (game_id, user_id, kind, due_at, "
            "turn_version, nth) SELECT b.id, r.user_id, r.kind, r.due_at, $2 + 1, r.nth "
            f"FROM bumped b, unnest({arg([r.user_id for r in reminders], '::bigint[]')}, "
            f"{arg([r.kind for r in reminders], '::text[]')}, "
            f"{arg([_time(r.due_at) for r in reminders], '::text[]')}, "
            f"{arg([r.nth for r in reminders], '::int[]')}) WITH ORDINALITY "
            "AS r(user_id, kind, due_at, nth, n) ORDER BY r.n)")
    notify = "1"
    if posts:
        if any(p.kind is PostKind.TABLE for p in posts):
            parts.append(
                "superseded AS (UPDATE outbox SET state = 'superseded', outcome = "
                f"{arg(f'replaced by version {game.version + 1}', '::text')} "
                "WHERE game_id = $1 AND state = 'pending' AND kind != 'dm' AND "
                "EXISTS (SELECT FROM bumped))")
        parts.append(
            "posted AS (INSERT INTO outbox (game_id, version, kind, text, pings, target, "
            "next_try, created_at, seq) SELECT b.id, $2 + 1, p.kind, p.text, p.pings, "
            "p.target, $3, $3, base.seq + $4 FROM bumped b, base, "
            f"unnest({arg([p.kind.value for p in posts], '::text[]')}, "
            f"{arg([p.text for p in posts], '::text[]')}, "
            f"{arg([json.dumps(list(p.pings)) for p in posts], '::text[]')}, "
            f"{arg([p.target for p in posts], '::bigint[]')}) WITH ORDINALITY "
            "AS p(kind, text, pings, target, n) ORDER BY p.n)")
        notify = f"pg_notify('{OUTBOX_CHANNEL}', {arg(owner, '::text')})"
    return f"WITH {', '.join(parts)} SELECT {notify} FROM bumped", args


async def _nothing_to_reset(_db: Any) -> None:
    """A pooled connection goes back to the pool as it is: it holds no session state to
    undo (no LISTEN, no session lock, no SET: those live on the process's own connection,
    `PostgresStore.live`), so asyncpg's reset query (`pg_advisory_unlock_all(); CLOSE ALL;
    UNLISTEN *; RESET ALL`) would only cost a round trip after every statement. asyncpg
    still rolls back a transaction left open before calling this."""


Connection = Any  # asyncpg.Connection or a pool's proxy of one (asyncpg ships no types)


class PostgresStore:
    shared = True  # any number of processes on one database

    def __init__(self, url: str, *, pool_size: int = 4) -> None:
        self.url = url
        self._pool_size = pool_size
        self._pool: Any = None
        self.salt = ""  # the restore generation, read at open (see `Post.salt`)
        # This process's own connection: it holds the lock that says the process is alive,
        # the once-only jobs' locks and the LISTEN; statements on it go one at a time.
        self._live: Any = None
        self._live_use = asyncio.Lock()
        self._jobs: set[str] = set()
        self._wakes: list[Callable[[], None]] = []  # its listeners (`listen`)
        self.owner = ""  # the key of its lock, chosen at open

    @property
    def where(self) -> str:
        return redacted(self.url)

    # --- lifecycle ---------------------------------------------------------------------

    async def open(self) -> None:
        """Connect and migrate, or refuse in one sentence (`StoreError`): the server is
        unreachable, refuses the login, or holds a schema from a newer version."""
        try:
            self._pool = await asyncpg.create_pool(self.url, min_size=1,
                                                   max_size=self._pool_size,
                                                   reset=_nothing_to_reset)
            await self._migrate()
            row = await self._one("SELECT value FROM meta WHERE key = 'nonce_salt'")
            self.salt = str(row[0]) if row is not None else ""
            await self._come_alive()
        except StoreError:
            await self.close()
            raise
        except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError, ValueError) as exc:
            await self.close()
            raise StoreError(f"{self.where} is not a usable Moon River database: "
                             f"{exc}") from None

    async def _come_alive(self) -> None:
        """Open this process's own connection and take a lock no live process holds: its
        key is the owner's name in every claim, alive for exactly as long as the session
        (the same key again after a lost connection, if the server has let go of it)."""
        live = await asyncpg.connect(self.url)
        key = int(self.owner or 0)
        while not key or not await live.fetchval("SELECT pg_try_advisory_lock($1, $2)",
                                                 LIVE_LOCKS, key):
            key = secrets.randbelow(2**31 - 2) + 1
        for wake in self._wakes:
            await live.add_listener(OUTBOX_CHANNEL, _waker(wake, lambda: self.owner))
        self._live, self.owner = live, str(key)
        log.info("PostgreSQL: this process (pid %d) claims work as owner %s", os.getpid(), key)

    async def _alive(self) -> None:
        """Before claiming: a connection the server dropped (a restart, a network cut)
        took this process's lock and LISTEN with it; open it again."""
        if self._pool is None or self._live is None or not self._live.is_closed():
            return
        async with self._live_use:
            if self._live is not None and self._live.is_closed():
                log.warning("PostgreSQL: this process's own connection was lost; again")
                self._jobs.clear()
                await self._come_alive()

    async def close(self) -> None:
        if self._live is not None:
            live, self._live = self._live, None
            with contextlib.suppress(OSError, asyncpg.PostgresError, asyncpg.InterfaceError):
                await live.close()  # its locks go with the session
        if self._pool is not None:
            pool, self._pool = self._pool, None
            await pool.close()

    async def checkpoint(self) -> None:
        """Nothing to fold: PostgreSQL checkpoints by itself."""

    @property
    def pool(self) -> Any:
        if self._pool is None:
            raise StoreError("the store is not open")
        return self._pool

    async def _migrate(self) -> None:
        async with self.pool.acquire() as db, db.transaction():
            await db.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
            await db.execute("CREATE TABLE IF NOT EXISTS schema_version "
                             "(version INTEGER NOT NULL)")
            version = await db.fetchval("SELECT MAX(version) FROM schema_version") or 0
            if version > SCHEMA_VERSION:
                raise SchemaTooNew(
                    f"{self.where} was written by a newer Moon River (schema {version}, this "
                    f"code knows {SCHEMA_VERSION}); upgrade the bot or use another "
                    "MOONRIVER_DATABASE_URL")
            for number in range(version + 1, SCHEMA_VERSION + 1):
                for statement in MIGRATIONS[number - 1]:
                    await db.execute(statement)
                await db.execute("DELETE FROM schema_version")
                await db.execute("INSERT INTO schema_version (version) VALUES ($1)", number)

    async def schema_version(self) -> int:
        return int(await self.pool.fetchval("SELECT MAX(version) FROM schema_version") or 0)

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[Connection]:
        async with self.pool.acquire() as db, db.transaction():
            yield db

    async def _one(self, sql: str, *params: Any) -> Any:
        return await self.pool.fetchrow(sql, *params)

    async def _all(self, sql: str, *params: Any) -> list[Any]:
        return list(await self.pool.fetch(sql, *params))

    # --- games -------------------------------------------------------------------------

    @staticmethod
    def _game(row: Any, seats: Sequence[Seat]) -> Game:
        (gid, guild, channel, status, host, options, settings, seed, components, version,
         created, updated, game) = row
        return Game(gid, guild, channel, Status(status), host,
                    GameOptions.from_json(options, game),
                    TableSettings.from_json(settings, f"game {gid}"), seed, components, version,
                    tuple(seats), datetime.fromisoformat(created),
                    datetime.fromisoformat(updated))

    @classmethod
    def _game_with_seats(cls, row: Any) -> Game:
        """A `GAME_WITH_SEATS` row as a `Game`: the game's columns, then its seats'."""
        columns = row[GAME_WIDTH:]
        seats = [] if columns[0] is None else [Seat(*seat) for seat in zip(*columns,
                                                                            strict=True)]
        return cls._game(row[:GAME_WIDTH], seats)

    async def game(self, game_id: int) -> Game | None:
        row = await self._one(GAME_WITH_SEATS + "WHERE g.id = $1", game_id)
        return None if row is None else self._game_with_seats(row)

    async def open_game_in(self, channel_id: int) -> Game | None:
        row = await self._one(GAME_WITH_SEATS + "WHERE g.channel_id = $1 AND g.status IN "
                              "('lobby', 'active')", channel_id)
        return None if row is None else self._game_with_seats(row)

    async def announced_from(self, channel_id: int) -> int | None:
        row = await self._one("SELECT channel_id FROM games WHERE parent_id = $1 AND "
                              "channel_id != $1 AND status != 'abandoned' ORDER BY id DESC "
                              "LIMIT 1", channel_id)
        return None if row is None else int(row[0])

    async def open_version(self, channel_id: int) -> tuple[int, int] | None:
        row = await self._one("SELECT id, version FROM games WHERE channel_id = $1 AND "
                              "status IN ('lobby', 'active')", channel_id)
        return None if row is None else (int(row[0]), int(row[1]))

    async def open_games_of(self, guild_id: int, user_id: int) -> list[Game]:
        rows = await self._all(
            GAME_WITH_SEATS + "WHERE g.guild_id = $1 AND g.status IN ('lobby', 'active') "
            "AND g.id IN (SELECT game_id FROM seats WHERE user_id = $2) ORDER BY g.id",
            guild_id, user_id)
        return [self._game_with_seats(row) for row in rows]

    async def games_with_status(self, status: Status) -> list[Game]:
        rows = await self._all(f"SELECT {GAME_COLUMNS} FROM games WHERE status = $1 "
                               "ORDER BY id", status.value)
        seats: dict[int, list[Seat]] = {}
        for game_id, *seat in await self._all(
                "SELECT s.game_id, s.seat, s.user_id, s.name, s.ai, s.colour "
                "FROM seats s JOIN games g "
                "ON g.id = s.game_id WHERE g.status = $1 ORDER BY s.game_id, s.seat",
                status.value):
            seats.setdefault(game_id, []).append(Seat(*seat))
        return [self._game(row, seats.get(row[0], ())) for row in rows]

    async def create_game(self, *, guild_id: int | None, channel_id: int, host: Seat,
                          options: GameOptions, settings: TableSettings, seed: int,
                          components: str, now: datetime, parent_id: int | None = None,
                          limits: LobbyLimits | None = None) -> Game:
        parent = parent_id if parent_id is not None else channel_id
        try:
            async with self._transaction() as db:
                if limits is not None:
                    await self._check_lobby_limits(db, host.user_id or 0, parent, limits)
                game_id = await db.fetchval(
                    "INSERT INTO games (guild_id, channel_id, status, host_id, options, "
                    "settings, seed, components, version, created_at, updated_at, parent_id, "
                    "game) VALUES ($1, $2, 'lobby', $3, $4, $5, $6, $7, 1, $8, $8, $9, $10) "
                    "RETURNING id",
                    guild_id, channel_id, host.user_id or 0, options.to_json(),
                    settings.to_json(), seed, components, _time(now), parent, options.game)
                await db.execute("INSERT INTO seats (game_id, seat, user_id, name, ai, colour) "
                                 "VALUES ($1, $2, $3, $4, $5, $6)",
                                 game_id, host.seat, host.user_id, host.name, host.ai,
                                 host.colour)
        except asyncpg.IntegrityConstraintViolationError:
            raise GameAlreadyOpen("this channel already has an open game") from None
        return Game(int(game_id), guild_id, channel_id, Status.LOBBY, host.user_id or 0,
                    options, settings, seed, components, 1, (host,),
                    datetime.fromisoformat(_time(now)), datetime.fromisoformat(_time(now)))

    async def open_lobbies(self, *, host_id: int | None = None,
                           parent_id: int | None = None) -> int:
        if host_id is not None:
            count = await self.pool.fetchval("SELECT count(*) FROM games WHERE "
                                             "status = 'lobby' AND host_id = $1", host_id)
        else:
            count = await self.pool.fetchval("SELECT count(*) FROM games WHERE "
                                             "status = 'lobby' AND parent_id = $1", parent_id)
        return int(count)

    @staticmethod
    async def _check_lobby_limits(db: Connection, host_id: int, parent: int,
                                  limits: LobbyLimits) -> None:
        """Count under transaction-long locks of the host and the channel, so two
        processes writing lobbies for either at once count one after the other."""
        await db.execute("SELECT pg_advisory_xact_lock($1, $2)", HOST_LOBBIES, _key(host_id))
        await db.execute("SELECT pg_advisory_xact_lock($1, $2)", CHANNEL_LOBBIES,
                         _key(parent))
        if await db.fetchval("SELECT count(*) FROM games WHERE status = 'lobby' AND "
                             "host_id = $1", host_id) >= limits.per_host:
            raise too_many_lobbies(by_host=True, limit=limits.per_host)
        if await db.fetchval("SELECT count(*) FROM games WHERE status = 'lobby' AND "
                             "parent_id = $1", parent) >= limits.per_channel:
            raise too_many_lobbies(by_host=False, limit=limits.per_channel)

    async def _bump(self, db: Connection, game: Game, now: datetime, **columns: Any) -> None:
        """Raise the version if it is still the one `game` has (the stale-write guard);
        the row stays locked until the transaction ends."""
        sets = "".join(f", {name} = ${n}" for n, name in enumerate(columns, start=4))
        status = await db.execute(
            f"UPDATE games SET version = version + 1, updated_at = $1{sets} "
            "WHERE id = $2 AND version = $3",
            _time(now), game.id, game.version, *columns.values())
        if _affected(status) != 1:
            await self._refuse(game, db)

    async def _refuse(self, game: Game, db: Connection | None = None) -> None:
        """The version-checked update matched no row: the game is gone, or it moved on."""
        version = await (db or self.pool).fetchval("SELECT version FROM games WHERE id = $1",
                                                   game.id)
        if version is None:
            raise NoGameHere(f"no game {game.id}")
        raise StaleActionError("the table has moved on", version=version)

    @staticmethod
    async def _write_seats(db: Connection, game_id: int, seats: Sequence[Seat]) -> None:
        await db.execute("DELETE FROM seats WHERE game_id = $1", game_id)
        await db.executemany(
            "INSERT INTO seats (game_id, seat, user_id, name, ai, colour) "
            "VALUES ($1, $2, $3, $4, $5, $6)",
            [(game_id, s.seat, s.user_id, s.name, s.ai, s.colour) for s in seats])

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
                    await db.execute("DELETE FROM reminders WHERE game_id = $1", game.id)
                    await db.execute("UPDATE outbox SET state = 'superseded', outcome = "
                                     "'the game closed' WHERE game_id = $1 AND "
                                     "state = 'pending'", game.id)
        except asyncpg.IntegrityConstraintViolationError:
            raise GameAlreadyOpen("this channel already has an open game") from None
        return replace(game, version=game.version + 1, updated_at=now, status=status)

    @staticmethod
    async def _write_reminders(db: Connection, game: Game,
                               reminders: Sequence[NewReminder]) -> None:
        """Replace the game's pending reminders; they belong to its next version."""
        await db.execute("DELETE FROM reminders WHERE game_id = $1", game.id)
        if reminders:
            await db.executemany(
                INSERT_REMINDER,
                [(game.id, r.user_id, r.kind, _time(r.due_at), game.version + 1, r.nth)
                 for r in reminders])

    async def _write_posts(self, db: Connection, game_id: int, version: int,
                           posts: Sequence[NewPost], now: datetime) -> None:
        """Queue posts; a new table post supersedes the game's older pending table posts
        and reminders (a stale table is never posted)."""
        if not posts:
            return
        if any(p.kind is PostKind.TABLE for p in posts):
            await db.execute(SUPERSEDE_POSTS, game_id, f"replaced by version {version}")
        await db.executemany(
            INSERT_POST,
            [(game_id, version, p.kind.value, p.text, json.dumps(list(p.pings)), p.target,
              _time(now)) for p in posts])
        # sent when (and if) this commits; the payload tells the committer's own listener
        await db.execute(f"NOTIFY {OUTBOX_CHANNEL}, '{int(self.owner)}'")

    async def start_game(self, game: Game, *, seats: Sequence[Seat], state: dict[str, Any],
                         reminders: Sequence[NewReminder], now: datetime,
                         posts: Sequence[NewPost] = ()) -> Game:
        async with self._transaction() as db:
            await self._bump(db, game, now, status="active")
            await self._write_seats(db, game.id, seats)
            await db.execute(SNAPSHOT_AT, game.id, 0, json.dumps(state))
            await self._write_reminders(db, game, reminders)
            await self._write_posts(db, game.id, game.version + 1, posts, now)
        return replace(game, version=game.version + 1, updated_at=now, seats=tuple(seats),
                       status=Status.ACTIVE)

    async def record_actions(self, game: Game, *, entries: Sequence[ActionEntry],
                             state: dict[str, Any], reminders: Sequence[NewReminder] | None,
                             now: datetime, result: GameResult | None = None,
                             posts: Sequence[NewPost] = (),
                             rated: RatedGame | None = None,
                             seats: Sequence[Seat] | None = None) -> Game:
        """One move, one transaction. A move that rates nobody and seats nobody anew
        (every move but a rated game's last, or a resignation's) is one statement sent
        once, in autocommit (`move_statement`); the others run statement by statement in
        a transaction: the version-checked update first (it locks the game's row), then
        the seats, actions, snapshot, result, ratings and posts."""
        snapshot = json.dumps(state)
        if rated is None and seats is None:
            sql, args = move_statement(game, entries=entries, snapshot=snapshot,
                                       reminders=reminders, now=now, result=result,
                                       posts=posts, owner=self.owner)
            if await self.pool.fetchrow(sql, *args) is None:  # the bump matched no row
                await self._refuse(game)
        else:
            async with self._transaction() as db:
                await self._bump(db, game, now,
                                 **({"status": "finished"} if result is not None else {}))
                if seats is not None:
                    await self._write_seats(db, game.id, seats)
                if entries:
                    await db.executemany(
                        "INSERT INTO actions (game_id, seq, seat, action, created_at, events, "
                        f"said) VALUES ($1, {NEXT_SEQ} + 1, $2, $3, $4, $5, $6)",
                        [(game.id, e.seat, e.text, _time(now), e.events, e.said or None)
                         for e in entries])
                await db.execute(SNAPSHOT_AFTER_LOG, game.id, snapshot)
                if result is not None:
                    await db.execute("DELETE FROM reminders WHERE game_id = $1", game.id)
                    await db.execute(
                        "INSERT INTO results (game_id, guild_id, finished_at, scores, winners) "
                        "VALUES ($1, $2, $3, $4, $5)",
                        game.id, result.guild_id, _time(result.finished_at),
                        json.dumps(result.scores), json.dumps(list(result.winners)))
                    if rated is not None:
                        await self._rate(db, rated)
                elif reminders is not None:
                    await self._write_reminders(db, game, reminders)
                await self._write_posts(db, game.id, game.version + 1, posts, now)
        return replace(game, version=game.version + 1, updated_at=now,
                       status=Status.FINISHED if result is not None else game.status,
                       seats=tuple(seats) if seats is not None else game.seats)

    async def truncate_actions(self, game: Game, *, keep: int, state: dict[str, Any],
                               reminders: Sequence[NewReminder], now: datetime,
                               posts: Sequence[NewPost] = ()) -> Game:
        async with self._transaction() as db:
            await self._bump(db, game, now)
            await db.execute("DELETE FROM actions WHERE game_id = $1 AND seq > $2",
                             game.id, keep)
            await db.execute(SNAPSHOT_AT, game.id, keep, json.dumps(state))
            await self._write_reminders(db, game, reminders)
            await self._write_posts(db, game.id, game.version + 1, posts, now)
        return replace(game, version=game.version + 1, updated_at=now)

    # --- log, snapshots, reminders, results ----------------------------------------------

    async def actions(self, game_id: int, after: int = 0) -> list[LoggedAction]:
        rows = await self._all("SELECT seq, seat, action, created_at, events, said "
                               "FROM actions WHERE game_id = $1 AND seq > $2 ORDER BY seq",
                               game_id, after)
        return [LoggedAction(seq, seat, text, datetime.fromisoformat(at), events or "",
                             said or "")
                for seq, seat, text, at, events, said in rows]

    async def recent_actions(self, game_id: int, count: int) -> list[LoggedAction]:
        rows = await self._all("SELECT seq, seat, action, created_at, events, said "
                               "FROM actions WHERE game_id = $1 ORDER BY seq DESC LIMIT $2",
                               game_id, max(count, 0))
        return [LoggedAction(seq, seat, text, datetime.fromisoformat(at), events or "",
                             said or "")
                for seq, seat, text, at, events, said in reversed(rows)]

    async def action_count(self, game_id: int) -> int:
        count = await self.pool.fetchval("SELECT COALESCE(MAX(seq), 0) FROM actions "
                                         "WHERE game_id = $1", game_id)
        return int(count)

    async def snapshot(self, game_id: int) -> Snapshot | None:
        row = await self._one("SELECT seq, state FROM snapshots WHERE game_id = $1", game_id)
        if row is None:
            return None
        try:
            state = json.loads(row[1])
        except json.JSONDecodeError:
            return None  # a damaged cache: the service rebuilds it from the log
        return Snapshot(game_id, row[0], state) if isinstance(state, dict) else None

    async def replace_snapshot(self, game_id: int, seq: int, state: dict[str, Any]) -> None:
        await self.pool.execute(SNAPSHOT_AT, game_id, seq,
                                json.dumps(state))

    async def snapshot_mismatches(self) -> list[int]:
        rows = await self._all(
            "SELECT g.id FROM games g LEFT JOIN snapshots s ON s.game_id = g.id "
            "WHERE g.status = 'active' AND (s.seq IS NULL OR s.seq != "
            "(SELECT COALESCE(MAX(seq), 0) FROM actions a WHERE a.game_id = g.id)) "
            "ORDER BY g.id")
        return [row[0] for row in rows]

    @staticmethod
    def _reminder(row: Any) -> Reminder:
        rid, gid, channel, user, kind, due, version, nth = row
        return Reminder(rid, gid, channel, user, kind, datetime.fromisoformat(due), version,
                        nth)

    async def claim_due_reminders(self, now: datetime,
                                  lease: timedelta = REMINDER_LEASE) -> list[Reminder]:
        """One statement: rows another claimer has locked are skipped, not waited for."""
        await self._alive()
        rows = await self._all(
            "WITH due AS (SELECT r.id FROM reminders r WHERE r.due_at <= $1 AND NOT ("
            f"{LEASED.format(row='r')}) ORDER BY r.due_at, r.id FOR UPDATE SKIP LOCKED) "
            "UPDATE reminders r SET claimed_by = $2, claimed_until = $3 FROM due, games g "
            "WHERE r.id = due.id AND g.id = r.game_id RETURNING r.id, r.game_id, "
            "g.channel_id, r.user_id, r.kind, r.due_at, r.turn_version, r.nth",
            _time(now), self.owner, _time(now + lease))
        return sorted((self._reminder(row) for row in rows), key=lambda r: (r.due_at, r.id))

    async def fire_reminder(self, reminder: Reminder, *, posts: Sequence[NewPost],
                            repeat: NewReminder | None, now: datetime) -> bool:
        async with self._transaction() as db:
            status = await db.execute("DELETE FROM reminders WHERE id = $1 AND "
                                      "(claimed_by IS NULL OR claimed_by = $2)",
                                      reminder.id, self.owner)
            if _affected(status) != 1:
                return False
            await self._write_posts(db, reminder.game_id, reminder.turn_version, posts, now)
            if repeat is not None:
                await db.execute(INSERT_REMINDER, reminder.game_id, repeat.user_id,
                                 repeat.kind, _time(repeat.due_at), reminder.turn_version,
                                 repeat.nth)
        return True

    async def reminders(self, game_id: int) -> list[Reminder]:
        rows = await self._all(
            "SELECT r.id, r.game_id, g.channel_id, r.user_id, r.kind, r.due_at, "
            "r.turn_version, r.nth FROM reminders r JOIN games g ON g.id = r.game_id "
            "WHERE r.game_id = $1 ORDER BY r.due_at, r.id", game_id)
        return [self._reminder(row) for row in rows]

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
        rows = await self._all(
            f"SELECT {POST_COLUMNS} FROM outbox o JOIN games g ON g.id = o.game_id "
            "WHERE o.state = 'pending' AND o.next_try <= $1 ORDER BY o.id LIMIT $2",
            _time(now), limit)
        return [self._salted(self._post(row)) for row in rows]

    async def reminders_since_last_table(self, game_id: int, before_post: int) -> list[Post]:
        rows = await self._all(
            f"SELECT {POST_COLUMNS} FROM outbox o JOIN games g ON g.id = o.game_id "
            "WHERE o.game_id = $1 AND o.kind = 'reminder' AND o.state = 'sent' AND o.id < $2 "
            "AND o.id > COALESCE((SELECT MAX(t.id) FROM outbox t WHERE t.game_id = $1 AND "
            "t.kind = 'table' AND t.state = 'sent' AND t.id < $2), 0) ORDER BY o.id",
            game_id, before_post)
        return [self._salted(self._post(row)) for row in rows]

    async def last_told_seq(self, game_id: int, before_post: int) -> int | None:
        row = await self._one(LAST_TOLD, game_id, before_post)
        return None if row is None else int(row[0])

    async def posts(self, game_id: int) -> list[Post]:
        rows = await self._all(
            f"SELECT {POST_COLUMNS} FROM outbox o JOIN games g ON g.id = o.game_id "
            "WHERE o.game_id = $1 ORDER BY o.id", game_id)
        return [self._salted(self._post(row)) for row in rows]

    async def take_restored(self) -> bool:
        """Whether a restore put this database in place since the bot last ran (its open
        games owe their players a fresh post); the mark goes once read."""
        status = await self.pool.execute("DELETE FROM meta WHERE key = 'restored'")
        return _affected(status) > 0

    async def told_log(self, game_id: int, before_post: int
                       ) -> tuple[int | None, list[LoggedAction]]:
        rows = await self._all(
            f"WITH told AS ({LAST_TOLD}) SELECT told.seq, a.seq, a.seat, a.action, "
            "a.created_at, a.events, a.said FROM told LEFT JOIN actions a ON a.game_id = $1 "
            "AND a.seq >= told.seq ORDER BY a.seq", game_id, before_post)
        return told_log_of(rows)

    async def claim_posts(self, now: datetime, limit: int = 100,
                          lease: timedelta = POST_LEASE) -> list[Post]:
        """Two statements in one transaction: take the transaction-long claim lock of
        each game with due rows (skipping games another claimer is claiming right now),
        then lease those games' due rows where none of the game's rows is leased; the
        second statement sees every claim committed before the lock was granted."""
        await self._alive()
        async with self._transaction() as db:
            games = [row[0] for row in await db.fetch(
                "SELECT c.game_id FROM (SELECT game_id, MIN(id) AS first FROM outbox "
                "WHERE state = 'pending' AND next_try <= $1 GROUP BY game_id ORDER BY first "
                "LIMIT $2) c WHERE pg_try_advisory_xact_lock($3, "
                "(c.game_id % 2147483647)::int)", _time(now), limit, GAME_CLAIMS)]
            if not games:
                return []
            rows = await db.fetch(
                f"UPDATE outbox o SET claimed_by = $4, claimed_until = $5 FROM games g "
                "WHERE g.id = o.game_id AND o.id IN (SELECT p.id FROM outbox p WHERE "
                "p.game_id = ANY($2::bigint[]) AND p.state = 'pending' AND p.next_try <= $1 "
                f"AND NOT EXISTS (SELECT 1 FROM outbox e WHERE e.game_id = p.game_id AND "
                f"{LEASED.format(row='e')}) ORDER BY p.id LIMIT $3 FOR UPDATE OF p SKIP "
                f"LOCKED) RETURNING {POST_COLUMNS}",
                _time(now), games, limit, self.owner, _time(now + lease))
        return sorted((self._salted(self._post(row)) for row in rows), key=lambda p: p.id)

    async def recheck_post(self, post_id: int, now: datetime,
                           lease: timedelta = POST_LEASE) -> bool:
        """One statement: this process's claim of a row still pending is renewed (True);
        of a row no longer pending (superseded, settled) it is let go (False)."""
        row = await self.pool.fetchrow(
            "UPDATE outbox SET claimed_until = CASE state WHEN 'pending' THEN $1 END, "
            "claimed_by = CASE state WHEN 'pending' THEN claimed_by END "
            "WHERE id = $2 AND claimed_by = $3 RETURNING state = 'pending'",
            _time(now + lease), post_id, self.owner)
        return row is not None and bool(row[0])

    async def release_posts(self, post_ids: Sequence[int]) -> None:
        if not post_ids:
            return
        # one statement; the NOTIFY (sent on commit) wakes every process, this one too
        await self.pool.execute(
            "WITH released AS (UPDATE outbox SET claimed_by = NULL, claimed_until = NULL "
            "WHERE id = ANY($1::bigint[]) AND claimed_by = $2) "
            f"SELECT pg_notify('{OUTBOX_CHANNEL}', '')", list(post_ids), self.owner)

    async def last_sent_table(self, game_id: int, before_post: int) -> Post | None:
        row = await self._one(
            f"SELECT {POST_COLUMNS} FROM outbox o JOIN games g ON g.id = o.game_id "
            "WHERE o.game_id = $1 AND o.id < $2 AND o.kind = 'table' AND o.state = 'sent' "
            "ORDER BY o.id DESC LIMIT 1", game_id, before_post)
        return None if row is None else self._salted(self._post(row))

    @property
    def live(self) -> Any:
        """This process's own connection (its liveness lock, job locks and LISTEN)."""
        if self._live is None:
            raise StoreError("the store is not open")
        return self._live

    @asynccontextmanager
    async def exclusive(self, job: str) -> AsyncIterator[bool]:
        """A session advisory lock on this process's own connection: held by one process
        at a time, and let go when the job ends or the process dies."""
        key = job_key(job)  # ValueError for a job nobody knows
        held = False
        if job not in self._jobs:  # a session's lock is re-entrant: not within a process
            async with self._live_use:
                held = bool(await self.live.fetchval("SELECT pg_try_advisory_lock($1, $2)",
                                                     JOB_LOCKS, key))
        if not held:
            yield False
            return
        self._jobs.add(job)
        try:
            yield True
        finally:
            self._jobs.discard(job)
            if self._live is not None:
                async with self._live_use:
                    await self._live.execute("SELECT pg_advisory_unlock($1, $2)",
                                             JOB_LOCKS, key)

    async def listen(self, wake: Callable[[], None]) -> None:
        """LISTEN on this process's own connection: every commit that writes outbox rows,
        in any process, wakes `wake`."""
        async with self._live_use:
            await self.live.add_listener(OUTBOX_CHANNEL, _waker(wake, lambda: self.owner))
            self._wakes.append(wake)

    async def settle_post(self, post_id: int, state: PostState, outcome: str = "",
                          retry_at: datetime | None = None) -> None:
        if retry_at is not None:  # counted only while pending; the claim ends anyway
            await self.pool.execute(
                "UPDATE outbox SET attempts = attempts + (state = 'pending')::int, "
                "next_try = CASE state WHEN 'pending' THEN $1 ELSE next_try END, "
                "outcome = CASE state WHEN 'pending' THEN $2 ELSE outcome END, "
                "claimed_by = NULL, claimed_until = NULL WHERE id = $3",
                _time(retry_at), outcome, post_id)
        else:
            await self.pool.execute("UPDATE outbox SET state = $1, outcome = $2, "
                                    "attempts = attempts + 1, claimed_by = NULL, "
                                    "claimed_until = NULL WHERE id = $3",
                                    state.value, outcome, post_id)

    async def prune_posts(self, before: datetime) -> int:
        # the newest row stays, as in SQLite (whose ids could come back without it); a
        # sequence never hands out an id twice, but both stores prune the same rows
        status = await self.pool.execute(
            "DELETE FROM outbox WHERE state != 'pending' AND next_try < $1 "
            "AND id < (SELECT MAX(id) FROM outbox)", _time(before))
        return _affected(status)

    async def results(self, guild_id: int | None) -> list[GameResult]:
        if guild_id is not None:
            rows = await self._all("SELECT game_id, guild_id, finished_at, scores, winners "
                                   "FROM results WHERE guild_id = $1 ORDER BY game_id",
                                   guild_id)
        else:
            rows = await self._all("SELECT game_id, guild_id, finished_at, scores, winners "
                                   "FROM results ORDER BY game_id")
        return [GameResult(gid, guild, datetime.fromisoformat(at), json.loads(scores),
                           tuple(json.loads(winners)))
                for gid, guild, at, scores, winners in rows]

    async def user_prefs(self, user_id: int) -> UserPrefs:
        row = await self._one("SELECT dm_reminders, locale FROM user_prefs "
                              "WHERE user_id = $1", user_id)
        return UserPrefs(user_id) if row is None else UserPrefs(user_id, bool(row[0]), row[1])

    async def set_user_prefs(self, prefs: UserPrefs) -> None:
        await self.pool.execute(
            "INSERT INTO user_prefs (user_id, dm_reminders, locale) VALUES ($1, $2, $3) "
            "ON CONFLICT (user_id) DO UPDATE SET dm_reminders = EXCLUDED.dm_reminders, "
            "locale = EXCLUDED.locale", prefs.user_id, int(prefs.dm_reminders), prefs.locale)

    # --- ratings (bot/tables/ratings.py; the SQL in rating_sql.py) -------------------------

    @staticmethod
    async def _rate(db: Connection, rated: RatedGame) -> bool:
        """Rate a finished game inside the caller's transaction, once per game id. Rating
        updates of one server's game queue on an advisory lock (two games ending at once
        with a player in common must not both read the same old rating)."""
        await db.execute("SELECT pg_advisory_xact_lock(hashtext($1))",
                         f"ratings:{rated.guild_id}:{rated.game}")
        if _affected(await db.execute(rq.numbered(rq.CLAIM), *rq.claim_row(rated))) != 1:
            return False
        current = {}
        for key in rq.current_keys(rated):
            row = await db.fetchrow(rq.numbered(rq.CURRENT), *key)
            if row is not None:
                current[key[2]] = Rating(row[0], row[1])
        upserts, history = rq.rows_to_write(rated, current)
        await db.executemany(rq.numbered(rq.UPSERT), upserts)
        await db.executemany(rq.numbered(rq.HISTORY), history)
        return True

    async def rate_game(self, rated: RatedGame) -> bool:
        async with self._transaction() as db:
            return await self._rate(db, rated)

    async def leaderboard(self, guild_id: int, game: str, limit: int) -> Board:
        rows = await self._all(rq.numbered(rq.BOARD), guild_id, game, limit)
        rated = await self.pool.fetchval(rq.numbered(rq.RATED), *(guild_id, game) * 2)
        return rq.board_rows(rows, int(rated))

    async def player_record(self, guild_id: int, game: str, player: str
                            ) -> PlayerRecord | None:
        row = await self._one(rq.numbered(rq.PLAYER), guild_id, game, player)
        if row is None:
            return None
        above = None
        if row[5]:
            above = int(await self.pool.fetchval(rq.numbered(rq.ABOVE),
                                                *(guild_id, game, row[2]) * 2))
        scores = await self._one(rq.numbered(rq.SCORES), *(guild_id, game, player) * 2)
        timeline = await self._all(rq.numbered(rq.TIMELINE), guild_id, game, player)
        return rq.player_record(tuple(row), above, tuple(scores), timeline)

    async def set_hidden(self, guild_id: int, game: str, user_id: int, hidden: bool) -> None:
        await self.pool.execute(rq.numbered(rq.HIDE if hidden else rq.SHOW),
                                guild_id, game, user_id)

    async def is_hidden(self, guild_id: int, game: str, user_id: int) -> bool:
        return await self._one(rq.numbered(rq.HIDDEN), guild_id, game, user_id) is not None

    async def reset_ratings(self, guild_id: int, game: str) -> int:
        async with self._transaction() as db:
            await db.execute(rq.numbered(rq.RESET[0]), guild_id, game)
            return _affected(await db.execute(rq.numbered(rq.RESET[1]), guild_id, game))
