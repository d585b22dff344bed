"""What every interaction passes before a handler runs (abuse limits).

Slash commands reach `admit` as the command tree's `interaction_check`, clicks through
the client's router. A refusal is answered privately through the one error path
(`failures.reply_error`); autocomplete gets no answer (it has no message to show).
"""

from __future__ import annotations

import math
from typing import Any

import discord

from bot.discord.failures import reply_error
from bot.discord.host import Click, channel_of, client_of
from bot.tables.domain import Status
from bot.tables.errors import (
    GuildOnly,
    NoGameHere,
    RateLimited,
    TableArchived,
    TableError,
    WrongTable,
)


async def admit(interaction: discord.Interaction[Any]) -> bool:
    """Refuse direct messages (the commands are guild-only, but a forged interaction can
    still arrive from a DM) and users over their rate limit."""
    quiet = interaction.type is discord.InteractionType.autocomplete
    refusal: TableError | None = None
    if interaction.guild_id is None:
        refusal = GuildOnly("Moon River is played in a server channel")
    elif not quiet:
        wait = client_of(interaction).limiter.retry_after(interaction.user.id)
        if wait > 0:
            refusal = RateLimited("too many commands or clicks", seconds=math.ceil(wait))
    if refusal is None:
        return True
    if not quiet:
        await reply_error(interaction, refusal)
    return False


async def check_click_table(interaction: discord.Interaction[Any], click: Click) -> None:
    """A button acts on the game whose id it carries, and only if that game is the one
    open in the channel it was clicked in (a forged or copied custom_id is refused).
    Lobby buttons carry no game (0): they act on the channel's open lobby."""
    if click.game == 0 or click.kind == "rematch":  # Rematch: a finished game, checked there
        return
    client = client_of(interaction)
    try:
        status = await client.service.status(channel_of(interaction))
    except NoGameHere:
        clicked = await client.store.game(click.game)
        if clicked is not None and clicked.channel_id == channel_of(interaction) \
                and clicked.status is Status.ABANDONED:
            raise TableArchived("this table was archived") from None
        raise WrongTable("this button belongs to a game that is not open here") from None
    if status.game.id != click.game:
        raise WrongTable("this button belongs to another game")
