"""What keeps a SQLite file safe from its surroundings: one process per file, the same
file throughout, an intact file at start-up, and readable backups.

Each check turns an operator's mistake (a second bot, a deleted or replaced file, a
damaged page, a read-only mount) into one clear sentence instead of silent loss: SQLite
itself would happily write into an unlinked file or start a fresh empty one.
"""

from __future__ import annotations

import fcntl
import logging
import os
import secrets
import sqlite3
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import IO
from urllib.parse import quote

from bot import APP_NAME
from bot.tables.errors import StoreError
from bot.tables.store.migrations import META_TABLE

log = logging.getLogger(APP_NAME)

#: The store's `meta` table (schema migration 6); `restore_backup` creates it too, so a
#: backup from before it can be marked.
BACKUP_PREFIX = "moonriver-"
BACKUP_SUFFIX = ".sqlite3"


class DatabaseLocked(StoreError):
    """Another process (a second bot, or a restore) holds the database."""

    code = "store"


class DatabaseReplaced(StoreError):
    """The file at the path is no longer the one this process opened."""

    code = "store"


class WalLost(DatabaseReplaced):
    """The write-ahead log beside the database was deleted or replaced under the bot."""


def file_uri(path: str | Path, mode: str) -> str:
    """A SQLite URI that opens `path` in `mode` ("ro", "rw": never creates the file);
    quoted, so '?', '#' or '%' in a folder name stay part of the path."""
    return f"file:{quote(str(Path(path).absolute()))}?mode={mode}"


def lock_path(database: str | Path) -> Path:
    """The lock file beside the database's real file (symlinks resolved, so every name
    that leads to the file shares one lock file)."""
    return Path(f"{Path(database).resolve()}.lock")


