"""The real `moonriver run` process for the outbox, crash and shutdown tests: extra
environment (fast retries, crash hooks), start again on the same file, signal it."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from pathlib import Path

from bot.tables.domain import Game, Post, Status
from bot.tables.store import SqliteStore
from bot.tables.store.guard import DatabaseLocked
from tests.fake_discord import FakeDiscord, Sent

ROOT = Path(__file__).resolve().parents[2]
FAST = {"MOONRIVER_RETRY_SECONDS": "0.05", "MOONRIVER_MAINTENANCE_SECONDS": "0.5",
        "MOONRIVER_LOG_LEVEL": "INFO",
        "MOONRIVER_RATE_PER_MINUTE": "0",  # these tests click as fast as they can
        "MOONRIVER_MIN_REMIND_HOURS": "0.0001"}  # and remind within a second


class BotProcess:
    def __init__(self, fake: FakeDiscord, db: Path) -> None:
        self.fake, self.db = fake, db
        self.process: asyncio.subprocess.Process | None = None
        self.log = db.with_suffix(".log")
        self.heartbeat = db.with_suffix(".heartbeat")  # touched at each maintenance round

    async def start(self, shards: set[int] | None = None, **env: str) -> None:
        """Start it and wait until it is connected: every shard, or with `shards` (one
        process of several on shard ranges) those; a process holding shard 0 syncs the
        commands, and that is waited for too."""
        syncs = shards is None or 0 in shards
        async with asyncio.timeout(10):  # a killed process's sessions close first
            while shards is not None and shards & self.fake.connected():
                await asyncio.sleep(0.02)
        self.fake.ready.clear()
        if syncs:
            self.fake.commands = []
        full = {**os.environ, **self.fake.env, "MOONRIVER_DB": str(self.db),
                "MOONRIVER_HEARTBEAT": str(self.heartbeat), **FAST, **env}
        with open(self.log, "a") as log:  # the bot's stderr, for a failing test to show
            self.process = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "bot.cli", "run", cwd=ROOT, env=full, stderr=log)
        if shards is None:
            await asyncio.wait_for(self.fake.ready.wait(), 60)
        else:
            await self.fake.wait_shards(shards, timeout=60)
        for _ in range(400):  # the commands are synced in setup_hook, before the gateway
            if self.fake.commands or not syncs:
                return
            await asyncio.sleep(0.025)
        raise AssertionError("the bot never registered its commands")

    async def maintenance_rounds(self, rounds: int, timeout: float = 60) -> None:
        """Wait until `rounds` whole maintenance rounds ran from now: the heartbeat file,
        removed here, comes back at the end of each round (a round already under way
        counts for nothing, so one more is waited for)."""
        async with asyncio.timeout(timeout):
            for _ in range(rounds + 1):
                self.heartbeat.unlink(missing_ok=True)
                while not self.heartbeat.exists():
                    assert self.alive, "the bot exited"
                    await asyncio.sleep(0.025)

    @property
    def alive(self) -> bool:
        return self.process is not None and self.process.returncode is None

    async def kill(self) -> None:
        if self.alive:
            assert self.process is not None
            self.process.kill()
        await self.wait()

    async def terminate(self) -> int:
        assert self.process is not None
        self.process.send_signal(signal.SIGTERM)
        return await self.wait()

    async def wait(self, timeout: float = 30) -> int:
        assert self.process is not None
        return await asyncio.wait_for(self.process.wait(), timeout)


async def stored(db: Path) -> tuple[list[Game], dict[int, list[Post]]]:
    """The games and their outbox rows, read while no bot runs on the file. A bot just
    killed can be seen holding its lock for a moment under load (seen once in a crash
    campaign on a busy machine): the lock is asked for again for up to five seconds."""
    store = SqliteStore(db)
    for _ in range(100):
        try:
            await store.open()
            break
        except DatabaseLocked:
            await asyncio.sleep(0.05)
    else:
        await store.open()  # still held: its one-line refusal fails the test
    try:
        games = [g for status in Status for g in await store.games_with_status(status)]
        return games, {g.id: await store.posts(g.id) for g in games}
    finally:
        await store.close()


def table_posts(fake: FakeDiscord, game_id: int, version: int) -> list[Sent]:
    """Channel posts of a game's table at `version` (its Your-turn button names both)."""
    key = f"mr:turn:{game_id}:{version}"
    return [s for s in fake.sent if s.kind == "channel" and key in s.custom_ids()]


def announces(message: Sent, game_id: int, version: int) -> bool:
    """Whether a channel message is the table post of `game_id` at `version` or later
    (its Play button carries the game version it was drawn at)."""
    prefix = f"mr:turn:{game_id}:"
    return any(c.startswith(prefix) and int(c[len(prefix):].split(":")[0]) >= version
               for c in message.custom_ids())
