"""`moonriver db migrate` and `db copy` as an operator runs them (the real command line):
a SQLite file's games onto PostgreSQL, checked by replaying them there, and every refusal
one line with exit status 2 that changes nothing."""

from __future__ import annotations

import asyncio
import json
import shutil
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from bot.cli import main
from bot.tables.domain import Status, UserPrefs
from bot.tables.service import TableService, User
from bot.tables.store import SqliteStore
from bot.tables.store.postgres import PostgresStore
from bot.tables.store.sqlite import SCHEMA_VERSION
from engine.games.rng import Rng
from tests.bot.conftest import ALICE, BOB, CAROL, Clock, fresh_postgres_database
from tests.bot.test_service import CHANNEL, play_out, random_moves, table


@pytest.fixture
def moonriver(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> Any:
    """`moonriver ARGS` with environment `env`, as the command line runs it (its own
    event loop, in a thread): (exit status, its JSON or None, stderr)."""

    async def run(*args: str, **env: str) -> tuple[int, Any, str]:
        for name, value in env.items():
            monkeypatch.setenv(name, value)
        capsys.readouterr()
        status = await asyncio.to_thread(main, list(args))
        out, err = capsys.readouterr()
        return status, json.loads(out) if out.strip() else None, err

    return run


_TEMPLATE: list[tuple[Path, dict[int, int]]] = []


async def server_file(path: Path) -> dict[int, int]:
    """A SQLite file as a running server leaves it: a finished game, one under way (with
    its reminders and outbox rows), a lobby, a player's preferences. Returns each
    game's number of logged actions. (Played once, then copied.)"""
    if _TEMPLATE:
        shutil.copy(_TEMPLATE[0][0], path)
        return dict(_TEMPLATE[0][1])
    counts = await _played(path)
    _TEMPLATE.append((path, counts))
    return dict(counts)


async def _played(path: Path) -> dict[int, int]:
    store = SqliteStore(path)
    await store.open()
    try:
        service = TableService(store, clock=Clock())
        users = {u.id: u for u in (ALICE, BOB, CAROL)}
        await table(service, ALICE, BOB, channel=10)
        await play_out(service, 10, users, Rng(1))
        await table(service, ALICE, BOB, CAROL, channel=CHANNEL)  # random_moves plays there
        await random_moves(service, users, Rng(2), 25)
        await service.create(30, User(7, "Gus"))
        await store.set_user_prefs(UserPrefs(BOB.id, dm_reminders=True, locale="de"))
        games = [g for status in Status for g in await store.games_with_status(status)]
        return {g.id: await store.action_count(g.id) for g in games}
    finally:
        await store.close()


async def test_a_copy_holds_every_game_and_plays_on(
        moonriver: Any, tmp_path: Path) -> None:
    source = tmp_path / "bot.sqlite3"
    counts = await server_file(source)
    assert sorted(counts.values())[-1] > 25  # the finished game is a whole one
    async with fresh_postgres_database() as url:
        status, copied, err = await moonriver("db", "copy", "--from", f"sqlite:{source}",
                                              "--to", url)
        assert status == 0, err
        assert copied["games"] == 3 and copied["replayed"] == 2  # the lobby has no log
        assert copied["rows"]["user_prefs"] == 1 and copied["rows"]["outbox"] > 0
        assert copied["unreplayable"] == []
        target = PostgresStore(url)
        await target.open()
        try:
            for game_id, count in counts.items():
                assert await target.action_count(game_id) == count
            assert (await target.user_prefs(BOB.id)).locale == "de"
            # the copy plays on: the game under way takes its next move, a new table
            # gets an id past the copied ones
            service = TableService(target, clock=Clock())
            users = {u.id: u for u in (ALICE, BOB, CAROL)}
            await random_moves(service, users, Rng(3), 3)
            assert await target.action_count(2) == counts[2] + 3
            fresh = await service.create(40, ALICE)
            assert fresh.id == max(counts) + 1
        finally:
            await target.close()

        # a second copy into the now busy target is refused and changes nothing
        status, _, err = await moonriver("db", "copy", "--from", f"sqlite:{source}",
                                         "--to", url)
        assert status == 2 and "is not empty" in err and "Traceback" not in err
        target = PostgresStore(url)
        await target.open()
        try:
            assert await target.action_count(2) == counts[2] + 3
        finally:
            await target.close()


async def test_a_copy_that_does_not_replay_is_undone(
        moonriver: Any, tmp_path: Path) -> None:
    """The check is real: a game whose snapshot its log does not replay to (here the
    file's snapshot row is tampered with) fails the copy, exit 1, and the target is left
    empty."""
    source = tmp_path / "bot.sqlite3"
    await server_file(source)
    db = sqlite3.connect(source)
    (state,) = db.execute("SELECT state FROM snapshots WHERE game_id = 2").fetchone()
    tampered = json.loads(state)
    tampered["round"] = int(tampered.get("round", 0)) + 7
    db.execute("UPDATE snapshots SET state = ? WHERE game_id = 2", (json.dumps(tampered),))
    db.commit()
    db.close()
    async with fresh_postgres_database() as url:
        status, _, err = await moonriver("db", "copy", "--from", f"sqlite:{source}",
                                         "--to", url)
        assert status == 1 and "game 2 replays on the target to a state other" in err
        target = PostgresStore(url)
        await target.open()
        try:
            assert [g for s in Status for g in await target.games_with_status(s)] == []
        finally:
            await target.close()


@pytest.mark.parametrize(("source", "target", "message"), [
    ("{file}", "{url}", "--from must be sqlite:PATH"),
    ("sqlite:", "{url}", "--from must be sqlite:PATH"),
    ("sqlite:{missing}", "{url}", "no SQLite file at"),
    ("sqlite:{other}", "{url}", "is not a Moon River database"),
    ("sqlite:{text}", "{url}", "is not a usable SQLite database"),
    ("sqlite:{file}", "mysql://bot@db/moonriver", "--to must be a PostgreSQL URL"),
    ("sqlite:{file}", "postgresql://bot@db", "--to names no database"),
])
async def test_bad_copy_input_exits_2_with_one_line(
        moonriver: Any, tmp_path: Path, source: str, target: str, message: str) -> None:
    file = tmp_path / "bot.sqlite3"
    await server_file(file)
    other = tmp_path / "other.sqlite3"
    sqlite3.connect(other).execute("CREATE TABLE notes (x)").connection.close()
    text = tmp_path / "notes.txt"
    text.write_text("not a database at all, just some words " * 100)
    async with fresh_postgres_database() as url:
        names = {"file": file, "missing": tmp_path / "nope.sqlite3", "other": other,
                 "text": text, "url": url}
        status, out, err = await moonriver("db", "copy", "--from", source.format(**names),
                                           "--to", target.format(**names))
        assert status == 2 and out is None
        assert err.startswith("moonriver: ") and message in err and err.count("\n") == 1
        target_store = PostgresStore(url)
        await target_store.open()
        try:  # nothing was written
            assert [g for s in Status for g in await target_store.games_with_status(s)] == []
        finally:
            await target_store.close()


async def test_migrate_brings_either_engine_to_this_schema(
        moonriver: Any, tmp_path: Path) -> None:
    file = tmp_path / "new.sqlite3"
    status, out, err = await moonriver("db", "migrate", MOONRIVER_DB=str(file),
                                       MOONRIVER_DATABASE_URL="")
    assert status == 0, err
    assert out == {"engine": "sqlite", "database": str(file), "schema_before": 0,
                   "schema": SCHEMA_VERSION}
    async with fresh_postgres_database() as url:
        for before in (0, SCHEMA_VERSION):  # the second run finds nothing to do
            status, out, err = await moonriver("db", "migrate", MOONRIVER_DATABASE_URL=url)
            assert status == 0, err
            assert out["engine"] == "postgresql" and out["schema_before"] == before
            assert out["schema"] == SCHEMA_VERSION
    status, _, err = await moonriver("db", "migrate",
                                     MOONRIVER_DATABASE_URL="postgresql://x@db")
    assert status == 2 and "MOONRIVER_DATABASE_URL names no database" in err
