"""Housekeeping every few seconds: deadlines into the outbox, WAL checkpoint, heartbeat;
once an hour, delivered posts older than a week leave the outbox. With several processes
on one database every process runs it: reminders are claimed (each fires once), and the
pruning and the backups are once-only jobs (`GameStore.exclusive`)."""

from __future__ import annotations

import asyncio
import logging
from datetime import timedelta

from bot import APP_NAME
from bot.discord.host import TableClient
from bot.tables.service import utc_now
from bot.tables.store import SqliteStore
from bot.tables.store.guard import backup_due

log = logging.getLogger(APP_NAME)

#: Settled outbox rows (sent, superseded, failed) are kept this long for diagnostics.
SETTLED_POSTS_KEPT = timedelta(days=7)
#: How often the outbox is pruned (a table scan: not every tick).
PRUNE_EVERY = timedelta(hours=1)


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
    if getattr(client.store, "stopped", False):
        # the store stopped writes for good (logged once, CRITICAL): no more rounds, and
        # no heartbeat either, so a health check restarts the bot as the log asks
        return
    fired = await client.service.run_deadlines()
    if fired:
        outcomes = [f.outcome for f in fired]
        log.info("deadlines: %d fired (%s)", len(fired),
                 ", ".join(f"{o} ×{outcomes.count(o)}" for o in sorted(set(outcomes))))
        client.announce()
    await prune_if_due(client)
    await client.store.checkpoint()
    await backup_if_due(client)
    if client.settings.heartbeat is not None:
        client.settings.heartbeat.touch()


async def prune_if_due(client: TableClient) -> None:
    """Delete settled posts older than `SETTLED_POSTS_KEPT`, at most once per `PRUNE_EVERY`
    (the first round after a start prunes). The service's clock: posts are stamped by it."""
    now = client.service.clock()
    if client.pruned_at is not None and now - client.pruned_at < PRUNE_EVERY:
        return
    client.pruned_at = now
    async with client.store.exclusive("prune") as held:  # one process at a time
        pruned = await client.store.prune_posts(now - SETTLED_POSTS_KEPT) if held else 0
    if pruned:
        log.info("outbox: %d settled posts older than %d days deleted", pruned,
                 SETTLED_POSTS_KEPT.days)


async def backup_if_due(client: TableClient) -> None:
    """The scheduled online backup (MOONRIVER_BACKUP_HOURS, keep MOONRIVER_BACKUP_KEEP)."""
    settings, now = client.settings, utc_now()
    if isinstance(client.store, SqliteStore) and backup_due(settings.backups,
                                                            settings.backup_hours, now):
        async with client.store.exclusive("backup") as held:
            if held:
                path = await client.store.backup(settings.backups, settings.backup_keep, now)
                log.info("backup written: %s", path)
