"""Running the bot: `moonriver run`, `health` (for containers) and `restore`."""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Mapping
from pathlib import Path

from bot import APP_NAME
from bot.cli.common import (
    EXIT_BAD_INPUT,
    Parser,
    Subcommands,
    UsageError,
    positive_seconds,
    print_json,
)
from bot.config import DEFAULT_DB, ConfigError, load_settings
from bot.tables.errors import TableError

NO_TOKEN = """\
moonriver: DISCORD_TOKEN is not set, so the bot cannot log in to Discord.
  1. Create an application at https://discord.com/developers/applications, open Bot,
     press Reset Token and copy it (the README walks through the invite link).
  2. Run: DISCORD_TOKEN=your-token {launcher}{run}
To try the game without Discord: {launcher} sandbox"""


def no_token_message(environ: Mapping[str, str]) -> str:
    """Commands that work as typed: `bash run.sh …` when started through run.sh."""
    launcher = environ.get("MOONRIVER_LAUNCHER") or APP_NAME
    return NO_TOKEN.format(launcher=launcher, run="" if launcher != APP_NAME else " run")


def cmd_run(args: argparse.Namespace) -> int:
    try:
        settings = load_settings(os.environ)
    except ConfigError as exc:
        if "DISCORD_TOKEN is not set" in str(exc):
            print(no_token_message(os.environ), file=sys.stderr)
            return EXIT_BAD_INPUT
        raise UsageError(str(exc)) from None
    from bot.discord.client import run_bot  # discord.py loads only when the bot really runs

    return run_bot(settings)


def cmd_health(args: argparse.Namespace) -> int:
    """For container health checks: is the heartbeat file fresh?"""
    path = Path(args.file)
    try:
        age = time.time() - path.stat().st_mtime
    except OSError:
        print(f"moonriver: no heartbeat at {path}", file=sys.stderr)
        return 1
    if age > args.max_age:
        print(f"moonriver: heartbeat is {age:.0f} s old", file=sys.stderr)
        return 1
    print(f"ok ({age:.0f} s)")
    return 0


def cmd_restore(args: argparse.Namespace) -> int:
    """Put a backup in place of the database; refused while a bot holds the database."""
    from datetime import UTC, datetime

    from bot.tables.store.guard import restore_backup

    backup = Path(args.backup)
    database = Path(args.db or os.environ.get("MOONRIVER_DB", "").strip() or DEFAULT_DB)
    if not backup.is_file():
        raise UsageError(f"no backup at {backup}")
    if backup.resolve() == database.resolve():
        raise UsageError("the backup and the database are the same file")
    if not database.parent.is_dir():
        raise UsageError(f"the folder {database.parent} does not exist")
    try:
        kept = restore_backup(backup, database, datetime.now(UTC))
    except TableError as exc:
        raise UsageError(str(exc)) from None
    except OSError as exc:
        raise UsageError(f"cannot restore into {database}: {exc.strerror}") from None
    print_json({"restored": str(backup), "database": str(database),
                "previous": str(kept) if kept is not None else None})
    return 0


def add_parsers(sub: Subcommands[Parser]) -> None:
    run = sub.add_parser("run", help="run the Discord bot (needs DISCORD_TOKEN)")
    run.set_defaults(func=cmd_run)
    health = sub.add_parser("health", help="exit 0 if the bot's heartbeat file is fresh")
    health.add_argument("--file", default=os.environ.get("MOONRIVER_HEARTBEAT",
                                                         "/data/heartbeat"))
    health.add_argument("--max-age", type=positive_seconds, default=120.0,
                        help="seconds (a finite number > 0; default 120)")
    health.set_defaults(func=cmd_health)
    res = sub.add_parser("restore", help="put a backup in place of the bot's database "
                                         "(stop the bot first)")
    res.add_argument("backup", help="a backup file (backups/moonriver-….sqlite3)")
    res.add_argument("--db", default=None, help="the database (default: MOONRIVER_DB)")
    res.set_defaults(func=cmd_restore)
