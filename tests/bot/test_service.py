"""The table service: lobby, permissions, turns, stale clicks, concurrency, deadlines."""

from __future__ import annotations

import asyncio
import json
import time

import pytest

from bot.tables.domain import PostKind, Status, TableSettings
from bot.tables.errors import (
    AlreadySeated,
    BadInput,
    CannotUndo,
    GameAlreadyOpen,
    IllegalMove,
    LobbyFull,
    NoGameHere,
    NotAllowed,
    NotSeated,
    NotYourTurn,
    StaleActionError,
    WrongStatus,
)
from bot.tables.fronts import front_of
from bot.tables.fronts.moonriver.options import table_options as mr_options
from bot.tables.service import TableService, User
from bot.tables.store import GameStore, SqliteStore
from bot.tables.words import turn_lines
from engine.games.rng import Rng
from engine.moonriver.state import GameState
from engine.registry import game_named
from tests.bot.conftest import ALICE, BOB, CAROL, DAVE, MANAGER, Clock

CHANNEL = 100


async def table(service: TableService, *players: User, channel: int = CHANNEL, **options):
    await service.create(channel, players[0], mr_options(**options))
    for p in players[1:]:
        await service.join(channel, p)
    return await service.start(channel, players[0])


async def random_moves(service: TableService, users: dict[int, User], rng: Rng,
                       count: int) -> None:
    """`count` random legal moves at the table in CHANNEL, each by the player to move."""
    for _ in range(count):
        status = await service.status(CHANNEL)
        user = users[status.game.seats[status.state.active_seat].user_id]
        await service.act(CHANNEL, user, str(rng.choice(await service.legal(CHANNEL, user))))


async def play_out(service: TableService, channel: int, users: dict[int, User],
                   rng: Rng, limit: int = 5000) -> int:
    """Random legal actions through the service until the game ends."""
    moves = 0
    while moves < limit:
        status = await service.status(channel)
        state = status.state
        if state is None or state.phase.value == "over":
            return moves
        seat = status.game.seats[state.active_seat]
        user = users[seat.user_id]
        options = await service.legal(channel, user)
        result = await service.act(channel, user, str(rng.choice(options)), status.game.version)
        moves += 1
        if result.finished:
            return moves
    raise AssertionError("the game did not end")


async def test_lobby_join_leave_and_host_handover(service: TableService) -> None:
    game = await service.create(CHANNEL, ALICE)
    assert game.status is Status.LOBBY and game.host_id == ALICE.id
    game = await service.join(CHANNEL, BOB)
    with pytest.raises(AlreadySeated):
        await service.join(CHANNEL, BOB)
    with pytest.raises(GameAlreadyOpen):
        await service.create(CHANNEL, CAROL)
    game = await service.leave(CHANNEL, ALICE)
    assert game.host_id == BOB.id and [s.name for s in game.seats] == ["Bob"]
    game = await service.leave(CHANNEL, BOB)
    assert game.status is Status.ABANDONED  # nobody left: the lobby closes
    with pytest.raises(NoGameHere):
        await service.status(CHANNEL)


async def test_lobby_limits_and_start_permissions(service: TableService) -> None:
    await service.create(CHANNEL, ALICE, mr_options(max_players=2))
    with pytest.raises(BadInput):
        await service.start(CHANNEL, ALICE)  # alone
    await service.join(CHANNEL, BOB)
    with pytest.raises(LobbyFull):
        await service.join(CHANNEL, CAROL)
    with pytest.raises(NotAllowed):
        await service.start(CHANNEL, BOB)
    result = await service.start(CHANNEL, MANAGER)  # a server manager may start it
    assert result.game.status is Status.ACTIVE
    assert result.next_user in (ALICE.id, BOB.id)
    with pytest.raises(WrongStatus):
        await service.join(CHANNEL, CAROL)


async def test_seat_order_comes_from_the_seed(service: TableService) -> None:
    orders = set()
    for channel in range(200, 212):
        result = await table(service, ALICE, BOB, CAROL, channel=channel)
        orders.add(tuple(s.user_id for s in result.game.seats))
    assert len(orders) > 1


