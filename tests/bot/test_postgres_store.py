"""What only the PostgreSQL store has: its migrations beside SQLite's, the schema version
it refuses, a server it cannot use. The shared behaviour is the store contract
(tests/bot/test_store_contract.py and every test on the `store` fixture)."""

from __future__ import annotations

from urllib.parse import urlsplit, urlunsplit

import asyncpg
import pytest

from bot.tables.errors import SchemaTooNew, StoreError
from bot.tables.store import postgres, sqlite
from bot.tables.store.postgres import PostgresStore, redacted
from tests.bot.conftest import fresh_postgres_database


def test_both_engines_number_the_same_migrations() -> None:
    assert postgres.SCHEMA_VERSION == sqlite.SCHEMA_VERSION == len(sqlite.MIGRATIONS)


async def test_a_fresh_database_is_migrated_once_and_a_newer_one_refused() -> None:
    async with fresh_postgres_database() as url:
        store = PostgresStore(url)
        await store.open()
        assert await store.schema_version() == postgres.SCHEMA_VERSION
        await store.close()
        again = PostgresStore(url)  # a second open finds nothing left to do
        await again.open()
        assert await again.schema_version() == postgres.SCHEMA_VERSION
        await again.close()
        db = await asyncpg.connect(url)
        await db.execute("UPDATE schema_version SET version = $1", postgres.SCHEMA_VERSION + 1)
        await db.close()
        with pytest.raises(SchemaTooNew, match="newer Moon River"):
            await PostgresStore(url).open()


async def test_the_restore_generation_salts_posts_and_the_restored_mark_is_taken_once(
) -> None:
    async with fresh_postgres_database() as url:
        store = PostgresStore(url)
        await store.open()
        assert store.salt == "" and not await store.take_restored()
        await store.pool.execute("INSERT INTO meta (key, value) VALUES ('nonce_salt', 'a1b2c3'), "
                                 "('restored', 'yes')")
        await store.close()
        await store.open()
        assert store.salt == "a1b2c3"
        assert await store.take_restored() and not await store.take_restored()
        await store.close()


async def test_a_server_it_cannot_use_is_one_sentence_without_the_password() -> None:
    async with fresh_postgres_database() as url:
        wrong = urlunsplit(urlsplit(url)._replace(path="/no_such_database_here"))
        with pytest.raises(StoreError, match=r"not a usable Moon River database.*"
                                              r"no_such_database_here"):
            await PostgresStore(wrong).open()
    assert redacted("postgresql://bot:s3cret@db/x") == "postgresql://bot:***@db/x"
