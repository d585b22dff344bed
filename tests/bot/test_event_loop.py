"""The bot runs on uvloop where it is installed (issue 10: its CPU per turn), and on
asyncio's own loop when asked to."""

from __future__ import annotations

import asyncio

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