async def test_a_whole_game_through_the_service(service: TableService, store: GameStore) -> None:
    await table(service, ALICE, BOB, CAROL)
    users = {u.id: u for u in (ALICE, BOB, CAROL)}
    await play_out(service, CHANNEL, users, Rng(1))
    results = await store.results(None)
    assert len(results) == 1 and set(results[0].scores) == {"Alice", "Bob", "Carol"}
    with pytest.raises(NoGameHere):  # a finished game takes no more actions
        await service.act(CHANNEL, ALICE, "pass")


async def test_computer_players_move_by_themselves(service: TableService) -> None:
    await service.create(CHANNEL, ALICE)
    await service.add_ai(CHANNEL, ALICE, "random")
    await service.add_ai(CHANNEL, ALICE, "greedy")
    with pytest.raises(BadInput):
        await service.add_ai(CHANNEL, ALICE, "genius")
    result = await service.start(CHANNEL, ALICE)
    assert result.next_user == ALICE.id
    await play_out(service, CHANNEL, {ALICE.id: ALICE}, Rng(2))


async def test_a_thinking_computer_never_holds_up_the_event_loop(
        service: TableService) -> None:
    """A `hard` computer searches about a second of CPU a decision; meanwhile the bot must
    keep answering other tables, so its moves run off the event loop: the loop's own
    thread spends a small part of the CPU the search does, on any load (a wall-clock gap
    alone is what a busy machine stretches)."""
    await service.create(CHANNEL, ALICE)
    await service.add_ai(CHANNEL, ALICE, "strong")  # the "hard" level
    loop = asyncio.get_running_loop()
    gaps: list[float] = []
    loop_cpu, all_cpu = time.thread_time(), time.process_time()

    async def tick() -> None:
        last = loop.time()
        while True:
            await asyncio.sleep(0.01)
            now = loop.time()
            gaps.append(now - last)
            last = now

    ticker = asyncio.create_task(tick())
    started = loop.time()
    result = await service.start(CHANNEL, ALICE)  # computers move until Alice's turn
    for _ in range(12):
        if time.process_time() - all_cpu > 1.0:  # CPU, not wall time: a busy machine
            break  # stretches the wall clock, not the search's work
        option = (await service.legal(CHANNEL, ALICE))[0]
        result = await service.act(CHANNEL, ALICE, str(option), result.game.version)
    ticker.cancel()
    loop_cpu, all_cpu = time.thread_time() - loop_cpu, time.process_time() - all_cpu
    thinking = loop.time() - started
    assert thinking > 0.5 and all_cpu > 0.5, "the computer made no decision worth timing"
    assert loop_cpu < 0.35 * all_cpu, f"the event loop's thread ran {loop_cpu:.2f} s of " \
        f"the {all_cpu:.2f} s of CPU"
    assert gaps and max(gaps) < 2.0, f"the event loop stalled for {max(gaps):.2f} s"


async def test_only_the_player_to_move_may_act(service: TableService) -> None:
    result = await table(service, ALICE, BOB, CAROL)
    mover = {ALICE.id: ALICE, BOB.id: BOB, CAROL.id: CAROL}[result.next_user]
    other = next(u for u in (ALICE, BOB, CAROL) if u is not mover)
    text = str((await service.legal(CHANNEL, mover))[0])
    with pytest.raises(NotSeated):
        await service.act(CHANNEL, DAVE, text)
    with pytest.raises(NotYourTurn) as refused:
        await service.act(CHANNEL, other, text)
    assert refused.value.params["player"] == mover.name
    assert await service.legal(CHANNEL, other) == []
    with pytest.raises(IllegalMove):
        await service.act(CHANNEL, mover, "build p1 p2 Z9 sideways")
    with pytest.raises(IllegalMove):
        await service.act(CHANNEL, mover, "pass now")
    with pytest.raises(NoGameHere):
        await service.act(CHANNEL + 1, mover, text)
    with pytest.raises(StaleActionError):
        await service.act(CHANNEL, mover, text, expected_version=result.game.version - 1)
    done = await service.act(CHANNEL, mover, text, expected_version=result.game.version)
    assert done.game.version == result.game.version + 1


