"""Abuse limits without Discord: rate limits, lobby limits, setting bounds,
escaping and log scrubbing, each on the real part (real stores, a real log handler)."""

from __future__ import annotations

import io
import logging

import pytest

from bot.discord.logs import REDACTED, SecretFilter
from bot.discord.safe_text import safe_name
from bot.tables.domain import TableSettings
from bot.tables.errors import BadInput, TooManyLobbies
from bot.tables.limits import TableLimits
from bot.tables.ratelimit import RateLimiter
from bot.tables.service import TableService
from bot.tables.store import GameStore
from tests.bot.conftest import ALICE, BOB, CAROL, Clock


class Seconds:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_rate_limit_allows_a_burst_then_the_steady_rate() -> None:
    clock = Seconds()
    limiter = RateLimiter(per_minute=6, burst=3, clock=clock)  # one every 10 s
    assert [limiter.retry_after(1) for _ in range(3)] == [0.0, 0.0, 0.0]
    wait = limiter.retry_after(1)
    assert wait == pytest.approx(10.0)
    assert limiter.retry_after(2) == 0.0  # another user has their own bucket
    clock.now += 10
    assert limiter.retry_after(1) == 0.0 and limiter.retry_after(1) > 0


def test_rate_limit_zero_is_off() -> None:
    limiter = RateLimiter(per_minute=0, burst=1, clock=Seconds())
    assert all(limiter.retry_after(1) == 0.0 for _ in range(1000))


def test_rate_limit_forgets_quiet_users() -> None:
    clock = Seconds()
    limiter = RateLimiter(per_minute=60, burst=5, clock=clock)
    for user in range(100):
        limiter.retry_after(user)
    assert len(limiter) == 100
    clock.now += 6  # every bucket refilled: they start full anyway
    limiter.retry_after(1000)
    assert len(limiter) == 1


async def test_one_user_hosts_at_most_n_lobbies(store: GameStore, clock: Clock) -> None:
    service = TableService(store, clock=clock, limits=TableLimits(lobbies_per_user=2))
    await service.create(1, ALICE)
    await service.create(2, ALICE)
    with pytest.raises(TooManyLobbies) as refused:
        await service.create(3, ALICE)
    assert refused.value.params == {"limit": 2}
    await service.create(3, BOB)  # others are not affected
    await service.cancel(1, ALICE)
    await service.create(4, ALICE)  # a closed lobby frees the place


async def test_one_channel_and_its_threads_hold_at_most_n_lobbies(store: GameStore,
                                                                 clock: Clock) -> None:
    service = TableService(store, clock=clock, limits=TableLimits(lobbies_per_channel=2))
    await service.create(501, ALICE, parent_id=500)  # two threads of channel 500
    await service.create(502, BOB, parent_id=500)
    with pytest.raises(TooManyLobbies):
        await service.check_new_lobby(CAROL, 500)  # asked before a third thread is made
    with pytest.raises(TooManyLobbies):
        await service.create(500, CAROL)  # nor in the channel itself
    await service.create(600, CAROL)  # another channel


@pytest.mark.parametrize("hours", [1e-9, 0.01, 0.2])
async def test_reminders_closer_than_the_minimum_are_refused(store: GameStore, clock: Clock,
                                                            hours: float) -> None:
    service = TableService(store, clock=clock)
    await service.create(1, ALICE)
    with pytest.raises(BadInput, match="at least"):
        await service.update_settings(1, ALICE, TableSettings(remind_after_hours=(hours,)))
    await service.update_settings(1, ALICE, TableSettings(remind_after_hours=(0.25, 12)))


@pytest.mark.parametrize("hours", [float("nan"), float("inf"), -1.0, 400.0])
def test_reminder_hours_outside_the_range_are_not_settings(hours: float) -> None:
    with pytest.raises(BadInput):
        TableSettings(remind_after_hours=(hours,))


@pytest.mark.parametrize(("name", "inert"), [
    ("**[free nitro](https://evil.example)**", r"\*\*\[free nitro](https://evil.example)\*\*"),
    ("<@123456789012345678>", "<@\u200b123456789012345678>"),
    ("@everyone", "@\u200beveryone"),
    ("||spoiler|| `code` _x_", r"\|\|spoiler\|\| \`code\` \_x\_"),
])
def test_names_are_escaped_for_markdown_and_mentions(name: str, inert: str) -> None:
    assert safe_name(name) == inert


def _log_through_filter(message: str, *args: object, token: str | None = None) -> str:
    out = io.StringIO()
    handler = logging.StreamHandler(out)
    handler.addFilter(SecretFilter(token))
    logger = logging.getLogger("test_abuse.scrub")
    logger.addHandler(handler)
    logger.setLevel(logging.DEBUG)
    logger.propagate = False
    try:
        logger.debug(message, *args)
    finally:
        logger.removeHandler(handler)
    return out.getvalue()


@pytest.mark.parametrize(("message", "args", "secret"), [
    ("For Shard ID None: WebSocket Event: %s", ({"t": "INTERACTION_CREATE", "d": {
        "id": "1", "token": "aW50ZXJhY3Rpb246MTIz.secret-part"}},), "secret-part"),
    ("POST %s with %s has returned 204",
     ("https://discord.com/api/v10/interactions/1234/aW50.tok-en_X/callback", None),
     "aW50.tok-en_X"),
    ("PATCH %s", ("https://discord.com/api/v10/webhooks/99/aW50.tok-en_Y/messages/@original",),
     "aW50.tok-en_Y"),
])
def test_interaction_tokens_never_reach_the_log(message: str, args: tuple[object, ...],
                                                secret: str) -> None:
    written = _log_through_filter(message, *args)
    assert secret not in written and REDACTED in written


def test_the_bot_token_is_scrubbed_too() -> None:
    token = "MTIz.bot-token-for-this-test"
    assert token not in _log_through_filter("login with %s", token, token=token)
