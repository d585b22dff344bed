"""Typed moves: /moonriver move, build, choose (legal moves autocompleted) and undo."""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import Any

import discord
from discord import app_commands

from bot.discord.dialogue import act
from bot.discord.host import channel_of, client_of, locale_of, user_of
from bot.discord.posting import post_result
from bot.discord.texts import command_text
from bot.tables.errors import TableError
from engine.i18n import t

Completer = Callable[[discord.Interaction[Any], str],
                     Coroutine[Any, Any, list[app_commands.Choice[str]]]]


def legal_moves(verb: str | None) -> Completer:
    """Autocomplete with the legal moves of the user (of one verb, or all)."""
    async def complete(interaction: discord.Interaction[Any],
                       current: str) -> list[app_commands.Choice[str]]:
        try:
            options = await client_of(interaction).service.legal(channel_of(interaction),
                                                                 user_of(interaction))
        except TableError:
            return []
        texts = [str(a) for a in options
                 if (verb is None or str(a).startswith(verb)) and current.lower() in str(a)]
        return [app_commands.Choice(name=x, value=x) for x in texts[:25]]
    return complete


@app_commands.command(name=command_text("move", "name"),
                      description=command_text("move", "description"))
@app_commands.describe(action="e.g. build p17 p42 C3 up")
@app_commands.autocomplete(action=legal_moves(None))
async def move(interaction: discord.Interaction[Any], action: str) -> None:
    await act(interaction, None, action)


@app_commands.command(name=command_text("build", "name"),
                      description=command_text("build", "description"))
@app_commands.describe(action="pick from the list: only legal moves are offered")
@app_commands.autocomplete(action=legal_moves("build"))
async def build(interaction: discord.Interaction[Any], action: str) -> None:
    await act(interaction, None, action)


@app_commands.command(name=command_text("choose", "name"),
                      description=command_text("choose", "description"))
@app_commands.describe(action="pick from the list: only legal moves are offered")
@app_commands.autocomplete(action=legal_moves("choose"))
async def choose(interaction: discord.Interaction[Any], action: str) -> None:
    await act(interaction, None, action)


@app_commands.command(name=command_text("undo", "name"),
                      description=command_text("undo", "description"))
async def undo(interaction: discord.Interaction[Any]) -> None:
    """Take back one's own last move (the service decides whether that is still fair)."""
    client = client_of(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    channel_id = channel_of(interaction)
    result = await client.service.undo(channel_id, user_of(interaction))
    await interaction.followup.send(t("bot.done", locale_of(interaction)), ephemeral=True)
    await post_result(client, channel_id, result, [])


COMMANDS: tuple[app_commands.Command[Any, ..., None], ...] = (move, build, choose, undo)
