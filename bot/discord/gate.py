"""What every interaction passes before a handler runs (abuse limits).

Slash commands reach `admit` as the command tree's `interaction_check`, clicks through
the client's router. A refusal is answered privately through the one error path
(`failures.reply_error`); autocomplete gets no answer (it has no message to show).
"""

from __future__ import annotations

import math
from typing import Any

import discord

from bot.discord.failures import refusal_text, reply_error
from bot.discord.host import MAX_MESSAGE, Click, channel_of, client_of, locale_of
from bot.tables.domain import Status
from bot.tables.errors import (
    GuildOnly,
    NoGameHere,
    RateLimited,
    TableArchived,
    TableError,
    WrongTable,
)

#: What starts the line a tap too many puts on top of a private turn message.
SLOW_DOWN = "⏳ "


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
    if isinstance(refusal, RateLimited) and await _slow_down_in_place(interaction, refusal):
        return False
    if not quiet:
        await reply_error(interaction, refusal)
    return False


async def _slow_down_in_place(interaction: discord.Interaction[Any],
                              refusal: RateLimited) -> bool:
    """A tap too many in a private turn message is answered in that message: a line on
    top says when to tap again, and the step and its buttons stay as they were (no new
    message to find, the player's place kept). Public posts get a private answer."""
    message = interaction.message
    if interaction.type is not discord.InteractionType.component or message is None \
            or not message.flags.ephemeral:
        return False
    note = SLOW_DOWN + refusal_text(refusal, locale_of(interaction))
    body = message.content
    if body.startswith(SLOW_DOWN):  # an earlier note: replaced, not stacked
        body = body.partition("\n")[2]
    content = f"{note}\n{body}" if body else note
    await interaction.response.edit_message(content=content[:MAX_MESSAGE])
    return True


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
