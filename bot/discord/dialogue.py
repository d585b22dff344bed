"""The private turn: 'Play' opens one ephemeral message, every step edits it in place.

Play → (pair) → placement → proposal → Confirm → next decision … → '✅ your turn is
over'. Each step answers with UPDATE_MESSAGE (`edit_message`) when the click came from
the private message, so a turn costs one new private message (issue 9). Each step is
rebuilt from the service's legal actions for the clicking player, so a stale or foreign
click can only be refused, never misapplied.
"""

from __future__ import annotations

import io
from typing import Any

import discord

from bot.discord.drawing import drawn
from bot.discord.host import TableClient, channel_of, client_of, locale_of, user_of
from bot.discord.patience import deferred_click, in_time
from bot.discord.safe_text import safe_name
from bot.discord.screens import (
    Screen,
    decision_screen,
    done_screen,
    placement_screen,
    proposal_screen,
)
from bot.tables.errors import BadInput, NotYourTurn, StaleActionError
from bot.tables.labels import pair_key
from bot.tables.narrate import turn_lines
from bot.tables.service import TURN_OVER, ActResult, User
from engine.actions import Build
from engine.i18n import t


def _in_private_message(interaction: discord.Interaction[Any]) -> bool:
    message = interaction.message
    return message is not None and message.flags.ephemeral


async def show(interaction: discord.Interaction[Any], screen: Screen) -> None:
    """Edit the private message in place, or open it (from a public post or a command)."""
    files = [discord.File(io.BytesIO(screen.picture[1]), screen.picture[0])] \
        if screen.picture else []
    if _in_private_message(interaction) and not interaction.response.is_done():
        await interaction.response.edit_message(content=screen.text, view=screen.view,
                                                attachments=files)
    elif deferred_click(interaction):  # acknowledged while computers thought
        await interaction.edit_original_response(content=screen.text, view=screen.view,
                                                 attachments=files)
    elif interaction.response.is_done():
        await interaction.followup.send(screen.text, view=screen.view, files=files,
                                        ephemeral=True)
    else:
        await interaction.response.send_message(screen.text, view=screen.view, files=files,
                                                ephemeral=True)


async def current_screen(client: TableClient, channel_id: int, user: User,
                         locale: str) -> Screen | None:
    """The decision the user faces now, or None when it is not their turn."""
    options = await client.service.legal(channel_id, user)
    if not options:
        return None
    status = await client.service.status(channel_id)
    assert status.state is not None
    state, game = status.state, status.game
    return await drawn(decision_screen, game, state, options, locale)


async def open_dialogue(interaction: discord.Interaction[Any], game_id: int,
                        version: int) -> None:
    """'Play' (or Back): the current decision, privately."""
    client = client_of(interaction)
    channel_id = channel_of(interaction)
    screen = await current_screen(client, channel_id, user_of(interaction),
                                  locale_of(interaction))
    if screen is None:
        status = await client.service.status(channel_id)
        seat = status.state.active_seat if status.state else None
        name = safe_name(status.game.seats[seat].name) if seat is not None else ""
        raise NotYourTurn("not your turn", player=name)
    await show(interaction, screen)


async def pick_pair(interaction: discord.Interaction[Any], pair: str) -> None:
    """A pair chosen: its lettered positions on the preview."""
    client = client_of(interaction)
    locale = locale_of(interaction)
    channel_id = channel_of(interaction)
    options = await client.service.legal(channel_id, user_of(interaction))
    builds = [a for a in options if isinstance(a, Build) and pair_key(a) == pair]
    if not builds:
        raise StaleActionError("those parcels cannot be built now")
    status = await client.service.status(channel_id)
    assert status.state is not None
    state, game = status.state, status.game
    others = [a for a in options if not isinstance(a, Build)]
    screen = await drawn(placement_screen, game, state, builds, others, locale,
                                     back=True)
    await show(interaction, screen)


async def propose(interaction: discord.Interaction[Any], text: str) -> None:
    """A position chosen (or ⇄): the domino drawn in, to confirm."""
    client = client_of(interaction)
    locale = locale_of(interaction)
    channel_id = channel_of(interaction)
    options = await client.service.legal(channel_id, user_of(interaction))
    build = next((a for a in options if isinstance(a, Build) and str(a) == text), None)
    if build is None:
        raise StaleActionError("the table has moved on")
    status = await client.service.status(channel_id)
    assert status.state is not None
    same_pair = [a for a in options if isinstance(a, Build) and pair_key(a) == pair_key(build)]
    screen = await drawn(proposal_screen, status.game, status.state, build,
                                     same_pair, locale)
    await show(interaction, screen)


def turn_is_over(result: ActResult) -> bool:
    """The acting player's turn ended: the turn passed on, or the game is over."""
    if result.finished or not result.played:
        return True
    if result.state.active_seat != result.played[0].seat:
        return True
    return any(isinstance(e, TURN_OVER) for e in result.played[0].events)


async def act(interaction: discord.Interaction[Any], version: int | None, action: str) -> None:
    """Apply an action for the clicking (or typing) player: the next decision in the same
    message, or the confirmation and the one public post when the turn is over."""
    client = client_of(interaction)
    locale = locale_of(interaction)
    channel_id = channel_of(interaction)
    user = user_of(interaction)
    before = await client.service.status(channel_id)
    result = await in_time(interaction, client.service.act(channel_id, user, action, version))
    game = result.game
    client.journal.add(game.id, [(p.seat, p.events) for p in result.played], before.state,
                       result.state)
    if not turn_is_over(result):
        screen = await current_screen(client, channel_id, user, locale)
        if screen is None:  # cannot happen while the turn goes on; say so rather than hang
            raise BadInput("nothing to decide")
        await show(interaction, screen)
        return
    lines = turn_lines(client.journal.first_turn(game.id, locale, safe_name),
                       [safe_name(n) for n in result.state.config.players], locale)
    await show(interaction, done_screen(lines[0] if lines else t("bot.done", locale), locale))
    client.announce()  # the table post is in the outbox, committed with the move
