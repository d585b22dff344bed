"""`moonriver db migrate` and `db copy`: the operator's tools for the database (the
configured one's schema; a SQLite file's games onto PostgreSQL). Bad input, and a
database that cannot be used, exit 2 with one line; a copy that does not check out on
the target exits 1 (the target is left empty)."""

from __future__ import annotations

import argparse
import asyncio
import os
import sqlite3
import sys
from pathlib import Path

from bot.cli.common import Parser, Subcommands, UsageError, print_json
from bot.config import ConfigError, load_settings, postgres_url
from bot.tables.errors import StoreError

EXIT_COPY_FAILED = 1


def _sqlite_version(path: Path) -> int:
    if not path.is_file():
        return 0
    connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return int(connection.execute("PRAGMA user_version").fetchone()[0])
    except sqlite3.DatabaseError:
        return 0  # opening it below says what is wrong
    finally:
        connection.close()


async def _postgres_version(url: str) -> int:
    import asyncpg

    try:
        db = await asyncpg.connect(url)
    except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError, ValueError):
        return 0  # opening it below says what is wrong, without the password
    try:
        exists = await db.fetchval("SELECT to_regclass('schema_version') IS NOT NULL")
        return int(await db.fetchval("SELECT MAX(version) FROM schema_version") or 0) \
            if exists else 0
    finally:
        await db.close()


def cmd_migrate(args: argparse.Namespace) -> int:
    """Bring the configured database (MOONRIVER_DATABASE_URL, else MOONRIVER_DB) to this
    version's schema, as the bot does at start-up, without starting the bot."""
    from bot.tables.store import SqliteStore
    from bot.tables.store.postgres import PostgresStore

    try:
        settings = load_settings(os.environ, require_token=False)
    except ConfigError as exc:
        raise UsageError(str(exc)) from None

    async def migrate() -> dict[str, object]:
        if settings.database_url:
            url = settings.database_url
            before = await _postgres_version(url)
            postgres = PostgresStore(url)
            await postgres.open()
            try:
                after = await postgres.schema_version()
            finally:
                await postgres.close()
            return {"engine": "postgresql", "database": postgres.where,
                    "schema_before": before, "schema": after}
        before = _sqlite_version(settings.database)
        sqlite = SqliteStore(settings.database)
        await sqlite.open()
        await sqlite.close()
        return {"engine": "sqlite", "database": str(settings.database),
                "schema_before": before, "schema": _sqlite_version(settings.database)}

    try:
        print_json(asyncio.run(migrate()))
    except StoreError as exc:
        raise UsageError(str(exc)) from None
    return 0


def cmd_copy(args: argparse.Namespace) -> int:
    """Every game of a SQLite file onto an empty PostgreSQL database, checked there."""
    from bot.tables.store.postgres import redacted
    from bot.tables.transfer import CopyFailed, CopyRefused, copy_to_postgres

    source = str(args.source)
    if not source.startswith("sqlite:") or not source.removeprefix("sqlite:"):
        raise UsageError(f"--from must be sqlite:PATH (a Moon River SQLite file), got "
                         f"{source!r}")
    try:
        url = postgres_url(args.target, "--to")
    except ConfigError as exc:
        raise UsageError(str(exc)) from None
    path = Path(source.removeprefix("sqlite:"))
    try:
        copied = asyncio.run(copy_to_postgres(path, url))
    except CopyFailed as exc:
        print(f"moonriver: the copy did not check out ({exc}); the target was emptied "
              "again", file=sys.stderr)
        return EXIT_COPY_FAILED
    except (CopyRefused, StoreError) as exc:
        raise UsageError(str(exc)) from None
    print_json({"from": str(path), "to": redacted(url), "games": copied.games,
                "rows": copied.rows, "replayed": copied.replayed,
                "unreplayable": copied.unreplayable})
    return 0


def add_parsers(sub: Subcommands[Parser]) -> None:
    db = sub.add_parser("db", help="the database: migrate its schema, copy SQLite's games "
                                   "to PostgreSQL")
    actions = db.add_subparsers(dest="db_command", required=True, parser_class=Parser)
    migrate = actions.add_parser("migrate", help="bring the configured database "
                                                 "(MOONRIVER_DATABASE_URL, else "
                                                 "MOONRIVER_DB) to this version's schema")
    migrate.set_defaults(func=cmd_migrate)
    copy = actions.add_parser("copy", help="copy every game of a SQLite file onto an empty "
                                           "PostgreSQL database, checked by replaying them")
    copy.add_argument("--from", dest="source", required=True, metavar="sqlite:PATH",
                      help="the SQLite file (the bot's, or one of its backups)")
    copy.add_argument("--to", dest="target", required=True, metavar="postgresql://…",
                      help="an empty PostgreSQL database (its schema is created)")
    copy.set_defaults(func=cmd_copy)
