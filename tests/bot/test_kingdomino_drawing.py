"""Kingdomino's pictures leave the bot's process: with the real bot and the
fake Discord, a Kingdomino-only table starts the drawing worker (nothing else would:
the worker starts on first use) and its posts and previews are drawn there."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.bot.test_computers_end_to_end import spawned_children
from tests.bot.test_end_to_end import (
    ALICE,
    BOB,
    Tally,
    discord_and_bot,  # noqa: F401 (a fixture)
    take_turn,
)
from tests.bot.test_kingdomino_discord import kingdomino_table


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / 100  # USER_HZ, 100 on Linux


def drawing_workers(pid: int) -> list[int]:
    return [c for c in spawned_children(pid)
            if b"render.worker" in Path(f"/proc/{c}/cmdline").read_bytes()]


@pytest.mark.system
async def test_kingdomino_posts_and_previews_are_drawn_in_the_worker(
        discord_and_bot) -> None:  # noqa: F811 (the fixture)
    fake, bot = discord_and_bot
    assert bot.process is not None
    assert drawing_workers(bot.process.pid) == []  # nothing drawn yet
    table = await kingdomino_table(fake, [ALICE, BOB])
    assert "table.png" in table.files
    workers = drawing_workers(bot.process.pid)
    assert len(workers) == 1  # the first post was drawn there
    before = cpu_seconds(workers[0])
    tally = Tally()
    for _ in range(8):  # claims, then placements with their lettered previews
        table = await take_turn(fake, table, tally)
    # a king turn followed by the same player's goes on in the same message: 8 or more
    assert tally.turns >= 8 and "table.png" in table.files
    assert drawing_workers(bot.process.pid) == workers  # the same worker, still alive
    assert cpu_seconds(workers[0]) - before >= 0.05  # 8 posts and the previews: drawn there