async def test_two_clicks_on_one_version_apply_once(service: TableService) -> None:
    result = await table(service, ALICE, BOB)
    users = {ALICE.id: ALICE, BOB.id: BOB}
    mover = users[result.next_user]
    options = [str(a) for a in await service.legal(CHANNEL, mover)]
    outcomes = await asyncio.gather(
        *(service.act(CHANNEL, mover, options[i % len(options)], result.game.version)
          for i in range(8)), return_exceptions=True)
    applied = [o for o in outcomes if not isinstance(o, Exception)]
    stale = [o for o in outcomes if isinstance(o, StaleActionError)]
    assert len(applied) == 1 and len(stale) == 7


async def test_many_games_at_once(service: TableService) -> None:
    users = {u.id: u for u in (ALICE, BOB, CAROL)}
    channels = list(range(300, 310))
    for channel in channels:
        await table(service, ALICE, BOB, CAROL, channel=channel)
    moves = await asyncio.gather(*(play_out(service, c, users, Rng(c)) for c in channels))
    assert all(m > 50 for m in moves)


async def test_bad_input_leaves_the_database_unchanged(tmp_path, clock: Clock) -> None:
    store = SqliteStore(tmp_path / "db.sqlite3")
    await store.open()
    service = TableService(store, clock=clock)
    result = await table(service, ALICE, BOB)
    mover = {ALICE.id: ALICE, BOB.id: BOB}[result.next_user]
    other = BOB if mover is ALICE else ALICE

    async def dump() -> list[str]:
        return [line async for line in store.db.iterdump()]

    before = await dump()
    attempts = [
        service.act(CHANNEL + 5, mover, "pass"),                    # unknown channel
        service.act(CHANNEL, other, "pass"),                        # wrong user
        service.act(CHANNEL, DAVE, "pass"),                         # not seated
        service.act(CHANNEL, mover, "pass", result.game.version - 1),  # stale
        service.act(CHANNEL, mover, "dance"),                       # malformed
        service.act(CHANNEL, mover, "choose p999"),                 # illegal
        service.start(CHANNEL, mover),                              # already started
        service.join(CHANNEL, DAVE),                                # not a lobby
        service.abandon(CHANNEL, other if other.id != result.game.host_id else mover),
    ]
    for attempt in attempts:
        with pytest.raises(Exception) as caught:
            await attempt
        assert caught.type.__module__ == "bot.tables.errors"
    assert await dump() == before
    await store.close()


async def test_reminders_follow_the_turn(service: TableService, clock: Clock) -> None:
    result = await table(service, ALICE, BOB)
    first = result.next_user
    assert await service.due_reminders() == []
    clock.advance(12)
    due = await service.due_reminders()
    assert [(r.user_id, r.kind) for r in due] == [(first, "remind")]
    assert await service.due_reminders() == []  # leased: not handed out twice at once
    assert (await service.fire(due[0])).outcome == "reminded"
    clock.advance(12)
    assert [r.user_id for r in await service.due_reminders()] == [first]


async def test_autoplay_moves_for_a_silent_player(store: GameStore, clock: Clock) -> None:
    service = TableService(store, clock=clock)
    settings = TableSettings(remind_after_hours=(12.0,), autoplay_after_hours=72.0)
    await service.create(CHANNEL, ALICE, settings=settings)
    await service.join(CHANNEL, BOB)
    result = await service.start(CHANNEL, ALICE)
    clock.advance(72)
    due = await service.due_reminders()
    assert {r.kind for r in due} == {"remind", "autoplay"}
    auto = next(r for r in due if r.kind == "autoplay")
    played = await service.autoplay(auto)
    assert played is not None and played.game.version > result.game.version
    assert played.played[0].seat == next(s.seat for s in result.game.seats
                                         if s.user_id == result.next_user)


