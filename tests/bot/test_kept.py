"""The kept private messages (`bot.discord.kept`): taken once, only while Discord still
accepts the interaction's token, and swept so the cache cannot grow without end."""

from __future__ import annotations

from typing import cast

import discord

from bot.discord.kept import KEEP_SECONDS, SWEEP_AT, KeptMessages


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def interaction(n: int) -> discord.Webhook:
    return cast(discord.Webhook, f"interaction {n}")  # only carried, never used


def test_a_kept_message_is_taken_once_and_only_while_its_token_lives() -> None:
    clock = Clock()
    kept = KeptMessages(clock=clock)
    kept.keep(1, 101, interaction(1), "de")
    taken = kept.take(1, 101)
    assert taken is not None and taken.message == "interaction 1" and taken.locale == "de"
    assert kept.take(1, 101) is None  # resumed once
    kept.keep(1, 101, interaction(2), "en")
    clock.now += KEEP_SECONDS - 1
    assert kept.take(1, 101) is not None
    kept.keep(1, 101, interaction(3), "en")
    clock.now += KEEP_SECONDS + 1
    assert kept.take(1, 101) is None  # Discord would refuse the token now
    assert len(kept) == 0


def test_the_newest_turn_replaces_the_kept_message_and_games_stay_apart() -> None:
    kept = KeptMessages(clock=Clock())
    kept.keep(1, 101, interaction(1), "en")
    kept.keep(1, 101, interaction(2), "en")
    kept.keep(2, 101, interaction(3), "en")
    assert kept.take(1, 102) is None
    first, second = kept.take(1, 101), kept.take(2, 101)
    assert first is not None and first.message == "interaction 2"
    assert second is not None and second.message == "interaction 3"


def test_expired_messages_are_swept_when_the_cache_is_full() -> None:
    clock = Clock()
    kept = KeptMessages(clock=clock)
    for n in range(SWEEP_AT):
        kept.keep(n, 101, interaction(n), "en")
    clock.now += KEEP_SECONDS + 1
    kept.keep(SWEEP_AT, 101, interaction(SWEEP_AT), "en")
    assert len(kept) == 1


def test_an_undone_turn_keeps_its_message_again_with_its_tokens_time() -> None:
    clock = Clock()
    kept = KeptMessages(clock=clock)
    kept.keep(1, 101, interaction(1), "ja")
    message = kept.take(1, 101)
    assert message is not None
    kept.resumed(1, 101, message)
    assert kept.back_to_kept(1, 102) is None  # nobody else's
    back = kept.back_to_kept(1, 101)
    assert back is message and kept.take_shown(1, 101) is None  # no longer shown
    clock.now += KEEP_SECONDS - 1
    assert kept.take(1, 101) is message  # resumed again when the turn comes back
    kept.resumed(1, 101, message)
    clock.now += 2  # the token's first 15 minutes are over: not kept again
    assert kept.back_to_kept(1, 101) is None and kept.take(1, 101) is None


def test_a_message_opened_by_play_shows_the_turn_until_replaced_or_ended() -> None:
    clock = Clock()
    kept = KeptMessages(clock=clock)
    kept.opened(1, 101, interaction(1), "de")
    opened = kept.take_shown(1, 101)
    assert opened is not None and opened.message == "interaction 1"
    assert opened.until == clock.now + KEEP_SECONDS
    kept.opened(1, 101, interaction(2), "en")
    kept.keep(1, 101, interaction(3), "en")  # the turn ended in it: shown no longer
    assert kept.take_shown(1, 101) is None
