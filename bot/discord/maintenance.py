"""Housekeeping every few seconds: deadlines into the outbox, WAL checkpoint, heartbeat."""

from __future__ import annotations

import asyncio
import logging

from bot.discord.host import TableClient

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
        client.announce()
    await client.store.checkpoint()
    if client.settings.heartbeat is not None:
        client.settings.heartbeat.touch()
