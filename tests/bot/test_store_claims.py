"""Claims, leases and locks: the work any process may do is done once (the store contract,
on memory, SQLite and PostgreSQL).

A "twin" (tests/bot/conftest.py) is a second claimer on the same games: on PostgreSQL
another store on the same database (another process), on SQLite and memory the same store.
"""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest

from bot.tables.domain import (
    Game,
    GameOptions,
    NewPost,
    NewReminder,
    PostKind,
    PostState,
    Seat,
    TableSettings,
)
from bot.tables.errors import TooManyLobbies
from bot.tables.store import ActionEntry, GameStore, SqliteStore
from bot.tables.store.base import LobbyLimits
from bot.tables.store.postgres import PostgresStore
from tests.bot.conftest import START
from tests.bot.test_store_contract import started

LEASE = timedelta(minutes=2)


async def with_posts(store: GameStore, channel: int, *kinds: PostKind):
    """An active game whose one move wrote outbox rows of `kinds` (DMs: no supersede)."""
    game = await started(store, channel)
    return await store.record_actions(
        game, entries=[ActionEntry(0, "move")], state={}, reminders=None, now=START,
        posts=[NewPost(kind, f"{kind.value} {i}", target=7 if kind is PostKind.DM else None)
               for i, kind in enumerate(kinds)])


async def test_two_claimers_at_once_get_disjoint_rows(store: GameStore,
                                                      twin: GameStore) -> None:
    games = [await with_posts(store, 100 + n, PostKind.TABLE, PostKind.DM)
             for n in range(12)]
    first, second = await asyncio.gather(store.claim_posts(START, 200, LEASE),
                                         twin.claim_posts(START, 200, LEASE))
    mine, theirs = {p.id for p in first}, {p.id for p in second}
    assert not mine & theirs
    every = {p.id for g in games for p in await store.posts(g.id)}
    assert mine | theirs == every  # every row to exactly one of them
    for claimed in (first, second):  # a game's rows all went to one claimer, in order
        assert [p.id for p in claimed] == sorted(p.id for p in claimed)
    assert not {p.game_id for p in first} & {p.game_id for p in second}
    assert await store.claim_posts(START, 200, LEASE) == []
    assert await twin.claim_posts(START + LEASE / 2, 200, LEASE) == []


async def test_an_expired_lease_is_claimable_again(store: GameStore, twin: GameStore) -> None:
    game = await with_posts(store, 10, PostKind.TABLE)
    (post,) = await store.claim_posts(START, lease=LEASE)
    assert await twin.claim_posts(START + LEASE - timedelta(seconds=1), lease=LEASE) == []
    (again,) = await twin.claim_posts(START + LEASE, lease=LEASE)  # the holder never came
    assert again.id == post.id and again.game_id == game.id
    # the first holder's re-check before posting finds the row is no longer its own
    assert await store.recheck_post(post.id, START + LEASE) is (store is twin)
    assert await twin.recheck_post(post.id, START + LEASE)


async def test_a_row_whose_earlier_row_is_leased_is_not_claimable(store: GameStore,
                                                                  twin: GameStore) -> None:
    game = await with_posts(store, 10, PostKind.TABLE)
    (first,) = await store.claim_posts(START, lease=LEASE)
    await store.record_actions(game, entries=[ActionEntry(1, "dm")], state={},
                               reminders=None, now=START,
                               posts=[NewPost(PostKind.DM, "later", target=7)])
    assert await twin.claim_posts(START, lease=LEASE) == []  # waits for the earlier row
    await store.settle_post(first.id, PostState.SENT, "message 1")
    (later,) = await twin.claim_posts(START, lease=LEASE)
    assert later.text == "later" and later.id > first.id


