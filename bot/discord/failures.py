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

from bot import APP_NAME
from bot.discord.components import Components
from bot.discord.dialogue import current_screen
from bot.discord.host import channel_of, client_of, locale_of, reply_private, user_of
from bot.discord.safe_text import safe_name
from bot.discord.screens import Screen, in_private_message, show
from bot.tables.errors import StaleActionError, TableError
from bot.tables.fronts import game_text
from bot.tables.service import rules_of
from engine.games.i18n import t

log = logging.getLogger(APP_NAME)


async def reply_error(interaction: discord.Interaction[Any], exc: BaseException) -> None:
    """Tell the user what went wrong in their language (never a traceback)."""
    locale = locale_of(interaction)
    if not isinstance(exc, TableError):
        log.exception("unexpected error", exc_info=exc)
    text = refusal_text(exc, locale)
    if isinstance(exc, StaleActionError):  # offer the table as it is now, in place
        try:
            screen = await current_screen(client_of(interaction), channel_of(interaction),
                                          user_of(interaction), locale)
        except TableError:
            screen = None
        if screen is not None:
            await show(interaction, Screen(f"{text}\n{screen.text}", screen.view,
                                           screen.picture))
            return
        if in_private_message(interaction):  # not theirs to play now: the old message
            # says so in place and keeps no buttons that could only be refused again
            await show(interaction, Screen(await _out_of_date(interaction, locale),
                                           Components()))
            return
    await reply_private(interaction, text)


async def _out_of_date(interaction: discord.Interaction[Any], locale: str) -> str:
    """What an old private message says when tapped after the turn moved on to
    someone else (or the game ended)."""
    client = client_of(interaction)
    try:
        status = await client.service.status(channel_of(interaction))
    except TableError:
        return t("error.stale_over", locale)
    seat = rules_of(status.game).active_seat(status.state) if status.state else None
    if seat is None:
        return t("error.stale_over", locale)
    return t("error.stale_elsewhere", locale, player=safe_name(status.game.seats[seat].name))


def refusal_text(exc: BaseException, locale: str) -> str:
    """A refusal in `locale`, in the game's own words where the error names its game
    (`game` among its params: Kingdomino's dominoes, not Moon River's parcels)."""
    if not isinstance(exc, TableError):
        return t("error.table_error", locale)
    game = exc.params.get("game")
    key = f"error.{exc.code}"
    text = game_text(game, key, locale, **exc.params) if isinstance(game, str) \
        else t(key, locale, **exc.params)
    if exc.code == "illegal" and locale == "en":  # the engine explains in English only
        text = f"{text} {exc}"
    return text


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
