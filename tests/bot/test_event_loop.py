"""The bot runs on uvloop where it is installed (its CPU per turn), and on
asyncio's own loop when asked to."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from pathlib import Path

import pytest
import uvloop

from bot.discord.client import event_loop_factory


def test_uvloop_is_the_default_loop(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("MOONRIVER_EVENT_LOOP", raising=False)
    factory = event_loop_factory()
    assert factory is not None
    loop = factory()
    try:
        assert isinstance(loop, uvloop.Loop)
    finally:
        loop.close()


def test_the_standard_loop_on_request(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MOONRIVER_EVENT_LOOP", "asyncio")
    assert event_loop_factory() is None
    with asyncio.Runner(loop_factory=event_loop_factory()) as runner:
        assert not isinstance(runner.get_loop(), uvloop.Loop)


def test_an_unknown_loop_is_refused_by_name(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MOONRIVER_EVENT_LOOP", "tokio")
    with pytest.raises(ValueError, match="MOONRIVER_EVENT_LOOP"):
        event_loop_factory()


@pytest.mark.system
def test_moonriver_run_refuses_an_unknown_loop_in_one_line(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "MOONRIVER_"))}
    env.update(DISCORD_TOKEN="x" * 40, MOONRIVER_EVENT_LOOP="tokio",
               MOONRIVER_DB=str(tmp_path / "games.sqlite3"))
    result = subprocess.run([sys.executable, "-m", "bot.cli", "run"], capture_output=True,
                            text=True, env=env, timeout=60)
    assert result.returncode == 2
    assert result.stderr.strip().splitlines() == [
        "moonriver: MOONRIVER_EVENT_LOOP must be one of uvloop, asyncio, not 'tokio'"]
