"""Shards: the IDENTIFY gate keeps Discord's session start limit, the fake Discord routes
like Discord (a server's events to its shard, DMs to shard 0), and one bot process runs
two shards, answering the servers of both."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from bot.discord.shards import IdentifyGate
from tests.bot.bot_process import BotProcess
from tests.fake_discord import API, CHANNEL_ID, GUILD_ID, FakeDiscord, ShardDown

ALICE = (101, "Alice")


async def test_one_identify_per_bucket_per_window_in_a_process() -> None:
    gate = IdentifyGate(max_concurrency=2, window=0.3)
    started = time.monotonic()
    times: dict[int, float] = {}

    async def identify(shard: int) -> None:
        await gate.wait_turn(shard)
        times[shard] = time.monotonic() - started

    await asyncio.gather(*(identify(s) for s in range(4)))
    # shards 0 and 1 are in different buckets: at once; 2 waits for 0, 3 for 1
    assert times[0] < 0.1 and times[1] < 0.1
    assert 0.28 < times[2] < 0.6 and 0.28 < times[3] < 0.6


async def test_the_shared_lock_makes_two_processes_take_turns() -> None:
    """Two gates (two processes) with one shared lock (PostgreSQL's advisory lock in the
    bot): shard 0 of one and shard 2 of the other share bucket 0 and do not identify
    within one window, though each is its process's first."""
    holders: set[str] = set()
    taken: list[str] = []

    @asynccontextmanager
    async def shared(name: str) -> AsyncIterator[bool]:
        """A try-lock, as the store's `exclusive`: False while another holds it."""
        if name in holders:
            yield False
            return
        holders.add(name)
        taken.append(name)
        try:
            yield True
        finally:
            holders.discard(name)

    first, second = (IdentifyGate(max_concurrency=2, window=0.3, shared=shared)
                     for _ in range(2))
    started = time.monotonic()
    times: list[float] = []

    async def identify(gate: IdentifyGate, shard: int) -> None:
        await gate.wait_turn(shard)
        times.append(time.monotonic() - started)

    await asyncio.gather(identify(first, 0), identify(second, 2))
    assert taken == ["identify:0", "identify:0"]
    assert times[0] < 0.1 and 0.28 < times[1] < 0.6
    await first.close()
    await second.close()


async def test_a_shared_lock_that_fails_does_not_stop_identifying() -> None:
    @asynccontextmanager
    async def broken(name: str) -> AsyncIterator[bool]:
        raise ConnectionError("the database went away")
        yield True  # pragma: no cover

    gate = IdentifyGate(max_concurrency=1, window=0.2, shared=broken)
    await asyncio.wait_for(gate.wait_turn(0), 1)
    await gate.close()


class Session:
    """A raw gateway session on the fake, as discord.py opens one."""

    def __init__(self, fake: FakeDiscord, http: aiohttp.ClientSession) -> None:
        self.fake, self.http = fake, http
        self.events: list[tuple[str, dict[str, Any]]] = []
        self.ws: aiohttp.ClientWebSocketResponse | None = None
        self._reader: asyncio.Task[None] | None = None

    async def identify(self, shard: int, count: int) -> None:
        self.ws = await self.http.ws_connect(f"ws://127.0.0.1:{self.fake.port}/gateway")
        hello = await self.ws.receive_json()
        assert hello["op"] == 10
        await self.ws.send_json({"op": 2, "d": {"token": "t", "shard": [shard, count]}})
        self._reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        assert self.ws is not None
        async for msg in self.ws:
            if msg.type is aiohttp.WSMsgType.TEXT:
                payload = msg.json()
                if payload.get("op") == 0:
                    self.events.append((payload["t"], payload["d"]))

    def names(self) -> list[str]:
        return [name for name, _ in self.events]

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()
        if self._reader is not None:
            await asyncio.gather(self._reader, return_exceptions=True)


async def settle(predicate: Any, timeout: float = 5) -> None:
    async with asyncio.timeout(timeout):
        while not predicate():
            await asyncio.sleep(0.01)


