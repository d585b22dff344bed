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

DEFAULT_DB = "./moonriver.sqlite3"
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR")


class ConfigError(ValueError):
    pass


@dataclass(frozen=True)
class Settings:
    token: str | None = field(repr=False)
    database: Path = Path(DEFAULT_DB)
    dev_guild: int | None = None
    api_base: str | None = None
    gateway_url: str | None = None
    log_level: str = "INFO"
    heartbeat: Path | None = None  # touched every maintenance round, for health checks
    maintenance_seconds: float = 30.0  # reminders, checkpoints, heartbeat
    retry_seconds: float = 2.0  # the outbox's first backoff after a 429/5xx (then doubles)
    shutdown_seconds: float = 8.0  # SIGTERM: drain moves and posts within this, then exit

    @property
    def log_level_number(self) -> int:
        return int(getattr(logging, self.log_level))


def _url(name: str, value: str, schemes: tuple[str, ...]) -> str:
    parsed = urlparse(value)
    if parsed.scheme not in schemes or not parsed.netloc:
        raise ConfigError(f"{name} must be a {' or '.join(schemes)} URL, got {value!r}")
    return value.rstrip("/")


def _number(env: Mapping[str, str], name: str, default: str, low: float,
            high: float) -> float:
    text = env.get(name, "").strip() or default
    try:
        value = float(text)
    except ValueError:
        value = low - 1
    if not low <= value <= high:
        raise ConfigError(f"{name} must be a number from {low:g} to {high:g}, got {text!r}")
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
    retry = _number(env, "MOONRIVER_RETRY_SECONDS", "2", 0.01, 600)
    shutdown = _number(env, "MOONRIVER_SHUTDOWN_SECONDS", "8", 0.5, 60)
    return Settings(
        retry_seconds=retry, shutdown_seconds=shutdown,
        maintenance_seconds=maintenance,
        heartbeat=Path(heartbeat) if heartbeat else None,
        token=token, database=database, dev_guild=int(guild) if guild else None,
        api_base=_url("DISCORD_API_BASE", api, ("http", "https")) if api else None,
        gateway_url=_url("DISCORD_GATEWAY_URL", gateway, ("ws", "wss")) if gateway else None,
        log_level=level,
    )
