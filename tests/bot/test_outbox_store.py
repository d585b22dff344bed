"""The outbox half of the `GameStore` contract (SQLite and memory alike): posts are written
in the move's own transaction, a newer table post supersedes an older one, and every row
ends in one recorded state."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta
from pathlib import Path

import pytest

from bot.tables.domain import NewPost, PostKind, PostState, Status
from bot.tables.errors import CannotUndo, NotYourTurn, StaleActionError
from bot.tables.service import Played, TableService, rules_of, turn_passes_on
from bot.tables.store import ActionEntry, GameStore, SqliteStore
from bot.tables.words import turn_lines
from tests.bot.conftest import ALICE, BOB, START, Clock, database_of_schema
from tests.bot.test_store_contract import STATE, started

TABLE = NewPost(PostKind.TABLE, "Alice built", (2,))


async def test_a_move_and_its_post_are_one_write(store: GameStore) -> None:
    game = await started(store)
    game = await store.record_actions(game, entries=[ActionEntry(0, "pass")], state=STATE,
                                      reminders=None, now=START, posts=[TABLE])
    (post,) = await store.posts(game.id)
    assert (post.kind, post.text, post.pings, post.version) == (PostKind.TABLE, "Alice built",
                                                                (2,), game.version)
    assert post.channel_id == 10 and post.state is PostState.PENDING
    assert await store.due_posts(START) == [post]
    # a stale write (a second click on the same version) adds neither action nor post
    with pytest.raises(StaleActionError):
        await store.record_actions(replace(game, version=game.version - 1),
                                   entries=[ActionEntry(0, "pass")], state=STATE,
                                   reminders=None, now=START, posts=[TABLE])
    assert len(await store.posts(game.id)) == 1 and len(await store.actions(game.id)) == 1


async def test_a_post_knows_its_place_in_the_action_log(store: GameStore) -> None:
    """Each row keeps how many actions the log held when it was written: after a restart
    the delivery replays the moves after the last sent table post from there."""
    game = await started(store)
    game = await store.record_actions(game, entries=[ActionEntry(0, "a"), ActionEntry(1, "b")],
                                      state=STATE, reminders=None, now=START, posts=[TABLE])
    game = await store.record_actions(game, entries=[ActionEntry(0, "c")], state=STATE,
                                      reminders=None, now=START, posts=[TABLE])
    game = await store.truncate_actions(game, keep=1, state=STATE, reminders=[], now=START,
                                        posts=[TABLE])
    assert [p.seq for p in await store.posts(game.id)] == [2, 3, 1]


async def test_what_a_post_tells_is_read_in_one_go(store: GameStore) -> None:
    """`told_log` is `last_told_seq` and the log from the action before it on, in one
    read; `recent_actions` the end of the log. Only a table row that went out (sent, or
    refused for good) bounds a later post, and none before the first."""
    game = await started(store)
    posts = []
    for texts in (("a", "b"), ("c",), ("d", "e", "f")):
        game = await store.record_actions(
            game, entries=[ActionEntry(0, text) for text in texts], state=STATE,
            reminders=None, now=START, posts=[TABLE])
        posts.append((await store.posts(game.id))[-1])
    first, second, third = posts
    assert await store.told_log(game.id, first.id) == (None, [])
    await store.settle_post(first.id, PostState.SENT, "message 1")
    since, rows = await store.told_log(game.id, third.id)
    assert since == await store.last_told_seq(game.id, third.id) == 2
    assert rows == await store.actions(game.id, after=1)
    assert [row.text for row in rows] == ["b", "c", "d", "e", "f"]
    await store.settle_post(second.id, PostState.FAILED, "403")
    assert [row.seq for row in (await store.told_log(game.id, third.id))[1]] == [3, 4, 5, 6]
    assert await store.told_log(game.id, second.id) == (2, rows)  # rows older than `before`
    assert [a.text for a in await store.recent_actions(game.id, 2)] == ["e", "f"]
    assert await store.recent_actions(game.id, 10) == await store.actions(game.id)
    assert await store.recent_actions(game.id, 0) == []
    game = await store.truncate_actions(game, keep=3, state=STATE, reminders=[], now=START)
    assert await store.told_log(game.id, third.id) == (3, await store.actions(game.id,
                                                                                after=2))
    assert [a.seq for a in await store.recent_actions(game.id, 5)] == [1, 2, 3]


async def test_a_newer_table_supersedes_the_older_one(store: GameStore) -> None:
    game = await started(store)
    for text in ("first", "second", "third"):
        game = await store.record_actions(game, entries=[ActionEntry(0, "pass")],
                                          state=STATE, reminders=None, now=START,
                                          posts=[NewPost(PostKind.TABLE, text)])
    posts = await store.posts(game.id)
    assert [(p.text, p.state) for p in posts] == [
        ("first", PostState.SUPERSEDED), ("second", PostState.SUPERSEDED),
        ("third", PostState.PENDING)]
    assert [p.text for p in await store.due_posts(START)] == ["third"]  # never a stale table


async def test_settling_a_post(store: GameStore) -> None:
    game = await started(store)
    game = await store.record_actions(game, entries=[ActionEntry(0, "pass")], state=STATE,
                                      reminders=None, now=START, posts=[TABLE])
    (post,) = await store.posts(game.id)
    later = START + timedelta(seconds=4)
    await store.settle_post(post.id, PostState.PENDING, "503", retry_at=later)
    assert await store.due_posts(START) == []  # waiting for its backoff
    (retry,) = await store.due_posts(later)
    assert (retry.attempts, retry.outcome) == (1, "503")
    await store.settle_post(post.id, PostState.SENT, "message 7")
    (sent,) = await store.posts(game.id)
    assert (sent.state, sent.outcome, sent.attempts) == (PostState.SENT, "message 7", 2)
    assert await store.due_posts(later) == []


async def test_pruning_deletes_old_settled_posts_only_and_never_reuses_an_id(
        store: GameStore) -> None:
    game = await started(store)
    for text in ("sent", "failed", "superseded", "pending", "recent", "newest"):
        game = await store.record_actions(game, entries=[ActionEntry(0, "pass")], state=STATE,
                                          reminders=None, now=START, posts=[
                                              NewPost(PostKind.DM, text, target=2)])
    ids = {p.outcome or p.text: p.id for p in await store.posts(game.id)}
    for text, state in (("sent", PostState.SENT), ("failed", PostState.FAILED),
                        ("superseded", PostState.SUPERSEDED), ("newest", PostState.SENT)):
        await store.settle_post(ids[text], state, text)
    week = START + timedelta(days=7)
    await store.settle_post(ids["recent"], PostState.PENDING, "503", retry_at=week)
    await store.settle_post(ids["recent"], PostState.SENT, "recent")
    assert await store.prune_posts(week) == 3
    kept = await store.posts(game.id)
    # pending stays, as does a row last tried at the cut-off, and the newest row
    assert sorted(p.outcome or p.text for p in kept) == ["newest", "pending", "recent"]
    game = await store.record_actions(game, entries=[ActionEntry(0, "pass")], state=STATE,
                                      reminders=None, now=week, posts=[TABLE])
    assert (await store.posts(game.id))[-1].id > max(ids.values())
    assert await store.prune_posts(week) == 1  # the former newest, now that it is not


async def test_closing_a_game_drops_its_pending_posts(store: GameStore) -> None:
    game = await started(store)
    game = await store.record_actions(game, entries=[ActionEntry(0, "pass")], state=STATE,
                                      reminders=None, now=START, posts=[TABLE])
    await store.set_status(game, Status.ABANDONED, START)
    assert [p.state for p in await store.posts(game.id)] == [PostState.SUPERSEDED]
    assert await store.due_posts(START) == []


async def test_the_service_announces_start_moves_undo_and_the_end(store: GameStore,
                                                                   clock: Clock) -> None:
    """Every commit that ends a player turn owes one table post; a decision inside a
    turn owes none (one post per player turn)."""
    service = TableService(store, clock=clock)
    await service.create(10, ALICE)
    await service.join(10, BOB)
    started_ = await service.start(10, ALICE)
    (first,) = await store.due_posts(clock())
    assert first.version == started_.game.version and first.pings == (started_.next_user,)
    users = {ALICE.id: ALICE, BOB.id: BOB}
    result = started_
    announced, quiet = first.version, 0
    while not result.finished:
        user = users[result.next_user]
        option = (await service.legal(10, user))[0]
        before = (await service.status(10)).state
        assert before is not None
        result = await service.act(10, user, str(option), result.game.version)
        if turn_passes_on(rules_of(result.game), before, result.state, result.played):
            announced = result.game.version
        else:
            quiet += 1
        due = await store.due_posts(clock())
        assert [p.version for p in due] == [announced]  # only the newest turn's post
    assert quiet  # some decisions did not end the turn, and posted nothing
    (final,) = await store.due_posts(clock())
    assert final.kind is PostKind.TABLE and set(final.pings) <= {ALICE.id, BOB.id}
    assert final.pings  # the winners are pinged


async def test_an_undo_posts_only_what_a_post_had_told(store: GameStore, clock: Clock) -> None:
    """An undo of a move that passed the turn on tells the table again (its post said the
    turn was over); an undo of a decision within a turn (nothing was posted for it, as a
    placement before the claim) posts nothing: the last post is still the table's."""
    service = TableService(store, clock=clock)
    await service.create(10, ALICE)
    await service.join(10, BOB)
    result = await service.start(10, ALICE)
    users = {ALICE.id: ALICE, BOB.id: BOB}
    seen = {"within": False, "passing": False}
    while not all(seen.values()) and not result.finished:
        user = users[result.next_user]
        before = (await service.status(10)).state
        assert before is not None
        for option in await service.legal(10, user):
            rules = rules_of(result.game)
            after, events = rules.apply(before, option)
            if rules.reveals(events):
                continue
            passing = turn_passes_on(rules, before, after, [Played(0, option, tuple(events))])
            kind = "passing" if passing else "within"
            if seen[kind]:
                continue
            last = [p.version for p in await store.due_posts(clock())]
            moved = await service.act(10, user, str(option), result.game.version)
            undone = await service.undo(10, user)
            due = [p.version for p in await store.due_posts(clock())]
            assert due == ([undone.game.version] if passing else last), (kind, due, last)
            assert undone.game.version > moved.game.version
            seen[kind] = True
            break
        result = await service.act(10, user, str((await service.legal(10, user))[0]),
                                   (await service.status(10)).game.version)
    assert all(seen.values()), seen


