"""What spans a table's turns and the server's tables, through the fake Discord with the
real bot process: a game's history in words, a player's games, the help."""

from __future__ import annotations

import json

import pytest

from bot.discord.info import PAGE_ROOM, pages_of
from bot.tables.domain import LoggedAction
from bot.tables.narration import story
from bot.tables.words import Segment
from tests.bot.conftest import START
from tests.bot.test_end_to_end import (
    ALICE,
    BOB,
    CAROL,
    RAW_ID,
    discord_and_bot,  # noqa: F401 (a fixture)
    is_post,
    mover_of,
    started_table,
    take_turn,
)
from tests.fake_discord import CHANNEL_ID, GUILD_ID, FakeDiscord, Sent


@pytest.mark.system
async def test_history_tells_the_turns_in_the_posts_words(
        discord_and_bot,  # noqa: F811 (the fixture)
) -> None:
    fake, _bot = discord_and_bot
    table = await started_table(fake, ALICE, [BOB])
    posts = []
    for _ in range(4):
        table = await take_turn(fake, table)
        posts.append(table.content)
    told = [line for post in posts for line in post.splitlines()
            if line.startswith(("**Alice** ", "**Bob** "))]
    before = len(fake.sent)
    iid = await fake.slash(ALICE, "history")
    answer = await fake.wait_for(lambda s: s.interaction_id == iid, after=before)
    assert answer.ephemeral
    lines = answer.content.splitlines()
    assert lines[-1].startswith("-# Page 1 of 1")
    assert not RAW_ID.search(answer.content), answer.content
    played = [line for line in told if "plays on" not in line]
    assert played and all(line in lines for line in played), (played, lines)
    assert fake.violations == [] and fake.unanswered() == []


def test_history_pages_are_newest_first_and_fit_a_message() -> None:
    lines = [f"**P{i}** took {'x' * 90}" for i in range(60)]
    pages = pages_of(lines)
    assert len(pages) > 1 and pages[0][-1] == lines[-1] and pages[-1][0] == lines[0]
    assert [line for page in reversed(pages) for line in page] == lines
    assert all(len("\n".join(page)) <= PAGE_ROOM for page in pages)
    assert pages_of([]) == [] and pages_of(["y" * 5000])[0][0].endswith("…")


async def table_in(fake: FakeDiscord, channel: int, host: tuple[int, str],
                   guest: tuple[int, str]) -> Sent:
    """A two-player Moon River table started in `channel`: its first post."""
    iid = await fake.slash(host, "new", channel_id=channel, variant="base", players=2,
                           thread=False)
    lobby = await fake.wait_for(lambda s: s.interaction_id == iid
                                and "mr:lobby:join" in s.custom_ids())
    before = len(fake.sent)
    await fake.answered(await fake.click(guest, lobby, "mr:lobby:join"))
    await fake.wait_for(lambda s: s.kind == "update" and guest[1] in s.content, after=before)
    before = len(fake.sent)
    await fake.click(host, lobby, "mr:lobby:start")
    return await fake.wait_for(is_post, after=before)


async def ask(fake: FakeDiscord, user: tuple[int, str], command: str,
              locale: str = "en-US") -> Sent:
    before = len(fake.sent)
    iid = await fake.command(user, command, locale=locale)
    answer = await fake.wait_for(lambda s: s.interaction_id == iid, after=before)
    assert answer.ephemeral
    return answer


@pytest.mark.system
async def test_games_lists_the_askers_tables_waiting_for_them_first(
        discord_and_bot,  # noqa: F811 (the fixture)
) -> None:
    fake, _bot = discord_and_bot
    first = await table_in(fake, CHANNEL_ID, ALICE, BOB)
    second = await table_in(fake, CHANNEL_ID + 1, BOB, ALICE)
    for asker in (ALICE, BOB):
        answer = await ask(fake, asker, "games")
        lines = answer.content.splitlines()[1:]
        assert len(lines) == 2, answer.content
        links = {table.channel_id: f"https://discord.com/channels/{GUILD_ID}/{table.channel_id}"
                 for table in (first, second)}
        assert all(any(link in line for line in lines) for link in links.values())
        waiting = [int(mover_of(table) == asker) for table in (first, second)]
        yours = [int("your turn" in line) for line in lines]
        assert sorted(yours, reverse=True) == yours and sum(yours) == sum(waiting)
        for table in (first, second):  # each line names the player its table waits for
            line = next(x for x in lines if links[table.channel_id] in x)
            mover = mover_of(table)
            assert ("your turn" in line) == (mover == asker)
            assert mover == asker or f"{mover[1]} to move" in line
            assert "Moon River" in line and "<t:" in line
    assert "no open tables" in (await ask(fake, CAROL, "games")).content
    assert fake.violations == [] and fake.unanswered() == []


@pytest.mark.system
async def test_help_lists_every_games_commands_and_symbols_in_the_askers_language(
        discord_and_bot,  # noqa: F811 (the fixture)
) -> None:
    fake, _bot = discord_and_bot
    groups = [c["name"] for c in fake.commands if c.get("options")]
    english = (await ask(fake, ALICE, "help")).content
    assert all(f"`/{group}`" in english for group in groups) and len(groups) >= 3
    assert "`new` [" in english and "`history` [page]" in english and "`/games`" in english
    assert all(symbol in english for symbol in ("🐄", "🪙", "🦫", "🌽", "Cowboy", "👑", "🌙"))
    german = (await ask(fake, BOB, "help", locale="de")).content
    assert "`neu` [" in german and "Kühe" in german and "`/partien`" in german
    assert fake.violations == [] and fake.unanswered() == []


def test_a_story_keeps_one_language_and_leaves_out_the_turn_going_on() -> None:
    def row(seq: int, said: dict[str, list[Segment]]) -> LoggedAction:
        return LoggedAction(seq, 0, "engine text", START, "[]", json.dumps(
            {locale: [s.to_dict() for s in segments] for locale, segments in said.items()}))

    def done(word: str) -> Segment:
        return Segment(0, (word,), ends_turn=True)

    rows = [row(1, {"en": [done("took")], "de": [done("nahm")]}),
            LoggedAction(2, 1, "engine text", START),  # an action inside a call
            row(3, {"en": [done("built"), Segment(1, ("drew",))]})]
    segments, locale = story(rows, "de", "en")  # the German mover made one call only
    assert locale == "en" and [s.phrases for s in segments] == [("took",), ("built",)]
    segments, locale = story(rows[:2], "de", "en")
    assert locale == "de" and [s.phrases for s in segments] == [("nahm",)]
    assert story([], "de", "en") == ([], "en")
