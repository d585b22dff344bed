"""`moonriver run` on PostgreSQL (MOONRIVER_DATABASE_URL): a whole game clicked through
the fake Discord, the bot killed and started again mid-game, every move kept there and
no SQLite file made."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.tables.domain import Status
from bot.tables.store.postgres import PostgresStore
from tests.bot.conftest import fresh_postgres_database
from tests.bot.test_end_to_end import (
    ALICE,
    BOB,
    Bot,
    Tally,
    play_to_the_end,
    started_table,
    take_turn,
)
from tests.fake_discord import FakeDiscord


@pytest.mark.system
async def test_a_whole_game_on_postgresql_through_a_kill(tmp_path: Path) -> None:
    async with fresh_postgres_database() as url:
        fake = FakeDiscord()
        await fake.start()
        unused = tmp_path / "bot.sqlite3"
        bot = Bot(fake, unused, extra_env={"MOONRIVER_DATABASE_URL": url})
        try:
            await bot.start()
            table = await started_table(fake, ALICE, [BOB])
            for _ in range(4):
                table = await take_turn(fake, table)
            await bot.stop()  # SIGKILL mid-game
            await bot.start()
            final = await play_to_the_end(fake, table, Tally())
        finally:
            await bot.stop()
            await fake.stop()
        assert "🏆" in final.content
        assert not unused.exists()

        store = PostgresStore(url)
        await store.open()
        try:
            (game,) = await store.games_with_status(Status.FINISHED)
            assert await store.snapshot_mismatches() == []
            assert await store.action_count(game.id) > 4
            assert [r.game_id for r in await store.results(game.guild_id)] == [game.id]
        finally:
            await store.close()
