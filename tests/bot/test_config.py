"""Configuration from the environment: clear errors, never the token."""

from pathlib import Path

import pytest

from bot.config import ConfigError, load_settings
from bot.tables import errors
from engine.games.i18n import LOCALES, strings

TOKEN = "MTIzNDU2Nzg5MDEyMzQ1Njc4.Gabcde.fake-token-for-tests-only"


def test_defaults_and_a_full_environment(tmp_path: Path) -> None:
    settings = load_settings({"DISCORD_TOKEN": TOKEN})
    assert settings.database == Path("./moonriver.sqlite3") and settings.log_level == "INFO"
    assert TOKEN not in repr(settings)
    settings = load_settings({
        "DISCORD_TOKEN": TOKEN, "MOONRIVER_DB": str(tmp_path / "x.sqlite3"),
        "DISCORD_DEV_GUILD": "123", "DISCORD_API_BASE": "http://127.0.0.1:8080/api/v10/",
        "DISCORD_GATEWAY_URL": "ws://127.0.0.1:8080/gateway", "MOONRIVER_LOG_LEVEL": "debug"})
    assert settings.dev_guild == 123 and settings.api_base.endswith("/api/v10")
    assert settings.log_level == "DEBUG"


@pytest.mark.parametrize(("env", "message"), [
    ({}, "DISCORD_TOKEN is not set"),
    ({"DISCORD_TOKEN": "short"}, "does not look like"),
    ({"DISCORD_TOKEN": TOKEN, "DISCORD_DEV_GUILD": "my server"}, "DISCORD_DEV_GUILD"),
    ({"DISCORD_TOKEN": TOKEN, "DISCORD_API_BASE": "127.0.0.1:8080"}, "DISCORD_API_BASE"),
    ({"DISCORD_TOKEN": TOKEN, "DISCORD_GATEWAY_URL": "http://x"}, "DISCORD_GATEWAY_URL"),
    ({"DISCORD_TOKEN": TOKEN, "MOONRIVER_LOG_LEVEL": "loud"}, "MOONRIVER_LOG_LEVEL"),
    ({"DISCORD_TOKEN": TOKEN, "MOONRIVER_DB": "/no/such/folder/db.sqlite3"}, "MOONRIVER_DB"),
    ({"DISCORD_TOKEN": TOKEN, "MOONRIVER_DB": "/tmp"}, "folder"),
])
def test_bad_settings_name_the_variable(env: dict[str, str], message: str) -> None:
    with pytest.raises(ConfigError, match=message) as caught:
        load_settings(env)
    assert TOKEN not in str(caught.value)


def test_offline_commands_need_no_token() -> None:
    assert load_settings({}, require_token=False).token is None


def test_every_error_code_is_translated() -> None:
    codes = {cls.code for cls in vars(errors).values()
             if isinstance(cls, type) and issubclass(cls, errors.TableError)}
    for locale in LOCALES:
        missing = {c for c in codes if f"error.{c}" not in strings(locale)}
        assert missing == set(), locale


def test_command_names_and_descriptions_fit_discord() -> None:
    """Localised command names: lower case, 1–32 letters, digits, - or _ (Discord's rule)."""
    for locale in LOCALES:
        table = strings(locale)
        keys = [k for k in table if k.startswith("cmd.")]
        assert len(keys) == 54, locale  # 27 commands, a name and a description each
        for key in keys:
            text = table[key]
            if key.endswith(".name"):
                assert 1 <= len(text) <= 32 and text == text.lower(), (locale, key)
                assert all(c.isalnum() or c in "-_" for c in text), (locale, key)
            else:
                assert 1 <= len(text) <= 100, (locale, key)


@pytest.mark.parametrize(("name", "value"), [
    ("MOONRIVER_BACKUP_HOURS", "0.001"), ("MOONRIVER_BACKUP_HOURS", "-1"),
    ("MOONRIVER_BACKUP_HOURS", "nan"), ("MOONRIVER_BACKUP_KEEP", "0"),
    ("MOONRIVER_BACKUP_KEEP", "2.5"), ("MOONRIVER_RATE_PER_MINUTE", "1e9"),
    ("MOONRIVER_RATE_BURST", "0"), ("MOONRIVER_LOBBIES_PER_USER", "0"),
    ("MOONRIVER_LOBBIES_PER_CHANNEL", "many"),
])
def test_limits_out_of_bounds_name_the_variable_and_the_range(name: str, value: str) -> None:
    with pytest.raises(ConfigError, match=f"{name} must be .* from .* to .*{value!r}"):
        load_settings({"DISCORD_TOKEN": TOKEN, name: value})


def test_limits_and_backups_from_the_environment(tmp_path: Path) -> None:
    settings = load_settings({"DISCORD_TOKEN": TOKEN, "MOONRIVER_DB": str(tmp_path / "g.db"),
                              "MOONRIVER_BACKUP_HOURS": "0", "MOONRIVER_BACKUP_KEEP": "3",
                              "MOONRIVER_LOBBIES_PER_USER": "1",
                              "MOONRIVER_RATE_PER_MINUTE": "12"})
    assert (settings.backup_hours, settings.backup_keep) == (0, 3)
    assert settings.backups == tmp_path / "backups"  # beside the database by default
    assert (settings.lobbies_per_user, settings.rate_per_minute) == (1, 12)


def test_a_postgresql_url_chooses_that_server_and_is_never_shown() -> None:
    assert load_settings({}, require_token=False).database_url is None  # SQLite
    url = "postgresql://bot:s3cret@db.internal:5432/moonriver"
    settings = load_settings({"MOONRIVER_DATABASE_URL": url}, require_token=False)
    assert settings.database_url == url and "s3cret" not in repr(settings)
    socket = "postgresql:///moonriver?host=/run/postgresql"
    assert load_settings({"MOONRIVER_DATABASE_URL": socket},
                         require_token=False).database_url == socket


@pytest.mark.parametrize(("url", "message"), [
    ("mysql://bot:pw@db/moonriver", "must be a PostgreSQL URL"),
    ("./moonriver.sqlite3", "must be a PostgreSQL URL"),
    ("postgresql://bot:pw@db:99999/moonriver", "bad port"),
    ("postgresql:///moonriver", "names no server"),
    ("postgresql://bot:pw@db", "names no database"),
])
def test_a_bad_database_url_is_a_clear_error(url: str, message: str) -> None:
    with pytest.raises(ConfigError, match=f"MOONRIVER_DATABASE_URL.*{message}|{message}") \
            as caught:
        load_settings({"MOONRIVER_DATABASE_URL": url}, require_token=False)
    assert "MOONRIVER_DATABASE_URL" in str(caught.value) and "pw" not in str(caught.value)
