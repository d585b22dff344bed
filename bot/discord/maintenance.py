"""Housekeeping every few seconds: deadlines into the outbox, WAL checkpoint, heartbeat."""

from __future__ import annotations

import asyncio
import logging

from bot.discord.host import TableClient
from bot.tables.fronts import front_of
from bot.tables.service import utc_now
from bot.tables.store import SqliteStore
from bot.tables.store.guard import backup_due

log = logging.getLogger("moonriver")


async def maintenance_loop(client: TableClient) -> None:
    """Run until cancelled; one failed round is logged and the next one tries again."""
    while True:
        try:
            await run_maintenance(client)
        except Exception:
            log.exception("maintenance failed")
        await asyncio.sleep(client.settings.maintenance_seconds)


async def run_maintenance(client: TableClient) -> None:
    """Fire due reminders (each row on its own: reminders and DMs become outbox posts,
    auto-play deadlines play the silent player's turn), then checkpoint and heartbeat."""
    fired = await client.service.run_deadlines()
    if fired:
        outcomes = [f.outcome for f in fired]
        log.info("deadlines: %d fired (%s)", len(fired),
                 ", ".join(f"{o} ×{outcomes.count(o)}" for o in sorted(set(outcomes))))
        for fire in fired:  # a stand-in's moves are narrated in the next table post
            if fire.result is not None:
                result = fire.result
                client.journal.add(result.game.id,
                                   [(p.seat, p.events) for p in result.played], None,
                                   result.state,
                                   front_of(result.game.options.game).segments_of)
        client.announce()
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
