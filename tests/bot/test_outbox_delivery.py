"""The outbox against a fake Discord that misbehaves: 429/5xx storms, 403, a deleted
channel or thread, a crash between posting and recording it."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.tables.domain import PostState, Status
from tests.bot.bot_process import BotProcess, stored, table_posts
from tests.bot.test_end_to_end import (
    ALICE,
    BOB,
    CAROL,
    DAVE,
    click_and_wait,
    is_post,
    mover_of,
    started_table,
    take_turn,
)
from tests.fake_discord import CHANNEL_ID, GUILD_ID, FakeDiscord, dm_channel

OTHER_CHANNEL = CHANNEL_ID + 1


@pytest.fixture
async def fake(tmp_path: Path) -> AsyncIterator[FakeDiscord]:
    server = FakeDiscord()
    await server.start()
    yield server
    await server.stop()


@pytest.fixture
async def bot(fake: FakeDiscord, tmp_path: Path) -> AsyncIterator[BotProcess]:
    process = BotProcess(fake, tmp_path / "bot.sqlite3")
    await process.start()
    yield process
    await process.kill()


def play_button(table) -> str:  # type: ignore[no-untyped-def]
    return str(next(c for c in table.custom_ids() if c.startswith("mr:turn:")))


def turn_version(table) -> tuple[int, int]:  # type: ignore[no-untyped-def]
    key = next(c for c in table.custom_ids() if c.startswith("mr:turn:"))
    _, _, game, version = key.split(":")
    return int(game), int(version)


@pytest.mark.system
async def test_a_storm_of_429_and_5xx_delays_a_post_but_never_loses_or_doubles_it(
        fake: FakeDiscord, bot: BotProcess) -> None:
    table = await started_table(fake, ALICE, [BOB])
    # 503s fail at once in discord.py; 429s are retried by discord.py and then by us
    fake.faults = [503, 429, 429, 503, 502, 429, 503, 503]
    injected = len(fake.faults)
    after = await take_turn(fake, table)
    assert fake.faults == [] and len(fake.fault_hits) == injected
    game, version = turn_version(after)
    assert len(table_posts(fake, game, version)) == 1
    assert await bot.terminate() == 0
    _, posts = await stored(bot.db)
    (row,) = [p for p in posts[game] if p.version == version]
    assert row.state is PostState.SENT and row.attempts >= 3  # it was retried, then sent
    assert fake.violations == []


@pytest.mark.system
async def test_a_post_tried_again_still_narrates_the_whole_turn(
        fake: FakeDiscord, bot: BotProcess) -> None:
    """The journal's turns stay until the post is out: after a 429 and two 5xx the post
    says what the mover's confirmation said, not the row's one-commit summary line."""
    table = await take_turn(fake, await started_table(fake, ALICE, [BOB]))
    fake.faults = [429, 503, 502]
    before = len(fake.sent)
    after = await take_turn(fake, table)  # bob: two parcels, in two commits
    assert fake.faults == []
    done = [s.content for s in fake.sent[before:] if s.content.startswith("✅")]
    line = done[-1].split(": ", 1)[1]  # "✅ Your turn is over: **Bob** took …, then took …"
    assert ", then " in line  # the turn had more than one commit
    assert after.content.splitlines()[1].startswith(line)  # under the ping


@pytest.mark.system
async def test_a_403_holds_the_game_tells_the_host_and_the_host_resumes_it(
        fake: FakeDiscord, bot: BotProcess) -> None:
    table = await started_table(fake, ALICE, [BOB])
    fake.dm_open.add(ALICE[0])
    fake.forbidden.add(str(CHANNEL_ID))  # the bot lost Send Messages in the channel
    user = mover_of(table)
    before = len(fake.sent)
    await take_turn_no_wait(fake, table, user)
    told = await fake.wait_for(lambda s: True, channel=dm_channel(ALICE[0]), after=before)
    assert "Send Messages" in told.content and "/moonriver resume" in told.content
    def refused() -> list[tuple[str, int]]:
        return [h for h in fake.fault_hits if h == (str(CHANNEL_ID), 403)]

    for _ in range(600):  # tried again with a backoff, not failed for good at once
        if len(refused()) >= 2:
            break
        await asyncio.sleep(0.05)
    assert len(refused()) >= 2
    assert len(fake.messages(channel=dm_channel(ALICE[0]))) == 1  # told once
    # its buttons still answer as the game's own
    other = BOB if user == ALICE else ALICE
    answer = await click_and_wait(fake, other, table, play_button(table))
    assert "another game" not in answer.content and "went wrong" not in answer.content
    # the permission comes back; the host resumes the table: the post goes out once
    fake.forbidden.clear()
    after = len(fake.sent)
    iid = await fake.slash(ALICE, "resume")
    answer = await fake.wait_for(lambda s: s.interaction_id == iid, after=after)
    assert answer.ephemeral and "resumed" in answer.content
    posted = await fake.wait_for(is_post, after=after)
    assert mover_of(posted) != user
    assert await bot.terminate() == 0
    games, _posts = await stored(bot.db)
    (game,) = games
    assert game.status is Status.ACTIVE


async def test_a_refusal_that_lasts_archives_and_the_host_can_reopen(
        fake: FakeDiscord, tmp_path: Path) -> None:
    bot = BotProcess(fake, tmp_path / "held.sqlite3")
    await bot.start(MOONRIVER_ARCHIVE_AFTER_HOURS="0.0003")  # about a second
    try:
        table = await started_table(fake, ALICE, [BOB])
        fake.forbidden.add(str(CHANNEL_ID))
        user = mover_of(table)
        await take_turn_no_wait(fake, table, user)
        for _ in range(200):
            if statuses_while_running(bot.db) == [Status.ABANDONED]:
                break
            await asyncio.sleep(0.05)
        assert statuses_while_running(bot.db) == [Status.ABANDONED]
        answer = await click_and_wait(fake, BOB, table, play_button(table))
        assert "archived" in answer.content and "another game" not in answer.content
        fake.forbidden.clear()
        after = len(fake.sent)
        iid = await fake.slash(BOB, "resume")  # not the host: refused
        refusal = await fake.wait_for(lambda s: s.interaction_id == iid, after=after)
        assert "resumed" not in refusal.content
        iid = await fake.slash(ALICE, "resume")
        await fake.wait_for(lambda s: s.interaction_id == iid, after=after)
        posted = await fake.wait_for(is_post, after=after)
        assert mover_of(posted) != user
        assert await bot.terminate() == 0
        games, _ = await stored(bot.db)
        assert games[0].status is Status.ACTIVE
    finally:
        await bot.kill()


def statuses_while_running(db: Path) -> list[Status]:
    """The games' statuses, read beside the running bot (plain SQLite, no lock taken)."""
    connection = sqlite3.connect(db)
    try:
        rows = connection.execute("SELECT status FROM games ORDER BY id").fetchall()
    finally:
        connection.close()
    return [Status(status) for (status,) in rows]


