"""The private move dialogue: your-turn click, pair, spot, confirm, and acting.

Each step is built from the service's legal actions for the clicking player, so a stale
or foreign click can only be refused, never misapplied.
"""

from __future__ import annotations

import asyncio
import io
from typing import Any

import discord

from bot.discord.components import confirm_view, dialogue_view, pair_key, position_view
from bot.discord.host import channel_of, client_of, locale_of, user_of
from bot.discord.posting import post_result
from bot.discord.safe_text import safe_name
from bot.tables.errors import BadInput, NotYourTurn, StaleActionError
from engine.actions import Build
from engine.i18n import t
from engine.view import public_view
from render import render_preview, to_png_bytes
from render.theme import theme_named


async def open_dialogue(interaction: discord.Interaction[Any], game_id: int,
                        version: int) -> None:
    """'Your turn' clicked: the first step of the dialogue, privately."""
    service = client_of(interaction).service
    locale = locale_of(interaction)
    channel_id = channel_of(interaction)
    status = await service.status(channel_id)
    options = await service.legal(channel_id, user_of(interaction))
    if not options:
        seat = status.state.active_seat if status.state else None
        name = safe_name(status.game.seats[seat].name) if seat is not None else ""
        raise NotYourTurn("not your turn", player=name)
    game = status.game
    assert status.state is not None
    text = t(f"phase.{status.state.phase.value}", locale)
    if (game.id, game.version) != (game_id, version):  # an old message: say so
        text = f"{t('error.stale', locale)}\n{text}"
    await interaction.response.send_message(
        text, ephemeral=True, view=dialogue_view(game.id, game.version, options, locale))


async def pick_pair(interaction: discord.Interaction[Any], pair: str) -> None:
    """Step two of building: the spots where the chosen pair fits, drawn as a preview."""
    service = client_of(interaction).service
    locale = locale_of(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    channel_id = channel_of(interaction)
    options = await service.legal(channel_id, user_of(interaction))
    builds = [a for a in options if isinstance(a, Build) and pair_key(a) == pair]
    if not builds:
        raise BadInput("those parcels cannot be built now")
    status = await service.status(channel_id)
    assert status.state is not None
    seat = status.state.active_seat or 0
    view = public_view(status.state)
    theme = theme_named(status.game.settings.theme)
    png = await asyncio.to_thread(
        lambda: to_png_bytes(render_preview(view, seat, builds, None, theme=theme,
                                            locale=locale)))
    await interaction.followup.send(
        t("bot.pick_spot", locale), ephemeral=True,
        file=discord.File(io.BytesIO(png), "preview.png"),
        view=position_view(status.game.id, status.game.version, builds, locale))


async def propose(interaction: discord.Interaction[Any], text: str) -> None:
    """Step three: the chosen domino drawn into the ranch, with a Confirm button."""
    service = client_of(interaction).service
    locale = locale_of(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    channel_id = channel_of(interaction)
    options = await service.legal(channel_id, user_of(interaction))
    build = next((a for a in options if isinstance(a, Build) and str(a) == text), None)
    if build is None:
        raise StaleActionError("the table has moved on")
    status = await service.status(channel_id)
    assert status.state is not None
    view = public_view(status.state)
    seat = status.state.active_seat or 0
    same_pair = [a for a in options if isinstance(a, Build)
                 and pair_key(a) == pair_key(build)]
    theme = theme_named(status.game.settings.theme)
    png = await asyncio.to_thread(lambda: to_png_bytes(render_preview(
        view, seat, same_pair, build, theme=theme, locale=locale)))
    await interaction.followup.send(
        str(build), ephemeral=True, file=discord.File(io.BytesIO(png), "proposal.png"),
        view=confirm_view(status.game.id, status.game.version, build, locale))


async def act(interaction: discord.Interaction[Any], version: int | None, action: str) -> None:
    """Apply an action for the clicking (or typing) player and post the new table."""
    client = client_of(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    channel_id = channel_of(interaction)
    result = await client.service.act(channel_id, user_of(interaction), action, version)
    await interaction.followup.send(t("bot.done", locale_of(interaction)), ephemeral=True)
    await post_result(client, channel_id, result, result.events)
