"""The one error path: every failure becomes a private, translated answer.

Slash commands reach it through the command tree's `on_error`; component clicks through
`answer_click` (the client's click router). Nothing else catches to reply.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable
from typing import Any

import discord
from discord import app_commands

from bot.discord.components import dialogue_view
from bot.discord.host import channel_of, client_of, locale_of, reply_private, user_of
from bot.tables.errors import StaleActionError, TableError
from engine.i18n import t

log = logging.getLogger("moonriver")


async def reply_error(interaction: discord.Interaction[Any], exc: BaseException) -> None:
    """Tell the user what went wrong in their language (never a traceback)."""
    locale = locale_of(interaction)
    if isinstance(exc, TableError):
        text = t(f"error.{exc.code}", locale, **exc.params) if exc.code != "illegal" \
            else f"{t('error.illegal', locale)} {exc}"
    else:
        log.exception("unexpected error", exc_info=exc)
        text = t("error.table_error", locale)
    if isinstance(exc, StaleActionError):  # offer the table as it is now
        offer = await current_dialogue(interaction, locale)
        if offer is not None:
            await reply_private(interaction, f"{text}\n{offer[0]}", view=offer[1])
            return
    await reply_private(interaction, text)


async def current_dialogue(interaction: discord.Interaction[Any],
                           locale: str) -> tuple[str, discord.ui.View] | None:
    """The move dialogue for the clicking player, if it is their turn now."""
    service = client_of(interaction).service
    try:
        options = await service.legal(channel_of(interaction), user_of(interaction))
        status = await service.status(channel_of(interaction))
    except TableError:
        return None
    if not options or status.state is None:
        return None
    return (t(f"phase.{status.state.phase.value}", locale),
            dialogue_view(status.game.id, status.game.version, options, locale))


async def on_tree_error(interaction: discord.Interaction[Any],
                        error: app_commands.AppCommandError) -> None:
    """The command tree's error handler: unwraps discord.py's invoke error."""
    await reply_error(interaction, getattr(error, "original", error))


async def answer_click(interaction: discord.Interaction[Any], handling: Awaitable[None]) -> None:
    """Run a click's handler; a failure is answered like a failed command."""
    try:
        await handling
    except Exception as exc:
        await reply_error(interaction, exc)
