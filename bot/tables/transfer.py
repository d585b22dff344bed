"""`moonriver db copy`: every game of a SQLite file onto an empty PostgreSQL database,
row for row, then checked there: every table holds the same rows as the file, and every
game's log replays from its seed to the snapshot it was copied with.

The file is read through a read-only connection into memory (SQLite's online backup: a
consistent picture even while a bot writes, so a backup file or a live one both do),
brought to this version's schema there, and written in one transaction. A target that
fails the check is emptied again, so a copy is whole or absent.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.tables.domain import Status
from bot.tables.errors import StoreError
from bot.tables.service import TableService, rules_of
from bot.tables.store.guard import file_uri, quick_check
from bot.tables.store.postgres import PostgresStore
from bot.tables.store.sqlite import MIGRATIONS, SCHEMA_VERSION
from engine.games.errors import GameError

#: Every table of the schema, parents first (the foreign keys point up this list).
TABLES = ("games", "seats", "actions", "snapshots", "reminders", "results", "user_prefs",
          "outbox", "meta", "ratings", "rated_games", "rating_history", "leaderboard_hidden")
#: Tables whose ids come from a sequence on PostgreSQL: moved past the copied ids.
SERIAL = ("games", "reminders", "outbox")
#: Rows here mean the target already holds a server's games.
HOLDINGS = ("games", "user_prefs", "outbox", "ratings")

Rows = list[tuple[Any, ...]]


class CopyRefused(StoreError):
    """Bad input: the source is not a Moon River file or the target is not empty."""


class CopyFailed(StoreError):
    """The copy did not check out on the target (which is emptied again)."""


@dataclass
class Copied:
    games: int = 0
    rows: dict[str, int] = field(default_factory=dict)
    replayed: int = 0  # games whose log replayed to their snapshot on the target
    #: archived games whose log did not replay in the file either (kept as they were)
    unreplayable: list[int] = field(default_factory=list)


def read_sqlite(path: Path) -> dict[str, tuple[list[str], Rows]]:
    """Every table of a Moon River SQLite file, at this version's schema, by name:
    (columns, rows). The file itself is only read."""
    if not path.is_file():
        raise CopyRefused(f"no SQLite file at {path}")
    try:
        source = sqlite3.connect(file_uri(path, "ro"), uri=True)
    except sqlite3.Error as exc:
        raise CopyRefused(f"cannot open {path}: {exc}") from None
    memory = sqlite3.connect(":memory:")
    try:
        try:
            quick_check(source, str(path))
            source.backup(memory)
        except (sqlite3.DatabaseError, StoreError) as exc:
            raise CopyRefused(f"{path} is not a usable SQLite database: {exc}") from None
        finally:
            source.close()
        names = {row[0] for row in memory.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table'")}
        if "games" not in names:
            raise CopyRefused(f"{path} is not a Moon River database")
        (version,) = memory.execute("PRAGMA user_version").fetchone()
        if version > SCHEMA_VERSION:
            raise CopyRefused(f"{path} was written by a newer Moon River (schema {version}, "
                              f"this code knows {SCHEMA_VERSION}); copy with that version")
        for number in range(version + 1, SCHEMA_VERSION + 1):  # the copy in memory only
            for statement in MIGRATIONS[number - 1]:
                memory.execute(statement)
        out: dict[str, tuple[list[str], Rows]] = {}
        for table in TABLES:
            columns = [row[1] for row in memory.execute(f"PRAGMA table_info({table})")]
            rows = memory.execute(f"SELECT {', '.join(columns)} FROM {table}").fetchall()
            out[table] = (columns, rows)
        return out
    finally:
        memory.close()


async def copy_to_postgres(path: Path, url: str) -> Copied:
    """Copy the file's games onto the (migrated, empty) database at `url` and check
    them there; refuses a non-empty target and changes nothing then."""
    tables = read_sqlite(path)
    target = PostgresStore(url)
    await target.open()  # migrates the schema; a server it cannot use is a StoreError
    try:
        async with target.pool.acquire() as db, db.transaction():
            for table in HOLDINGS:
                held = await db.fetchval(f"SELECT count(*) FROM {table}")
                if held:
                    raise CopyRefused(f"{target.where} is not empty ({held} row(s) in "
                                      f"{table}); copy into a new, empty database")
            for table in TABLES:
                columns, rows = tables[table]
                if table == "meta":  # the target's own open may have written a key
                    await db.executemany(
                        "INSERT INTO meta (key, value) VALUES ($1, $2) ON CONFLICT (key) "
                        "DO UPDATE SET value = EXCLUDED.value", rows)
                elif rows:
                    await db.copy_records_to_table(table, records=rows, columns=columns)
            for table in SERIAL:
                await db.execute(
                    f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
                    f"COALESCE((SELECT MAX(id) FROM {table}), 0) + 1, false)")
        try:
            return await _check(target, tables)
        except CopyFailed:
            await _empty(target)
            raise
    finally:
        await target.close()


async def _check(target: PostgresStore, tables: dict[str, tuple[list[str], Rows]]) -> Copied:
    """The target's rows are the file's, and every game replays to its snapshot."""
    copied = Copied()
    for table, (columns, rows) in tables.items():
        if table == "meta":
            there = await target.pool.fetch(
                "SELECT key, value FROM meta WHERE key = ANY($1::text[])",
                [row[0] for row in rows])
        else:
            there = await target.pool.fetch(f"SELECT {', '.join(columns)} FROM {table}")
        if sorted(map(repr, map(tuple, there))) != sorted(map(repr, rows)):
            raise CopyFailed(f"the copy of table {table} differs from the file "
                             f"({len(there)} row(s) there, {len(rows)} in the file)")
        copied.rows[table] = len(rows)
    service = TableService(target)
    games = [g for status in Status for g in await target.games_with_status(status)]
    copied.games = len(games)
    for game in games:
        if game.status is Status.LOBBY:
            continue
        try:
            state = await service.replayed(game)
        except GameError as exc:
            if game.status is Status.ABANDONED:  # quarantined before: it was so in the file
                copied.unreplayable.append(game.id)
                continue
            raise CopyFailed(f"game {game.id} does not replay on the target: {exc}") from None
        snapshot = await target.snapshot(game.id)
        if snapshot is not None and snapshot.seq == await target.action_count(game.id):
            replayed = json.loads(json.dumps(rules_of(game).state_to_dict(state)))
            if replayed != snapshot.state:
                raise CopyFailed(f"game {game.id} replays on the target to a state other "
                                 "than its snapshot")
        copied.replayed += 1
    return copied


async def _empty(target: PostgresStore) -> None:
    await target.pool.execute(f"TRUNCATE {', '.join(TABLES)} RESTART IDENTITY CASCADE")
