"""Looking at a table: /moonriver status, board, rules and history."""

from __future__ import annotations

import asyncio
import io
from typing import Any

import discord
from discord import app_commands

from bot.discord.host import channel_of, client_of, locale_of, reply_private
from bot.discord.lobby import lobby_text
from bot.discord.posting import post_table
from bot.discord.safe_text import safe_name
from bot.discord.texts import command_text
from bot.tables.errors import BadInput
from engine.i18n import t
from engine.view import public_view
from render import render_ranch, to_png_bytes
from render.theme import theme_named


@app_commands.command(name=command_text("status", "name"),
                      description=command_text("status", "description"))
async def status(interaction: discord.Interaction[Any]) -> None:
    """The lobby privately, or the table posted again with a fresh 'Your turn' button."""
    client = client_of(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    current = await client.service.status(channel_of(interaction))
    game = current.game
    if current.state is None:
        await interaction.followup.send(
            await lobby_text(client.service, game.channel_id, game.settings.locale),
            ephemeral=True)
        return
    seat = current.state.active_seat
    user = game.seats[seat].user_id if seat is not None else None
    # shown again on anyone's request: it names the player to move but pings nobody
    await post_table(client, game.channel_id, current.state, game.id, game.version, [], user,
                     game.settings.locale, game.settings.theme, ping=False)
    await interaction.followup.send(t("bot.done", locale_of(interaction)), ephemeral=True)


@app_commands.command(name=command_text("board", "name"),
                      description=command_text("board", "description"))
async def board(interaction: discord.Interaction[Any],
                player: discord.Member | None = None) -> None:
    """One ranch, large, privately (your own unless you name a player)."""
    client = client_of(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    current = await client.service.status(channel_of(interaction))
    if current.state is None:
        raise BadInput("the game has not started")
    wanted = (player or interaction.user).id
    seat = next((s.seat for s in current.game.seats if s.user_id == wanted), 0)
    view = public_view(current.state)
    theme = theme_named(current.game.settings.theme)
    locale = locale_of(interaction)
    png = await asyncio.to_thread(lambda: to_png_bytes(
        render_ranch(view, seat, theme=theme, locale=locale)))
    await interaction.followup.send(file=discord.File(io.BytesIO(png), "ranch.png"),
                                    ephemeral=True)


@app_commands.command(name=command_text("rules", "name"),
                      description=command_text("rules", "description"))
async def rules(interaction: discord.Interaction[Any]) -> None:
    await reply_private(interaction, t("bot.rules", locale_of(interaction)))


@app_commands.command(name=command_text("history", "name"),
                      description=command_text("history", "description"))
async def history(interaction: discord.Interaction[Any]) -> None:
    rows = await client_of(interaction).service.history(channel_of(interaction), 20)
    text = "\n".join(f"{safe_name(name)}: `{action}`" for name, action in rows) or "—"
    await reply_private(interaction, text)


COMMANDS: tuple[app_commands.Command[Any, ..., None], ...] = (status, board, rules, history)
