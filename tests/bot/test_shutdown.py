"""SIGTERM (`docker stop`) while players click: the bot stops taking moves, lets the ones
in flight commit, delivers what is due, closes the drawing worker and the store, and exits
0 well within Docker's 10 s; nothing pending is lost."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from types import SimpleNamespace

import pytest

from bot.discord.delivery import Delivery
from bot.tables.domain import PostKind, PostState, Status
from bot.tables.store import SqliteStore
from tests.bot.bot_process import BotProcess, announces, stored
from tests.bot.test_end_to_end import ALICE, BOB, started_table, take_turn
from tests.fake_discord import FakeDiscord, Sent


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    server = FakeDiscord()
    await server.start()
    yield server
    await server.stop()


def processes_using(db: Path) -> list[int]:
    """Processes started for this database (the bot and its drawing worker)."""
    marker = f"MOONRIVER_DB={db}".encode()
    found = []
    for proc in Path("/proc").iterdir():
        if proc.name.isdigit():
            try:
                if marker in (proc / "environ").read_bytes().split(b"\0"):
                    found.append(int(proc.name))
            except OSError:
                continue
    return found


async def keep_playing(fake: FakeDiscord, table: Sent, turns: list[Sent]) -> None:
    while True:
        table = await take_turn(fake, table)
        turns.append(table)


async def eventually(condition: Callable[[], bool], timeout: float = 30) -> None:
    """Poll `condition` until it holds; fail after `timeout` seconds."""
    async with asyncio.timeout(timeout):
        while not condition():
            await asyncio.sleep(0.05)


@pytest.mark.system
@pytest.mark.parametrize("signal_name", ["SIGTERM", "SIGINT"])
async def test_a_stop_signal_drains_and_exits_0(fake: FakeDiscord, tmp_path: Path,
                                                signal_name: str) -> None:
    bot = BotProcess(fake, tmp_path / "bot.sqlite3")
    await bot.start()
    try:
        table = await started_table(fake, ALICE, [BOB])
        turns: list[Sent] = []
        playing = asyncio.create_task(keep_playing(fake, table, turns))
        # a few moves in, more on the way
        await eventually(lambda: len(turns) >= 2 or playing.done())
        if playing.done():
            playing.result()  # a failure of the test's own clicking
        assert bot.process is not None
        sent_at = time.monotonic()
        bot.process.send_signal(getattr(__import__("signal"), signal_name))
        status = await bot.wait(timeout=15)
        took = time.monotonic() - sent_at
        playing.cancel()
        await asyncio.gather(playing, return_exceptions=True)
    finally:
        await bot.kill()
    assert status == 0 and took < 10
    # the drawing worker goes too (it notices within half a second on a quiet machine)
    await eventually(lambda: processes_using(bot.db) == [])
    (game,) = [g for g in (await stored(bot.db))[0] if g.status is Status.ACTIVE]
    posts = (await stored(bot.db))[1][game.id]
    # one post per player turn: a decision inside a turn owes none, so the table owes the
    # post of its newest table row
    owed = max((p for p in posts if p.kind is PostKind.TABLE), key=lambda p: p.id)
    if not any(announces(s, game.id, owed.version) for s in fake.sent
               if s.kind == "channel"):  # not out yet: kept for the restart
        assert owed.state is PostState.PENDING
        await bot.start()
        await fake.wait_for(lambda s: s.kind == "channel"
                            and announces(s, game.id, owed.version))
        await bot.kill()
    assert fake.violations == []


async def no_drawing(request: object) -> bytes:
    raise AssertionError("nothing is due: nothing is drawn")


@pytest.mark.parametrize("steps_between", range(6))
async def test_a_wake_as_the_stop_comes_does_not_keep_delivery_running(
        tmp_path: Path, steps_between: int) -> None:
    """The hang behind "the bot did not exit within 15 s": a commit wakes the delivery
    loop just as the stop cancels it. `asyncio.wait_for` (Python 3.11) then returns the
    wake instead of the cancel, the loop goes on, and the drain waited for it forever."""
    store = SqliteStore(tmp_path / "bot.sqlite3")
    await store.open()
    try:
        delivery = Delivery(SimpleNamespace(store=store), no_drawing)  # type: ignore[arg-type]
        delivery.start()
        await asyncio.sleep(0.05)  # idle, waiting for a wake
        delivery.wake()  # a move committed ...
        for _ in range(steps_between):  # ... and the stop lands this many loop steps later
            await asyncio.sleep(0)
        async with asyncio.timeout(5):  # not wait_for: the drain must start in this step
            assert await delivery.drain(timeout=1) == 0
        assert not delivery.running
    finally:
        await store.close()


async def test_a_click_during_the_drain_is_asked_to_try_again(fake: FakeDiscord,
                                                             tmp_path: Path) -> None:
    """README: a late click during a stop gets "try again in a moment", not an error."""
    from tests.bot.test_end_to_end import USERS, click_and_wait, mover_of
    from tests.bot.test_outbox_delivery import play_button, take_turn_no_wait
    from tests.fake_discord import next_click

    bot = BotProcess(fake, tmp_path / "bot.sqlite3")
    await bot.start(MOONRIVER_SHUTDOWN_SECONDS="10")
    try:
        table = await started_table(fake, ALICE, [BOB])
        first = mover_of(table)
        fake.post_delay = 3.0  # the next table post is still on its way at the stop
        await take_turn_no_wait(fake, table, first)
        second = USERS[BOB[0] if first == ALICE else ALICE[0]]
        dialogue = await click_and_wait(fake, second, table, play_button(table))
        assert dialogue.custom_ids(), dialogue.content
        assert bot.process is not None
        bot.process.send_signal(__import__("signal").SIGTERM)
        await asyncio.sleep(0.5)  # the drain waits for that post
        assert bot.alive
        custom_id, values = next_click(dialogue)
        answer = await click_and_wait(fake, second, dialogue, custom_id, values)
        assert "try again in a moment" in answer.content, answer.content
        assert "went wrong" not in answer.content
        assert await bot.wait(timeout=15) == 0
    finally:
        await bot.kill()
