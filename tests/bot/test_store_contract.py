"""The `GameStore` contract: the SQLite, the PostgreSQL and the in-memory store behave the
same (the `store` fixture runs each test on all three)."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from datetime import timedelta

import pytest

from bot.tables.domain import (
    GameOptions,
    GameResult,
    NewPost,
    NewReminder,
    PostKind,
    PostState,
    Seat,
    Status,
    TableSettings,
    UserPrefs,
)
from bot.tables.errors import GameAlreadyOpen, NoGameHere, StaleActionError
from bot.tables.store import ActionEntry, GameStore
from tests.bot.conftest import START

STATE = {"any": "json", "n": [1, 2, 3]}


async def lobby(store: GameStore, channel: int = 10):
    return await store.create_game(guild_id=5, channel_id=channel, host=Seat(0, 1, "Alice"),
                                   options=GameOptions(), settings=TableSettings(), seed=42,
                                   components="provisional-1", now=START)


async def started(store: GameStore, channel: int = 10):
    game = await lobby(store, channel)
    seats = [Seat(0, 1, "Alice"), Seat(1, 2, "Bob")]
    return await store.start_game(game, seats=seats, state=STATE,
                                  reminders=[NewReminder(1, "remind", START + timedelta(hours=12))],
                                  now=START)


async def test_create_and_find_a_lobby(store: GameStore) -> None:
    game = await lobby(store)
    assert game.status is Status.LOBBY and game.version == 1 and game.seats[0].name == "Alice"
    assert (await store.open_game_in(10)) == game
    assert await store.open_game_in(11) is None
    assert await store.game(game.id) == game


async def test_one_open_game_per_channel(store: GameStore) -> None:
    game = await lobby(store)
    with pytest.raises(GameAlreadyOpen):
        await lobby(store)
    await lobby(store, channel=11)  # another channel or thread is fine
    await store.set_status(game, Status.ABANDONED, START)
    await lobby(store)  # a closed game frees the channel


async def test_the_thread_a_channel_announced_is_the_stores(store: GameStore) -> None:
    """A command typed where a table was announced reaches that table's thread: the
    newest game opened from the channel in another one, any process, after a restart."""
    def opened_from(channel: int, parent: int):  # type: ignore[no-untyped-def]
        return store.create_game(guild_id=5, channel_id=channel, host=Seat(0, 1, "Alice"),
                                 options=GameOptions(), settings=TableSettings(), seed=1,
                                 components="provisional-1", now=START, parent_id=parent)
    assert await store.announced_from(10) is None
    await lobby(store, channel=10)  # a table in the channel itself announces nothing
    assert await store.announced_from(10) is None
    first = await opened_from(20, 10)
    assert await store.announced_from(10) == 20
    await opened_from(30, 10)
    assert await store.announced_from(10) == 30  # the newest
    await opened_from(40, 11)  # announced elsewhere
    assert await store.announced_from(10) == 30 and await store.announced_from(11) == 40
    newest = await store.open_game_in(30)
    assert newest is not None
    await store.set_status(newest, Status.ABANDONED, START)
    assert await store.announced_from(10) == first.channel_id  # an abandoned one is gone


async def test_writes_check_the_version(store: GameStore) -> None:
    game = await lobby(store)
    seats = [*game.seats, Seat(1, 2, "Bob")]
    updated = await store.update_lobby(game, seats=seats, host_id=1,
                                       settings=game.settings, now=START)
    assert updated.version == 2 and len(updated.seats) == 2
    with pytest.raises(StaleActionError):
        await store.update_lobby(game, seats=game.seats, host_id=1,
                                 settings=game.settings, now=START)
    assert (await store.game(game.id)) == updated


async def test_actions_snapshot_and_version_move_together(store: GameStore) -> None:
    game = await started(store)
    assert game.status is Status.ACTIVE and (await store.snapshot(game.id)).seq == 0
    game = await store.record_actions(game, entries=[ActionEntry(0, "choose p1")],
                                      state={"step": 1}, reminders=None, now=START)
    game = await store.record_actions(
        game, entries=[ActionEntry(1, "choose p2"), ActionEntry(0, "pass")],
        state={"step": 3}, reminders=None, now=START)
    assert await store.game(game.id) == game
    assert [(a.seq, a.seat, a.text) for a in await store.actions(game.id)] == [
        (1, 0, "choose p1"), (2, 1, "choose p2"), (3, 0, "pass")]
    snap = await store.snapshot(game.id)
    assert (snap.seq, snap.state) == (3, {"step": 3})
    assert await store.action_count(game.id) == 3
    await store.checkpoint()
    assert await store.action_count(game.id) == 3
    with pytest.raises(StaleActionError):
        await store.record_actions(replace(game, version=game.version - 1),
                                   entries=[ActionEntry(1, "x")],
                                   state={"bad": True}, reminders=None, now=START)
    assert len(await store.actions(game.id)) == 3
    assert (await store.snapshot(game.id)).state == {"step": 3}


async def test_truncate_for_undo(store: GameStore) -> None:
    game = await started(store)
    game = await store.record_actions(game,
                                      entries=[ActionEntry(0, "a"), ActionEntry(0, "b")],
                                      state={"s": 2}, reminders=None, now=START)
    game = await store.truncate_actions(game, keep=1, state={"s": 1},
                                        reminders=[], now=START)
    assert [a.text for a in await store.actions(game.id)] == ["a"]
    assert (await store.snapshot(game.id)).seq == 1


async def test_a_result_finishes_the_game(store: GameStore) -> None:
    game = await started(store)
    result = GameResult(game.id, 5, START, {"Alice": 40, "Bob": 38}, ("Alice",))
    game = await store.record_actions(game, entries=[ActionEntry(0, "pass")],
                                      state={}, reminders=None, now=START, result=result)
    assert game.status is Status.FINISHED
    assert await store.game(game.id) == game  # what a write returns is what is stored
    assert await store.open_game_in(10) is None
    assert await store.results(5) == [result] and await store.results(6) == []
    assert await store.claim_due_reminders(START + timedelta(days=30)) == []


async def test_a_move_writes_each_part_once_and_in_order(store: GameStore) -> None:
    """Everything one move writes (PostgreSQL: one statement), part by part: the actions
    after the log's last seq, the snapshot at the new last seq, the reminders replaced
    for the next version (kept when a move passes none), a table post superseding the
    older pending posts but DMs, the posts in their order, each knowing the log's length;
    a last move drops the reminders and writes the result; a game that is not there."""
    game = await started(store)
    game = await store.record_actions(game, entries=[ActionEntry(0, "a")], state=STATE,
                                      reminders=None, now=START, posts=[
                                          NewPost(PostKind.TABLE, "t1"),
                                          NewPost(PostKind.DM, "d1", target=2)])
    later = START + timedelta(minutes=1)
    due = START + timedelta(hours=3)
    moved = await store.record_actions(
        game, entries=[ActionEntry(1, "b", '[{"e": 1}]'), ActionEntry(0, "c", "[]", "said")],
        state={"s": 3}, now=later,
        reminders=[NewReminder(1, "remind", due), NewReminder(None, "autoplay", due, 2)],
        posts=[NewPost(PostKind.REMINDER, "r2", (1,)), NewPost(PostKind.TABLE, "t2", (1, 2)),
               NewPost(PostKind.DM, "d2", target=1)])
    assert moved.version == game.version + 1 and await store.game(game.id) == moved
    assert [(a.seq, a.seat, a.text, a.at, a.events, a.said)
            for a in await store.actions(game.id)] == [
        (1, 0, "a", START, "[]", ""), (2, 1, "b", later, '[{"e": 1}]', ""),
        (3, 0, "c", later, "[]", "said")]
    snapshot = await store.snapshot(game.id)
    assert snapshot is not None and (snapshot.seq, snapshot.state) == (3, {"s": 3})
    assert [(r.user_id, r.kind, r.due_at, r.turn_version, r.nth)
            for r in await store.reminders(game.id)] == [
        (1, "remind", due, moved.version, 0), (None, "autoplay", due, moved.version, 2)]
    assert [(p.kind, p.text, p.pings, p.target, p.version, p.seq, p.state, p.next_try)
            for p in await store.posts(game.id)] == [
        (PostKind.TABLE, "t1", (), None, game.version, 1, PostState.SUPERSEDED, START),
        (PostKind.DM, "d1", (), 2, game.version, 1, PostState.PENDING, START),
        (PostKind.REMINDER, "r2", (1,), None, moved.version, 3, PostState.PENDING, later),
        (PostKind.TABLE, "t2", (1, 2), None, moved.version, 3, PostState.PENDING, later),
        (PostKind.DM, "d2", (), 1, moved.version, 3, PostState.PENDING, later)]
    assert (await store.posts(game.id))[0].outcome == f"replaced by version {moved.version}"
    kept = await store.record_actions(moved, entries=[], state={"s": 4}, reminders=None,
                                      now=later, posts=[NewPost(PostKind.DM, "d3", target=1)])
    assert len(await store.reminders(game.id)) == 2 and len(await store.actions(game.id)) == 3
    assert [p.state for p in await store.posts(game.id)][3] is PostState.PENDING  # no table
    result = GameResult(game.id, 5, later, {"Alice": 3, "Bob": 2}, ("Alice",))
    done = await store.record_actions(kept, entries=[ActionEntry(1, "d")], state={"s": 5},
                                      reminders=[NewReminder(1, "remind", due)], now=later,
                                      result=result, posts=[NewPost(PostKind.TABLE, "end")])
    assert done.status is Status.FINISHED and await store.game(game.id) == done
    assert await store.reminders(game.id) == [] and await store.results(5) == [result]
    assert [(p.text, p.seq) for p in await store.posts(game.id)][-1] == ("end", 4)
    with pytest.raises(NoGameHere):
        await store.record_actions(replace(done, id=done.id + 1000), entries=[], state={},
                                   reminders=None, now=later)


async def test_every_read_of_a_game_has_its_seats(store: GameStore) -> None:
    """Seats of every kind (a person with a colour, a computer, a name only) come back
    with the game from each read; a game without seats has none."""
    game = await lobby(store)
    ordered = (Seat(0, 1, "Alice", colour="red"), Seat(1, 2, "Bob"),
               Seat(2, None, "Normal", "normal"))
    game = await store.update_lobby(game, seats=ordered, host_id=1,
                                    settings=TableSettings(), now=START)
    for read in (await store.game(game.id), await store.open_game_in(10),
                 *await store.open_games_of(5, 2)):
        assert read is not None and read.seats == ordered and read.version == game.version
    assert await store.open_games_of(5, 3) == []
    empty = await store.update_lobby(game, seats=[], host_id=1, settings=TableSettings(),
                                     now=START)
    stored = await store.game(game.id)
    assert stored is not None and stored.seats == () == empty.seats


async def test_reminders_are_leased_not_deleted(store: GameStore) -> None:
    game = await started(store)
    assert await store.claim_due_reminders(START + timedelta(hours=11)) == []
    due = await store.claim_due_reminders(START + timedelta(hours=12))
    assert [(r.user_id, r.kind, r.channel_id) for r in due] == [(1, "remind", 10)]
    lease = timedelta(minutes=5)
    assert await store.claim_due_reminders(START + timedelta(hours=12) + lease / 2, lease) == []
    # never fired (a crash): the lease runs out and the same row is handed out again
    again = await store.claim_due_reminders(START + timedelta(hours=12) + lease, lease)
    assert [r.id for r in again] == [due[0].id]
    assert await store.fire_reminder(again[0], posts=[], repeat=None, now=START)
    assert not await store.fire_reminder(again[0], posts=[], repeat=None, now=START)
    assert await store.claim_due_reminders(START + timedelta(hours=48)) == []
    # a new turn replaces the pending reminders
    game = await store.record_actions(
        game, entries=[ActionEntry(0, "pass")], state={},
        reminders=[NewReminder(2, "remind", START + timedelta(hours=30))], now=START)
    assert [r.user_id for r in await store.claim_due_reminders(START + timedelta(hours=31))] \
        == [2]


async def test_snapshot_mismatches_and_repair(store: GameStore) -> None:
    game = await started(store)
    await store.record_actions(game, entries=[ActionEntry(0, "a")],
                               state={"s": 1}, reminders=None, now=START)
    assert await store.snapshot_mismatches() == []
    await store.replace_snapshot(game.id, 0, {"old": True})
    assert await store.snapshot_mismatches() == [game.id]
    await store.replace_snapshot(game.id, 1, {"s": 1})
    assert await store.snapshot_mismatches() == []


async def test_games_by_status_and_user_prefs(store: GameStore) -> None:
    await started(store, channel=1)
    await lobby(store, channel=2)
    assert [g.channel_id for g in await store.games_with_status(Status.ACTIVE)] == [1]
    assert [len(g.seats) for g in await store.games_with_status(Status.ACTIVE)] == [2]
    assert await store.user_prefs(7) == UserPrefs(7)
    await store.set_user_prefs(UserPrefs(7, True, "de"))
    assert await store.user_prefs(7) == UserPrefs(7, True, "de")


async def test_a_players_open_games_in_a_server(store: GameStore) -> None:
    active = await started(store, channel=1)  # Alice (1) and Bob (2)
    alone = await lobby(store, channel=2)  # Alice alone
    elsewhere = await store.create_game(
        guild_id=6, channel_id=3, host=Seat(0, 2, "Bob"), options=GameOptions(),
        settings=TableSettings(), seed=1, components="provisional-1", now=START)
    closed = await started(store, channel=4)
    await store.set_status(closed, Status.ABANDONED, START)
    assert await store.open_games_of(5, 1) == [active, alone]  # oldest first, seats in
    assert [g.id for g in await store.open_games_of(5, 2)] == [active.id]
    assert [g.id for g in await store.open_games_of(6, 2)] == [elsewhere.id]
    assert await store.open_games_of(5, 3) == [] and await store.open_games_of(7, 1) == []


async def test_two_moves_from_one_version_at_once_commit_one(store: GameStore) -> None:
    """On a server two writes really run at once: the second waits for the first's row
    and is refused as stale, as one after the other is; nothing of it is written."""
    game = await started(store)
    moves = [store.record_actions(game, entries=[ActionEntry(seat, f"move {seat}")],
                                  state={"by": seat}, reminders=None, now=START)
             for seat in (0, 1)]
    outcomes = await asyncio.gather(*moves, return_exceptions=True)
    won = [o for o in outcomes if not isinstance(o, BaseException)]
    lost = [o for o in outcomes if isinstance(o, BaseException)]
    assert len(won) == 1 and len(lost) == 1 and isinstance(lost[0], StaleActionError)
    assert lost[0].params["version"] == game.version + 1
    logged = await store.actions(game.id)
    assert len(logged) == 1 and logged[0].text == f"move {logged[0].seat}"
    assert (await store.snapshot(game.id)).state == {"by": logged[0].seat}
    assert (await store.game(game.id)).version == game.version + 1
