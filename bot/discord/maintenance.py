"""Housekeeping every few seconds: reminders, auto-play, WAL checkpoint, heartbeat."""

from __future__ import annotations

import asyncio
import logging

import discord

from bot.discord.host import TableClient
from bot.discord.posting import post_result
from engine.i18n import t

log = logging.getLogger("moonriver")


async def maintenance_loop(client: TableClient) -> None:
    """Run forever; one failed round is logged and the next one tries again."""
    while True:
        try:
            await run_maintenance(client)
        except Exception:
            log.exception("maintenance failed")
        await asyncio.sleep(client.settings.maintenance_seconds)


async def run_maintenance(client: TableClient) -> None:
    """Send due reminders (channel ping, DM if asked for), auto-play, checkpoint."""
    for reminder in await client.service.due_reminders():
        if reminder.kind == "autoplay":
            result = await client.service.autoplay(reminder)
            if result is not None:
                await post_result(client, reminder.channel_id, result, result.events)
            continue
        if reminder.user_id is None:
            continue
        game = await client.store.game(reminder.game_id)
        locale = game.settings.locale if game is not None else "en"
        text = t("bot.reminder", locale, mention=f"<@{reminder.user_id}>")
        await client.get_partial_messageable(reminder.channel_id).send(
            text, allowed_mentions=discord.AllowedMentions(
                users=[discord.Object(reminder.user_id)]))
        prefs = await client.store.user_prefs(reminder.user_id)
        if prefs.dm_reminders:
            try:
                user = await client.fetch_user(reminder.user_id)
                await user.send(t("bot.reminder", prefs.locale or "en",
                                  mention=f"<#{reminder.channel_id}>"))
            except discord.HTTPException:  # closed DMs: the channel ping stands
                log.info("could not DM user %s (closed DMs?)", reminder.user_id)
    await client.store.checkpoint()
    if client.settings.heartbeat is not None:
        client.settings.heartbeat.touch()
