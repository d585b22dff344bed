"""What only the PostgreSQL store has: its migrations beside SQLite's, the schema version
it refuses, a server it cannot use. The shared behaviour is the store contract
(tests/bot/test_store_contract.py and every test on the `store` fixture)."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from dataclasses import replace
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import asyncpg
import pytest

from bot.tables.domain import Game, GameResult, NewPost, NewReminder, PostKind, PostState
from bot.tables.errors import SchemaTooNew, StaleActionError, StoreError
from bot.tables.ratings import Placing, RatedGame, person
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


class Trips:
    """What a connection sends: each statement asyncpg runs (its query logger) and each
    time it writes to the server, which is each time it then waits for an answer (a
    prepare, a statement, a reset: asyncpg writes one buffer per request). The writes
    are counted on the connection's asyncio transport (asyncpg's own, private)."""

    def __init__(self, db: Any) -> None:
        self.statements: list[str] = []
        self.writes = 0
        db.add_query_logger(lambda record: self.statements.append(record.query))
        transport = db._con._transport if hasattr(db, "_con") else db._transport
        write = transport.write

        def counted(data: Any) -> None:
            self.writes += 1
            write(data)

        transport.write = counted

    async def since(self, work: Awaitable[Any]) -> tuple[int, list[str]]:
        self.statements.clear()
        self.writes = 0
        await work
        await asyncio.sleep(0)  # the query logger reports on the loop's next turn
        return self.writes, list(self.statements)


async def test_a_move_is_one_round_trip() -> None:
    """The common move, and an unrated last move, are one statement written to the server
    once (the statement already prepared by an earlier move of the same shape), with no
    BEGIN, COMMIT or reset around it; a rated last move is a transaction."""
    async with fresh_postgres_database() as url:
        store = PostgresStore(url, pool_size=1)  # one pooled connection: every write on it
        await store.open()
        try:
            async with store.pool.acquire() as db:
                trips = Trips(db)
            live = Trips(store.live)
            game = await started(store)

            async def move(game: Game, *, result: GameResult | None = None,
                           rated: RatedGame | None = None) -> Game:
                return await store.record_actions(
                    game, entries=[ActionEntry(0, "a"), ActionEntry(1, "b")], state={},
                    reminders=[NewReminder(1, "remind", START)], now=START, result=result,
                    rated=rated, posts=[NewPost(PostKind.TABLE), NewPost(PostKind.DM, target=2)])

            game = await move(game)  # prepares the statement (a trip of its own)
            writes, sent = await trips.since(move(game))
            assert writes == 1 and len(sent) == 1 and sent[0].startswith("WITH bumped AS")
            game = (await store.game(game.id)) or game
            result = GameResult(game.id, 5, START, {"Alice": 1}, ("Alice",))
            other = await started(store, channel=11)
            other = await move(other, result=replace(result, game_id=other.id))  # prepares
            writes, sent = await trips.since(move(game, result=result))
            assert writes == 1 and len(sent) == 1
            # a stale move: the statement, then one read tells stale from gone
            await _refused(move(game))  # prepares that read
            writes, sent = await trips.since(_refused(move(game)))
            assert writes == 2 and sent[1].startswith("SELECT version FROM games")
            assert live.writes == 0 and live.statements == []  # its own connection idle
            # the old way, for scale: a rated last move is a transaction, many trips
            third = await started(store, channel=12)
            rated = RatedGame(third.id, 5, "moonriver", START, (
                Placing(person(1), "Alice", 1, 0, 3, True), Placing(person(2), "Bob", 2, 1, 2,
                                                                    False)))
            writes, sent = await trips.since(move(third, result=replace(
                result, game_id=third.id), rated=rated))
            assert sent[0] == "BEGIN;" and writes > 5
        finally:
            await store.close()


async def _refused(move: Awaitable[Any]) -> None:
    with pytest.raises(StaleActionError):
        await move


async def test_two_processes_moving_one_version_at_once_write_one_move() -> None:
    """The one-statement move under a race: two stores (two processes) send a move for
    the same version at the same moment, many times over; each time one is written in
    full and the other refused as stale, with nothing of it written."""
    async with fresh_postgres_database() as url:
        first, second = PostgresStore(url), PostgresStore(url)
        await first.open()
        await second.open()
        try:
            game = await started(first)
            for n in range(20):
                outcomes = await asyncio.gather(*(
                    store.record_actions(game, entries=[ActionEntry(0, f"{n}{who}")],
                                         state={"n": n}, reminders=[], now=START,
                                         posts=[NewPost(PostKind.TABLE, f"{n}{who}")])
                    for who, store in (("a", first), ("b", second))), return_exceptions=True)
                moved = [o for o in outcomes if isinstance(o, Game)]
                assert len(moved) == 1 and isinstance(
                    next(o for o in outcomes if not isinstance(o, Game)), StaleActionError)
                game = moved[0]
            log = await first.actions(game.id)
            assert [a.seq for a in log] == list(range(1, 21))
            posts = await first.posts(game.id)
            assert [p.text for p in posts] == [a.text for a in log]
            assert [p.seq for p in posts] == list(range(1, 21))
        finally:
            await first.close()
            await second.close()
