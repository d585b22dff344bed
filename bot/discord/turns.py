"""Typed moves for any game: the autocompletion of legal moves, and undo."""

from __future__ import annotations

import logging
from collections.abc import Callable, Coroutine
from typing import Any

import discord
from discord import app_commands

from bot import APP_NAME
from bot.discord.dialogue import resume_kept, taken_back
from bot.discord.host import channel_of, client_of, locale_of, user_of
from bot.discord.texts import command_text
from bot.tables.errors import TableError
from bot.tables.fronts import front_of
from engine.games.i18n import t

log = logging.getLogger(APP_NAME)

Completer = Callable[[discord.Interaction[Any], str],
                     Coroutine[Any, Any, list[app_commands.Choice[str]]]]


def matches(text: str, tokens: list[str]) -> bool:
    """Every typed token (any case) starts some word of the text: 'a1', 'forest', 'p17'."""
    words = text.lower().replace("·", " ").split()
    return all(any(w.startswith(tok.lower()) for w in words) for tok in tokens)


def legal_moves(verb: str | None) -> Completer:
    """Autocomplete with the legal moves of the user (of one verb, or all), each named
    by its label in the user's language."""
    async def complete(interaction: discord.Interaction[Any],
                       current: str) -> list[app_commands.Choice[str]]:
        service = client_of(interaction).service
        try:
            options = await service.legal(channel_of(interaction), user_of(interaction))
            status = await service.status(channel_of(interaction))
        except TableError:
            return []
        state = status.state
        if state is None:
            return []
        front = front_of(status.game.options.game)
        locale = locale_of(interaction)
        tokens = current.lower().split()
        named = []
        for action in options:
            if verb is not None and not str(action).startswith(verb):
                continue
            label = front.action_label(state, action, locale)
            name = f"{label.text} — {label.description}" if label.description else label.text
            named.append((name[:100], str(action)))
        # the player reads their words only (①–④ first, as the buttons order them); the
        # action text is the value sent back, and typing a word of it matches too
        return [app_commands.Choice(name=name, value=value) for name, value in sorted(named)
                if matches(f"{name} {value}", tokens)][:25]
    return complete


@app_commands.command(name=command_text("undo", "name"),
                      description=command_text("undo", "description"))
async def undo(interaction: discord.Interaction[Any]) -> None:
    """Take back one's own last move (the service decides whether that is still fair)."""
    client = client_of(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    channel_id = channel_of(interaction)
    user = user_of(interaction)
    result = await client.service.undo(channel_id, user)
    client.announce()  # the table as it is again is in the outbox, committed with the undo
    reopened = False
    try:  # best effort, as a resumed turn at delivery: the undo itself is done
        await taken_back(client, result.game, user.id)
        # their last turn's message, if it is kept, opens the move taken back at once
        reopened = await resume_kept(client, result.game, result.state, user.id,
                                     undone=True)
    except Exception:
        log.exception("game %s: the private messages around an undo were not updated",
                      result.game.id)
    await interaction.followup.send(
        t("step.undone_where" if reopened else "bot.done", locale_of(interaction)),
        ephemeral=True)


#: The typed commands every game's group offers (`groups.SHARED`); a game's own typed
#: moves live with the game (bot/discord/games/).
COMMANDS: tuple[app_commands.Command[Any, ..., None], ...] = (undo,)
