"""A direct message names the table's server and channel even when the delivering
process's cache does not hold that server (another shard's): `delivery.where_is` asks
Discord. A real discord.py client, logged in to the fake Discord, with no gateway (so
no cache at all, as a process serving other shards)."""

from __future__ import annotations

from collections.abc import AsyncIterator

import discord
import pytest

from bot.discord.delivery import where_is
from tests.fake_discord import API, CHANNEL_ID, GUILD_ID, FakeDiscord


@pytest.fixture
async def uncached_client() -> AsyncIterator[tuple[FakeDiscord, discord.Client]]:
    fake = FakeDiscord()
    await fake.start()
    base = discord.http.Route.BASE
    discord.http.Route.BASE = f"http://127.0.0.1:{fake.port}{API}"
    client = discord.Client(intents=discord.Intents.none())
    try:
        await client.login(fake.env["DISCORD_TOKEN"])
        yield fake, client
    finally:
        await client.close()
        discord.http.Route.BASE = base
        await fake.stop()


async def test_names_come_from_discord_when_the_cache_has_not_the_server(
        uncached_client: tuple[FakeDiscord, discord.Client]) -> None:
    fake, client = uncached_client
    assert client.get_guild(GUILD_ID) is None
    server, channel = await where_is(client, GUILD_ID, CHANNEL_ID)
    assert (server, channel) == ("Test server", f"games-{CHANNEL_ID}")
    assert fake.requests["GET guilds"] + fake.requests["GET channels"] >= 2


async def test_a_server_discord_does_not_know_reads_discord(
        uncached_client: tuple[FakeDiscord, discord.Client]) -> None:
    _fake, client = uncached_client
    server, _channel = await where_is(client, 4242, CHANNEL_ID)
    assert server == "Discord"
    assert await where_is(client, None, CHANNEL_ID) == ("Discord", f"games-{CHANNEL_ID}")
