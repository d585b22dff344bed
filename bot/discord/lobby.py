"""Opening a table: /moonriver new, join, leave, start, cancel and the lobby buttons."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.discord.components import lobby_view
from bot.discord.host import channel_of, client_of, locale_of, user_of
from bot.discord.posting import post_result
from bot.discord.safe_text import safe_name, safe_names
from bot.discord.texts import command_text
from bot.tables.domain import GameOptions, Status, TableSettings
from bot.tables.service import TableService
from engine.i18n import t
from engine.rules import PLAYER_COUNTS, VARIANTS

FEWEST, MOST = min(PLAYER_COUNTS), max(PLAYER_COUNTS)
#: How each variant of engine.rules.VARIANTS is offered in /moonriver new.
VARIANT_NAMES = {"base": "Moon River (base game)"}


async def lobby_text(service: TableService, channel_id: int, locale: str) -> str:
    status = await service.status(channel_id)
    host = next((s.name for s in status.game.seats if s.user_id == status.game.host_id), "?")
    return t("bot.lobby", locale, host=safe_name(host),
             players=safe_names(s.name for s in status.game.seats))


async def lobby(interaction: discord.Interaction[Any], what: str) -> None:
    """join / leave / cancel edit the lobby message; start posts the first table."""
    client = client_of(interaction)
    channel_id = channel_of(interaction)
    user = user_of(interaction)
    await interaction.response.defer()
    if what in ("join", "leave", "cancel"):
        if what == "join":
            game = await client.service.join(channel_id, user)
        elif what == "leave":
            game = await client.service.leave(channel_id, user)
        else:
            game = await client.service.cancel(channel_id, user)
        locale = game.settings.locale
        if game.status is Status.LOBBY and interaction.message is not None:
            await interaction.message.edit(
                content=await lobby_text(client.service, channel_id, locale),
                view=lobby_view(locale))
        elif interaction.message is not None:
            await interaction.message.edit(content=t("bot.cancelled", locale), view=None)
        return
    result = await client.service.start(channel_id, user)
    if interaction.message is not None:
        await interaction.message.edit(view=None)
    await post_result(client, channel_id, result, result.events)


@app_commands.command(name=command_text("new", "name"),
                      description=command_text("new", "description"))
@app_commands.describe(variant="the rules to play (more variants will appear here)",
                       players=f"most players ({FEWEST}–{MOST})",
                       thread="open the table in a new thread (default: yes)")
@app_commands.choices(variant=[app_commands.Choice(name=VARIANT_NAMES[v], value=v)
                               for v in VARIANTS if v in VARIANT_NAMES])  # named ones only
async def new(interaction: discord.Interaction[Any],
              variant: app_commands.Choice[str] | None = None,
              players: app_commands.Range[int, FEWEST, MOST] = MOST,
              thread: bool = True) -> None:
    client = client_of(interaction)
    locale = locale_of(interaction)
    await interaction.response.defer()
    channel_id = parent_id = channel_of(interaction)
    channel = interaction.channel
    await client.service.check_new_lobby(user_of(interaction), parent_id)  # before a thread
    if thread and isinstance(channel, discord.TextChannel):
        created = await channel.create_thread(
            name="Moon River", type=discord.ChannelType.public_thread,
            auto_archive_duration=10080)
        channel_id = created.id
    await client.service.create(channel_id, user_of(interaction),
                                GameOptions(variant=variant.value if variant else VARIANTS[0],
                                            max_players=players),
                                guild_id=interaction.guild_id,
                                settings=TableSettings(locale=locale), parent_id=parent_id)
    text = await lobby_text(client.service, channel_id, locale)
    if channel_id == interaction.channel_id:
        await interaction.followup.send(text, view=lobby_view(locale))
    else:
        await client.get_partial_messageable(channel_id).send(text, view=lobby_view(locale))
        await interaction.followup.send(f"<#{channel_id}>", ephemeral=True)


@app_commands.command(name=command_text("join", "name"),
                      description=command_text("join", "description"))
async def join(interaction: discord.Interaction[Any]) -> None:
    await lobby(interaction, "join")


@app_commands.command(name=command_text("leave", "name"),
                      description=command_text("leave", "description"))
async def leave(interaction: discord.Interaction[Any]) -> None:
    await lobby(interaction, "leave")


@app_commands.command(name=command_text("start", "name"),
                      description=command_text("start", "description"))
async def start(interaction: discord.Interaction[Any]) -> None:
    await lobby(interaction, "start")


@app_commands.command(name=command_text("cancel", "name"),
                      description=command_text("cancel", "description"))
async def cancel(interaction: discord.Interaction[Any]) -> None:
    await lobby(interaction, "cancel")


COMMANDS: tuple[app_commands.Command[Any, ..., None], ...] = (new, join, leave, start, cancel)
