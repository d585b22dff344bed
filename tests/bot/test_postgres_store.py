"""What only the PostgreSQL store has: its migrations beside SQLite's, the schema version
it refuses, a server it cannot use. The shared behaviour is the store contract
(tests/bot/test_store_contract.py and every test on the `store` fixture)."""

from __future__ import annotations

import asyncio
from urllib.parse import urlsplit, urlunsplit

import asyncpg
import pytest

from bot.tables.domain import NewPost, PostKind, PostState
from bot.tables.errors import SchemaTooNew, StoreError
from bot.tables.store import ActionEntry, postgres, sqlite
from bot.tables.store.postgres import PostgresStore, redacted
from tests.bot.conftest import START, fresh_postgres_database
from tests.bot.test_store_contract import started


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


async def test_a_process_whose_own_connection_is_cut_gets_it_back_with_its_claims() -> None:
    """The server drops the connection that holds a process's liveness lock and LISTEN
    (a restart, a network cut): its next claim opens it again under the same owner, so
    its leases hold again and commits wake it again."""
    async with fresh_postgres_database() as url:
        cut, other = PostgresStore(url), PostgresStore(url)
        await cut.open()
        await other.open()
        try:
            woken = asyncio.Event()
            await cut.listen(woken.set)
            game = await started(other)
            await other.record_actions(game, entries=[ActionEntry(0, "a")], state={},
                                       reminders=None, now=START,
                                       posts=[NewPost(PostKind.TABLE)])
            (post,) = await cut.claim_posts(START)
            owner = cut.owner
            await other.pool.execute("SELECT pg_terminate_backend($1)",
                                     cut.live.get_server_pid())
            async with asyncio.timeout(5):
                while not cut.live.is_closed():
                    await asyncio.sleep(0.01)
            assert await cut.claim_posts(START) == []  # back, and the row is still its own
            assert cut.owner == owner and not cut.live.is_closed()
            assert await other.claim_posts(START) == []
            assert await cut.recheck_post(post.id, START)
            woken.clear()
            await other.settle_post(post.id, PostState.SENT, "message 1")
            game = await other.game(game.id)
            assert game is not None
            await other.record_actions(game, entries=[ActionEntry(1, "b")], state={},
                                       reminders=None, now=START,
                                       posts=[NewPost(PostKind.TABLE)])
            async with asyncio.timeout(5):
                await woken.wait()
        finally:
            await cut.close()
            await other.close()
