"""Deadlines with a fake clock: each reminder row fires exactly once (a crash between claim
and firing hands it out again after its lease), repeats are capped, one table's failure
stays its own, and auto-play finishes a silent player's turn, decision after decision, to
the end of the game."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest

from bot.tables.domain import GameOptions, PostKind, Status, TableSettings
from bot.tables.service import REMINDER_CAP, TableService, User, rules_of
from bot.tables.store import GameStore
from bot.tables.words import Segment, turn_lines
from tests.bot.conftest import ALICE, BOB, CAROL, DAVE, Clock


async def reminder_posts(store: GameStore, game_id: int) -> list[int]:
    return [p.id for p in await store.posts(game_id) if p.kind is PostKind.REMINDER]


async def two_player_table(service: TableService, channel: int, a: User, b: User,
                           settings: TableSettings | None = None):  # type: ignore[no-untyped-def]
    await service.create(channel, a, settings=settings)
    await service.join(channel, b)
    return await service.start(channel, a)


async def test_each_reminder_fires_exactly_once_even_after_a_crash(
        store: GameStore, clock: Clock) -> None:
    service = TableService(store, clock=clock)
    started = await two_player_table(service, 10, ALICE, BOB)
    game_id = started.game.id
    clock.advance(12)
    claimed = await service.due_reminders()  # claimed, then the process "dies"
    assert [r.kind for r in claimed] == ["remind"]
    assert await service.run_deadlines() == []  # still leased: nobody else fires it
    assert await reminder_posts(store, game_id) == []
    clock.now += service.reminder_lease
    (fired,) = await service.run_deadlines()  # the lease ran out: fired now, once
    assert fired.outcome == "reminded" and fired.reminder.id == claimed[0].id
    assert len(await reminder_posts(store, game_id)) == 1
    assert await service.run_deadlines() == []
    assert len(await reminder_posts(store, game_id)) == 1
    (post,) = [p for p in await store.posts(game_id) if p.kind is PostKind.REMINDER]
    assert post.pings == (started.next_user,)


async def test_reminders_repeat_until_the_player_moves_with_a_cap(
        store: GameStore, clock: Clock) -> None:
    service = TableService(store, clock=clock)
    started = await two_player_table(service, 10, ALICE, BOB)
    game_id = started.game.id
    for _ in range(40):  # 20 days of silence, looked at every 12 hours
        clock.advance(12)
        await service.run_deadlines()
    assert len(await reminder_posts(store, game_id)) == REMINDER_CAP
    assert await store.reminders(game_id) == []
    # the player moves: a fresh set of deadlines for whoever is next
    mover = {ALICE.id: ALICE, BOB.id: BOB}[started.next_user or 0]
    option = (await service.legal(10, mover))[0]
    result = await service.act(10, mover, str(option), started.game.version)
    due = [r.due_at - clock() for r in await store.reminders(game_id)]
    assert due == [timedelta(hours=12), timedelta(hours=24)]
    assert all(r.user_id == result.next_user for r in await store.reminders(game_id))


async def test_one_failing_table_never_stops_another(store: GameStore, clock: Clock) -> None:
    service = TableService(store, clock=clock)
    first = await two_player_table(service, 10, ALICE, BOB)
    second = await two_player_table(service, 11, CAROL, DAVE)
    broken_user = first.next_user
    real_prefs = store.user_prefs

    async def prefs(user_id: int):  # type: ignore[no-untyped-def]
        if user_id == broken_user:
            raise RuntimeError("this table's row is broken")
        return await real_prefs(user_id)

    store.user_prefs = prefs  # type: ignore[method-assign]
    clock.advance(12)
    outcomes = {f.reminder.game_id: f.outcome for f in await service.run_deadlines()}
    assert outcomes[first.game.id].startswith("error")
    assert outcomes[second.game.id] == "reminded"
    assert len(await reminder_posts(store, second.game.id)) == 1
    store.user_prefs = real_prefs  # type: ignore[method-assign]
    clock.now += service.reminder_lease  # the failed row was leased, not lost
    outcomes = {f.reminder.game_id: f.outcome for f in await service.run_deadlines()}
    assert outcomes == {first.game.id: "reminded"}


async def test_autoplay_plays_every_decision_to_the_end_of_the_game(
        store: GameStore, clock: Clock) -> None:
    """Both players silent: each auto-play deadline plays the whole turn of the player to
    move (build, recruit, choose …), re-arms for the next one, and the game ends."""
    service = TableService(store, clock=clock)
    settings = TableSettings(remind_after_hours=(48.0,), autoplay_after_hours=1.0)
    started = await two_player_table(service, 10, ALICE, BOB, settings)
    game_id = started.game.id
    rounds = 0
    while (await store.game(game_id)).status is Status.ACTIVE:  # type: ignore[union-attr]
        rounds += 1
        assert rounds <= 300, "auto-play stalled"
        clock.advance(1)
        fired = await service.run_deadlines()
        assert [f.outcome for f in fired] == ["played"]  # exactly one deadline per turn
        result = fired[0].result
        assert result is not None
        seats = {p.seat for p in result.played}
        assert len(seats) == 1  # one player's turn, whole
        if not result.finished:  # re-armed for the decision that is next
            kinds = {r.kind for r in await store.reminders(game_id)}
            assert kinds == {"remind", "autoplay"}
    assert (await store.game(game_id)).status is Status.FINISHED  # type: ignore[union-attr]
    assert await store.reminders(game_id) == []
    assert rounds >= 2 * 12  # a turn per deadline, not a game per deadline


async def test_a_bad_stored_settings_row_never_loops(tmp_path, caplog) -> None:  # type: ignore[no-untyped-def]
    """Reminder hours stored empty (`remind_hours:","` was once accepted): reminders
    already scheduled must neither raise every lease nor stop; one warning, once."""
    import logging
    import sqlite3

    from bot.tables.store import SqliteStore

    path = tmp_path / "games.sqlite3"
    clock = Clock()
    store = SqliteStore(path)
    await store.open()
    service = TableService(store, clock=clock)
    started = await two_player_table(service, 10, ALICE, BOB)
    await store.close()
    raw = sqlite3.connect(path)
    raw.execute("UPDATE games SET settings = json_set(settings, '$.remind_after_hours', "
                "json('[]')) WHERE id = ?", (started.game.id,))
    raw.commit()
    raw.close()
    store = SqliteStore(path)
    await store.open()
    service = TableService(store, clock=clock)
    outcomes = []
    with caplog.at_level(logging.WARNING, logger="moonriver"):
        for _ in range(6):  # six maintenance rounds a lease apart, past every deadline
            clock.advance(12)
            outcomes += [f.outcome for f in await service.run_deadlines()]
            clock.now += service.reminder_lease
    await store.close()
    assert outcomes and not [o for o in outcomes if o.startswith("error")], outcomes
    warnings = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert len(warnings) == 1 and f"game {started.game.id}" in warnings[0].getMessage()


async def test_after_downtime_one_catch_up_reminder_per_decision(
        store: GameStore, clock: Clock) -> None:
    """The bot was down five days: the deadlines it missed (12 h, 24 h and the repeats
    every 12 h) become one reminder now, not a burst; the next one follows a gap later."""
    service = TableService(store, clock=clock)
    started = await two_player_table(service, 10, ALICE, BOB)
    game_id = started.game.id
    clock.advance(5 * 24)  # downtime
    for _ in range(12):  # an hour of maintenance rounds, each past the lease
        await service.run_deadlines()
        clock.now += service.reminder_lease
    assert len(await reminder_posts(store, game_id)) == 1
    clock.advance(12)
    await service.run_deadlines()
    assert len(await reminder_posts(store, game_id)) == 2


@pytest.mark.parametrize("game", ["moonriver", "kingdomino"])
async def test_a_stand_in_plays_one_turn_told_as_its_own_and_tells_the_player(
        store: GameStore, clock: Clock, game: str) -> None:
    """Two silent players: each deadline's stand-in plays exactly one player turn, even
    where a new round gives the same seat the next turn (R-ROUND-1, K-TURN-1); the log
    tells it as the stand-in's ('**Bob** (computer stand-in) built …') and the player gets
    a private note of what was played in their name."""
    service = TableService(store, clock=clock)
    settings = TableSettings(remind_after_hours=(48.0,), autoplay_after_hours=1.0)
    await service.create(20, ALICE, GameOptions(game, 2, {}), settings=settings, seed=5)
    await service.join(20, BOB)
    started = await service.start(20, ALICE)
    game_id = started.game.id
    rules = rules_of(started.game)
    same_seat_again = 0
    for _ in range(400):
        stored = await store.game(game_id)
        assert stored is not None
        if stored.status is not Status.ACTIVE:
            break
        state = await service.state_of(stored)
        seat = rules.active_seat(state)
        clock.advance(1)
        [fired] = await service.run_deadlines()
        assert fired.outcome == "played" and fired.result is not None
        ends = []
        for played in fired.result.played:
            after, events = rules.apply(state, played.action)
            ends.append(rules.ends_turn(state, after, events))
            state = after
        assert ends.count(True) == 1 and ends[-1], ends  # one turn, no more
        if not fired.result.finished and rules.active_seat(state) == seat:
            same_seat_again += 1
        [row] = (await store.actions(game_id))[-1:]
        said = [Segment.from_dict(x) for x in json.loads(row.said or "{}")["en"]]
        lines = turn_lines(said, [s.name for s in stored.seats])
        assert f"**{stored.seats[seat].name}** (computer stand-in) " in lines[0], lines
        note = [p for p in await store.posts(game_id) if p.kind is PostKind.DM][-1]
        assert note.target == stored.seats[seat].user_id
        assert note.text.startswith(f"**{stored.seats[seat].name}** (computer stand-in) ")
    else:
        raise AssertionError("the game did not end")
    assert same_seat_again >= 1  # the round boundary this is about was met


@pytest.mark.parametrize(("locale", "mark"), [("en", "(computer stand-in)"),
                                              ("de", "(Computer als Vertretung)"),
                                              ("ja", "コンピューターが代理")])
async def test_history_marks_the_turns_a_stand_in_played(store: GameStore, clock: Clock,
                                                          locale: str, mark: str) -> None:
    """`history` tells a stand-in's turn as the stand-in's (in the table's language), and
    the player's own turns without the mark."""
    service = TableService(store, clock=clock)
    settings = TableSettings(remind_after_hours=(48.0,), autoplay_after_hours=1.0,
                             locale=locale)
    await service.create(20, ALICE, GameOptions("moonriver", 2, {}), settings=settings,
                         seed=5)
    await service.join(20, BOB)
    await service.start(20, ALICE)
    users = {ALICE.id: ALICE, BOB.id: BOB}
    stood_in = None
    for _ in range(6):  # the player to move is stood in for once, then everyone plays
        status = await service.status(20)
        if stood_in is None:
            stood_in = status.game.seats[status.state.active_seat].name
            clock.advance(1)
            [fired] = await service.run_deadlines()
            assert fired.outcome == "played"
        else:
            user = users[status.game.seats[status.state.active_seat].user_id]
            await service.act(20, user, str((await service.legal(20, user))[0]))
    story = await service.history(20, locale)
    lines = turn_lines(story.segments, story.names, story.locale)
    marked = [line for line in lines if mark in line]
    assert marked and all(line.startswith(f"**{stood_in}**") for line in marked)
    assert len(marked) < len(lines), lines
