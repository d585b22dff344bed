"""Fixtures for the store and service tests: every store, a controllable clock.

The "postgres" store runs on the server named by MOONRIVER_TEST_POSTGRES (a
postgresql:// URL of a role that may create databases, or a unix socket folder), in a
fresh database per test; without it those tests skip, except in CI (CI=true), where
they fail: CI starts a throwaway server (.ci/run).
"""

from __future__ import annotations

import asyncio
import os
import secrets
import sqlite3
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import pytest

from bot.tables.service import TableService, User
from bot.tables.store import GameStore, MemoryStore, SqliteStore
from bot.tables.store.postgres import PostgresStore
from bot.tables.store.sqlite import MIGRATIONS

START = datetime(2026, 11, 1, 12, 0, tzinfo=UTC)


class Clock:
    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> datetime:
        return self.now

    def advance(self, hours: float) -> None:
        self.now += timedelta(hours=hours)


def postgres_test_url() -> str:
    """The server for the PostgreSQL tests (skips, or fails in CI, without one)."""
    where = os.environ.get("MOONRIVER_TEST_POSTGRES", "").strip()
    if not where:
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail("CI needs PostgreSQL: set MOONRIVER_TEST_POSTGRES (.ci/run starts one)")
        pytest.skip("MOONRIVER_TEST_POSTGRES is not set (a postgresql:// URL or socket folder)")
    if where.startswith("/"):  # a unix socket folder: the default role and database
        return f"postgresql:///postgres?host={where}"
    return where


@asynccontextmanager
async def fresh_postgres_database() -> AsyncIterator[str]:
    """A new, empty database on the test server for one test (dropped after it)."""
    import asyncpg  # only the PostgreSQL tests need the driver loaded

    admin_url = postgres_test_url()
    name = f"moonriver_test_{secrets.token_hex(6)}"
    admin = await asyncpg.connect(admin_url)
    try:
        await admin.execute(f'CREATE DATABASE "{name}"')
        parts = urlsplit(admin_url)
        yield urlunsplit(parts._replace(path=f"/{name}"))
    finally:
        try:
            await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        except asyncpg.InsufficientPrivilegeError:
            # FORCE may not end a session of another role: an autovacuum worker busy in
            # the test's database; a plain DROP cancels that worker itself
            await admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                                "WHERE datname = $1 AND usename = current_user", name)
            await asyncio.sleep(0.2)
            await admin.execute(f'DROP DATABASE IF EXISTS "{name}"')
        await admin.close()


@pytest.fixture(params=["sqlite", "memory", "postgres"])
async def store(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[GameStore]:
    if request.param == "postgres":
        async with fresh_postgres_database() as url:
            s: GameStore = PostgresStore(url)
            await s.open()
            try:
                yield s
            finally:
                await s.close()
        return
    s = SqliteStore(tmp_path / "games.sqlite3") if request.param == "sqlite" \
        else MemoryStore()
    await s.open()
    yield s
    await s.close()


@pytest.fixture
async def twin(store: GameStore) -> AsyncIterator[GameStore]:
    """A second claimer of the same games: on PostgreSQL another store on the same
    database (another process: its own pool and owner); on SQLite and memory the same
    store (one process per file: its claims race inside one event loop)."""
    if not isinstance(store, PostgresStore):
        yield store
        return
    other = PostgresStore(store.url)
    await other.open()
    try:
        yield other
    finally:
        await other.close()


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
async def service(store: GameStore, clock: Clock) -> TableService:
    return TableService(store, clock=clock)


ALICE, BOB, CAROL, DAVE = (User(1, "Alice"), User(2, "Bob"), User(3, "Carol"), User(4, "Dave"))
MANAGER = User(99, "Moderator", is_manager=True)


def database_of_schema(path: Path, schema: int) -> sqlite3.Connection:
    """A database file as an older version of the bot left it: the first `schema`
    migrations only (tests then write old rows into it and open it with today's store)."""
    db = sqlite3.connect(path)
    for migration in MIGRATIONS[:schema]:
        for statement in migration:
            db.execute(statement)
    db.execute(f"PRAGMA user_version = {schema}")
    return db