class DatabaseLock:
    """An exclusive `flock` on a file beside the database, held while the store is open,
    and one on the database file itself once it exists: a lock on the file's identity
    (device and inode), so a second bot is refused whatever name it uses (a symlink
    resolves to the same lock file, a hard link to the same inode).

    The kernel drops both when the process dies (even by SIGKILL), so a crash never
    leaves a stale lock; the lock file keeps the holder's pid for the message. (`flock`
    and SQLite's own POSIX locks do not interfere on Linux.)
    """

    def __init__(self, database: str | Path) -> None:
        self.database = Path(database)
        self.path = lock_path(database)
        self._file: IO[str] | None = None
        self._held: int | None = None  # a descriptor of the database file, flocked

    def acquire(self) -> None:
        try:
            file = self.path.open("a+", encoding="utf-8")
        except OSError as exc:
            raise StoreError(f"cannot create the lock file {self.path}: {exc.strerror}") \
                from None
        try:
            fcntl.flock(file.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            file.seek(0)
            holder = file.read().strip() or "?"
            file.close()
            raise DatabaseLocked(
                f"{self.database} is in use by another Moon River process "
                f"(pid {holder}); run one bot per database file") from None
        self._file = file
        try:
            self.hold_database()
        except BaseException:
            self.release()
            raise
        file.seek(0)
        file.truncate()
        file.write(str(os.getpid()))
        file.flush()

    def hold_database(self) -> None:
        """Lock the database file itself (its inode), if it exists and is not held yet:
        `acquire` does it, and the store again once SQLite has created a new file."""
        if self._held is not None:
            return
        try:
            held = os.open(self.database, os.O_RDONLY | os.O_CLOEXEC)
        except FileNotFoundError:
            return
        except OSError:
            return  # unreadable: the store's own checks say so in one line
        try:
            fcntl.flock(held, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(held)
            raise DatabaseLocked(
                f"{self.database} is in use by another Moon River process (the same file "
                "under another name: a hard link); run one bot per database file") from None
        self._held = held

    def release(self) -> None:
        if self._held is not None:
            os.close(self._held)  # drops its flock
            self._held = None
        if self._file is not None:
            fcntl.flock(self._file.fileno(), fcntl.LOCK_UN)
            self._file.close()
            self._file = None


@dataclass(frozen=True, slots=True)
class FileIdentity:
    """Device and inode of the database file as opened: a different pair (or none) at
    the path means someone deleted, moved or replaced it under the running process."""

    path: str
    device: int
    inode: int

    @classmethod
    def of(cls, path: str) -> FileIdentity:
        stat = os.stat(path)
        return cls(path, stat.st_dev, stat.st_ino)

    def check(self) -> None:
        try:
            stat = os.stat(self.path)
        except FileNotFoundError:
            raise DatabaseReplaced(
                f"the database file {self.path} was deleted while the bot ran; writes "
                "stopped so nothing goes into a file that is gone: restart the bot "
                "(restore a backup with `moonriver restore`)") from None
        if (stat.st_dev, stat.st_ino) != (self.device, self.inode):
            raise DatabaseReplaced(
                f"the database file {self.path} was replaced while the bot ran; writes "
                "stopped: restart the bot to use the new file")


@dataclass(frozen=True, slots=True)
class WalIdentity:
    """Device and inode of the `-wal` file SQLite writes commits into: an operator who
    deletes it while the bot runs would have every later commit go into an unlinked
    file (and a fresh connection start a new, empty log beside it)."""

    path: str
    device: int
    inode: int

    @classmethod
    def of(cls, database: str) -> WalIdentity | None:
        try:
            stat = os.stat(f"{database}-wal")
        except FileNotFoundError:
            return None
        return cls(f"{database}-wal", stat.st_dev, stat.st_ino)

    def check(self) -> None:
        try:
            stat = os.stat(self.path)
        except FileNotFoundError:
            raise WalLost(
                f"the write-ahead log {self.path} was deleted while the bot ran; moves "
                "stopped so none is acknowledged into a file that is gone: restart the "
                "bot (never delete -wal or -shm files beside a live database)") from None
        if (stat.st_dev, stat.st_ino) != (self.device, self.inode):
            raise WalLost(f"the write-ahead log {self.path} was replaced while the bot ran; "
                          "moves stopped: restart the bot")


#: Where SQLite's header keeps the application id (4 bytes, big-endian): the store
#: writes a fresh random one at every open, as a seal of "the bytes this process wrote".
APPLICATION_ID_OFFSET = 68


def new_seal() -> int:
    """A random, non-zero application id (backups carry 0: never a live seal)."""
    return secrets.randbelow(2**31 - 1) + 1


def check_seal(held: int, path: str, seal: int) -> None:
    """The database file still carries this process's seal in its header: another
    database copied over it (same inode, other bytes) does not. Read through `held`, a
    descriptor the store keeps open for its lifetime: opening and closing the file here
    would drop SQLite's POSIX locks on it (closing any descriptor of a file releases
    them all), and another process could then delete the write-ahead log."""
    found = int.from_bytes(os.pread(held, 4, APPLICATION_ID_OFFSET), "big")
    if found != seal:
        raise DatabaseReplaced(
            f"the database file {path} was overwritten while the bot ran (another "
            "database or a backup copied over it); writes stopped so the two are not "
            "mixed: restart the bot to use the file now there (`moonriver restore` while "
            "the bot is stopped is the safe way)")


def check_writable(path: str) -> None:
    """SQLite opens a read-only file without complaint and fails every write later;
    WAL also needs to create files beside it."""
    file = Path(path)
    if file.exists() and not os.access(file, os.W_OK):
        raise StoreError(f"{path} is read-only: the bot must be able to write it")
    folder = file.parent
    if not os.access(folder, os.W_OK | os.X_OK):
        raise StoreError(f"the folder {folder} is read-only: the bot keeps {file.name}-wal "
                         "and a lock file beside the database")


def require_intact(rows: list[tuple[str]], path: str) -> None:
    """The answer of `PRAGMA quick_check`: a damaged page refuses start-up in one line,
    pointing at the backups, rather than failing player by player later."""
    if [row[0] for row in rows] != ["ok"]:
        raise StoreError(f"{path} is damaged ({rows[0][0] if rows else 'no answer'}); "
                         "restore a backup with `moonriver restore BACKUP`")


def quick_check(connection: sqlite3.Connection, path: str) -> None:
    require_intact(connection.execute("PRAGMA quick_check").fetchall(), path)


def backup_name(now: datetime) -> str:
    return f"{BACKUP_PREFIX}{now.astimezone(UTC):%Y%m%dT%H%M%S%fZ}{BACKUP_SUFFIX}"


def backups_in(folder: Path) -> list[Path]:
    """Backups in `folder`, oldest first (the names sort by time)."""
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.iterdir()
                  if p.name.startswith(BACKUP_PREFIX) and p.name.endswith(BACKUP_SUFFIX))


def write_backup(database: str, folder: Path, keep: int, now: datetime) -> Path:
    """Copy the live database with SQLite's online backup API (consistent while the bot
    writes: WAL readers never block writers), then keep only the newest `keep`."""
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / backup_name(now)
    partial = target.with_suffix(".partial")
    source = sqlite3.connect(file_uri(database, "ro"), uri=True)
    try:
        copy = sqlite3.connect(partial)
        try:
            source.backup(copy, pages=1024)
            copy.execute("PRAGMA application_id = 0")  # a backup carries no live seal
            copy.commit()
        finally:
            copy.close()
    finally:
        source.close()
    os.replace(partial, target)  # a backup is either whole or absent
    for old in backups_in(folder)[:-keep]:
        old.unlink(missing_ok=True)
    return target


def restore_backup(backup: Path, database: Path, now: datetime) -> Path | None:
    """Put `backup` in place of `database`, keeping the current file beside it.

    Refuses while a bot holds the database's lock, and refuses a backup that is not an
    intact Moon River database. Returns where the previous file was kept (if any).
    """
    lock = DatabaseLock(database)
    lock.acquire()
    try:
        try:
            source = sqlite3.connect(file_uri(backup, "ro"), uri=True)
        except sqlite3.Error as exc:
            raise StoreError(f"cannot open the backup {backup}: {exc}") from None
        try:
            try:
                quick_check(source, str(backup))
                (tables,) = source.execute("SELECT count(*) FROM sqlite_master WHERE "
                                           "type = 'table' AND name = 'games'").fetchone()
            except sqlite3.DatabaseError as exc:
                raise StoreError(f"{backup} is not a usable backup: {exc}") from None
            if tables != 1:
                raise StoreError(f"{backup} is not a Moon River database")
            partial = database.with_name(database.name + ".restoring")
            partial.unlink(missing_ok=True)
            copy = sqlite3.connect(partial)
            try:
                source.backup(copy)
                # post ids restart from the backup's: a new salt keeps the message nonces
                # made from them unique, and the mark makes the bot announce every open
                # game afresh at its next start
                copy.execute(META_TABLE)
                copy.executemany("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)",
                                 [("nonce_salt", secrets.token_hex(3)),
                                  ("restored", now.astimezone(UTC).isoformat())])
                copy.commit()
            finally:
                copy.close()
        finally:
            source.close()
        kept: Path | None = None
        if database.exists():
            kept = database.with_name(f"{database.name}.before-restore-"
                                      f"{now.astimezone(UTC):%Y%m%dT%H%M%SZ}")
            os.replace(database, kept)
            wal = Path(f"{database}-wal")
            if wal.exists():  # the old file's last commits travel with it
                os.replace(wal, f"{kept}-wal")
        Path(f"{database}-shm").unlink(missing_ok=True)  # an index SQLite rebuilds
        os.replace(partial, database)
        return kept
    finally:
        lock.release()


def backup_due(folder: Path, every_hours: float, now: datetime) -> bool:
    """Due when no backup in `folder` is younger than the interval (0: never). Read from
    the folder, so a restart neither skips a backup nor makes an extra one."""
    if every_hours <= 0:
        return False
    newest = backups_in(folder)[-1:]
    if not newest:
        return True
    age = now.timestamp() - newest[0].stat().st_mtime
    return age >= every_hours * 3600
