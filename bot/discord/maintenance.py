"""Housekeeping every few seconds: reminders, auto-play, WAL checkpoint, heartbeat."""

from __future__ import annotations

import asyncio
import logging

import discord

from bot.discord.host import TableClient
from bot.discord.posting import post_result
from bot.tables.service import utc_now
from bot.tables.store import SqliteStore
from bot.tables.store.guard import backup_due
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
    await backup_if_due(client)
    if client.settings.heartbeat is not None:
        client.settings.heartbeat.touch()


async def backup_if_due(client: TableClient) -> None:
    """The scheduled online backup (MOONRIVER_BACKUP_HOURS, keep MOONRIVER_BACKUP_KEEP)."""
    settings, now = client.settings, utc_now()
    if isinstance(client.store, SqliteStore) and backup_due(settings.backups,
                                                            settings.backup_hours, now):
        path = await client.store.backup(settings.backups, settings.backup_keep, now)
        log.info("backup written: %s", path)
