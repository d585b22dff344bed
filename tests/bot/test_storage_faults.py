"""Storage that defends itself: one test per fault an operator can cause.

Real SQLite files throughout; the start-up refusals are also checked through the real
`moonriver run` process: one line on stderr, exit 2, no traceback, no Discord contacted.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

import pytest

from bot.tables.errors import SchemaTooNew, StoreError
from bot.tables.service import TableService
from bot.tables.store import SqliteStore
from bot.tables.store.guard import DatabaseLocked, DatabaseReplaced
from tests.bot.conftest import ALICE, BOB

CHANNEL = 100


async def _store_with_a_game(path: Path) -> tuple[SqliteStore, TableService]:
    store = SqliteStore(path)
    await store.open()
    service = TableService(store)
    await service.create(CHANNEL, ALICE)
    return store, service


async def _made_database(path: Path) -> None:
    store, _service = await _store_with_a_game(path)
    await store.close()


def run_bot(database: Path) -> subprocess.CompletedProcess[str]:
    """`moonriver run` against a local address nobody listens on: a refusal must come
    before any connection attempt, so the test never needs Discord."""
    env = {**os.environ, "DISCORD_TOKEN": "x" * 24 + ".fake.token", "MOONRIVER_DB": str(database),
           "DISCORD_API_BASE": "http://127.0.0.1:9/api/v10",
           "DISCORD_GATEWAY_URL": "ws://127.0.0.1:9"}
    return subprocess.run([sys.executable, "-m", "bot.cli", "run"], capture_output=True,
                          text=True, env=env, timeout=60)


def assert_one_line_refusal(done: subprocess.CompletedProcess[str], *words: str) -> None:
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("moonriver: "), done.stderr
    for word in words:
        assert word in lines[0]


# --- one process per file ---------------------------------------------------------------


async def test_a_second_store_on_the_same_file_is_refused_while_the_first_is_open(
        tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    first, _service = await _store_with_a_game(path)
    with pytest.raises(DatabaseLocked, match=f"pid {os.getpid()}"):
        await SqliteStore(path).open()
    await first.close()
    again = SqliteStore(path)  # the lock goes with the store that held it
    await again.open()
    await again.close()


@pytest.mark.system
async def test_a_second_bot_process_refuses_to_start(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    first, _service = await _store_with_a_game(path)
    try:
        assert_one_line_refusal(run_bot(path), "in use by another Moon River process")
    finally:
        await first.close()


@pytest.mark.parametrize("link", ["symlink", "hard link"])
async def test_a_second_bot_through_a_link_to_the_file_is_refused(tmp_path: Path,
                                                                  link: str) -> None:
    """The lock follows the file (device and inode), not its name."""
    path = tmp_path / "games.sqlite3"
    other = tmp_path / "elsewhere"
    other.mkdir()
    alias = other / "alias.sqlite3"
    first, _service = await _store_with_a_game(path)
    try:
        if link == "symlink":
            alias.symlink_to(path)
        else:
            os.link(path, alias)
        with pytest.raises(DatabaseLocked):
            await SqliteStore(alias).open()
        assert_one_line_refusal(run_bot(alias), "in use by another Moon River process")
    finally:
        await first.close()
    again = SqliteStore(alias)  # the lock goes with the store that held it
    await again.open()
    await again.close()


# --- the file changes under the running bot -------------------------------------------


async def test_a_deleted_database_stops_writes_and_is_not_recreated(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    store, service = await _store_with_a_game(path)
    for leftover in (path, Path(f"{path}-wal"), Path(f"{path}-shm")):
        leftover.unlink(missing_ok=True)
    with pytest.raises(DatabaseReplaced, match="deleted"):
        await service.join(CHANNEL, BOB)
    with pytest.raises(DatabaseReplaced):
        await store.checkpoint()  # the maintenance tick: no fresh, empty file
    assert not path.exists()
    await store.close()
    assert not path.exists()


async def test_a_replaced_database_stops_writes_for_good(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    other = tmp_path / "other.sqlite3"
    sqlite3.connect(other).close()
    store, service = await _store_with_a_game(path)
    os.replace(other, path)
    with pytest.raises(DatabaseReplaced, match="replaced"):
        await store.checkpoint()
    with pytest.raises(DatabaseReplaced):  # and every write after it
        await service.join(CHANNEL, BOB)
    await store.close()


@pytest.mark.parametrize("copied", ["another database", "a backup of this one"])
async def test_a_database_copied_over_the_live_file_stops_writes_with_a_critical_line(
        tmp_path: Path, caplog: pytest.LogCaptureFixture, copied: str) -> None:
    """`cp other.sqlite3 games.sqlite3` keeps the inode and rewrites the bytes."""
    import logging
    from datetime import UTC, datetime

    path = tmp_path / "games.sqlite3"
    store, service = await _store_with_a_game(path)
    if copied == "another database":
        other = tmp_path / "other.sqlite3"
        await _made_database(other)
    else:
        other = await store.backup(tmp_path / "backups", 2, datetime.now(UTC))
    await service.join(CHANNEL, BOB)  # the bot writes on
    await store.checkpoint()
    inode = path.stat().st_ino
    shutil.copyfile(other, path)
    assert path.stat().st_ino == inode  # the same file, other bytes
    with caplog.at_level(logging.CRITICAL, logger="moonriver"):
        with pytest.raises(DatabaseReplaced, match="overwritten"):
            await service.leave(CHANNEL, BOB)
        with pytest.raises(DatabaseReplaced):
            await store.checkpoint()  # the maintenance tick: nothing written into it
    critical = [r for r in caplog.records if r.levelno == logging.CRITICAL]
    assert len(critical) == 1 and str(path) in critical[0].getMessage()
    await store.close()


# --- start-up refusals: one line, exit 2 ------------------------------------------------


@pytest.mark.system
async def test_a_damaged_page_refuses_start_up(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    await _made_database(path)
    connection = sqlite3.connect(path)  # pages to spare: a game's rows on many pages
    connection.execute("CREATE TABLE filler (x TEXT)")
    connection.executemany("INSERT INTO filler VALUES (?)", [("x" * 900,)] * 400)
    connection.commit()
    (page_size,) = connection.execute("PRAGMA page_size").fetchone()
    (pages,) = connection.execute("PRAGMA page_count").fetchone()
    connection.close()
    with path.open("r+b") as file:  # scribble over one b-tree page in the middle
        file.seek(page_size * (pages // 2))
        file.write(b"\xff\x00\x13" * (page_size // 3))
    with pytest.raises(StoreError, match=r"damaged|malformed|not a usable"):
        await SqliteStore(path).open()
    assert_one_line_refusal(run_bot(path), str(path))


@pytest.mark.system
async def test_a_newer_schema_refuses_start_up(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    await _made_database(path)
    connection = sqlite3.connect(path)
    connection.execute("PRAGMA user_version = 999")
    connection.close()
    with pytest.raises(SchemaTooNew):
        await SqliteStore(path).open()
    assert_one_line_refusal(run_bot(path), "newer")


@pytest.mark.system
def test_a_file_that_is_not_a_database_refuses_start_up(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    path.write_bytes(b"PK\x03\x04 a zip file, perhaps" * 200)
    assert_one_line_refusal(run_bot(path), "not a usable Moon River database")


@pytest.mark.system
async def test_a_truncated_database_refuses_start_up(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    await _made_database(path)
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 3 + 100])
    done = run_bot(path)
    assert_one_line_refusal(done, str(path))


@contextmanager
def read_only(path: Path) -> Iterator[None]:
    """chmod for an ordinary user; root ignores modes, so the immutable flag for root."""
    path.chmod(0o444)
    immutable = False
    if os.access(path, os.W_OK) and shutil.which("chattr"):
        immutable = subprocess.run(["chattr", "+i", str(path)],
                                   capture_output=True).returncode == 0
    try:
        if os.access(path, os.W_OK):
            pytest.skip("cannot make a file read-only for this user here")
        yield
    finally:
        if immutable:
            subprocess.run(["chattr", "-i", str(path)], check=True)
        path.chmod(0o644)


@pytest.mark.system
async def test_a_read_only_database_refuses_start_up(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    await _made_database(path)
    with read_only(path):
        with pytest.raises(StoreError, match="read-only"):
            await SqliteStore(path).open()
        assert_one_line_refusal(run_bot(path), "read-only")


# --- backups and restore -----------------------------------------------------------------


async def test_online_backups_keep_the_newest_n_and_hold_the_games(tmp_path: Path) -> None:
    from datetime import UTC, datetime, timedelta

    from bot.tables.store.guard import backups_in

    odd = tmp_path / "a #1 ?50%"  # URI characters in the folder: still this path
    odd.mkdir()
    path, folder = odd / "games.sqlite3", tmp_path / "backups"
    store, service = await _store_with_a_game(path)
    start = datetime(2026, 11, 30, 8, 0, tzinfo=UTC)
    made = [await store.backup(folder, 3, start + timedelta(hours=h)) for h in range(5)]
    await service.join(CHANNEL, BOB)  # the bot writes on between backups
    assert backups_in(folder) == made[-3:]  # the two oldest were pruned
    assert not list(folder.glob("*.partial"))
    newest = sqlite3.connect(made[-1])
    assert newest.execute("PRAGMA quick_check").fetchone() == ("ok",)
    assert newest.execute("SELECT count(*) FROM seats").fetchone() == (1,)  # before Bob
    newest.close()
    await store.close()


def test_a_backup_is_due_after_the_interval_only(tmp_path: Path) -> None:
    from datetime import UTC, datetime, timedelta

    from bot.tables.store.guard import backup_due, backup_name

    folder = tmp_path / "backups"
    now = datetime.now(UTC)
    assert backup_due(folder, 6, now)  # none yet
    assert not backup_due(folder, 0, now)  # switched off
    folder.mkdir()
    (folder / backup_name(now)).write_bytes(b"")
    assert not backup_due(folder, 6, now + timedelta(hours=5))
    assert backup_due(folder, 6, now + timedelta(hours=6, seconds=1))


def restore(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "bot.cli", "restore", *args],
                          capture_output=True, text=True, timeout=60)


@pytest.mark.system
async def test_restore_refuses_while_a_bot_holds_the_database_then_restores(
        tmp_path: Path) -> None:
    import json
    from datetime import UTC, datetime

    path, folder = tmp_path / "games.sqlite3", tmp_path / "backups"
    store, service = await _store_with_a_game(path)
    backup = await store.backup(folder, 2, datetime.now(UTC))
    await service.join(CHANNEL, BOB)
    assert_one_line_refusal(restore(str(backup), "--db", str(path)), "in use")
    await store.close()
    done = restore(str(backup), "--db", str(path))
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["database"] == str(path) and Path(report["previous"]).exists()
    store = SqliteStore(path)
    await store.open()
    game = await store.open_game_in(CHANNEL)
    assert game is not None and [s.user_id for s in game.seats] == [ALICE.id]  # as backed up
    await store.close()
    kept = SqliteStore(report["previous"])  # the file it replaced, with Bob, is kept
    await kept.open()
    game = await kept.open_game_in(CHANNEL)
    assert game is not None and len(game.seats) == 2
    await kept.close()


@pytest.mark.system
def test_restore_refuses_a_file_that_is_not_a_backup(tmp_path: Path) -> None:
    junk = tmp_path / "junk.sqlite3"
    junk.write_bytes(b"not sqlite at all " * 100)
    assert_one_line_refusal(restore(str(junk), "--db", str(tmp_path / "games.sqlite3")),
                            "junk.sqlite3")
    assert not (tmp_path / "games.sqlite3").exists()
    assert_one_line_refusal(restore(str(tmp_path / "missing.sqlite3"), "--db",
                                    str(tmp_path / "games.sqlite3")), "no backup")


# --- the running bot -------------------------------------------------------------------


@pytest.mark.system
async def test_the_running_bot_backs_up_and_stops_writing_when_its_file_is_deleted(
        tmp_path: Path) -> None:
    import asyncio

    from tests.bot.test_end_to_end import ALICE as ALICE_ON_DISCORD
    from tests.bot.test_end_to_end import BOB as BOB_ON_DISCORD
    from tests.bot.test_end_to_end import Bot
    from tests.fake_discord import FakeDiscord

    fake = FakeDiscord()
    await fake.start()
    path, log = tmp_path / "bot.sqlite3", tmp_path / "bot.log"
    bot = Bot(fake, path, stderr=log)
    await bot.start()
    try:
        backups = tmp_path / "backups"
        for _ in range(100):  # the first maintenance round makes the first backup
            if list(backups.glob("moonriver-*.sqlite3")):
                break
            await asyncio.sleep(0.1)
        assert len(list(backups.glob("moonriver-*.sqlite3"))) == 1
        before = len(fake.sent)
        iid = await fake.slash(ALICE_ON_DISCORD, "new", players=2, thread=False)
        lobby = await fake.wait_for(lambda s: s.interaction_id == iid, after=before)
        for leftover in (path, Path(f"{path}-wal"), Path(f"{path}-shm")):
            leftover.unlink(missing_ok=True)
        async with asyncio.timeout(60):  # a maintenance round notices the deletion ...
            while "was deleted" not in log.read_text():
                await asyncio.sleep(0.05)
        assert not path.exists()  # ... and creates no new file
        before = len(fake.sent)
        iid = await fake.click(BOB_ON_DISCORD, lobby, "mr:lobby:join")
        refusal = await fake.wait_for(lambda s: s.interaction_id == iid, after=before)
        assert refusal.ephemeral and "database is not available" in refusal.content
        assert not path.exists()
        assert "CRITICAL" in log.read_text() and "was deleted" in log.read_text()
    finally:
        await bot.stop()
        await fake.stop()


@pytest.mark.system
async def test_the_sandbox_refuses_a_database_a_bot_holds(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    first, _service = await _store_with_a_game(path)
    try:
        done = subprocess.run([sys.executable, "-m", "bot.cli", "sandbox", "--db", str(path),
                               "--out", str(tmp_path / "pictures")], capture_output=True,
                              text=True, input="", timeout=60)
        assert_one_line_refusal(done, "in use by another Moon River process")
    finally:
        await first.close()


# --- one bad game among many -------------------------------------------------


async def _two_started_games(path: Path, channels: tuple[int, int]) -> list[int]:
    """Two running games (Alice and Bob, Carol and Dave) in two channels, written by the
    service as the bot would, their first table posts still pending in the outbox."""
    from bot.tables.service import User

    store = SqliteStore(path)
    await store.open()
    service = TableService(store)
    ids = []
    for channel, (host, guest) in zip(channels, (((101, "Alice"), (102, "Bob")),
                                                 ((103, "Carol"), (104, "Dave"))),
                                      strict=True):
        host_user, guest_user = User(*host), User(*guest)
        game = await service.create(channel, host_user)
        await service.join(channel, guest_user)
        await service.start(channel, host_user)
        ids.append(game.id)
    await store.close()
    return ids


async def _start_or_exit(bot: object) -> int | None:
    """Start the bot process; its exit status if it stopped before it was ready, else
    None (a refusal must not make the test wait a minute for a gateway that never
    comes)."""
    import asyncio

    from tests.bot.bot_process import BotProcess

    assert isinstance(bot, BotProcess)
    starting = asyncio.ensure_future(bot.start())
    for _ in range(1200):
        if starting.done():
            starting.result()
            return None
        if bot.process is not None and bot.process.returncode is not None:
            starting.cancel()
            return bot.process.returncode
        await asyncio.sleep(0.05)
    raise AssertionError("the bot neither started nor stopped")


async def test_a_game_whose_log_no_longer_replays_is_quarantined_not_the_bot(
        tmp_path: Path) -> None:
    from bot.tables.domain import Status
    from tests.bot.bot_process import BotProcess, stored
    from tests.bot.test_end_to_end import CAROL, is_post, mover_of
    from tests.fake_discord import CHANNEL_ID, FakeDiscord

    bad_channel, good_channel = CHANNEL_ID, CHANNEL_ID + 1
    path = tmp_path / "bot.sqlite3"
    bad, good = await _two_started_games(path, (bad_channel, good_channel))
    connection = sqlite3.connect(path)  # a log entry the rules no longer accept
    connection.execute("INSERT INTO actions (game_id, seq, seat, action, created_at) "
                       "VALUES (?, 1, 0, 'teleport p99 to the moon', '2026-11-30T00:00:00')",
                       (bad,))
    connection.commit()
    connection.close()
    fake = FakeDiscord()
    await fake.start()
    bot = BotProcess(fake, path)
    try:
        assert await _start_or_exit(bot) is None, bot.log.read_text()[-2000:]
        told = await fake.wait_for(lambda s: s.kind == "channel", channel=bad_channel)
        assert f"#{bad}" in told.content and len(told.content.splitlines()) == 1
        assert {int(u) for u in (told.allowed_mentions or {}).get("users") or []} == {101, 102}
        # the other table plays on
        table = await fake.wait_for(is_post, channel=good_channel)
        user = mover_of(table)
        assert user[0] in (CAROL[0], CAROL[0] + 1)
        turn = next(c for c in table.custom_ids() if c.startswith("mr:turn:"))
        before = len(fake.sent)
        iid = await fake.click(user, table, turn)
        dialogue = await fake.wait_for(lambda s: s.interaction_id == iid, after=before)
        assert dialogue.ephemeral and "went wrong" not in dialogue.content
        assert await bot.terminate() == 0
    finally:
        await bot.kill()
        await fake.stop()
    critical = [line for line in bot.log.read_text().splitlines() if "CRITICAL" in line]
    assert len(critical) == 1 and f"game {bad}" in critical[0] and str(path) in critical[0]
    games, _posts = await stored(path)
    status = {g.id: g.status for g in games}
    assert status == {bad: Status.ABANDONED, good: Status.ACTIVE}


async def test_after_a_restore_every_open_game_is_announced_again_with_fresh_nonces(
        tmp_path: Path) -> None:
    from datetime import UTC, datetime

    from bot.tables.store.guard import write_backup
    from tests.bot.bot_process import BotProcess
    from tests.bot.test_end_to_end import (
        ALICE as ALICE_ON_DISCORD,
    )
    from tests.bot.test_end_to_end import (
        BOB as BOB_ON_DISCORD,
    )
    from tests.bot.test_end_to_end import (
        is_post,
        mover_of,
        started_table,
        take_turn,
    )
    from tests.fake_discord import FakeDiscord

    fake = FakeDiscord()
    await fake.start()
    path = tmp_path / "bot.sqlite3"
    bot = BotProcess(fake, path)
    await bot.start()
    try:
        table = await take_turn(fake, await started_table(fake, ALICE_ON_DISCORD,
                                                          [BOB_ON_DISCORD]))
        backup = write_backup(str(path), tmp_path / "backups", 2, datetime.now(UTC))
        expected = mover_of(table)  # whoever moves in the backup
        for _ in range(2):  # posts the backup never saw: their ids come again after it
            table = await take_turn(fake, table)
        assert await bot.terminate() == 0
        assert restore(str(backup), "--db", str(path)).returncode == 0
        before = len(fake.sent)
        await bot.start()
        announced = await fake.wait_for(is_post, after=before, timeout=15)
        assert mover_of(announced) == expected  # a fresh post pings whoever moves now
        table = await take_turn(fake, announced)  # and play goes on, nothing swallowed
        table = await take_turn(fake, table)
        assert fake.nonce_hits == 0
        assert await bot.terminate() == 0
        before = len(fake.sent)
        await bot.start()  # an ordinary restart announces nothing more
        await asyncio_sleep(1.5)
        assert not [s for s in fake.sent[before:] if is_post(s)]
    finally:
        await bot.kill()
        await fake.stop()


async def asyncio_sleep(seconds: float) -> None:
    import asyncio

    await asyncio.sleep(seconds)


async def test_a_deleted_wal_file_stops_moves_keeps_what_was_acknowledged_and_stops_cleanly(
        tmp_path: Path) -> None:
    import asyncio

    from tests.bot.bot_process import BotProcess, stored
    from tests.bot.test_end_to_end import ALICE as ALICE_ON_DISCORD
    from tests.bot.test_end_to_end import BOB as BOB_ON_DISCORD
    from tests.bot.test_end_to_end import mover_of, started_table, take_turn
    from tests.bot.test_outbox_delivery import take_turn_no_wait, turn_version
    from tests.fake_discord import FakeDiscord

    fake = FakeDiscord()
    await fake.start()
    path = tmp_path / "bot.sqlite3"
    bot = BotProcess(fake, path)
    await bot.start(MOONRIVER_BACKUP_HOURS="0")
    try:
        table = await take_turn(fake, await started_table(fake, ALICE_ON_DISCORD,
                                                          [BOB_ON_DISCORD]))
        game_id, acknowledged = turn_version(table)
        Path(f"{path}-wal").unlink()  # an operator "cleans up" beside the live database
        await asyncio.sleep(1.5)  # maintenance rounds: a tick notices it too
        before = len(fake.sent)
        with suppress(AssertionError, StopIteration, ValueError, TimeoutError):
            await asyncio.wait_for(take_turn_no_wait(fake, table, mover_of(table)), 10)
        answers = [s.content for s in fake.sent[before:] if s.ephemeral]
        assert any("database is not available" in a for a in answers), answers
        assert bot.process is not None
        bot.process.send_signal(__import__("signal").SIGTERM)
        assert await bot.wait(timeout=20) == 0  # no hang on the final checkpoint
    finally:
        await bot.kill()
        await fake.stop()
    log = bot.log.read_text()
    assert "CRITICAL" in log and "-wal" in log
    games, _posts = await stored(path)
    (game,) = [g for g in games if g.id == game_id]
    assert game.version >= acknowledged  # every acknowledged move is in the file


async def test_a_reader_beside_the_bot_never_takes_the_write_ahead_log_away(
        tmp_path: Path) -> None:
    """The guards read the file through descriptors they keep: closing one would drop
    SQLite's POSIX locks, and a reader in another process closing its connection would
    then delete the -wal file under the bot."""
    path = tmp_path / "games.sqlite3"
    store, service = await _store_with_a_game(path)
    for _ in range(3):
        await service.join(CHANNEL, BOB)  # writes: every guard runs
        reader = f"import sqlite3; c = sqlite3.connect({str(path)!r}); " \
                 "c.execute('SELECT count(*) FROM games').fetchall(); c.close()"
        subprocess.run([sys.executable, "-c", reader], check=True, timeout=60)
        assert Path(f"{path}-wal").exists()
        await service.leave(CHANNEL, BOB)
    await store.close()


async def test_a_store_closed_and_opened_again_writes_into_its_new_write_ahead_log(
        tmp_path: Path) -> None:
    """Closing deletes the -wal file and opening again makes a new one; the guard must
    not take the new log for a replaced one. A hard link keeps the old log's inode in
    use, so the new log always has another one (the crash this pins was occasional:
    it came when the file system handed out a different inode)."""
    path = tmp_path / "games.sqlite3"
    store, service = await _store_with_a_game(path)
    await service.join(CHANNEL, BOB)
    os.link(f"{path}-wal", tmp_path / "old-wal")
    await store.close()
    await store.open()
    try:
        await service.leave(CHANNEL, BOB)  # a write: the guard checks the log
        assert not store.stopped
    finally:
        await store.close()
