"""Answering an interaction in time while computer seats think.

Discord fails an interaction that is not acknowledged within 3 seconds. A move that
hands the turn to a `hard` computer waits for its search (about a second a decision,
often several in a row), so a handler runs the service call through `in_time`: when it
is not done within `DEFER_AFTER` seconds the interaction is acknowledged first, and the
handler's answer then edits the clicked message (`edit_original_response`) or follows
the "thinking…" note of a typed command. Quick moves are answered exactly as before.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable
from typing import Any, TypeVar

import discord

from bot import APP_NAME

#: Acknowledge a slow interaction after this long: inside Discord's 3 s, with margin.
DEFER_AFTER = 2.0

T = TypeVar("T")
log = logging.getLogger(APP_NAME)


async def in_time(interaction: discord.Interaction[Any], work: Awaitable[T], *,
                  after: float = DEFER_AFTER) -> T:
    """`work`'s result; the interaction is acknowledged meanwhile if `work` is slow."""
    task = asyncio.ensure_future(work)
    done, _ = await asyncio.wait({task}, timeout=after)
    if not done and not interaction.response.is_done():
        try:
            if interaction.type is discord.InteractionType.component:
                await interaction.response.defer()  # the clicked message is edited later
            else:
                await interaction.response.defer(ephemeral=True, thinking=True)
        except discord.HTTPException as exc:  # the move goes on; only the answer is lost
            log.warning("could not acknowledge a slow interaction: %s", exc)
    return await task


def deferred_click(interaction: discord.Interaction[Any]) -> bool:
    """Whether a click was acknowledged without an answer: edit the original message."""
    return interaction.response.type is \
        discord.InteractionResponseType.deferred_message_update
