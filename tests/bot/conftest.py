"""Fixtures for the store and service tests: both stores, a controllable clock."""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.tables.service import TableService, User
from bot.tables.store import GameStore, MemoryStore, SqliteStore
from bot.tables.store.sqlite import MIGRATIONS

START = datetime(2026, 11, 1, 12, 0, tzinfo=UTC)


class Clock:
    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> datetime:
        return self.now

    def advance(self, hours: float) -> None:
        self.now += timedelta(hours=hours)


@pytest.fixture(params=["sqlite", "memory"])
async def store(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[GameStore]:
    s: GameStore = SqliteStore(tmp_path / "games.sqlite3") if request.param == "sqlite" \
        else MemoryStore()
    await s.open()
    yield s
    await s.close()


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