async def test_a_late_table_post_shows_the_table_where_its_log_ends(store: GameStore,
                                                                   clock: Clock) -> None:
    """A table post delivered late (a retry) is drawn from the state at its own place in
    the log (`state_told`), not from moves made since: the next player's decision within
    their turn, or one they took back with ↩️ Undo, never shows in it."""
    service = TableService(store, clock=clock)
    await service.create(10, ALICE)
    await service.join(10, BOB)
    result = await service.start(10, ALICE)
    users = {ALICE.id: ALICE, BOB.id: BOB}
    checked = 0
    while not result.finished and checked < 3:
        user = users[result.next_user]
        before = (await service.status(10)).state
        option = (await service.legal(10, user))[0]
        result = await service.act(10, user, str(option), result.game.version)
        if not turn_passes_on(rules_of(result.game), before, result.state, result.played):
            continue
        (post,) = await store.due_posts(clock())
        told = await service.state_told(result.game, post.version, post.seq)
        assert told is result.state  # nothing since: the current state, no replay
        mover = result.next_user
        if mover is None or result.finished:
            continue
        rules = rules_of(result.game)
        within = [a for a in await service.legal(10, users[mover])
                  if not turn_passes_on(rules, result.state, rules.apply(result.state, a)[0],
                                        [Played(0, a, tuple(rules.apply(result.state, a)[1]))])
                  and not rules.reveals(rules.apply(result.state, a)[1])]
        if not within:
            continue
        moved = await service.act(10, users[mover], str(within[0]), result.game.version)
        late = await service.state_told(moved.game, post.version, post.seq)
        as_posted = rules.state_to_dict(result.state)
        assert rules.state_to_dict(late) == as_posted != rules.state_to_dict(moved.state)
        undone = await service.undo(10, users[mover], moved.game.version)
        assert rules.state_to_dict(
            await service.state_told(undone.game, post.version, post.seq)) == as_posted
        result = undone
        checked += 1
    assert checked


