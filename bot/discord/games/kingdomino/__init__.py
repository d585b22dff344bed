"""Kingdomino on Discord: /kingdomino; its private turn is `screens.choice_screen`."""

from bot.discord.games.kingdomino.commands import command_group
from bot.discord.peer import DiscordGame

#: K-TURN-1: with two kings each, a player's kings may follow each other in line order
DISCORD = DiscordGame(command_group, goes_on=True)

__all__ = ["DISCORD"]
