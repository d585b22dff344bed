"""What every interaction passes before a handler runs (abuse limits).

Slash commands reach `admit` as the command tree's `interaction_check`, clicks through
the client's router. A refusal is answered privately through the one error path
(`failures.reply_error`); autocomplete gets no answer (it has no message to show).
"""

from __future__ import annotations

import asyncio
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
#: A tap in a private turn message the limit lets through within this many seconds is
#: held and played (acknowledged at once: Discord's 3 s do not bind it), not refused.
HOLD_AT_MOST = 3.0
_HOLDING: set[int] = set()  # users with a held tap (one each)


async def admit(interaction: discord.Interaction[Any]) -> bool:
    """Refuse direct messages (the commands are guild-only, but a forged interaction can
    still arrive from a DM) and users over their rate limit."""
    quiet = interaction.type is discord.InteractionType.autocomplete
    refusal: TableError | None = None
    if interaction.guild_id is None:
        refusal = GuildOnly("Moon River is played in a server channel")
    elif not quiet:
        limiter = client_of(interaction).limiter
        wait = limiter.retry_after(interaction.user.id)
        if wait > 0 and await _held(interaction, wait):
            wait = limiter.retry_after(interaction.user.id)  # the tap's own token, now
        if wait > 0:
            refusal = RateLimited("too many commands or clicks", seconds=math.ceil(wait))
    if refusal is None:
        return True
    if isinstance(refusal, RateLimited) and await _slow_down_in_place(interaction, refusal):
        return False
    if not quiet:
        await reply_error(interaction, refusal)
    return False


def _in_private_message(interaction: discord.Interaction[Any]) -> bool:
    message = interaction.message
    return interaction.type is discord.InteractionType.component and message is not None \
        and message.flags.ephemeral


async def _held(interaction: discord.Interaction[Any], wait: float) -> bool:
    """A tap in a private turn message that the limit lets through within HOLD_AT_MOST
    seconds is held (acknowledged, so Discord waits) and then played: a quick player
    keeps the tap instead of being told to tap again. One held tap a user at a time: a
    script's burst is still refused."""
    user = interaction.user.id
    if wait > HOLD_AT_MOST or user in _HOLDING or not _in_private_message(interaction):
        return False
    _HOLDING.add(user)
    try:
        await interaction.response.defer()  # the message is edited when the tap is played
        await asyncio.sleep(wait)
    finally:
        _HOLDING.discard(user)
    return True


async def _slow_down_in_place(interaction: discord.Interaction[Any],
                              refusal: RateLimited) -> bool:
    """A tap too many in a private turn message is answered in that message: a line on
    top says when to tap again, and the step and its buttons stay as they were (no new
    message to find, the player's place kept). Public posts get a private answer."""
    message = interaction.message
    if message is None or not _in_private_message(interaction):
        return False
    note = SLOW_DOWN + refusal_text(refusal, locale_of(interaction))
    body = message.content
    if body.startswith(SLOW_DOWN):  # an earlier note: replaced, not stacked
        body = body.partition("\n")[2]
    content = (f"{note}\n{body}" if body else note)[:MAX_MESSAGE]
    if interaction.response.is_done():  # held, and the limit still said no
        await interaction.edit_original_response(content=content)
    else:
        await interaction.response.edit_message(content=content)
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