async def test_settings_abandon_and_replace_seat(service: TableService) -> None:
    await table(service, ALICE, BOB)
    with pytest.raises(BadInput):
        TableSettings(remind_after_hours=(0.0,))
    with pytest.raises(NotAllowed):
        await service.update_settings(CHANNEL, BOB, TableSettings(locale="de"))
    game = await service.update_settings(CHANNEL, ALICE, TableSettings(locale="de"))
    assert game.settings.locale == "de"
    bob_seat = game.seat_of(BOB.id).seat
    game = await service.replace_seat(CHANNEL, ALICE, bob_seat, CAROL)
    assert game.seat_of(CAROL.id) is not None and game.seat_of(BOB.id) is None
    with pytest.raises(AlreadySeated):
        await service.replace_seat(CHANNEL, ALICE, bob_seat, ALICE)
    with pytest.raises(NotAllowed):
        await service.abandon(CHANNEL, CAROL)
    game = await service.abandon(CHANNEL, MANAGER)
    assert game.status is Status.ABANDONED
    with pytest.raises(NoGameHere):
        await service.history(CHANNEL, "en")


async def test_snapshots_are_a_cache(tmp_path, clock: Clock) -> None:
    path = tmp_path / "db.sqlite3"
    store = SqliteStore(path)
    await store.open()
    service = TableService(store, clock=clock)
    await table(service, ALICE, BOB)
    users = {ALICE.id: ALICE, BOB.id: BOB}
    rng = Rng(3)
    await random_moves(service, users, rng, 30)
    expected = (await service.status(CHANNEL)).state
    game = (await service.status(CHANNEL)).game
    # a missing snapshot and a corrupted one: both rebuilt from seed + log
    await store.db.execute("DELETE FROM snapshots WHERE game_id = ?", (game.id,))
    fresh = TableService(store, clock=clock)
    assert await fresh.resume() == 1
    assert (await fresh.status(CHANNEL)).state == expected
    await store.db.execute("UPDATE snapshots SET state = '{\"format\": 1}' WHERE game_id = ?",
                           (game.id,))
    fresh = TableService(store, clock=clock)
    assert (await fresh.status(CHANNEL)).state == expected
    assert GameState.from_dict((await store.snapshot(game.id)).state) == expected
    await store.close()


async def test_history_names_players(service: TableService) -> None:
    result = await table(service, ALICE, BOB)
    mover = {ALICE.id: ALICE, BOB.id: BOB}[result.next_user]
    texts = []
    while True:  # one whole turn: a build alone does not end one
        texts.append(str((await service.legal(CHANNEL, mover))[0]))
        if (await service.act(CHANNEL, mover, texts[-1])).turn_is_over:
            break
    story = await service.history(CHANNEL, "en")
    lines = turn_lines(story.segments, story.names, story.locale)
    assert lines and lines[0].startswith(f"**{mover.name}** ")
    assert not any(text in line for text in texts for line in lines)  # never action text


async def test_sqlite_refuses_newer_or_foreign_databases(tmp_path) -> None:
    from bot.tables.errors import SchemaTooNew, StoreError

    path = tmp_path / "db.sqlite3"
    store = SqliteStore(path)
    await store.open()
    (mode,) = await store._one("PRAGMA journal_mode", db=store.db)
    (keys,) = await store._one("PRAGMA foreign_keys", db=store.db)
    assert (mode, keys) == ("wal", 1)
    await store.db.execute("PRAGMA user_version = 99")
    await store.close()
    with pytest.raises(SchemaTooNew, match="newer"):
        await SqliteStore(path).open()
    junk = tmp_path / "junk.sqlite3"
    junk.write_bytes(b"this is not a database" * 100)
    with pytest.raises(StoreError, match="not a usable"):
        await SqliteStore(junk).open()