async def test_undo_is_offered_exactly_where_it_takes_a_move_back_without_a_post(
        store: GameStore, clock: Clock) -> None:
    """`can_take_back` (↩️ Undo on a step, after a Back or an Undo too) holds exactly where
    `undo` takes the user's last move back within their turn and posts nothing; where it
    does not, an undo is refused (it revealed something, or it is someone else's) or
    tells the table again (the move had ended the turn)."""
    service = TableService(store, clock=clock)
    await service.create(10, ALICE)
    await service.join(10, BOB)
    result = await service.start(10, ALICE)
    users = {ALICE.id: ALICE, BOB.id: BOB}
    offered = refused = 0
    for _ in range(120):
        if result.finished:
            break
        user = users[result.next_user]
        game = (await service.status(10)).game
        if await service.can_take_back(game, user.id):
            due = [p.id for p in await store.due_posts(clock())]
            undone = await service.undo(10, user, game.version)
            assert [p.id for p in await store.due_posts(clock())] == due  # no post
            assert undone.next_user == user.id
            offered += 1
            result = await service.act(10, user, str((await service.legal(10, user))[0]),
                                       undone.game.version)
            continue
        for other in users.values():
            if other is not user and await service.can_take_back(game, other.id):
                raise AssertionError("offered to a player who is not to move")
        logged = await store.actions(game.id)
        try:  # not offered: refused, or told again, but never taken back quietly
            undone = await service.undo(10, user, game.version)
        except (CannotUndo, NotYourTurn):
            pass
        else:
            last = logged[-1]
            assert [p for p in await store.due_posts(clock()) if p.kind is PostKind.TABLE]
            redone = await service.act(10, user, last.text, undone.game.version)
            game = redone.game
        result = await service.act(10, user, str((await service.legal(10, user))[-1]),
                                   game.version)
        refused += 1
    assert offered and refused