async def take_turn_no_wait(fake: FakeDiscord, table, user) -> None:  # type: ignore[no-untyped-def]
    """Play one whole turn (every step of the private message) without waiting for the
    next table post."""
    from tests.bot.test_end_to_end import click_and_wait, open_dialogue
    from tests.fake_discord import next_click
    user, message, _before = await open_dialogue(fake, table)
    while message.custom_ids():
        custom_id, values = next_click(message)
        message = await click_and_wait(fake, user, message, custom_id, values)


@pytest.mark.system
async def test_a_deleted_channel_or_thread_archives_its_game(
        fake: FakeDiscord, bot: BotProcess) -> None:
    # table 1: its channel answers 404 Unknown Channel on the next post
    table = await started_table(fake, ALICE, [BOB])
    fake.deleted.add(str(CHANNEL_ID))
    await take_turn_no_wait(fake, table, mover_of(table))
    # table 2: in a thread the gateway reports deleted (no post needed to notice)
    iid = await fake.slash(CAROL, "new", channel_id=OTHER_CHANNEL)
    lobby = await fake.wait_for(lambda s: s.kind == "channel"
                                and "mr:lobby:join" in s.custom_ids())
    await fake.answered(iid)
    thread_id = lobby.channel_id
    await fake.dispatch("THREAD_DELETE", {"id": thread_id, "guild_id": str(GUILD_ID),
                                          "parent_id": str(OTHER_CHANNEL), "type": 11})
    for _ in range(100):
        if (str(CHANNEL_ID), 404) in fake.fault_hits and fake.dm_attempts >= 2:
            break
        await asyncio.sleep(0.05)
    assert await bot.terminate() == 0
    games, posts = await stored(bot.db)
    # the gateway's delete is final; a 404 on a post holds the game
    assert {g.channel_id: g.status for g in games} == {
        CHANNEL_ID: Status.ACTIVE, int(thread_id): Status.ABANDONED}
    first = next(g for g in games if g.channel_id == CHANNEL_ID)
    assert posts[first.id][-1].state is PostState.PENDING
    assert posts[first.id][-1].outcome.startswith("refused since")