async def test_a_claim_takes_a_games_rows_in_order_up_to_the_limit(store: GameStore) -> None:
    await with_posts(store, 10, PostKind.TABLE, PostKind.DM, PostKind.DM)
    (head,) = await store.claim_posts(START, limit=1, lease=LEASE)
    assert head.text == "table 0"
    assert await store.claim_posts(START, lease=LEASE) == []  # the game is being delivered
    await store.release_posts([head.id])  # let go without posting: claimable at once
    assert [p.text for p in await store.claim_posts(START, lease=LEASE)] == [
        "table 0", "dm 1", "dm 2"]


async def test_a_retry_ends_the_claim_and_a_superseded_row_fails_its_recheck(
        store: GameStore) -> None:
    game = await with_posts(store, 10, PostKind.TABLE)
    (post,) = await store.claim_posts(START, lease=LEASE)
    await store.settle_post(post.id, PostState.PENDING, "503",
                            retry_at=START + timedelta(seconds=4))
    assert await store.claim_posts(START, lease=LEASE) == []  # not due yet
    (post,) = await store.claim_posts(START + timedelta(seconds=4), lease=LEASE)
    # a newer table post supersedes it while it is being drawn: it must not be posted
    await store.record_actions(game, entries=[ActionEntry(1, "next")], state={},
                               reminders=None, now=START, posts=[NewPost(PostKind.TABLE)])
    assert not await store.recheck_post(post.id, START + timedelta(seconds=5))
    (newer,) = await store.claim_posts(START + timedelta(seconds=5), lease=LEASE)
    assert newer.id > post.id and newer.state is PostState.PENDING


async def test_the_latest_sent_table_row_is_read_from_the_store(store: GameStore) -> None:
    game = await with_posts(store, 10, PostKind.TABLE, PostKind.DM)
    table, dm = await store.claim_posts(START, lease=LEASE)
    assert await store.last_sent_table(game.id, dm.id + 100) is None
    await store.settle_post(table.id, PostState.SENT, "message 77")
    await store.settle_post(dm.id, PostState.SENT, "message 78")
    found = await store.last_sent_table(game.id, dm.id + 100)
    assert found is not None and (found.id, found.outcome) == (table.id, "message 77")
    assert await store.last_sent_table(game.id, table.id) is None  # older rows only


async def test_two_reminder_claimers_at_once_fire_each_row_once(store: GameStore,
                                                                twin: GameStore) -> None:
    for channel in range(20, 30):
        game = await started(store, channel)
        await store.record_actions(
            game, entries=[ActionEntry(0, "a")], state={}, now=START,
            reminders=[NewReminder(2, "remind", START + timedelta(hours=h)) for h in (1, 2)])
    now = START + timedelta(hours=3)
    first, second = await asyncio.gather(store.claim_due_reminders(now, LEASE),
                                         twin.claim_due_reminders(now, LEASE))
    assert not {r.id for r in first} & {r.id for r in second}
    assert len(first) + len(second) == 20
    # a claim of the other owner is not fired by this one; its own is, exactly once
    if store is not twin and second:
        assert not await store.fire_reminder(second[0], posts=[], repeat=None, now=now)
    fired = [await s.fire_reminder(r, posts=[], repeat=None, now=now)
             for s, rows in ((store, first), (twin, second)) for r in rows]
    assert all(fired)
    assert await store.claim_due_reminders(now + LEASE * 2, LEASE) == []


