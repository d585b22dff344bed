"""Housekeeping every few seconds: reminders, auto-play, WAL checkpoint, heartbeat."""

from __future__ import annotations

import asyncio
import logging

import discord

from bot.discord.components import TurnButton
from bot.discord.content import Reminder, channel_reminder, dm_reminder
from bot.discord.host import TableClient
from bot.discord.posting import post_result
from bot.tables.domain import Game
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
    """Send due reminders (a reply to the turn post, a DM if asked for), auto-play,
    checkpoint."""
    for reminder in await client.service.due_reminders():
        if reminder.kind == "autoplay":
            before = await client.store.game(reminder.game_id)
            result = await client.service.autoplay(reminder)
            if result is not None and before is not None:
                client.journal.add(result.game.id, [(p.seat, p.events) for p in result.played],
                                   None, result.state)
                await post_result(client, reminder.channel_id, result)
            continue
        if reminder.user_id is None:
            continue
        game = await client.store.game(reminder.game_id)
        if game is None:
            continue
        await send_reminder(client, reminder.channel_id,
                            channel_reminder(reminder.user_id, game))
        prefs = await client.store.user_prefs(reminder.user_id)
        if prefs.dm_reminders:
            await send_dm(client, reminder.user_id, game, prefs.locale or "en")
    await client.store.checkpoint()
    await backup_if_due(client)
    if client.settings.heartbeat is not None:
        client.settings.heartbeat.touch()


async def send_reminder(client: TableClient, channel_id: int, reminder: Reminder) -> None:
    """In the channel: a reply to the live turn post, with a Play button."""
    view = discord.ui.View(timeout=None)
    if reminder.play is not None:
        view.add_item(TurnButton(*reminder.play, t("label.play", reminder.locale)))
    post = client.turn_posts.get(reminder.play[0]) if reminder.play else None
    reference = discord.MessageReference(message_id=post[1], channel_id=post[0],
                                         fail_if_not_exists=False) if post else None
    mentions = discord.AllowedMentions(users=[discord.Object(reminder.mention)]
                                       if reminder.mention else [])
    channel = client.get_partial_messageable(channel_id)
    if reference is not None:
        await channel.send(reminder.text, view=view, reference=reference,
                           allowed_mentions=mentions)
    else:
        await channel.send(reminder.text, view=view, allowed_mentions=mentions)


async def send_dm(client: TableClient, user_id: int, game: Game, locale: str) -> None:
    """By DM: server and channel named, a link button to the turn post."""
    guild = client.get_guild(game.guild_id) if game.guild_id is not None else None
    channel = client.get_channel(game.channel_id)
    post = client.turn_posts.get(game.id)
    reminder = dm_reminder(game, guild.name if guild else "Discord",
                           getattr(channel, "name", None) or str(game.channel_id),
                           post[1] if post else None, locale)
    view = discord.ui.View(timeout=None)
    if reminder.link is not None:
        view.add_item(discord.ui.Button(label=t("label.open_turn", locale), url=reminder.link))
    try:
        user = await client.fetch_user(user_id)
        await user.send(reminder.text, view=view,
                        allowed_mentions=discord.AllowedMentions.none())
    except discord.HTTPException:  # closed DMs: the channel reminder stands
        log.info("could not DM user %s (closed DMs?)", user_id)
async def backup_if_due(client: TableClient) -> None:
    """The scheduled online backup (MOONRIVER_BACKUP_HOURS, keep MOONRIVER_BACKUP_KEEP)."""
    settings, now = client.settings, utc_now()
    if isinstance(client.store, SqliteStore) and backup_due(settings.backups,
                                                            settings.backup_hours, now):
        path = await client.store.backup(settings.backups, settings.backup_keep, now)
        log.info("backup written: %s", path)
