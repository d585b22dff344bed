"""The end of a game and coming back, through the fake Discord with the real bot process:
every game's end post carries the end picture and the story picture, a game played in a
thread tells its parent channel the result with a link to that post, a player who was
away reads what happened since their last turn on Play, and an @mention of the bot
answers with the help, privately."""

from __future__ import annotations

import asyncio

import pytest

from tests.bot.test_end_to_end import (
    ALICE,
    BOB,
    CAROL,
    click_and_wait,
    discord_and_bot,  # noqa: F401 (a fixture)
    is_post,
    mover_of,
    started_table,
)
from tests.fake_discord import (
    BOT_ID,
    CHANNEL_ID,
    GUILD_ID,
    FakeDiscord,
    Sent,
    dm_channel,
    next_click,
)

SINCE = "**Since your last turn:**"
GUILD_MESSAGES, DIRECT_MESSAGES, MESSAGE_CONTENT = 1 << 9, 1 << 12, 1 << 15


async def table_with_computers(fake: FakeDiscord, game: str, computers: int,
                               thread: bool = True) -> Sent:
    """Alice opens `game` (in a new thread by default), seats `computers` easy computer
    players and starts: the first table post."""
    options: dict[str, object] = {} if game == "moonlight" else {"players": computers + 1}
    if game == "moonriver":
        options["variant"] = "base"
    if not thread:
        options["thread"] = False
    before = len(fake.sent)
    await fake.slash(ALICE, "new", group=game, **options)
    lobby = await fake.wait_for(lambda s: "mr:lobby:join" in s.custom_ids(), after=before)
    where = int(lobby.channel_id)
    if thread:
        assert where != CHANNEL_ID and fake.thread_parents[lobby.channel_id] == str(CHANNEL_ID)
    else:
        assert where == CHANNEL_ID
    for _ in range(computers):
        before = len(fake.sent)
        iid = await fake.slash(ALICE, "addbot", group=game, channel_id=where, level="easy")
        await fake.wait_for(lambda s, iid=iid: s.interaction_id == iid, after=before)
    before = len(fake.sent)
    await fake.click(ALICE, lobby, "mr:lobby:start")
    return await fake.wait_for(is_post, after=before)


def step_of(message: Sent) -> tuple[str, list[str] | None]:
    """The first card of a hand (Moonlight), else what `next_click` presses."""
    pick = [c for c in message.custom_ids() if c.startswith("mr:pick:")]
    return (pick[0], None) if pick else next_click(message)


async def play_turn(fake: FakeDiscord, table: Sent) -> tuple[tuple[int, str], str, Sent]:
    """The player to move taps Play and plays on in that private message until it is
    over: who it was, what their Play message opened with, the next post pinging
    someone (or the end post)."""
    user = mover_of(table)
    before = len(fake.sent)
    turn = next(c for c in table.custom_ids() if c.startswith("mr:turn:"))
    message = await click_and_wait(fake, user, table, turn)
    opened = message.content
    while message.custom_ids():
        custom_id, values = step_of(message)
        message = await click_and_wait(fake, user, message, custom_id, values)
    assert message.content.startswith("✅"), message.content
    table = await fake.wait_for(lambda s: is_post(s) and (
        "final.png" in s.files or bool((s.allowed_mentions or {}).get("users"))),
        after=before)
    return user, opened, table


async def play_alone_against_computers(fake: FakeDiscord, table: Sent) -> tuple[Sent, list[str]]:
    """Alice plays every turn to the end (the computers theirs): the end post, and the
    text each of her Play messages opened with."""
    opened: list[str] = []
    for _ in range(200):
        if "final.png" in table.files:
            return table, opened
        user, text, table = await play_turn(fake, table)
        assert user == ALICE
        opened.append(text)
    raise AssertionError("the game did not end")


@pytest.mark.system
@pytest.mark.parametrize(("game", "computers"), [("moonriver", 1), ("kingdomino", 1),
                                                 ("moonlight", 1)])
