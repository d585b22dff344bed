"""Every game's slash command group: its own commands, then the table commands all games
share (they act on whatever table the channel has, so `/moonriver status` works in a
Kingdomino thread too)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from discord import app_commands

from bot.discord import admin, info, lobby, ratings, turns
from bot.discord.texts import command_text

#: The commands that act on the channel's table, whatever its game.
SHARED = ("join", "leave", "start", "cancel", "addbot", "handseat", "undo",
          "status", "board", "rules", "history", "settings", "notify", "abandon", "resume",
          "resign", "leaderboard", "profile", "resetboard")


def game_group(prefix: str, own: Sequence[app_commands.Command[Any, ..., None]]
               ) -> app_commands.Group:
    """/<game>: the game's own commands (`new`, typed moves …), then the shared ones;
    names and descriptions under `prefix` in the locale files ("cmd", "kd.cmd")."""
    group = app_commands.Group(name=command_text("group", "name", prefix),
                               description=command_text("group", "description", prefix),
                               guild_only=True)
    for command in own:
        group.add_command(command)
    commands = {c.name: c for c in (*lobby.COMMANDS, *turns.COMMANDS, *info.COMMANDS,
                                    *admin.COMMANDS, *ratings.COMMANDS)}
    for name in SHARED:
        group.add_command(commands[name]._copy_with(parent=group, binding=None))
    return group
