"""Computer seats in the real bot against the fake Discord: `/moonriver addbot`
offers the engine's levels, a `hard` seat plays a whole game from its worker process and
is narrated like anyone, the stand-in level is a table setting, and a stopped bot leaves
no worker behind."""

from __future__ import annotations

import asyncio
import os
import signal
import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from engine.games.levels import AI_LEVELS
from tests.bot.test_end_to_end import ALICE, Bot, is_post, mover_of, take_turn
from tests.fake_discord import FakeDiscord, Sent

THINK_MS = 30  # a small budget: the test is about the plumbing, not the strength


@pytest.fixture
async def fake_and_bot(tmp_path: Path) -> AsyncIterator[tuple[FakeDiscord, Bot]]:
    fake = FakeDiscord()
    await fake.start()
    bot = Bot(fake, tmp_path / "bot.sqlite3", {"MOONRIVER_THINK_MS": str(THINK_MS)})
    await bot.start()
    try:
        yield fake, bot
    finally:
        await bot.stop()
        await fake.stop()


def subcommand_option(fake: FakeDiscord, sub: str, option: str) -> dict[str, Any]:
    group = next(c for c in fake.commands if c["name"] == "moonriver")
    command = next(o for o in group["options"] if o["name"] == sub)
    return next(o for o in command["options"] if o["name"] == option)


def spawned_children(pid: int) -> list[int]:
    """The worker processes a process has started: multiprocessing "spawn" ones (the
    computer worker) and the drawing worker (`python -m render.worker`)."""
    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:  # threads come and go while we look
            children = (task / "children").read_text().split()
        except FileNotFoundError:
            continue
        for child in children:
            try:
                command = Path(f"/proc/{child}/cmdline").read_bytes()
                if b"spawn_main" in command or b"render.worker" in command:
                    found.append(int(child))
            except FileNotFoundError:
                continue
    return found


async def table_against_hard(fake: FakeDiscord) -> Sent:
    """Alice opens a two-seat table, seats a `hard` computer and starts: the first post."""
    iid = await fake.slash(ALICE, "new", variant="base", players=2, thread=False)
    lobby = await fake.wait_for(lambda s: s.interaction_id == iid
                                and "mr:lobby:join" in s.custom_ids())
    before = len(fake.sent)
    iid = await fake.slash(ALICE, "addbot", level="hard")
    added = await fake.wait_for(lambda s: s.interaction_id == iid, after=before)
    assert added.ephemeral and "hard" in added.content
    before = len(fake.sent)
    await fake.click(ALICE, lobby, "mr:lobby:start")
    return await fake.wait_for(is_post, after=before)


@pytest.mark.system
async def test_a_hard_seat_plays_a_whole_game_and_is_narrated_like_anyone(
        fake_and_bot: tuple[FakeDiscord, Bot]) -> None:
    fake, bot = fake_and_bot
    level = subcommand_option(fake, "addbot", "level")
    assert [c["value"] for c in level["choices"]] == list(AI_LEVELS)  # easy, normal, hard
    table = await table_against_hard(fake)
    start = len(fake.sent) - 1
    assert bot.process is not None
    workers_seen: set[int] = set()
    for _ in range(200):
        if "final.png" in table.files:
            break
        assert mover_of(table) == ALICE, "only the person is ever pinged"
        table = await take_turn(fake, table)
        workers_seen.update(spawned_children(bot.process.pid))
    assert "final.png" in table.files and "🏆" in table.content
    posts = [s for s in fake.sent[start:] if is_post(s)]
    said_by_bot = [s.content for s in posts if "Bot 1" in s.content]
    # the computer's turns are told in the same words as a person's: what it built, chose
    assert len(said_by_bot) >= len(posts) // 2, [s.content for s in posts[:4]]
    assert any("chose" in text for text in said_by_bot)
    assert any("built" in text or "passed" in text for text in said_by_bot)
    # two spawned workers: the drawing worker and the computer worker
    assert len(workers_seen) >= 2, workers_seen
    assert fake.violations == [] and fake.unanswered() == []

    bot.process.send_signal(signal.SIGTERM)
    assert await asyncio.wait_for(bot.process.wait(), 30) == 0
    for _ in range(50):  # the workers are gone with the bot (none left behind)
        if not [pid for pid in workers_seen if Path(f"/proc/{pid}").exists()]:
            break
        await asyncio.sleep(0.1)
    assert [pid for pid in workers_seen if Path(f"/proc/{pid}").exists()] == []


@pytest.mark.system
async def test_the_stand_in_level_is_set_with_settings_and_plays_for_a_member_who_left(
        fake_and_bot: tuple[FakeDiscord, Bot]) -> None:
    fake, bot = fake_and_bot
    level = subcommand_option(fake, "settings", "standin_level")
    assert [c["value"] for c in level["choices"]] == list(AI_LEVELS)
    iid = await fake.slash(ALICE, "new", variant="base", players=2, thread=False)
    lobby = await fake.wait_for(lambda s: s.interaction_id == iid
                                and "mr:lobby:join" in s.custom_ids())
    await fake.answered(await fake.click((102, "Bob"), lobby, "mr:lobby:join"))
    before = len(fake.sent)
    iid = await fake.slash(ALICE, "settings", standin_level="hard", remind_hours="0.0003")
    saved = await fake.wait_for(lambda s: s.interaction_id == iid, after=before)
    assert saved.ephemeral and "**hard**" in saved.content
    with sqlite3.connect(f"file:{bot.db}?mode=ro", uri=True) as db:
        [settings] = db.execute("SELECT settings FROM games").fetchone()
    assert '"standin_level": "hard"' in settings and '"locale": "en"' in settings

    fake.left.update({ALICE[0], 102})  # both leave: the reminder finds nobody to ping
    before = len(fake.sent)
    await fake.click(ALICE, lobby, "mr:lobby:start")
    table = await fake.wait_for(is_post, after=before)
    before = len(fake.sent)
    after = await fake.wait_for(is_post, after=before, timeout=30)  # the stand-in moved
    assert after.id != table.id
    assert fake.violations == []
    assert os.path.exists(bot.db)


@pytest.mark.system
async def test_clicks_are_answered_in_time_while_a_hard_seat_thinks_a_second_a_move(
        tmp_path: Path) -> None:
    """Discord fails an interaction not answered within 3 s. The last click of a turn
    starts the computer's turn (about a second per searched decision, several in a row):
    the bot acknowledges the click first and edits the private message when done."""
    fake = FakeDiscord()
    await fake.start()
    # a searched decision thinks longer than the 2 s after which a click is deferred, so
    # the deferral path is taken whatever the machine's speed
    bot = Bot(fake, tmp_path / "bot.sqlite3", {"MOONRIVER_THINK_MS": "2500"})
    await bot.start()
    try:
        table = await table_against_hard(fake)
        for _ in range(3):
            table = await take_turn(fake, table, go_on=False)
        assert max(fake.response_times) < 3.0
        # some clicks did wait for the computer: acknowledged at the deferral point
        assert any(1.9 < seconds < 3.0 for seconds in fake.response_times)
        assert fake.violations == [] and fake.unanswered() == []
    finally:
        await bot.stop()
        await fake.stop()
