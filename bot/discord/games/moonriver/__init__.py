"""Moon River on Discord: /moonriver and the private turn's own steps (pair →
lettered position → proposal; a Cowboy's cow → where it steps)."""

from bot.discord.games.moonriver.commands import command_group
from bot.discord.games.moonriver.steps import decision_screen, pick_cow, pick_pair, propose
from bot.discord.peer import DiscordGame

DISCORD = DiscordGame(
    command_group, steps=decision_screen,
    clicks={"pair": lambda interaction, click: pick_pair(interaction, click.value),
            "spot": lambda interaction, click: propose(interaction, click.value),
            "pick": lambda interaction, click: pick_cow(interaction, click.value)},
    goes_on=True)  # R-ROUND-1: a new round may begin with the player who ended the last

__all__ = ["DISCORD"]