async def test_the_end_post_has_both_pictures_and_the_parent_channel_the_result(
        discord_and_bot, game: str, computers: int,  # noqa: F811 (the fixture)
) -> None:
    fake, _bot = discord_and_bot
    table = await table_with_computers(fake, game, computers)
    thread = table.channel_id
    final, opened = await play_alone_against_computers(fake, table)
    assert final.channel_id == thread
    assert opened and not opened[0].startswith(SINCE)  # nothing to catch up on at first
    done = [s.content for s in fake.sent if s.ephemeral and s.content.startswith("✅")]
    assert "🏁 The game is over" in done[-1] and done[-1].startswith("✅ Your last turn: ")
    assert not [text for text in done[:-1] if "🏁" in text]
    assert set(final.files) == {"final.png", "story.png"}
    assert all(size > 10_000 for size in final.files.values())
    # the parent channel: one line, the result and a link to the end post
    line = await fake.wait_for(lambda s: "🏆" in s.content, channel=CHANNEL_ID)
    assert f"https://discord.com/channels/{GUILD_ID}/{thread}/{final.id}" in line.content
    assert f"<#{thread}>" in line.content and "Alice" in line.content
    assert not line.files and not (line.allowed_mentions or {}).get("users")
    assert len([s for s in fake.messages(channel=CHANNEL_ID) if "🏆" in s.content]) == 1
    assert fake.violations == [] and fake.unanswered() == []


@pytest.mark.system
async def test_a_parent_channel_refusing_the_line_holds_nothing_up(
        discord_and_bot,  # noqa: F811 (the fixture)
) -> None:
    """The line is best effort: a parent channel that refuses it (403) is tried once, the
    end post stands and is not sent again, and the table's buttons keep working."""
    fake, _bot = discord_and_bot
    table = await table_with_computers(fake, "moonlight", 1)
    fake.forbidden.add(str(CHANNEL_ID))
    final, _ = await play_alone_against_computers(fake, table)
    assert set(final.files) == {"final.png", "story.png"}
    before = len(fake.sent)
    iid = await fake.slash(ALICE, "status", group="moonlight", channel_id=int(final.channel_id))
    await fake.wait_for(lambda s: s.interaction_id == iid, after=before)
    await asyncio.sleep(1.5)  # a retry would come within the delivery's first backoff
    assert [hit for hit in fake.fault_hits if hit[0] == str(CHANNEL_ID)] == [
        (str(CHANNEL_ID), 403)]
    ends = [s for s in fake.messages(channel=final.channel_id)
            if s.kind == "channel" and "story.png" in s.files]
    assert ends == [final] and fake.nonce_hits == 0
    assert fake.violations == [] and fake.unanswered() == []


@pytest.mark.system
async def test_a_game_in_a_plain_channel_tells_no_other_channel(
        discord_and_bot,  # noqa: F811 (the fixture)
) -> None:
    fake, _bot = discord_and_bot
    table = await table_with_computers(fake, "moonlight", 1, thread=False)
    final, _ = await play_alone_against_computers(fake, table)
    assert final.channel_id == str(CHANNEL_ID) and "story.png" in final.files
    before = len(fake.sent)
    iid = await fake.slash(ALICE, "status", group="moonlight")  # a round trip after the end
    status = await fake.wait_for(lambda s: s.interaction_id == iid, after=before)
    assert status.ephemeral and set(status.files) == {"table.png", "story.png"}
    assert [s for s in fake.sent if "discord.com/channels/" in s.content] == []
    assert fake.requests["GET channels"] == 0  # a plain channel: nothing to look up


@pytest.mark.system
async def test_a_player_back_after_others_moved_reads_what_happened_since_on_play(
        discord_and_bot,  # noqa: F811 (the fixture)
) -> None:
    """Three people: on Play, whoever missed two or more turns of the others reads them
    first, one line each in the turn posts' own words; the first Play of each, and a
    Play right after a single turn of another, read no such lines."""
    fake, _bot = discord_and_bot
    table = await started_table(fake, ALICE, [BOB, CAROL])
    seen: set[tuple[int, str]] = set()
    back = []
    for _ in range(9):
        user, opened, table = await play_turn(fake, table)
        if user not in seen:
            assert not opened.startswith(SINCE), opened
            seen.add(user)
        elif opened.startswith(SINCE):
            back.append(opened)
    assert back
    posts = "\n".join(s.content for s in fake.messages(channel=CHANNEL_ID) if is_post(s))
    for text in back:
        lines = text.split("\n\n")[0].splitlines()[1:]
        assert len(lines) >= 2 and all(line in posts for line in lines), lines
    assert fake.violations == [] and fake.unanswered() == []


