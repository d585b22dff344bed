"""A kill campaign against the real bot process: SIGKILL at random
moments while players click, and exactly between a move's commit and its post (and
between the post and recording it). After every restart the table must be announced
again with nobody typing, and no table is ever posted twice."""

from __future__ import annotations

import asyncio
import random
import time
from collections import Counter
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import pytest

from bot.tables.domain import PostKind, PostState, Status
from tests.bot.bot_process import BotProcess, announces, stored, table_posts
from tests.bot.test_end_to_end import ALICE, BOB, started_table, take_turn
from tests.fake_discord import FakeDiscord, Sent

ROUNDS = 9             # three of each kind of kill
# the campaign stops early rather than hold CI up (it takes about 5 s on a quiet machine;
# the budget leaves room for a loaded one: at least six rounds must run)
BUDGET_SECONDS = 120.0
MODES = ("random", "before_post", "after_post")
# A round plays at most this many turns, so nine rounds never finish the game (a two-player
# game has 48 turns) however fast the machine plays; a hook's kill comes within two posts.
TURNS_PER_ROUND = 3
# A random kill lands after a random number of the bot's messages in that round (a click's
# answer, a table post, ...): a random moment in the game, the same on a fast machine and
# a loaded one, where a random wall-clock pause meant many turns or none.
RANDOM_KILL_MESSAGES = (1, 12)


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    server = FakeDiscord()
    await server.start()
    yield server
    await server.stop()


def nth_message(n: int) -> Callable[[Sent], bool]:
    """A `wait_for` predicate that holds for the n-th new message (each new message is
    checked once)."""
    seen = 0

    def predicate(_: Sent) -> bool:
        nonlocal seen
        seen += 1
        return seen >= n
    return predicate


async def play_turns(fake: FakeDiscord, table: Sent, turns: int) -> None:
    """Play until killed, or until `turns` whole turns are done."""
    for _ in range(turns):
        table = await take_turn(fake, table)


@pytest.mark.system
async def test_kills_at_random_and_between_commit_and_post(fake: FakeDiscord,
                                                           tmp_path: Path) -> None:
    rng = random.Random(20261130)
    bot = BotProcess(fake, tmp_path / "campaign.sqlite3")
    await bot.start()
    await started_table(fake, ALICE, [BOB])
    await bot.kill()
    started = time.monotonic()
    kills: Counter[str] = Counter()
    reannounced = 0
    try:
        for round_ in range(ROUNDS + 1):
            games, posts = await stored(bot.db)
            (game,) = [g for g in games if g.status is Status.ACTIVE]
            pending = [p for p in posts[game.id] if p.state is PostState.PENDING]
            last = round_ == ROUNDS or time.monotonic() - started > BUDGET_SECONDS
            mode = "clean" if last else MODES[round_ % len(MODES)]
            env = {} if mode in ("random", "clean") else {
                "MOONRIVER_CRASH_AT": f"{mode}:{len(pending) + rng.randint(1, 2)}"}
            await bot.start(**env)
            # announced again without anyone typing (or already announced before the kill).
            # A decision inside a player turn owes no post (one post per player turn), so
            # the table owes the post of its newest table row, not one per game version.
            owed = max(p.version for p in posts[game.id] if p.kind is PostKind.TABLE)
            table = await fake.wait_for(
                lambda s, game_id=game.id, owed=owed: s.kind == "channel"
                and announces(s, game_id, owed), timeout=20)
            reannounced += bool(pending)
            if last:
                break
            # a hook round waits for its hook's kill; a random round kills after a random
            # number of messages
            if mode == "random":
                moment = asyncio.create_task(fake.wait_for(
                    nth_message(rng.randint(*RANDOM_KILL_MESSAGES)), after=len(fake.sent),
                    timeout=60))
            else:
                moment = asyncio.create_task(asyncio.Event().wait())  # never
            playing = asyncio.create_task(play_turns(fake, table, TURNS_PER_ROUND))
            assert bot.process is not None
            exited = asyncio.create_task(bot.process.wait())
            await asyncio.wait({playing, exited, moment}, return_when=asyncio.FIRST_COMPLETED)
            if playing.done() and not exited.done():
                # clicks can fail as a hook kills the bot, before its exit is seen here
                await asyncio.wait({exited}, timeout=10)
                if not exited.done():
                    playing.result()  # a failure of the test's own clicking
            # a hook round must end at its hook: the count it was given is what delivery
            # counts (the pending rows first, then the new posts), so it always fires
            kills[mode if mode == "random" or exited.done() else f"{mode} (hook never fired)"] += 1
            await bot.kill()
            for task in (playing, moment, exited):
                task.cancel()
            await asyncio.gather(playing, moment, exited, return_exceptions=True)
    finally:
        await bot.kill()
    assert sum(kills.values()) >= 6 and kills["before_post"] >= 2, kills
    assert set(kills) <= set(MODES), kills  # every hook round was killed by its hook
    assert reannounced >= 1  # at least one post was lost at a kill and came back
    games, posts = await stored(bot.db)
    for game in games:
        for version in {p.version for p in posts[game.id]}:
            doubled = table_posts(fake, game.id, version)
            if len(doubled) > 1:  # what the outbox and the channel hold, to find out why
                for row in posts[game.id]:
                    print("row", row.id, row.version, row.kind.value, row.state.value,
                          row.outcome, row.seq)
                for message in doubled:
                    print("posted", message.id, message.custom_ids(), message.content[:90])
            assert len(doubled) <= 1  # never posted twice
        assert all(p.state is not PostState.FAILED for p in posts[game.id])
    assert fake.violations == []
