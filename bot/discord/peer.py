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

from bot.discord.host import Click, channel_of, client_of
from bot.discord.screens import Screen
from bot.tables.domain import Game
from bot.tables.errors import StaleActionError

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


def click_handlers(games: Mapping[str, DiscordGame]) -> dict[str, ClickHandler]:
    """Each click kind the games' own steps use, to its handler; a kind several games use
    (`pick`: a Moonlight card, a Moon River Cowboy's cow) goes to the handler of the
    game at the clicked table, so no game's steps shadow another's."""
    by_kind: dict[str, dict[str, ClickHandler]] = {}
    for key, game in games.items():
        for kind, handler in game.clicks.items():
            by_kind.setdefault(kind, {})[key] = handler
    return {kind: (next(iter(handlers.values())) if len(handlers) == 1
                   else _to_the_tables_game(handlers))
            for kind, handlers in by_kind.items()}


def _to_the_tables_game(handlers: Mapping[str, ClickHandler]) -> ClickHandler:
    async def handle(interaction: discord.Interaction[Any], click: Click) -> None:
        status = await client_of(interaction).service.status(channel_of(interaction))
        handler = handlers.get(status.game.options.game)
        if handler is None or status.game.id != click.game:
            raise StaleActionError("the table has moved on")
        await handler(interaction, click)
    return handle