@pytest.mark.system
async def test_a_crash_after_posting_does_not_post_twice(fake: FakeDiscord,
                                                         tmp_path: Path) -> None:
    """Killed after Discord took the post but before it was marked sent: after the
    restart the row goes again with the same nonce, and Discord returns the first message."""
    bot = BotProcess(fake, tmp_path / "bot.sqlite3")
    await bot.start(MOONRIVER_CRASH_AT="after_post:1")
    try:
        lobby_started = asyncio.create_task(started_table(fake, DAVE, [CAROL]))
        assert await bot.wait() != 0  # it killed itself right after the first post
        first = await asyncio.wait_for(lobby_started, 5)  # that post did reach Discord
        game, version = turn_version(first)
        await bot.start()
        for _ in range(200):
            if fake.nonce_hits:
                break
            await asyncio.sleep(0.05)
        assert fake.nonce_hits == 1
        assert len(table_posts(fake, game, version)) == 1
        assert await bot.terminate() == 0
    finally:
        await bot.kill()
    _, posts = await stored(bot.db)
    assert [p.state for p in posts[game]] == [PostState.SENT]


@pytest.mark.system
async def test_maintenance_prunes_posts_delivered_over_a_week_ago(fake: FakeDiscord,
                                                                   tmp_path: Path) -> None:
    """A bot left running for months keeps a small outbox: settled rows older than a week
    go at the first maintenance round after a start, but the newest; today's stay
    (pending rows always stay: the store contract's test)."""
    bot = BotProcess(fake, tmp_path / "bot.sqlite3")
    await bot.start()
    try:
        table = await take_turn(fake, await started_table(fake, ALICE, [BOB]))
        assert await bot.terminate() == 0
        games, posts = await stored(bot.db)
        (game,) = games
        old = {p.id for p in posts[game.id]}
        assert len(old) >= 2 and all(p.state is PostState.SENT for p in posts[game.id])
        with sqlite3.connect(bot.db) as db:  # as if delivered eight days ago
            db.execute("UPDATE outbox SET next_try = ?",
                       ((datetime.now(UTC) - timedelta(days=8)).isoformat(),))
        await bot.start()
        await take_turn(fake, table)
        await bot.maintenance_rounds(2)  # a few maintenance rounds: only the first prunes
        assert await bot.terminate() == 0
    finally:
        await bot.kill()
    _, posts = await stored(bot.db)
    kept = {p.id for p in posts[game.id]}
    assert old & kept == {max(old)}  # the newest stays, so no post id is ever used twice
    assert len(kept) > 1  # today's posts stay
    assert bot.log.read_text().count("settled posts older than 7 days deleted") == 1


@pytest.mark.system
async def test_a_member_who_left_is_played_by_a_computer_at_the_deadline(
        fake: FakeDiscord, bot: BotProcess) -> None:
    """No privileged intents: the member fetch for a reminder answers 404 Unknown Member,
    so instead of pinging nobody the bot lets a computer play that seat's turn."""
    from tests.bot.test_end_to_end import open_table
    lobby = await open_table(fake, ALICE, [BOB])
    await fake.answered(await fake.slash(ALICE, "settings", remind_hours="0.0003"))  # ~1 s
    fake.left.update({ALICE[0], BOB[0]})  # both leave the server once the game is on
    before = len(fake.sent)
    await fake.click(ALICE, lobby, "mr:lobby:start")
    table = await fake.wait_for(lambda s: s.kind == "channel" and "table.png" in s.files,
                                after=before)
    gone = mover_of(table)
    game, version = turn_version(table)
    before = len(fake.sent)
    after = await fake.wait_for(lambda s: s.kind == "channel" and "table.png" in s.files,
                                after=before, timeout=30)  # nobody clicked: the stand-in
    assert turn_version(after)[1] > version
    assert not [s for s in fake.sent[before:] if s.kind == "channel" and "waiting" in s.content
                and str(gone[0]) in str(s.allowed_mentions)]  # the absent are not pinged
    assert await bot.terminate() == 0
    _, posts = await stored(bot.db)
    assert any(p.outcome == "the member left" for p in posts[game])


def test_a_sent_row_names_its_message_and_no_other_row_does() -> None:
    """The live post is read back from the newest sent table row after a restart."""
    from bot.discord.delivery import sent_message
    from bot.tables.domain import Post, PostKind

    def row(state: PostState, outcome: str) -> Post:
        return Post(1, 2, 3, 4, PostKind.TABLE, "", (), None, 0, datetime.now(UTC),
                    state, outcome)

    assert sent_message(row(PostState.SENT, "message 1234567")) == 1234567
    assert sent_message(row(PostState.PENDING, "503 Service Unavailable")) is None
    assert sent_message(row(PostState.FAILED, "message 12")) is None
    assert sent_message(row(PostState.SENT, "message twelve")) is None
