"""Settings from the environment, validated once at start-up (the composition root's input).

Every problem is a `ConfigError` whose message names the variable and says what to do;
the token is never logged or shown.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlparse

from engine.games.levels import DEFAULT_THINK_MS

DEFAULT_DB = "./moonriver.sqlite3"
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR")


class ConfigError(ValueError):
    pass


@dataclass(frozen=True)
class Settings:
    token: str | None = field(repr=False)
    database: Path = Path(DEFAULT_DB)
    # MOONRIVER_DATABASE_URL: a PostgreSQL server instead of the SQLite file (it may hold
    # a password: never shown)
    database_url: str | None = field(default=None, repr=False)
    dev_guild: int | None = None
    api_base: str | None = None
    gateway_url: str | None = None
    log_level: str = "INFO"
    heartbeat: Path | None = None  # touched every maintenance round, for health checks
    maintenance_seconds: float = 30.0  # reminders, checkpoints, heartbeat
    retry_seconds: float = 2.0  # the outbox's first backoff after a 429/5xx (then doubles)
    # a channel that refuses posts (403/404): retried with a backoff this long, then its
    # game is archived (the host is told at once and may /moonriver resume it)
    archive_after_hours: float = 24.0
    shutdown_seconds: float = 8.0  # SIGTERM: drain moves and posts within this, then exit
    backup_folder: Path | None = None  # None: `backups/` beside the database
    backup_hours: float = 6.0  # 0: no scheduled backups
    backup_keep: int = 8
    rate_per_minute: float = 30.0  # commands and clicks per user, after a burst
    rate_burst: int = 10
    lobbies_per_user: int = 2  # open lobbies one user may host at once
    lobbies_per_channel: int = 5  # open lobbies in one channel and its threads
    min_remind_hours: float = 0.25  # the shortest reminder interval a host may set
    think_ms: int = DEFAULT_THINK_MS  # a `hard` computer's budget per decision
    computer_workers: int = 1  # processes for searching computers (0: threads in-process)
    # MOONRIVER_SHARD_COUNT / MOONRIVER_SHARD_IDS: None asks Discord for the count (its
    # /gateway/bot) and runs every shard in this process
    shard_count: int | None = None
    shard_ids: tuple[int, ...] | None = None  # this process's shards; None: all of them

    @property
    def syncs_commands(self) -> bool:
        """Whether this process syncs the slash commands: the one holding shard 0, so two
        processes on shard ranges never both replace the command list."""
        return self.shard_ids is None or 0 in self.shard_ids

    @property
    def backups(self) -> Path:
        return self.backup_folder or self.database.parent / "backups"

    @property
    def log_level_number(self) -> int:
        return int(getattr(logging, self.log_level))


def _url(name: str, value: str, schemes: tuple[str, ...]) -> str:
    parsed = urlparse(value)
    if parsed.scheme not in schemes or not parsed.netloc:
        raise ConfigError(f"{name} must be a {' or '.join(schemes)} URL, got {value!r}")
    return value.rstrip("/")


def postgres_url(value: str, name: str = "MOONRIVER_DATABASE_URL") -> str:
    """A postgresql:// URL with a host (or a socket folder in ?host=) and a database;
    errors name `name` (the variable, or a command's option)."""
    parsed = urlparse(value)
    shape = "postgresql://USER:PASSWORD@HOST:5432/DATABASE"
    if parsed.scheme not in ("postgresql", "postgres"):
        raise ConfigError(f"{name} must be a PostgreSQL URL ({shape})" + (
            "; unset it to keep the SQLite file of MOONRIVER_DB"
            if name == "MOONRIVER_DATABASE_URL" else ""))
    try:
        port = parsed.port
    except ValueError:
        port = -1
    if port is not None and not 0 < port < 65536:
        raise ConfigError(f"{name} has a bad port; expected {shape}")
    if not (parsed.hostname or "host=" in parsed.query):
        raise ConfigError(f"{name} names no server; expected {shape}")
    if not parsed.path.strip("/"):
        raise ConfigError(f"{name} names no database; expected {shape}")
    return value


MAX_SHARDS = 10_000  # Discord asks for a shard per 2,500 servers: room for 25 million


def _shards(env: Mapping[str, str]) -> tuple[int | None, tuple[int, ...] | None]:
    """MOONRIVER_SHARD_COUNT and this process's MOONRIVER_SHARD_IDS (`0-1`, `2,3`,
    `0-3,8`): every id below the count, none twice; ids need a count."""
    count_text = env.get("MOONRIVER_SHARD_COUNT", "").strip()
    ids_text = env.get("MOONRIVER_SHARD_IDS", "").strip()
    if not count_text:
        if ids_text:
            raise ConfigError("MOONRIVER_SHARD_IDS needs MOONRIVER_SHARD_COUNT (the total "
                              "number of shards over every process)")
        return None, None
    count = int(_number(env, "MOONRIVER_SHARD_COUNT", 1, 1, MAX_SHARDS, whole=True))
    if not ids_text:
        return count, None
    shape = "a range like 0-1 or a list like 2,3"
    ids: list[int] = []
    for part in ids_text.split(","):
        low, dash, high = part.strip().partition("-")
        if not (low.strip().isdigit() and (not dash or high.strip().isdigit())):
            raise ConfigError(f"MOONRIVER_SHARD_IDS must be {shape}, got {ids_text!r}")
        first, last = int(low), int(high) if dash else int(low)
        if last < first:
            raise ConfigError(f"MOONRIVER_SHARD_IDS has a backward range {part.strip()!r}; "
                              f"write the lower id first")
        ids += range(first, last + 1)
    if max(ids) >= count:
        raise ConfigError(f"MOONRIVER_SHARD_IDS names shard {max(ids)}, but shards are "
                          f"numbered 0 to {count - 1} (MOONRIVER_SHARD_COUNT={count})")
    if len(set(ids)) != len(ids):
        twice = sorted({i for i in ids if ids.count(i) > 1})
        raise ConfigError(f"MOONRIVER_SHARD_IDS names shard {twice[0]} twice")
    return count, tuple(sorted(ids))


def _number(env: Mapping[str, str], name: str, default: float, low: float, high: float, *,
            whole: bool = False, zero_allowed: bool = False) -> float:
    """A bounded number from the environment: a wrong one names the variable and range."""
    text = env.get(name, "").strip()
    if not text:
        return default
    try:
        value = int(text) if whole else float(text)
    except ValueError:
        value = None
    if value is None or not (low <= value <= high or (zero_allowed and value == 0)):
        kind = "a whole number" if whole else "a number"
        also = " (0: off)" if zero_allowed else ""
        raise ConfigError(f"{name} must be {kind} from {low:g} to {high:g}{also}, got {text!r}")
    return value


def load_settings(env: Mapping[str, str], *, require_token: bool = True) -> Settings:
    """Read and check the environment; `require_token=False` for offline commands."""
    token = env.get("DISCORD_TOKEN", "").strip() or None
    if require_token and token is None:
        raise ConfigError("DISCORD_TOKEN is not set")
    if token is not None and (len(token) < 20 or any(c.isspace() for c in token)):
        raise ConfigError("DISCORD_TOKEN does not look like a bot token (copy it again from "
                          "the Developer Portal: Bot → Reset Token)")
    database = Path(env.get("MOONRIVER_DB", "").strip() or DEFAULT_DB)
    if database.exists() and database.is_dir():
        raise ConfigError(f"MOONRIVER_DB points to a folder ({database}); give a file path")
    if not database.parent.exists():
        raise ConfigError(f"MOONRIVER_DB: the folder {database.parent} does not exist")
    guild = env.get("DISCORD_DEV_GUILD", "").strip()
    if guild and not guild.isdigit():
        raise ConfigError(f"DISCORD_DEV_GUILD must be a server id (digits), got {guild!r}")
    api = env.get("DISCORD_API_BASE", "").strip()
    gateway = env.get("DISCORD_GATEWAY_URL", "").strip()
    level = env.get("MOONRIVER_LOG_LEVEL", "").strip().upper() or "INFO"
    if level not in LOG_LEVELS:
        raise ConfigError(f"MOONRIVER_LOG_LEVEL must be one of {', '.join(LOG_LEVELS)}, "
                          f"got {level!r}")
    heartbeat = env.get("MOONRIVER_HEARTBEAT", "").strip()
    interval = env.get("MOONRIVER_MAINTENANCE_SECONDS", "").strip() or "30"
    try:
        maintenance = float(interval)
    except ValueError:
        maintenance = -1.0
    if not 0.2 <= maintenance <= 3600:
        raise ConfigError("MOONRIVER_MAINTENANCE_SECONDS must be a number from 0.2 to 3600, "
                          f"got {interval!r}")
    url = env.get("MOONRIVER_DATABASE_URL", "").strip()
    database_url = postgres_url(url) if url else None
    backup_folder = env.get("MOONRIVER_BACKUP_DIR", "").strip()
    if backup_folder and Path(backup_folder).exists() and not Path(backup_folder).is_dir():
        raise ConfigError(f"MOONRIVER_BACKUP_DIR is not a folder ({backup_folder})")
    shard_count, shard_ids = _shards(env)
    return Settings(
        shard_count=shard_count, shard_ids=shard_ids,
        retry_seconds=_number(env, "MOONRIVER_RETRY_SECONDS", 2.0, 0.01, 600),
        archive_after_hours=_number(env, "MOONRIVER_ARCHIVE_AFTER_HOURS", 24.0, 0.0001,
                                    24 * 30),
        shutdown_seconds=_number(env, "MOONRIVER_SHUTDOWN_SECONDS", 8.0, 0.5, 60),
        backup_folder=Path(backup_folder) if backup_folder else None,
        backup_hours=_number(env, "MOONRIVER_BACKUP_HOURS", 6.0, 0.05, 24 * 30,
                             zero_allowed=True),
        backup_keep=int(_number(env, "MOONRIVER_BACKUP_KEEP", 8, 1, 1000, whole=True)),
        rate_per_minute=_number(env, "MOONRIVER_RATE_PER_MINUTE", 30.0, 1, 600,
                                zero_allowed=True),
        rate_burst=int(_number(env, "MOONRIVER_RATE_BURST", 10, 1, 100, whole=True)),
        lobbies_per_user=int(_number(env, "MOONRIVER_LOBBIES_PER_USER", 2, 1, 50,
                                     whole=True)),
        lobbies_per_channel=int(_number(env, "MOONRIVER_LOBBIES_PER_CHANNEL", 5, 1, 500,
                                        whole=True)),
        min_remind_hours=_number(env, "MOONRIVER_MIN_REMIND_HOURS", 0.25, 0.0001, 24),
        think_ms=int(_number(env, "MOONRIVER_THINK_MS", DEFAULT_THINK_MS, 10, 60_000,
                             whole=True)),
        computer_workers=int(_number(env, "MOONRIVER_COMPUTER_WORKERS", 1, 1, 8, whole=True,
                                     zero_allowed=True)),
        maintenance_seconds=maintenance,
        heartbeat=Path(heartbeat) if heartbeat else None,
        token=token, database=database, database_url=database_url,
        dev_guild=int(guild) if guild else None,
        api_base=_url("DISCORD_API_BASE", api, ("http", "https")) if api else None,
        gateway_url=_url("DISCORD_GATEWAY_URL", gateway, ("ws", "wss")) if gateway else None,
        log_level=level,
    )
