"""What every handler needs from the running client, without importing the client.

Handlers, components and the error path depend on `TableClient` (this module); the
concrete bot in `client` subclasses it. That keeps the imports one-way: a button's
callback reaches its handler through `TableClient.on_click`, not through an import.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import aiohttp
import discord

from bot.config import Settings
from bot.discord.kept import KeptMessages
from bot.tables.domain import Game
from bot.tables.ratelimit import RateLimiter
from bot.tables.service import TableService, User
from bot.tables.store import GameStore
from engine.games.i18n import normalise_locale

MAX_MESSAGE = 2000  # Discord's limit for one message's text


@dataclass(frozen=True, slots=True)
class Click:
    """What a persistent button or menu means: parsed from its custom_id, no live state."""

    kind: str      # "lobby" | "turn" | "act" | "pair" | "spot" | "back" | "pick" | "rematch"
    game: int
    version: int
    value: str = ""


#: Errors worth trying again later: Discord said "slow down" or "not now", or never said
#: (an HTTP error Discord did answer is `discord.HTTPException`).
TRANSIENT = (aiohttp.ClientError, asyncio.TimeoutError, ConnectionError)


class TableClient(discord.AutoShardedClient):
    """A Discord client that serves tables: the service, its store and the settings.
    Sharded (`MOONRIVER_SHARD_COUNT`, `MOONRIVER_SHARD_IDS`): a process answers the
    interactions of its shards' servers and delivers any game's posts."""

    def __init__(self, settings: Settings, store: GameStore, service: TableService,
                 **options: Any) -> None:
        super().__init__(**options)
        self.settings = settings
        self.store = store
        self.service = service
        self.lobby_posts: dict[int, tuple[int, int]] = {}  # table channel -> lobby post
        self.limiter = RateLimiter(settings.rate_per_minute, settings.rate_burst)
        self.pruned_at: datetime | None = None  # the outbox's last pruning (maintenance)
        #: Games whose private turn has steps of their own (`peer.DiscordGame.steps`),
        #: by game key: the composition root fills it from the registry.
        self.steps: dict[str, Any] = {}
        #: Games whose private message goes on into the same player's next turn
        #: (`peer.DiscordGame.goes_on`).
        self.goes_on: frozenset[str] = frozenset()
        #: Each game's slash group by its (English) name → the game's key, so a shared
        #: command knows which game it was typed for (`ratings.game_of`).
        self.group_games: dict[str, str] = {}
        #: Private messages of finished turns that may show the player's next one.
        self.kept = KeptMessages()

    async def on_click(self, interaction: discord.Interaction[Any], click: Click) -> None:
        """Route a component click to its handler (the composition root decides which)."""
        raise NotImplementedError

    def announce(self) -> None:
        """A commit wrote posts to the outbox: deliver them now (the composition root
        wakes its delivery loop; without one they wait for the next start)."""

    async def welcome(self, game: Game, user_id: int, seat: str, locale: str) -> None:
        """Tell a member handed `seat` of `game` privately, with the way to play (the
        composition root's delivery sends it; best effort)."""


def client_of(interaction: discord.Interaction[Any]) -> TableClient:
    client = interaction.client
    assert isinstance(client, TableClient)
    return client


def user_of(interaction: discord.Interaction[Any]) -> User:
    """The acting user; managers (manage server/channels) may steer any table."""
    permissions = interaction.permissions
    manager = bool(permissions.manage_guild or permissions.manage_channels)
    return User(interaction.user.id, interaction.user.display_name, manager,
                bool(permissions.manage_guild))


def locale_of(interaction: discord.Interaction[Any]) -> str:
    """The clicking user's language (private answers follow it, not the table's)."""
    return normalise_locale(str(interaction.locale))


def channel_of(interaction: discord.Interaction[Any]) -> int:
    return interaction.channel_id or 0


async def reply_private(interaction: discord.Interaction[Any], text: str, **kw: Any) -> None:
    """An ephemeral answer, whether or not the interaction was deferred."""
    text = text[:MAX_MESSAGE]
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True, **kw)
    else:
        await interaction.response.send_message(text, ephemeral=True, **kw)