async def test_outbox_rows_survive_reopening_the_file(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    store = SqliteStore(path)
    await store.open()
    game = await started(store)
    await store.record_actions(game, entries=[ActionEntry(0, "pass")], state=STATE,
                               reminders=None, now=START, posts=[TABLE])
    await store.close()
    reopened = SqliteStore(path)
    await reopened.open()
    assert [p.text for p in await reopened.due_posts(START)] == ["Alice built"]
    await reopened.close()


async def test_the_logged_words_name_players_through_the_front_ends_escaper(
        store: GameStore, clock: Clock) -> None:
    """What a post tells comes from the log's words, which name players the way the front
    end asks: the Discord bot escapes markdown and mentions in names."""
    service = TableService(store, clock=clock, literal=lambda name: f"[{name}]")
    await service.create(10, ALICE)
    await service.join(10, BOB)
    result = await service.start(10, ALICE)
    users = {ALICE.id: ALICE, BOB.id: BOB}
    told: list[str] = []
    while len(told) < 3:
        user = users[result.next_user]
        option = (await service.legal(10, user))[0]
        result = await service.act(10, user, str(option), result.game.version)
        for post in await store.due_posts(clock()):
            assert post.text == ""  # the row itself says nothing: the log tells
            assert post.seq is not None
            segments, _events = await service.told(result.game, post.seq, None)
            names = [s.seat for s in segments]
            told += [str(names)] if segments and str(names) not in told else []
    lines = turn_lines(segments, [f"[{s.name}]" for s in result.game.seats])
    assert lines and all(line.startswith("**[") for line in lines if line.startswith("**"))


async def test_rows_written_before_migration_5_have_no_place_in_the_log(
        tmp_path: Path) -> None:
    """A database of schema 4 opens; its rows say nothing of where they stood (the
    delivery then posts the row's own text, as before)."""
    path = tmp_path / "old.sqlite3"
    db = database_of_schema(path, 4)
    db.execute("INSERT INTO games (guild_id, channel_id, status, host_id, options, settings, "
               "seed, components, version, created_at, updated_at) VALUES "
               "(NULL, 7, 'active', 1, '{}', '{}', 5, 'provisional-1', 3, ?, ?)",
               (START.isoformat(), START.isoformat()))
    db.execute("INSERT INTO outbox (game_id, version, kind, text, pings, target, next_try, "
               "created_at) VALUES (1, 3, 'table', 'Alice built', '[]', NULL, ?, ?)",
               (START.isoformat(), START.isoformat()))
    db.commit()
    db.close()
    store = SqliteStore(path)
    await store.open()
    try:
        (post,) = await store.posts(1)
        assert (post.text, post.seq) == ("Alice built", None)
    finally:
        await store.close()
