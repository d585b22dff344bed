"""Abuse limits as Discord users meet them: the real bot process against the
fake Discord, with hostile names, forged interactions and a user who clicks too fast."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import replace
from pathlib import Path

import pytest

from tests.bot.test_end_to_end import ALICE, BOB, Bot, started_table
from tests.fake_discord import CHANNEL_ID, FakeDiscord

MALLORY = (105, "[nitro](https://e.vil) @here")  # names are cut at 32 characters
EVE = (106, "<@102000000000000000> @everyone")


@pytest.fixture
async def strict_bot(tmp_path: Path) -> AsyncIterator[tuple[FakeDiscord, Bot, Path]]:
    """A bot with a tight rate limit (burst 4, then one a minute) and its log at DEBUG."""
    fake = FakeDiscord()
    await fake.start()
    log = tmp_path / "bot.log"
    bot = Bot(fake, tmp_path / "bot.sqlite3", stderr=log, extra_env={
        "MOONRIVER_RATE_PER_MINUTE": "1", "MOONRIVER_RATE_BURST": "4",
        "MOONRIVER_LOG_LEVEL": "DEBUG"})
    await bot.start()
    try:
        yield fake, bot, log
    finally:
        await bot.stop()
        await fake.stop()


@asynccontextmanager
async def running_bot(tmp_path: Path, env: dict[str, str]
                      ) -> AsyncIterator[tuple[FakeDiscord, Bot]]:
    """The real bot with `env` against a fresh fake Discord, stopped afterwards."""
    fake = FakeDiscord()
    await fake.start()
    bot = Bot(fake, tmp_path / "bot.sqlite3", extra_env=env)
    await bot.start()
    try:
        yield fake, bot
    finally:
        await bot.stop()
        await fake.stop()


@pytest.fixture
async def bot(tmp_path: Path) -> AsyncIterator[tuple[FakeDiscord, Bot]]:
    async with running_bot(tmp_path, {"MOONRIVER_LOBBIES_PER_USER": "1"}) as running:
        yield running


async def reply_to(fake: FakeDiscord, iid: str, before: int):
    return await fake.wait_for(lambda s: s.interaction_id == iid, after=before)


async def lobby_of(fake: FakeDiscord, host: tuple[int, str], channel_id: int = CHANNEL_ID):
    before = len(fake.sent)
    iid = await fake.slash(host, "new", channel_id=channel_id, players=4, thread=False)
    return await reply_to(fake, iid, before)


@pytest.mark.system
async def test_hostile_names_stay_text_and_nobody_extra_is_pinged(bot) -> None:
    fake, _bot = bot
    lobby = await lobby_of(fake, ALICE)
    before = len(fake.sent)
    await fake.answered(await fake.click(MALLORY, lobby, "mr:lobby:join"))
    await fake.wait_for(lambda s: s.kind in ("edit", "update") and "nitro" in s.content,
                        after=before)
    await fake.answered(await fake.click(EVE, lobby, "mr:lobby:join"))
    edit = await fake.wait_for(lambda s: s.kind in ("edit", "update")
                               and "everyone" in s.content, after=before)
    assert r"\[nitro](https://e.vil)" in edit.content  # a masked link shown as typed
    assert "@here" not in edit.content and "@everyone" not in edit.content
    assert "<@102000000000000000>" not in edit.content  # escaped: shown, not a mention
    assert edit.allowed_mentions == {"parse": []}  # and the edit itself allows no pings
    texts = [s for s in fake.sent if s.content]
    assert texts and all(s.allowed_mentions is not None for s in texts)  # every send, edit
    assert lobby.allowed_mentions == {"parse": []}


@pytest.mark.system
async def test_status_shows_the_table_again_without_a_ping(bot) -> None:
    fake, _bot = bot
    table = await started_table(fake, ALICE, [BOB])
    (mover,) = table.allowed_mentions["users"]
    before = len(fake.sent)
    iid = await fake.slash(MALLORY, "status")  # anyone may look, privately ...
    again = await fake.wait_for(lambda s: s.interaction_id == iid and "table.png" in s.files,
                                after=before)
    name = ALICE[1] if int(mover) == ALICE[0] else BOB[1]
    assert again.ephemeral and name in again.content  # ... and sees who is to move ...
    assert not (again.allowed_mentions or {}).get("users")  # ... without pinging them


@pytest.mark.system
async def test_a_button_carrying_another_games_id_is_refused(bot) -> None:
    fake, _bot = bot
    table = await started_table(fake, ALICE, [BOB])
    turn = next(c for c in table.custom_ids() if c.startswith("mr:turn:"))
    game, version = (int(x) for x in turn.split(":")[2:4])
    before = len(fake.sent)
    (mover,) = table.allowed_mentions["users"]
    user = ALICE if int(mover) == ALICE[0] else BOB
    for forged in (f"mr:act:{game + 7}:{version}:pass", f"mr:turn:{game + 7}:{version}"):
        # a client that rewrites the message's button (discord.py only routes ids that
        # are on the clicked message)
        message = replace(table, components=[{"type": 1, "components": [
            {"type": 2, "style": 1, "label": "x", "custom_id": forged}]}])
        before = len(fake.sent)
        iid = await fake.click(user, message, forged)
        refusal = await reply_to(fake, iid, before)
        assert refusal.ephemeral and "another game" in refusal.content


@pytest.mark.system
async def test_guild_commands_forged_in_a_dm_are_refused(bot) -> None:
    fake, _bot = bot
    before = len(fake.sent)
    iid = await fake.slash(ALICE, "new", channel_id=777, dm=True, thread=False)
    refusal = await reply_to(fake, iid, before)
    assert refusal.ephemeral and "server channel" in refusal.content
    before = len(fake.sent)  # no lobby was opened there: the same user may open one here
    iid = await fake.slash(ALICE, "new", thread=False)
    lobby = await reply_to(fake, iid, before)
    assert "mr:lobby:join" in lobby.custom_ids()


@pytest.mark.system
async def test_a_second_lobby_of_one_host_is_refused(bot) -> None:
    fake, _bot = bot  # MOONRIVER_LOBBIES_PER_USER=1
    assert "mr:lobby:join" in (await lobby_of(fake, ALICE)).custom_ids()
    before = len(fake.sent)
    iid = await fake.slash(ALICE, "new", channel_id=CHANNEL_ID + 1, thread=False)
    refusal = await reply_to(fake, iid, before)
    assert refusal.ephemeral and "open lobbies" in refusal.content
    before = len(fake.sent)
    iid = await fake.slash(ALICE, "settings", remind_hours="0.000000001")
    assert (await reply_to(fake, iid, before)).ephemeral  # refused: not a saved setting
    assert "saved" not in fake.sent[-1].content.lower()


@pytest.mark.system
async def test_too_many_commands_get_a_private_slow_down(strict_bot) -> None:
    fake, _bot, _log = strict_bot
    answers = []
    for _ in range(6):
        before = len(fake.sent)
        iid = await fake.slash(BOB, "rules")
        answers.append(await reply_to(fake, iid, before))
    assert all(a.ephemeral for a in answers)
    assert ["Slow down" in a.content for a in answers] == [False] * 4 + [True] * 2
    assert re.search(r"try again in \d+ s", answers[-1].content)
    lobby = await lobby_of(fake, ALICE)  # one user's limit is not another's
    assert "mr:lobby:join" in lobby.custom_ids()
    before = len(fake.sent)
    iid = await fake.click(BOB, lobby, "mr:lobby:join")  # clicks count too
    refusal = await reply_to(fake, iid, before)
    assert refusal.ephemeral and "Slow down" in refusal.content
    assert not any(s.kind in ("edit", "update") and "Bob" in s.content
                   for s in fake.sent[before:])
    assert fake.violations == [] and fake.unanswered() == []


@pytest.mark.system
async def test_interaction_tokens_are_not_logged_even_at_debug(strict_bot) -> None:
    fake, bot, log = strict_bot
    before = len(fake.sent)
    iid = await fake.slash(ALICE, "rules")
    await reply_to(fake, iid, before)
    await bot.stop()
    text = log.read_text(encoding="utf-8", errors="replace")
    assert "INTERACTION_CREATE" in text  # the payload was logged at DEBUG ...
    assert f"token-{iid}" not in text  # ... without its token
    assert fake.env["DISCORD_TOKEN"] not in text


@pytest.mark.parametrize("typed", [",", " , ,", "12;24", "12,,24", "nan", "1e400", "-3",
                                   "1,2,3,4,5,6"])
async def test_reminder_hours_follow_a_grammar_and_a_refusal_names_the_setting(
        bot, typed: str) -> None:  # type: ignore[no-untyped-def]
    fake, _bot = bot
    await lobby_of(fake, ALICE)
    before = len(fake.sent)
    iid = await fake.slash(ALICE, "settings", remind_hours=typed)
    refusal = await reply_to(fake, iid, before)
    assert refusal.ephemeral and "saved" not in refusal.content.lower()
    assert "remind_hours" in refusal.content and "12,24" in refusal.content


async def test_concurrent_new_tables_open_no_empty_threads(bot) -> None:  # type: ignore[no-untyped-def]
    """Eight `/moonriver new` at once by one host (at most 1 open lobby here): one
    thread, one lobby; the other seven are refused before any thread is made."""
    import asyncio

    fake, _bot = bot
    before = len(fake.sent)
    ids = await asyncio.gather(*(fake.slash(ALICE, "new", players=2) for _ in range(8)))
    answers = [await reply_to(fake, iid, before) for iid in ids]
    await asyncio.sleep(0.5)  # a thread made late would show here
    refused = [a for a in answers if "open lobbies" in a.content]
    assert len(refused) == 7, [a.content for a in answers]
    assert len(fake.threads) - len(fake.removed_channels) == 1, fake.threads


async def dialogue_with_the_bursts_last_tap(fake: FakeDiscord):  # type: ignore[no-untyped-def]
    """A 2-player table started; the player to move uses all but one tap of their burst
    of 4 and opens their private turn message with the last: (player, message)."""
    from tests.bot.test_end_to_end import open_dialogue
    table = await started_table(fake, ALICE, [BOB])  # Alice: 2 of her 4 taps, Bob: 1
    (mover,) = table.allowed_mentions["users"]
    user = ALICE if int(mover) == ALICE[0] else BOB
    for _ in range(1 if user == ALICE else 2):
        before = len(fake.sent)
        iid = await fake.slash(user, "rules")
        assert "Slow down" not in (await reply_to(fake, iid, before)).content
    opened, message, _before = await open_dialogue(fake, table)
    assert opened == user and message.custom_ids()
    return user, message


@pytest.mark.system
async def test_a_tap_too_many_slows_down_in_the_same_private_message(strict_bot) -> None:
    """A burst of taps in the private turn message: the tap over the limit is answered in
    that message (a line on top says when to tap again), with the same step and buttons,
    not in a new private message the player must find."""
    from tests.bot.test_end_to_end import click_and_wait
    from tests.fake_discord import next_click
    fake, _bot, _log = strict_bot
    user, message = await dialogue_with_the_bursts_last_tap(fake)
    before = len(fake.sent)
    answer = await click_and_wait(fake, user, message, *next_click(message))
    assert "Slow down" in answer.content and answer.content.startswith("⏳"), answer.content
    assert answer.kind == "update" and answer.ephemeral, answer.kind
    assert message.content in answer.content  # the step as it was, under the line
    assert not [s for s in fake.sent[before:] if s.kind in ("callback", "followup")], \
        "no new private message"
    assert fake.violations == [] and fake.unanswered() == []


@pytest.fixture
async def brisk_bot(tmp_path: Path) -> AsyncIterator[tuple[FakeDiscord, Bot]]:
    """A bot whose limit refills a tap a second after a burst of 4."""
    async with running_bot(tmp_path, {"MOONRIVER_RATE_PER_MINUTE": "60",
                                      "MOONRIVER_RATE_BURST": "4"}) as running:
        yield running


@pytest.mark.system
async def test_a_tap_just_over_the_limit_is_held_and_played(brisk_bot) -> None:
    """A tap the limit lets through within a few seconds is not refused: it is held
    (acknowledged at once) and played, and the same private message shows the next
    step, with no slow-down line."""
    from tests.bot.test_end_to_end import click_and_wait
    from tests.fake_discord import next_click
    fake, _bot = brisk_bot
    user, message = await dialogue_with_the_bursts_last_tap(fake)
    before = len(fake.sent)
    answer = await click_and_wait(fake, user, message, *next_click(message))
    assert "Slow down" not in answer.content and not answer.content.startswith("⏳")
    assert answer.kind == "update" and answer.ephemeral, answer.kind
    assert answer.content != message.content  # the tap was played: the next step
    assert not [s for s in fake.sent[before:] if s.kind in ("callback", "followup")]
    assert fake.violations == [] and fake.unanswered() == []
