"""The one list of numbered migrations (bot/tables/store/migrations.py) builds, on each
engine, the schema the two per-engine lists it replaced built (tests/bot/schema_before.py):
a fresh database, and a database an older version left at any schema number and today's
store migrates the rest of the way. Schemas are compared as each engine describes them
(SQLite's sqlite_master and PRAGMAs; PostgreSQL's catalogs), not by the statements' text."""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path
from typing import Any

import asyncpg
import pytest

from bot.tables.store import migrations, postgres, sqlite
from bot.tables.store.postgres import PostgresStore
from bot.tables.store.sqlite import SqliteStore
from tests.bot import schema_before
from tests.bot.conftest import fresh_postgres_database

Migrations = tuple[tuple[str, ...], ...]


def test_both_engines_run_the_one_list_under_the_same_numbers() -> None:
    assert sqlite.MIGRATIONS is migrations.SQLITE_MIGRATIONS
    assert postgres.MIGRATIONS is migrations.POSTGRES_MIGRATIONS
    assert sqlite.SCHEMA_VERSION == postgres.SCHEMA_VERSION == len(migrations.MIGRATIONS) == 11
    assert len(schema_before.SQLITE) == len(schema_before.POSTGRES) == 11
    for number, migration in enumerate(migrations.MIGRATIONS):
        assert len(migrations.SQLITE_MIGRATIONS[number]) == len(migration)
        assert len(migrations.POSTGRES_MIGRATIONS[number]) == len(migration)


def test_the_translation_is_the_named_differences_only() -> None:
    assert migrations.for_sqlite("id BIGSERIAL PRIMARY KEY, g BIGINT, r DOUBLE PRECISION") \
        == "id INTEGER PRIMARY KEY, g INTEGER, r REAL"
    assert migrations.for_postgres("CREATE TABLE t (a BIGINT, PRIMARY KEY (a)) WITHOUT ROWID") \
        == "CREATE TABLE t (a BIGINT, PRIMARY KEY (a))"
    with pytest.raises(ValueError, match="not a primary key"):
        migrations.for_sqlite("CREATE TABLE t (n BIGSERIAL)")


# --- SQLite ------------------------------------------------------------------------------


def _sql(text: str | None) -> str | None:
    """A stored statement without its layout (whitespace differs, the words may not)."""
    if text is None:
        return None
    return re.sub(r"\s*([(),])\s*", r"\1", " ".join(text.split()))


def sqlite_schema(db: sqlite3.Connection) -> dict[str, Any]:
    """Everything SQLite says about the schema: each object's statement, each table's
    columns (type, not null, default, key), indexes (columns, unique, partial) and
    foreign keys."""
    master = sorted((kind, name, table, _sql(text)) for kind, name, table, text in db.execute(
        "SELECT type, name, tbl_name, sql FROM sqlite_master"))
    tables = [name for kind, name, _t, _s in master if kind == "table"]
    out: dict[str, Any] = {"master": master}
    for table in tables:
        out[table] = {
            "columns": db.execute(f"PRAGMA table_xinfo({table})").fetchall(),
            "foreign keys": db.execute(f"PRAGMA foreign_key_list({table})").fetchall(),
            "indexes": {row[1]: (row[2:], db.execute(f"PRAGMA index_xinfo({row[1]})")
                                 .fetchall())
                        for row in db.execute(f"PRAGMA index_list({table})")},
        }
    return out


def sqlite_built(lists: Migrations, upto: int | None = None) -> sqlite3.Connection:
    db = sqlite3.connect(":memory:")
    for migration in lists[:upto]:
        for statement in migration:
            db.execute(statement)
    return db


def test_sqlite_the_one_list_builds_the_schema_the_old_list_built() -> None:
    before = sqlite_schema(sqlite_built(schema_before.SQLITE))
    assert sqlite_schema(sqlite_built(migrations.SQLITE_MIGRATIONS)) == before
    # the comparison sees what matters: a table without WITHOUT ROWID is another schema
    changed = tuple(tuple(s.replace(" WITHOUT ROWID", "") for s in m)
                    for m in schema_before.SQLITE)
    assert sqlite_schema(sqlite_built(changed)) != before