async def test_a_dead_claimers_leases_end_at_once(store: GameStore, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """PostgreSQL: a process's claims live with its session; SQLite: the next process to
    open the file is the only one, so whatever was claimed before is free again."""
    if isinstance(store, PostgresStore):
        dead = PostgresStore(store.url)
        await dead.open()
        await with_posts(dead, 10, PostKind.TABLE)
        game = await started(dead, 11)
        await dead.record_actions(game, entries=[ActionEntry(0, "a")], state={}, now=START,
                                  reminders=[NewReminder(2, "remind", START)])
        assert len(await dead.claim_posts(START, lease=LEASE)) == 1
        assert len(await dead.claim_due_reminders(START, LEASE)) == 1
        assert await store.claim_posts(START, lease=LEASE) == []
        await dead.close()  # its session ends (as when the process is killed)
        assert len(await store.claim_posts(START, lease=LEASE)) == 1
        assert len(await store.claim_due_reminders(START, LEASE)) == 1
        return
    if not isinstance(store, SqliteStore):
        pytest.skip("a memory store has no second process")
    await with_posts(store, 10, PostKind.TABLE)
    assert len(await store.claim_posts(START, lease=LEASE)) == 1
    await store.close()
    reopened = SqliteStore(store.path)
    await reopened.open()
    try:
        assert len(await reopened.claim_posts(START, lease=LEASE)) == 1
    finally:
        await reopened.close()
        await store.open()


async def test_a_once_only_job_runs_in_one_process_at_a_time(store: GameStore,
                                                            twin: GameStore) -> None:
    async with store.exclusive("prune") as held:
        assert held
        async with twin.exclusive("prune") as also:
            assert also is (store is twin)  # one process per SQLite file: always held
        async with twin.exclusive("resume") as other_job:
            assert other_job
    async with twin.exclusive("prune") as later:
        assert later  # let go when the job ended
    for unknown in ("no such job", "identify:", "identify:x", "prune:-1", "identify:1024"):
        with pytest.raises(ValueError):
            async with store.exclusive(unknown):
                pass


async def test_each_identify_bucket_has_a_lock_of_its_own(store: GameStore,
                                                         twin: GameStore) -> None:
    """Discord lets `max_concurrency` buckets IDENTIFY side by side: over processes one
    IDENTIFY at a time per bucket, not one in all."""
    async with store.exclusive("identify:0") as first:
        assert first
        async with twin.exclusive("identify:1") as other_bucket:
            assert other_bucket
        async with twin.exclusive("identify:0") as same_bucket:
            assert same_bucket is (store is twin)  # one process per SQLite file
        async with twin.exclusive("identify") as whole:
            assert whole  # the plain job's lock is another lock


async def test_a_commit_with_posts_wakes_the_listener(store: GameStore,
                                                     twin: GameStore) -> None:
    woken = asyncio.Event()
    await twin.listen(woken.set)
    game = await started(store)
    await store.record_actions(game, entries=[ActionEntry(0, "a")], state={},
                               reminders=None, now=START)
    await asyncio.sleep(0.05)
    assert not woken.is_set()  # a move that owes no post wakes nobody
    await store.record_actions(await store.game(game.id), entries=[ActionEntry(1, "b")],
                               state={}, reminders=None, now=START,
                               posts=[NewPost(PostKind.TABLE)])
    async with asyncio.timeout(5):
        await woken.wait()


async def test_lobby_limits_are_counted_in_the_store(store: GameStore,
                                                     twin: GameStore) -> None:
    limits = LobbyLimits(per_host=2, per_channel=3)

    async def new(s: GameStore, channel: int, host: int, parent: int) -> Game:
        return await s.create_game(
            guild_id=5, channel_id=channel, host=Seat(0, host, f"User {host}"),
            options=GameOptions(), settings=TableSettings(), seed=1, components="",
            now=START, parent_id=parent, limits=limits)

    outcomes = await asyncio.gather(*(new(s, 50 + i, 1, 40)
                                      for i, s in enumerate([store, twin] * 3)),
                                    return_exceptions=True)
    made = [o for o in outcomes if not isinstance(o, BaseException)]
    refused = [o for o in outcomes if isinstance(o, BaseException)]
    assert len(made) == 2 and all(isinstance(o, TooManyLobbies) for o in refused)
    assert refused[0].params["limit"] == 2
    await new(store, 60, 2, 40)  # another host: the channel's third
    with pytest.raises(TooManyLobbies) as refusal:
        await new(twin, 61, 3, 40)
    assert refusal.value.params["limit"] == 3
    assert await store.open_lobbies(host_id=3) == 0  # nothing of it was written