@pytest.mark.system
async def test_an_at_mention_answers_with_the_help_privately(
        discord_and_bot,  # noqa: F811 (the fixture)
) -> None:
    fake, _bot = discord_and_bot
    assert fake.intents is not None
    assert fake.intents & GUILD_MESSAGES and fake.intents & DIRECT_MESSAGES
    assert not fake.intents & MESSAGE_CONTENT  # still no privileged intent
    before = len(fake.sent)
    await fake.mention(BOB, f"<@{BOT_ID}> how does this work?")
    reply = await fake.wait_for(lambda s: s.kind == "channel", after=before)
    assert reply.channel_id == str(CHANNEL_ID) and "mr:help" in reply.custom_ids()
    assert len(reply.content) < 200 and not (reply.allowed_mentions or {}).get("users")
    # the tap: every game's commands and the symbols, privately, in the tapper's language
    before = len(fake.sent)
    iid = await fake.click(BOB, reply, "mr:help", locale="de")
    helped = await fake.wait_for(lambda s: s.interaction_id == iid and bool(s.files),
                                 after=before)
    assert helped.ephemeral
    assert all(f"`/{g}`" in helped.content for g in ("moonriver", "kingdomino", "moonlight"))
    assert "Kühe" in helped.content
    assert sorted(helped.files) == ["symbols-kingdomino.png", "symbols-moonlight.png",
                                    "symbols-moonriver.png"]
    # a second mention at once is not answered again (a flood costs nothing)
    before = len(fake.sent)
    await fake.mention(BOB, f"<@{BOT_ID}> again")
    await fake.mention(ALICE, "no mention of the bot here, but a message")
    # a direct message: the help is the answer itself
    fake.dm_open.add(ALICE[0])
    await fake.mention(ALICE, "help?", channel_id=dm_channel(ALICE[0]), dm=True)
    direct = await fake.wait_for(lambda s: s.channel_id == str(dm_channel(ALICE[0])),
                                 after=before)
    assert "`/kingdomino`" in direct.content and len(direct.files) == 3
    assert [s for s in fake.sent[before:] if s.channel_id == str(CHANNEL_ID)] == []
    assert fake.violations == [] and fake.unanswered() == []


@pytest.mark.system
async def test_a_message_that_goes_on_after_a_computers_move_tells_that_move_first(
        discord_and_bot) -> None:  # noqa: F811 (the fixture)
    """Moonlight against a computer: after Alice's move the computer moves in the same
    call and her message goes on into her next turn; it tells the computer's turn, as
    the post does, between her own and her next decision (never her own twice)."""
    fake, _bot = discord_and_bot
    table = await table_with_computers(fake, "moonlight", 1, thread=False)
    turn = next(c for c in table.custom_ids() if c.startswith("mr:turn:"))
    message = await click_and_wait(fake, ALICE, table, turn)
    went_on: list[str] = []
    for _ in range(12):
        custom_id, values = step_of(message)
        message = await click_and_wait(fake, ALICE, message, custom_id, values)
        if "▶️ Your turn again:" in message.content:
            went_on.append(message.content)
        if not message.custom_ids():
            break
    told = [text for text in went_on if SINCE in text]
    assert told, went_on
    for text in told:
        mine, rest = text.split(SINCE)
        between = rest.split("▶️ Your turn again:")[0].strip().splitlines()
        assert mine.startswith("✅ **Alice**") and between, text
        turns = [line for line in between if line.startswith("**")]  # not table lines
        assert turns and all(line.startswith("**Bot 1") for line in turns), text
    assert fake.violations == [] and fake.unanswered() == []