@pytest.mark.parametrize("schema", range(12))
async def test_sqlite_a_file_left_at_any_number_is_migrated_to_the_same_schema(
        tmp_path: Path, schema: int) -> None:
    """A file the old code left at `schema`, opened by today's store."""
    path = tmp_path / "games.sqlite3"
    db = sqlite_built(schema_before.SQLITE, schema)
    db.execute(f"VACUUM INTO '{path}'")
    db.close()
    old = sqlite3.connect(path)
    old.execute(f"PRAGMA user_version = {schema}")
    old.close()
    store = SqliteStore(path)
    await store.open()
    await store.close()
    migrated = sqlite3.connect(path)
    try:
        assert migrated.execute("PRAGMA user_version").fetchone()[0] == 11
        assert sqlite_schema(migrated) == sqlite_schema(sqlite_built(schema_before.SQLITE))
    finally:
        migrated.close()


# --- PostgreSQL --------------------------------------------------------------------------

PG_SCHEMA = {
    "columns": "SELECT table_name, column_name, ordinal_position, data_type, is_nullable, "
               "column_default, numeric_precision FROM information_schema.columns "
               "WHERE table_schema = 'public' ORDER BY 1, 3",
    "indexes": "SELECT tablename, indexname, indexdef FROM pg_indexes "
               "WHERE schemaname = 'public' ORDER BY 1, 2",
    "constraints": "SELECT conrelid::regclass::text, conname, contype, "
                   "pg_get_constraintdef(oid) FROM pg_constraint "
                   "WHERE connamespace = 'public'::regnamespace ORDER BY 1, 2",
    "sequences": "SELECT sequence_name, data_type, start_value, increment "
                 "FROM information_schema.sequences WHERE sequence_schema = 'public' "
                 "ORDER BY 1",
    "owned sequences": "SELECT s.relname, t.relname, a.attname FROM pg_depend d "
                       "JOIN pg_class s ON s.oid = d.objid AND s.relkind = 'S' "
                       "JOIN pg_class t ON t.oid = d.refobjid "
                       "JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = d.refobjsubid "
                       "WHERE d.deptype = 'a' ORDER BY 1",
}


async def postgres_schema(url: str) -> dict[str, list[tuple[Any, ...]]]:
    db = await asyncpg.connect(url)
    try:
        return {what: [tuple(row) for row in await db.fetch(sql)]
                for what, sql in PG_SCHEMA.items()}
    finally:
        await db.close()


async def postgres_built(url: str, lists: Migrations, upto: int | None = None) -> None:
    """The migrations run as the old store ran them (the schema_version table too)."""
    db = await asyncpg.connect(url)
    try:
        await db.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
        for number, migration in enumerate(lists[:upto], start=1):
            for statement in migration:
                await db.execute(statement)
            await db.execute("DELETE FROM schema_version")
            await db.execute("INSERT INTO schema_version (version) VALUES ($1)", number)
    finally:
        await db.close()


async def test_postgres_the_one_list_builds_the_schema_the_old_list_built() -> None:
    async with fresh_postgres_database() as url:
        await postgres_built(url, schema_before.POSTGRES)
        before = await postgres_schema(url)
    assert before["columns"] and before["indexes"] and before["sequences"]
    async with fresh_postgres_database() as url:  # a new database, by today's store
        store = PostgresStore(url)
        await store.open()
        await store.close()
        assert await postgres_schema(url) == before
    for schema in (5, 9):  # left by the old code at a number, migrated by today's store
        async with fresh_postgres_database() as url:
            await postgres_built(url, schema_before.POSTGRES, schema)
            store = PostgresStore(url)
            await store.open()
            assert await store.schema_version() == 11
            await store.close()
            assert await postgres_schema(url) == before
    # the comparison sees what matters: one column's type is another schema
    changed = tuple(tuple(s.replace("seq INTEGER", "seq BIGINT") for s in m)
                    for m in schema_before.POSTGRES)
    async with fresh_postgres_database() as url:
        await postgres_built(url, changed)
        assert await postgres_schema(url) != before
