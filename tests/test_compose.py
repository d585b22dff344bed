"""docker-compose.yml (no container engine runs here): valid YAML whose PostgreSQL is
waited for, whose schema is migrated once, and whose bot processes cover every shard
exactly once with settings the bot accepts."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import yaml

from bot.cli import build_parser
from bot.config import load_settings

ROOT = Path(__file__).resolve().parents[1]
TOKEN = "compose-test-token-0123456789-abcdef"


def interpolated(text: str) -> str:
    """Compose's `${NAME:?message}` with a value, as `docker compose` fills it in."""
    values = {"DISCORD_TOKEN": TOKEN, "POSTGRES_PASSWORD": "pw-from-the-operator"}
    return re.sub(r"\$\{(\w+)(?::\?[^}]*)?\}", lambda m: values[m.group(1)], text)


def compose() -> dict[str, Any]:
    loaded = yaml.safe_load(interpolated((ROOT / "docker-compose.yml").read_text()))
    assert isinstance(loaded, dict)
    return loaded


def test_the_compose_file_runs_two_bots_on_shard_ranges_over_one_postgresql() -> None:
    services = compose()["services"]
    postgres = services["postgres"]
    assert postgres["image"].startswith("postgres:")
    assert "pg_isready" in postgres["healthcheck"]["test"]
    assert any(v.endswith(":/var/lib/postgresql/data") for v in postgres["volumes"])
    bots = {name: s for name, s in services.items() if s.get("command") is None
            and s.get("build") == "."}
    assert len(bots) == 2
    shards: list[int] = []
    counts = set()
    for name, service in bots.items():
        settings = load_settings(service["environment"])  # the bot's own checks
        assert settings.database_url is not None
        url = urlsplit(settings.database_url)
        assert url.hostname == "postgres" and url.path == "/moonriver"
        assert url.username == postgres["environment"]["POSTGRES_USER"]
        assert url.password == postgres["environment"]["POSTGRES_PASSWORD"]
        assert settings.shard_ids is not None, f"{name} runs a range, not every shard"
        shards += settings.shard_ids
        counts.add(settings.shard_count)
        assert service["depends_on"]["postgres"]["condition"] == "service_healthy"
        assert service["depends_on"]["migrate"]["condition"] == \
            "service_completed_successfully"
        assert service["restart"] == "unless-stopped"
    (count,) = counts  # one count over every process
    assert sorted(shards) == list(range(count))  # every shard, once
    assert sum(load_settings(s["environment"]).syncs_commands for s in bots.values()) == 1


def test_the_migrate_service_runs_a_real_command_once() -> None:
    migrate = compose()["services"]["migrate"]
    assert migrate["restart"] == "no"
    command = migrate["command"]
    assert command[0] == "moonriver"
    args = build_parser().parse_args(command[1:])
    assert (args.command, args.db_command) == ("db", "migrate")
    assert load_settings(migrate["environment"]).database_url is not None
