"""Moonlight on Discord: /moonlight and the private turn's own steps (hand → lettered
cells); an Alpha Power is `screens.choice_screen`'s."""

from bot.discord.games.moonlight.commands import command_group
from bot.discord.games.moonlight.steps import decision_screen, pick_card
from bot.discord.peer import DiscordGame

DISCORD = DiscordGame(
    command_group, steps=decision_screen,
    clicks={"pick": lambda interaction, click: pick_card(interaction, click.value)},
    goes_on=True)  # a howl (M-COMP-4) or the next round led by the power's chooser (M-SETUP-2)

__all__ = ["DISCORD"]
