"""Kingdomino on Discord: /kingdomino; its private turn is `screens.choice_screen`."""

from bot.discord.games.kingdomino.commands import command_group
from bot.discord.peer import DiscordGame

DISCORD = DiscordGame(command_group)

__all__ = ["DISCORD"]