async def test_the_unique_index_holds_without_the_service(tmp_path) -> None:
    import sqlite3

    store = SqliteStore(tmp_path / "db.sqlite3")
    await store.open()
    row = ("lobby", 1, "{}", "{}", 1, "x", 1, "t", "t")
    sql = ("INSERT INTO games (channel_id, status, host_id, options, settings, seed, "
           "components, version, created_at, updated_at) VALUES (7, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
    await store.db.execute(sql, row)
    with pytest.raises(sqlite3.IntegrityError):
        await store.db.execute(sql, row)
    await store.close()


async def test_undo_takes_back_your_own_last_move_only(service: TableService) -> None:
    result = await table(service, ALICE, BOB, CAROL)
    users = {u.id: u for u in (ALICE, BOB, CAROL)}
    mover = users[result.next_user]
    other = next(u for u in users.values() if u is not mover)
    with pytest.raises(CannotUndo):
        await service.undo(CHANNEL, mover)  # nothing of theirs to take back yet
    before = await service.status(CHANNEL)
    played = await service.act(CHANNEL, mover, str((await service.legal(CHANNEL, mover))[0]))
    with pytest.raises(CannotUndo):
        await service.undo(CHANNEL, other)  # not their move
    undone = await service.undo(CHANNEL, mover)
    assert undone.state == before.state and undone.game.version == played.game.version + 1
    assert (await service.history(CHANNEL, "en")).segments == []
    assert undone.next_user == mover.id


async def test_undo_never_takes_back_a_revealed_draw(service: TableService) -> None:
    await table(service, ALICE, BOB)
    users = {ALICE.id: ALICE, BOB.id: BOB}
    rng = Rng(4)
    refused = 0
    for _ in range(60):
        status = await service.status(CHANNEL)
        user = users[status.game.seats[status.state.active_seat].user_id]
        result = await service.act(CHANNEL, user, str(rng.choice(await service.legal(CHANNEL,
                                                                                      user))))
        if any(type(e).__name__ in ("ColumnDrawn", "SaloonRefilled") for e in result.events):
            with pytest.raises(CannotUndo, match="revealed"):
                await service.undo(CHANNEL, user)
            refused += 1
    assert refused > 0


async def test_the_log_keeps_what_each_move_did_and_said_and_a_post_tells_it_from_there(
        service: TableService, store: GameStore) -> None:
    """Each logged action keeps its events, and a call's last action its narration in the
    table's language: a post tells its turns from the log alone (any process, after any
    restart), its picture's marks from the same rows."""
    result = await table(service, ALICE, BOB)
    users = {ALICE.id: ALICE, BOB.id: BOB}
    await random_moves(service, users, Rng(5), 6)
    status = await service.status(CHANNEL)
    game_id = result.game.id
    rows = await store.actions(game_id)
    rules = game_named(status.game.options.game)
    assert all(rules.events_from_dicts(json.loads(r.events)) for r in rows)
    assert all(r.said for r in rows)  # one move per call here: each row ends its call
    segments, events = await service.told(status.game, len(rows), None)
    assert segments and all(s.seat in (0, 1) for s in segments)
    assert set(rules.events_from_dicts(json.loads(rows[-1].events))) <= set(events)
    assert await service.told(status.game, 2, 9) == ([], ())  # a post behind an undo


async def test_a_handed_seat_carries_the_new_players_name_and_deadlines(
        store: GameStore, clock: Clock) -> None:
    """After a hand-over the seat is the new member's: the game's names (pictures,
    narration, confirmation, ranking all read them) say so, the thread gets one line in
    a fresh table post pinging whoever is to move, the deadlines go to the new player,
    and the game replays under the new name after a restart."""
    service = TableService(store, clock=clock)
    await table(service, ALICE, BOB)
    users = {ALICE.id: ALICE, BOB.id: BOB, DAVE.id: DAVE}
    await random_moves(service, users, Rng(4), 3)
    status = await service.status(CHANNEL)
    seat = status.state.active_seat
    old = status.game.seats[seat]
    users[old.user_id] = DAVE
    await service.replace_seat(CHANNEL, ALICE, seat, DAVE)
    status = await service.status(CHANNEL)
    rules = game_named("moonriver")
    names = rules.names(status.state)
    assert names[seat] == "Dave" and old.name not in names
    assert "Dave" in [name for name, _ in front_of("moonriver").ranking(status.state)]
    post = (await store.posts(status.game.id))[-1]
    assert post.kind is PostKind.TABLE and post.pings == (DAVE.id,)
    assert post.text == f"🔁 **{old.name}**'s seat is now played by **Dave**."
    assert {r.user_id for r in await store.reminders(status.game.id)} == {DAVE.id}
    await random_moves(service, users, Rng(5), 1)  # Dave plays; told as Dave's
    status = await service.status(CHANNEL)
    said = await service.turn_just_played(status.game, "en")
    assert turn_lines(said, rules.names(status.state))[0].startswith("**Dave** ")
    again = TableService(store, clock=clock)  # a restart replays under the new name
    assert rules.names((await again.status(CHANNEL)).state)[seat] == "Dave"
