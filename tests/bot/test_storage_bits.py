"""Storage under concurrency: reads see only committed rows; the per-game lock table
holds only the games someone is using right now."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest

from bot.tables.domain import (
    GameOptions,
    NewPost,
    NewReminder,
    PostKind,
    Seat,
    Status,
    TableSettings,
)
from bot.tables.errors import TableError
from bot.tables.service import TableService
from bot.tables.store import ActionEntry, SqliteStore
from bot.tables.store.sqlite import CLAIM_POSTS
from engine.games.rng import Rng
from tests.bot.conftest import ALICE, BOB, START


async def test_sqlite_reads_do_not_see_a_write_before_it_commits(tmp_path: Path) -> None:
    store = SqliteStore(tmp_path / "games.sqlite3")
    await store.open()
    game = await store.create_game(guild_id=None, channel_id=5, host=Seat(0, 1, "Alice"),
                                   options=GameOptions(), settings=TableSettings(), seed=1,
                                   components="x", now=START)
    async with store._transaction() as writer:  # a write in flight, not committed yet
        await writer.execute("UPDATE games SET status = 'abandoned' WHERE id = ?", (game.id,))
        seen = await store.game(game.id)
        assert seen is not None and seen.status is Status.LOBBY
        assert await store.open_game_in(5) is not None
    seen = await store.game(game.id)
    assert seen is not None and seen.status is Status.ABANDONED  # and once committed, it is
    assert await store.open_game_in(5) is None
    await store.close()


async def test_a_rolled_back_write_is_never_read(tmp_path: Path) -> None:
    store = SqliteStore(tmp_path / "games.sqlite3")
    await store.open()
    try:
        async with store._transaction() as writer:
            await writer.execute(
                "INSERT INTO games (guild_id, channel_id, status, host_id, options, settings, "
                "seed, components, version, created_at, updated_at) VALUES "
                "(NULL, 9, 'lobby', 1, ?, ?, 1, 'x', 1, ?, ?)",
                (GameOptions().to_json(), TableSettings().to_json(), START.isoformat(),
                 START.isoformat()))
            assert await store.open_game_in(9) is None
            raise RuntimeError("abort")
    except RuntimeError:
        pass
    assert await store.open_game_in(9) is None
    await store.close()


async def test_looking_for_due_posts_reads_the_pending_rows_not_the_whole_outbox(
        tmp_path: Path) -> None:
    """The delivery claims due posts after every move: its queries walk the index of
    pending rows, whatever the number of rows already sent (a bot keeps them for days)."""
    store = SqliteStore(tmp_path / "games.sqlite3")
    await store.open()
    try:
        game = await store.create_game(guild_id=None, channel_id=5, host=Seat(0, 1, "Alice"),
                                       options=GameOptions(), settings=TableSettings(), seed=1,
                                       components="x", now=START)
        asked: list[str] = []
        store.reader.set_trace_callback(asked.append)
        assert await store.due_posts(START) == []
        store.reader.set_trace_callback(None)
        (query,) = [sql for sql in asked if "outbox" in sql]
        plan = " / ".join(row[3] for row in store.reader.execute(f"EXPLAIN QUERY PLAN {query}"))
        assert "USING INDEX outbox_pending" in plan and "SCAN o" not in plan, plan
        claim = " / ".join(row[3] for row in store.reader.execute(
            f"EXPLAIN QUERY PLAN {CLAIM_POSTS}", ("", "", 1)))
        assert "USING INDEX outbox_pending" in claim and "SCAN o" not in claim, claim
        assert game.id and await store.told_log(game.id, 1) == (None, [])
    finally:
        await store.close()  # a failed assertion must not leave the writer thread


async def test_the_lock_table_stays_bounded_after_many_games(service: TableService) -> None:
    users = {1: ALICE, 2: BOB}
    for channel in range(1, 41):
        await service.create(channel, ALICE)
        await service.join(channel, BOB)
        await service.start(channel, ALICE)
        status = await service.status(channel)
        assert status.state is not None and status.state.active_seat is not None
        user = users[status.game.seats[status.state.active_seat].user_id or 0]
        option = Rng(channel).choice(await service.legal(channel, user))
        await service.act(channel, user, str(option), status.game.version)
        await service.abandon(channel, ALICE)
    assert service._locks == {}  # 40 games played, none holds a lock now


async def test_a_lock_lives_while_held_or_awaited_and_not_longer(service: TableService) -> None:
    order: list[str] = []

    async def second() -> None:
        async with service._lock(7):
            order.append("second")

    async with service._lock(7):
        waiter = asyncio.create_task(second())
        await asyncio.sleep(0)
        assert service._locks[7].users == 2  # the holder and one waiter share one lock
        order.append("first")
    await waiter
    assert order == ["first", "second"]
    assert service._locks == {}


async def test_concurrent_moves_on_one_table_apply_once(service: TableService) -> None:
    await service.create(1, ALICE)
    await service.join(1, BOB)
    await service.start(1, ALICE)
    status = await service.status(1)
    assert status.state is not None and status.state.active_seat is not None
    user = {1: ALICE, 2: BOB}[status.game.seats[status.state.active_seat].user_id or 0]
    option = str(Rng(3).choice(await service.legal(1, user)))
    outcomes = await asyncio.gather(
        *(service.act(1, user, option, status.game.version) for _ in range(3)),
        return_exceptions=True)
    assert sum(not isinstance(o, BaseException) for o in outcomes) == 1
    assert all(isinstance(o, TableError) for o in outcomes if isinstance(o, BaseException))
    assert service._locks == {}


async def test_a_move_that_fails_half_way_leaves_no_trace(tmp_path: Path) -> None:
    """A move commits as one call on the writer: a statement failing after the
    version bump, the action and the snapshot rolls all of them back, and the store
    writes on afterwards."""
    store = SqliteStore(tmp_path / "games.sqlite3")
    await store.open()
    try:
        game = await store.create_game(guild_id=None, channel_id=5, host=Seat(0, 1, "Alice"),
                                       options=GameOptions(), settings=TableSettings(), seed=1,
                                       components="x", now=START)
        game = await store.start_game(game, seats=[Seat(0, 1, "Alice"), Seat(1, 2, "Bob")],
                                      state={"step": 0}, reminders=[], now=START)
        broken = NewReminder(2, None, START)  # type: ignore[arg-type]  # kind is NOT NULL
        with pytest.raises(sqlite3.IntegrityError):
            await store.record_actions(game, entries=[ActionEntry(0, "choose p1")],
                                       state={"step": 1}, reminders=[broken], now=START,
                                       posts=[NewPost(PostKind.TABLE, "moved")])
        assert (await store.game(game.id)) == game  # same version
        assert await store.action_count(game.id) == 0
        snapshot = await store.snapshot(game.id)
        assert snapshot is not None and snapshot.state == {"step": 0}
        assert await store.posts(game.id) == []
        game = await store.record_actions(game, entries=[ActionEntry(0, "choose p1")],
                                          state={"step": 1}, reminders=[], now=START)
        assert await store.action_count(game.id) == 1 and game.version == 3
    finally:
        await store.close()