async def test_the_fake_routes_each_server_to_its_shard_and_dms_to_shard_zero() -> None:
    fake = FakeDiscord(shard_count=2)
    await fake.start()
    far_guild, far_channel = fake.add_guild(shard=0)
    assert fake.shard_of(GUILD_ID) == 1 and fake.shard_of(far_guild) == 0
    try:
        async with aiohttp.ClientSession() as http:
            async with http.get(f"http://127.0.0.1:{fake.port}{API}/gateway/bot") as answer:
                gateway = await answer.json()
            assert gateway["shards"] == 2 and gateway["session_start_limit"][
                "max_concurrency"] == fake.max_concurrency
            zero, one = Session(fake, http), Session(fake, http)
            await zero.identify(0, 2)
            assert not fake.ready.is_set()  # shard 1 is not connected yet
            await one.identify(1, 2)
            await asyncio.wait_for(fake.ready.wait(), 5)
            await settle(lambda: "GUILD_CREATE" in zero.names() + one.names() and
                         len(zero.events) + len(one.events) == 4)
            # each session hears of its own servers only
            assert [d["id"] for n, d in zero.events if n == "GUILD_CREATE"] == [str(far_guild)]
            assert [d["id"] for n, d in one.events if n == "GUILD_CREATE"] == [str(GUILD_ID)]
            zero.events.clear()
            one.events.clear()
            await fake.interact(ALICE, {"name": "x"}, 2, channel_id=CHANNEL_ID)
            await fake.interact(ALICE, {"name": "y"}, 2, channel_id=far_channel)
            await fake.interact(ALICE, {"name": "z"}, 2, channel_id=7, dm=True)
            await settle(lambda: len(zero.events) + len(one.events) == 3)
            assert [d["data"]["name"] for _, d in one.events] == ["x"]
            assert [d["data"]["name"] for _, d in zero.events] == ["y", "z"]  # DM: shard 0

            await fake.take_down(0)  # its session closes; interactions there fail
            await settle(lambda: zero.ws is not None and zero.ws.closed)
            with pytest.raises(ShardDown):
                await fake.interact(ALICE, {"name": "lost"}, 2, channel_id=far_channel)
            assert len(fake.unanswered()) == 3  # x, y, z: the lost one is not pending
            again = Session(fake, http)
            await again.identify(0, 2)
            await asyncio.sleep(0.1)
            assert again.events == []  # held: no READY while the shard is down
            await fake.bring_up(0)
            await settle(lambda: "READY" in again.names())
            await fake.interact(ALICE, {"name": "back"}, 2, channel_id=far_channel)
            await settle(lambda: "INTERACTION_CREATE" in again.names())
            assert fake.violations == []

            wrong = Session(fake, http)
            await wrong.identify(1, 3)  # a shard count Discord did not give
            await settle(lambda: bool(fake.violations))
            assert "IDENTIFY as shard [1, 3] of a bot with 2 shard(s)" in fake.violations
            for session in (zero, one, again, wrong):
                await session.close()
    finally:
        await fake.stop()


async def test_the_fake_flags_a_bucket_identifying_twice_within_five_seconds() -> None:
    fake = FakeDiscord(shard_count=2, max_concurrency=1, identify_window=5.0)
    await fake.start()
    try:
        async with aiohttp.ClientSession() as http:
            sessions = [Session(fake, http) for _ in range(2)]
            for shard, session in enumerate(sessions):
                await session.identify(shard, 2)
            await settle(lambda: bool(fake.violations))
            assert "after another in bucket 0 (limit: one per 5 s)" in fake.violations[0]
            for session in sessions:
                await session.close()
    finally:
        await fake.stop()


@pytest.mark.system
async def test_one_process_runs_two_shards_and_answers_the_servers_of_both(
        tmp_path: Path) -> None:
    """Two shards in one bucket (max_concurrency 1): the second IDENTIFY waits Discord's
    5 s; each server's slash command reaches the bot through its own shard."""
    fake = FakeDiscord(shard_count=2, max_concurrency=1, identify_window=5.0)
    await fake.start()
    _, far_channel = fake.add_guild(shard=0)
    bot = BotProcess(fake, tmp_path / "bot.sqlite3")
    try:
        await bot.start()
        assert sorted(fake.identifies) == [(0, 2), (1, 2)]
        assert fake.requests["GET gateway"] == 1
        for channel in (CHANNEL_ID, far_channel):
            asked = await fake.slash(ALICE, "new", channel_id=channel, thread=False)
            await fake.answered(asked)
            lobby = await fake.wait_for(lambda s: bool(s.custom_ids()), channel=channel)
            assert any(c.startswith("mr:lobby:") for c in lobby.custom_ids())
        assert fake.violations == [] and fake.unanswered() == []
    finally:
        await bot.kill()
        await fake.stop()
