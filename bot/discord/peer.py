"""What a game brings to the Discord adapter: its slash command group, its own steps of
the private turn (if it has any beyond `screens.choice_screen`) and the click kinds
those steps use. Each game's `bot/discord/games/<game>/` builds one; the registry
(`bot.discord.games`) lists them and the client wires them in.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import discord
from discord import app_commands

from bot.discord.host import Click
from bot.discord.screens import Screen
from bot.tables.domain import Game

#: A click handler: the interaction and its parsed custom_id.
ClickHandler = Callable[[discord.Interaction[Any], Click], Awaitable[None]]
#: A game's own private step for the clicking player's legal options (drawn off the loop).
StepScreen = Callable[[Game, Any, Sequence[Any], str], Screen]


@dataclass(frozen=True, slots=True)
class DiscordGame:
    command_group: Callable[[], app_commands.Group]
    steps: StepScreen | None = None
    clicks: Mapping[str, ClickHandler] = field(default_factory=dict)
    #: When the same player also moves next, their private message goes on into that
    #: turn and its post names them without a ping (`dialogue.act`).
    goes_on: bool = False
