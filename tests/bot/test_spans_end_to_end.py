"""What spans a table's turns and the server's tables, through the fake Discord with the
real bot process: a game's history in words, a player's games, the help."""

from __future__ import annotations

import pytest

from bot.discord.info import PAGE_ROOM, pages_of
from tests.bot.test_end_to_end import (
    ALICE,
    BOB,
    RAW_ID,
    discord_and_bot,  # noqa: F401 (a fixture)
    started_table,
    take_turn,
)


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
