"""/moonlight: a Moonlight table (2 players, no options: docs/moonlight.md), beside
/moonriver and /kingdomino. Every other subcommand (join, start, addbot, status, move,
undo, settings …) acts on whatever table the channel has (`groups.game_group`)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.discord import lobby, turns
from bot.discord.dialogue import act
from bot.discord.groups import game_group
from bot.discord.texts import command_text
from bot.tables.domain import GameOptions
from engine.moonlight.game import PLAYER_COUNTS

GAME = "moonlight"


def table_options() -> GameOptions:
    """Two seats (M-COMP-1), no rules to choose."""
    return GameOptions(GAME, max(PLAYER_COUNTS), {})


@app_commands.command(name=command_text("new", "name", "ml.cmd"),
                      description=command_text("new", "description", "ml.cmd"))
@app_commands.describe(thread="open the table in a new thread (default: yes)")
async def new(interaction: discord.Interaction[Any], thread: bool = True) -> None:
    await lobby.open_table(interaction, table_options(), thread)


@app_commands.command(name=command_text("move", "name"),
                      description=command_text("move", "description"))
@app_commands.describe(action="e.g. play 4m C5, power den, pass (the list has the legal ones)")
@app_commands.autocomplete(action=turns.legal_moves(None))
async def move(interaction: discord.Interaction[Any], action: str) -> None:
    """A move by typing, for power users: Moonlight's action text."""
    await act(interaction, None, action)


def command_group() -> app_commands.Group:
    """/moonlight: its own `new` and `move`, then the shared table commands."""
    return game_group("ml.cmd", (new, move))
