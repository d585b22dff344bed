"""The real bot process and the real discord.py client against the fake Discord."""

from __future__ import annotations

import asyncio
import os
import re
import sys
from collections import Counter
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from engine.games.i18n import t
from tests.fake_discord import CHANNEL_ID, FakeDiscord, Sent, next_click

ROOT = Path(__file__).resolve().parents[2]
ALICE, BOB, CAROL, DAVE = (101, "Alice"), (102, "Bob"), (103, "Carol"), (104, "Dave")
USERS = {u[0]: u for u in (ALICE, BOB, CAROL, DAVE)}


class Bot:
    """A `moonriver run` process pointed at the fake Discord."""

    def __init__(self, fake: FakeDiscord, db: Path, extra_env: dict[str, str] | None = None,
                 stderr: Path | None = None) -> None:
        self.fake, self.db = fake, db
        self.extra_env = extra_env or {}
        self.stderr = stderr  # a file for the bot's log, else the test's stderr
        self.process: asyncio.subprocess.Process | None = None

    async def start(self) -> None:
        self.fake.ready.clear()
        env = {**os.environ, **self.fake.env, "MOONRIVER_DB": str(self.db),
               "MOONRIVER_LOG_LEVEL": "WARNING", "MOONRIVER_MAINTENANCE_SECONDS": "0.5",
               # tests click faster than people and want reminders within seconds
               "MOONRIVER_RATE_PER_MINUTE": "0",
               "MOONRIVER_MIN_REMIND_HOURS": "0.0001", **self.extra_env}
        log = self.stderr.open("ab") if self.stderr is not None else None
        self.process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot.cli", "run", cwd=ROOT, env=env, stderr=log)
        if log is not None:
            log.close()  # the child has its own copy
        await asyncio.wait_for(self.fake.ready.wait(), 60)
        for _ in range(200):  # the commands are synced in setup_hook, before the gateway
            if self.fake.commands:
                return
            await asyncio.sleep(0.05)
        raise AssertionError("the bot never registered its commands")

    async def stop(self) -> None:
        if self.process is not None and self.process.returncode is None:
            self.process.kill()
            await self.process.wait()


@pytest.fixture
async def discord_and_bot(tmp_path: Path) -> AsyncIterator[tuple[FakeDiscord, Bot]]:
    fake = FakeDiscord()
    await fake.start()
    bot = Bot(fake, tmp_path / "bot.sqlite3")
    await bot.start()
    try:
        yield fake, bot
    finally:
        await bot.stop()
        await fake.stop()


def is_post(sent: Sent) -> bool:
    """A public table post (the picture of the turn, or the final one)."""
    return sent.kind == "channel" and ("table.png" in sent.files or "final.png" in sent.files)


#: Engine text a player must never read: parcel ids, action verbs with arguments, seats.
RAW_ID = re.compile(r"\bp\d+\b|\b(?:build|choose|discard|skull|recruit|move|swap|steal|bonus)"
                    r" (?:p\d|[A-Z]\d+\b|\d)|\bseat \d")


def raw_ids(sent: Sent) -> list[str]:
    return [text for text in (sent.content, *sent.labels()) if RAW_ID.search(text)]


async def open_table(fake: FakeDiscord, host: tuple[int, str],
                     guests: list[tuple[int, str]], variant: str = "base") -> Sent:
    """A Moon River lobby in the channel itself, the guests joined."""
    iid = await fake.slash(host, "new", variant=variant, players=len(guests) + 1, thread=False)
    lobby = await fake.wait_for(lambda s: s.interaction_id == iid
                                and "mr:lobby:join" in s.custom_ids())
    for guest in guests:
        before = len(fake.sent)
        await fake.answered(await fake.click(guest, lobby, "mr:lobby:join"))
        name = guest[1]
        await fake.wait_for(lambda s, name=name: s.kind == "update" and name in s.content,
                            after=before)
    return lobby


async def started_table(fake: FakeDiscord, host: tuple[int, str],
                        guests: list[tuple[int, str]]) -> Sent:
    """Open a table, let the guests join, start it; returns the first table post."""
    lobby = await open_table(fake, host, guests)
    before = len(fake.sent)
    await fake.click(host, lobby, "mr:lobby:start")
    return await fake.wait_for(is_post, after=before)


async def next_table(fake: FakeDiscord, before: int) -> Sent:
    """The first post since `before` that pings the player to move (or the final one):
    a post for the same player's next turn, which goes on in their private message,
    pings nobody and is passed over."""
    return await fake.wait_for(lambda s: is_post(s) and (
        "final.png" in s.files or bool((s.allowed_mentions or {}).get("users"))),
        after=before)


def mover_of(table: Sent) -> tuple[int, str]:
    users = (table.allowed_mentions or {}).get("users") or []
    if not users:  # the same player's next turn, already going on in their message
        first = table.content.splitlines()[0] if table.content else ""
        named = re.match(r"\*\*([^*]+)\*\* ", first)  # "**Bob** plays on: …"
        assert named, "a post pings the player to move or names the one playing on"
        return next(u for u in USERS.values() if u[1] == named.group(1))
    assert len(users) == 1, "exactly the player to move is pinged"
    return USERS[int(users[0])]


async def click_and_wait(fake: FakeDiscord, user: tuple[int, str], message: Sent,
                         custom_id: str, values: list[str] | None = None,
                         locale: str = "en-US") -> Sent:
    before = len(fake.sent)
    iid = await fake.click(user, message, custom_id, values, locale)
    return await fake.wait_for(lambda s: s.interaction_id == iid, after=before)


#: "Round 3 is over." in any of the table's languages (R-ROUND-1).
ROUND_OVER = re.compile("|".join(re.escape(t("turn.round_ended", locale, round="@"))
                                 .replace("@", r"\d+") for locale in ("en", "de", "ja")))


@dataclass
class Tally:
    """What players did and got, per player turn (the targets of the turn flow)."""

    turns: int = 0
    taps: int = 0
    private_messages: int = 0
    build_and_choose_taps: list[int] = field(default_factory=list)
    #: Private messages a player opened from a post (Play), by (player, rounds told
    #: over before it): 0 is the setup with the first round.
    opens: Counter[tuple[int, int]] = field(default_factory=Counter)
    rounds_over: int = 0


async def open_dialogue(fake: FakeDiscord, table: Sent,
                        locale: str = "en-US") -> tuple[tuple[int, str], Sent, int]:
    user = mover_of(table)
    turn = next(c for c in table.custom_ids() if c.startswith("mr:turn:"))
    before = len(fake.sent)
    dialogue = await click_and_wait(fake, user, table, turn, locale=locale)
    assert dialogue.ephemeral and dialogue.kind == "callback"
    return user, dialogue, before


async def take_turn(fake: FakeDiscord, table: Sent, tally: Tally | None = None,
                    locale: str = "en-US", go_on: bool = True) -> Sent:
    """One whole player turn: Play, then every step in the same private message, to the
    one-line confirmation; returns the next table post. When the same player moves next
    the message goes on with their next turn: `go_on` plays it too (and returns the post
    that pings someone else), else it stops there and returns that turn's own post."""
    user, message, before = await open_dialogue(fake, table, locale)
    if tally is not None:
        tally.opens[user[0], tally.rounds_over] += 1
    taps, clicked, turns = 1, [], 0
    first = message
    while message.custom_ids():
        custom_id, values = next_click(message)
        clicked.append(custom_id.split(":")[1])
        message = await click_and_wait(fake, user, message, custom_id, values, locale)
        assert message.kind == "update" and message.ephemeral, message.content
        taps += 1
        turns += message.content.startswith("✅")  # a turn over (and maybe the next one)
        if turns and not go_on:
            break
    assert message.content.startswith("✅"), message.content
    if message.custom_ids():  # stopped where the same player's next turn goes on
        return await fake.wait_for(is_post, after=before)
    # the same player's next turn went on in this message: its post pings nobody, the
    # post to return is the one that pings the next player (or the final one)
    post = await next_table(fake, before)
    if tally is not None:
        tally.rounds_over += sum(bool(ROUND_OVER.fullmatch(line)) for s in fake.sent[before:]
                                 if is_post(s) for line in s.content.splitlines())
        tally.turns += turns
        tally.taps += taps
        tally.private_messages += sum(1 for s in fake.sent[before:] if s.ephemeral
                                      and s.kind in ("callback", "followup"))
        one_pair = any(c.startswith("mr:spot:") for c in first.custom_ids())
        if one_pair and clicked == ["spot", "act", "act"]:  # build, confirm, choose
            tally.build_and_choose_taps.append(taps)
    return post


async def play_to_the_end(fake: FakeDiscord, table: Sent, tally: Tally | None = None,
                          limit: int = 400, locale: str = "en-US") -> Sent:
    for _ in range(limit):
        if "final.png" in table.files:
            return table
        table = await take_turn(fake, table, tally, locale)
    raise AssertionError("the game did not end")


#: English words a German or Japanese player must not read on their private buttons.
ENGLISH = re.compile(r"\b(?:Pass|Confirm|Back|Forest|Meadow|Desert|Cornfield|Done|"
                     r"Stop|Recruit|Steal|Swap|Move|Choose|Where)\b")


@pytest.mark.system
@pytest.mark.parametrize(("players", "locale"), [(2, "de"), (3, "en-US"), (4, "ja")])
async def test_whole_games_one_post_one_ping_one_private_message_per_turn(
        discord_and_bot, players, locale) -> None:
    """Issue 9's targets over whole games, clicking only what is offered."""
    fake, _bot = discord_and_bot
    people = [ALICE, BOB, CAROL, DAVE][:players]
    start = len(fake.sent)
    table = await started_table(fake, people[0], people[1:])
    tally = Tally()
    if players == 3:  # a spectator's status: private, and it pings nobody
        before = len(fake.sent)
        iid = await fake.slash(DAVE, "status")
        status = await fake.wait_for(lambda s: s.interaction_id == iid and s.files, after=before)
        assert status.ephemeral and not (status.allowed_mentions or {}).get("users")
    final = await play_to_the_end(fake, table, tally, locale=locale)

    posts = [s for s in fake.sent[start:] if is_post(s)]
    pings = sum(len((s.allowed_mentions or {}).get("users") or []) for s in posts[:-1])
    assert len(posts) / tally.turns <= 1.25
    assert pings / tally.turns <= 1.25
    assert tally.private_messages / tally.turns <= 2.5
    assert tally.build_and_choose_taps and max(tally.build_and_choose_taps) <= 4
    rounds = {r for _, r in tally.opens}
    assert (len(posts) - 1) / tally.turns <= 1.0  # the start's post, then one a turn at most
    assert pings / tally.turns <= 1.0
    assert tally.private_messages / tally.turns <= 1.05
    if players == 2:  # a player opens Play from a post about once a round (R-2P-1): a
        # second time only when the other player's turn fell between their two (R-ORDER-1)
        later = [n for (_, r), n in tally.opens.items() if r]
        assert len(rounds) >= 20 and max(later) <= 2, tally.opens
        assert sum(n <= 1 for n in later) >= 0.9 * len(later), tally.opens
    assert [text for sent in fake.sent[start:] for text in raw_ids(sent)] == []
    if locale != "en-US":
        private = [text for sent in fake.sent[start:] if sent.ephemeral
                   for text in (sent.content, *sent.labels())]
        assert [text for text in private if ENGLISH.search(text)] == []
    await fake.wait_for(lambda s: s.kind == "edit" and s.target == posts[-2].id, after=start)
    stripped = {s.target for s in fake.sent if s.kind == "edit"
                and not any(row.get("components") for row in s.components)}
    assert all(post.id in stripped for post in posts[:-1]), "old posts keep no buttons"

    for post in posts[1:-1]:  # the ping opens the post: a phone's notification shows it
        users = (post.allowed_mentions or {}).get("users") or []
        assert not users or post.content.startswith(f"<@{users[0]}>"), post.content

    # the end: the ranked line first, every player pinged once, Rematch
    assert final.content.startswith("🏆"), final.content
    assert sorted(int(u) for u in final.allowed_mentions["users"]) == sorted(
        p[0] for p in people)
    assert [c for c in final.custom_ids() if not c.startswith("mr:rematch:")] == []
    before = len(fake.sent)
    iid = await fake.slash(people[-1], "status")  # still answers after the end
    status = await fake.wait_for(lambda s: s.interaction_id == iid and s.files, after=before)
    assert status.ephemeral and "is over" in status.content
    assert all(p[1] in status.content for p in people)  # the ranked line
    rematch = next(c for c in final.custom_ids() if c.startswith("mr:rematch:"))
    await rematch_by_its_players(fake, final, rematch, people)
    assert fake.violations == [] and fake.unanswered() == []


def is_lobby(sent: Sent) -> bool:
    return sent.kind == "channel" and "mr:lobby:start" in sent.custom_ids()


async def rematch_by_its_players(fake: FakeDiscord, final: Sent, rematch: str,
                                 people: list[tuple[int, str]]) -> Sent:
    """Rematch on the end post: a bystander is refused and opens nothing; a rematch that
    cannot be posted leaves nothing open; a player's opens a posted lobby that pings the
    others, who join by tapping (nobody is seated without asking)."""
    bystander = (105, "Eve")
    before = len(fake.sent)
    refusal = await click_and_wait(fake, bystander, final, rematch)
    assert refusal.ephemeral and "Only the players" in refusal.content, refusal.content

    fake.forbidden.add(final.channel_id)  # the lobby cannot be posted
    failed = await click_and_wait(fake, people[1], final, rematch)
    assert failed.ephemeral
    fake.forbidden.discard(final.channel_id)
    assert not [s for s in fake.sent[before:] if is_lobby(s)]

    before = len(fake.sent)
    await fake.answered(await fake.click(people[1], final, rematch))
    lobby = await fake.wait_for(is_lobby, after=before)
    others = [p for p in people if p != people[1]]
    assert sorted(int(u) for u in lobby.allowed_mentions["users"]) == sorted(
        p[0] for p in others)  # the old players are pinged to join
    assert all(f"<@{p[0]}>" in lobby.content for p in others)
    assert people[1][1] in lobby.content
    assert not any(p[1] in lobby.content for p in others), "nobody seated unasked"
    before = len(fake.sent)  # another player's Rematch joins the open lobby
    joined = await click_and_wait(fake, others[0], final, rematch)
    assert joined.ephemeral and "joined" in joined.content
    await fake.wait_for(lambda s: s.kind == "edit" and s.target == lobby.id
                        and others[0][1] in s.content, after=before)
    for guest in others[1:]:
        before = len(fake.sent)
        await fake.answered(await fake.click(guest, lobby, "mr:lobby:join"))
        await fake.wait_for(lambda s, n=guest[1]: s.kind == "update" and n in s.content,
                            after=before)
    return lobby


@pytest.mark.system
async def test_the_same_players_next_turn_goes_on_in_the_same_private_message(
        discord_and_bot) -> None:
    """At a round boundary the player who ends it may move first in the next (R-ROUND-1):
    the private message goes on with their next decision instead of '✅ Your turn is
    over' and a ping to open another one; the post still comes, pinging nobody."""
    fake, _bot = discord_and_bot
    table = await started_table(fake, ALICE, [BOB])
    for _ in range(40):
        user, message, before = await open_dialogue(fake, table)
        while message.custom_ids() and not message.content.startswith("✅"):
            message = await click_and_wait(fake, user, message, *next_click(message))
        post = await fake.wait_for(is_post, after=before)
        if message.custom_ids():  # the turn is over and the next one goes on here
            assert message.content.startswith("✅") and message.ephemeral
            assert not (post.allowed_mentions or {}).get("users"), "no ping while tapping"
            assert user[1] in post.content and any(c.startswith("mr:turn:")
                                                   for c in post.custom_ids())
            message = await click_and_wait(fake, user, message, *next_click(message))
            assert message.kind == "update" and message.ephemeral  # the same message
            break
        assert "final.png" not in post.files, "no round boundary kept the same player"
        pinged = (post.allowed_mentions or {}).get("users") or []
        assert [int(u) for u in pinged] != [user[0]], (
            "the player who just finished was told it is over, then pinged again")
        table = post
    else:
        raise AssertionError("no turn passed to the same player in forty turns")
    assert fake.violations == [] and fake.unanswered() == []


@pytest.mark.system
async def test_restart_stale_click_wrong_user_and_double_click(discord_and_bot) -> None:
    fake, bot = discord_and_bot
    table = await started_table(fake, ALICE, [BOB])
    for _ in range(6):
        table = await take_turn(fake, table)

    # the wrong user clicks Play: a private refusal, nothing changes
    mover = mover_of(table)
    other = BOB if mover == ALICE else ALICE
    turn = next(c for c in table.custom_ids() if c.startswith("mr:turn:"))
    refusal = await click_and_wait(fake, other, table, turn)
    assert refusal.ephemeral and "not your turn" in refusal.content

    # a restart in the middle of the game: the buttons posted before it still work
    table_before_restart = table
    await bot.stop()
    await bot.start()
    restarted = len(fake.sent)
    table = await take_turn(fake, table)
    # the first post after it still strips the buttons of the last one before it
    await fake.wait_for(lambda s: s.kind == "edit" and s.target == table_before_restart.id
                        and not any(row.get("components") for row in s.components),
                        after=restarted)

    # two clicks at once on the same move: exactly one applies, the other is told
    user, message, _ = await open_dialogue(fake, table)
    while True:
        custom_id, values = next_click(message)
        if custom_id.startswith("mr:act:"):
            break
        message = await click_and_wait(fake, user, message, custom_id, values)
    before = len(fake.sent)
    first, second = await asyncio.gather(fake.click(user, message, custom_id, values),
                                         fake.click(user, message, custom_id, values))
    await fake.answered(first)
    await fake.answered(second)
    answers = [await fake.wait_for(lambda s, i=i: s.interaction_id == i, after=before)
               for i in (first, second)]
    assert sum("moved on" in a.content for a in answers) == 1
    assert len([s for s in fake.sent[before:] if is_post(s)]) <= 1

    # a click in an old private message: the table moved on, the current step is offered
    again = await click_and_wait(fake, user, message, custom_id, values)
    assert again.ephemeral and "moved on" in again.content
    # an old Play button (posted before the restart) opens the current decision
    latest = [s for s in fake.sent if is_post(s)][-1]
    pinged = bool((latest.allowed_mentions or {}).get("users"))
    mover = mover_of(latest) if pinged else user  # unpinged: the same player goes on
    reopened = await click_and_wait(fake, mover, table_before_restart, turn)
    assert reopened.ephemeral and (reopened.custom_ids() or "not your turn" in reopened.content)
    assert fake.violations == [] and fake.unanswered() == []


@pytest.mark.system
async def test_a_turn_split_by_a_restart_is_narrated_whole(discord_and_bot) -> None:
    """The turn journal lives in memory: after a restart the post replays the moves since
    the last post from the log, so a build made before it is still in the turn's line."""
    fake, bot = discord_and_bot
    table = await started_table(fake, ALICE, [BOB])
    for _ in range(12):  # play on to a turn that builds before it chooses
        user, message, before = await open_dialogue(fake, table)
        if any(c.startswith("mr:spot:") for c in message.custom_ids()):
            break
        while message.custom_ids():
            message = await click_and_wait(fake, user, message, *next_click(message))
        table = await next_table(fake, before)
    else:
        raise AssertionError("no build in twelve turns")
    clicked = ""
    while not clicked.startswith("mr:act:"):  # pick a place, then confirm the build
        clicked, values = next_click(message)
        message = await click_and_wait(fake, user, message, clicked, values)
    assert message.custom_ids(), "the parcel choice is still to come"
    await bot.stop()
    await bot.start()
    restarted = len(fake.sent)
    while message.custom_ids():
        message = await click_and_wait(fake, user, message, *next_click(message))
    post = await fake.wait_for(is_post, after=restarted)
    line = next(line for line in post.content.splitlines() if user[1] in line)
    assert " built " in line and " chose " in line, post.content
    assert fake.violations == [] and fake.unanswered() == []


@pytest.mark.system
async def test_the_lobby_after_start_invites_nobody_to_join(discord_and_bot) -> None:
    fake, _bot = discord_and_bot
    lobby = await open_table(fake, ALICE, [BOB])
    before = len(fake.sent)
    started = await click_and_wait(fake, ALICE, lobby, "mr:lobby:start")
    assert started.kind == "update" and not started.custom_ids()
    assert "order of play" in started.content and "Bob" in started.content
    assert "Join" not in started.content, started.content
    # the order shown is the real one: whoever the first post pings is named first
    first = mover_of(await fake.wait_for(is_post, after=before))
    order = started.content.split("order of play:")[1]
    assert order.index(first[1]) < order.index(({ALICE, BOB} - {first}).pop()[1]), order
    assert fake.violations == [] and fake.unanswered() == []


@pytest.mark.system
async def test_a_rate_limited_post_is_retried(discord_and_bot) -> None:
    fake, _bot = discord_and_bot
    lobby = await open_table(fake, ALICE, [BOB])
    fake.rate_limit_next = 1  # Discord answers the next write with 429
    before = len(fake.sent)
    await fake.click(ALICE, lobby, "mr:lobby:start")
    table = await fake.wait_for(lambda s: s.kind == "channel" and "table.png" in s.files,
                                after=before)
    assert table.custom_ids()
    assert fake.violations == []


@pytest.mark.system
async def test_new_opens_the_table_in_a_thread_by_default(discord_and_bot) -> None:
    fake, _bot = discord_and_bot
    before = len(fake.sent)
    iid = await fake.slash(ALICE, "new")
    lobby = await fake.wait_for(lambda s: s.kind == "channel"
                                and "mr:lobby:join" in s.custom_ids(), after=before)
    assert lobby.channel_id != str(CHANNEL_ID)  # posted in the new thread
    assert fake.threads == ["Moon River · Alice"]
    pointer = await fake.wait_for(lambda s: s.interaction_id == iid, after=before)
    assert not pointer.ephemeral and f"<#{lobby.channel_id}>" in pointer.content  # announced

    # typed in the announcing channel: reaches the thread's table, answered privately,
    # and the lobby message shows the new player
    before = len(fake.sent)
    iid = await fake.slash(BOB, "join")
    answer = await fake.wait_for(lambda s: s.interaction_id == iid, after=before)
    assert answer.ephemeral and "joined" in answer.content
    assert f"<#{lobby.channel_id}>" in answer.content  # where the table is
    await fake.wait_for(lambda s: s.kind == "edit" and s.target == lobby.id
                        and "Bob" in s.content, after=before)
    assert max(fake.response_times) < 3

    # the link from the announcing channel to the thread is the store's, not the
    # process's: after a restart a typed join still reaches the thread's table
    await _bot.stop()
    await _bot.start()
    before = len(fake.sent)
    iid = await fake.slash(CAROL, "join")
    answer = await fake.wait_for(lambda s: s.interaction_id == iid, after=before)
    assert answer.ephemeral and "joined" in answer.content, answer.content
    # and the lobby message the process before the restart posted shows her too: found
    # in the thread's history, once
    await fake.wait_for(lambda s: s.kind == "edit" and s.target == lobby.id
                        and "Carol" in s.content, after=before)
    assert fake.history_reads == 1

    # the thread has its own table; the channel is free for another one
    before = len(fake.sent)
    iid = await fake.slash(BOB, "new", thread=False)
    await fake.wait_for(lambda s: s.interaction_id == iid and "mr:lobby:join" in s.custom_ids(),
                        after=before)
    await fake.answered(await fake.click(DAVE, lobby, "mr:lobby:join"))
    assert fake.violations == [] and fake.unanswered() == []


@pytest.mark.system
async def test_commands_are_synced_with_german_and_japanese_names(discord_and_bot) -> None:
    fake, _bot = discord_and_bot
    (group,) = [c for c in fake.commands if c["name"] == "moonriver"]
    assert group["description_localizations"]["de"].startswith("Moon River")
    names = {o["name"]: o for o in group["options"]}
    assert {"new", "join", "start", "move", "undo", "settings"} <= set(names)
    assert names["new"]["name_localizations"] == {"de": "neu", "ja": "新規"}
    assert names["undo"]["description_localizations"]["ja"]


@pytest.mark.system
async def test_undo_through_the_slash_command(discord_and_bot) -> None:
    fake, _bot = discord_and_bot
    table = await started_table(fake, ALICE, [BOB])
    mover = mover_of(table)
    after_move = await take_turn(fake, table)
    if mover_of(after_move) != mover:  # the move ended the turn: the other may not undo it
        before = len(fake.sent)
        iid = await fake.slash(mover_of(after_move), "undo")
        refusal = await fake.wait_for(lambda s: s.interaction_id == iid, after=before)
        assert refusal.ephemeral and "take back" in refusal.content
    before = len(fake.sent)
    await fake.slash(mover, "undo")
    again = await fake.wait_for(lambda s: s.kind == "channel" and "table.png" in s.files,
                                after=before)
    assert mover_of(again) == mover  # back to the same decision
    # named, not pinged: they typed the undo themselves
    assert not (again.allowed_mentions or {}).get("users"), again.allowed_mentions
    assert f"**{mover[1]}** took back" in again.content, again.content
    assert fake.violations == [] and fake.unanswered() == []


@pytest.mark.system
async def test_reminders_ping_in_the_channel_and_closed_dms_are_skipped(discord_and_bot) -> None:
    fake, _bot = discord_and_bot
    table = await started_table(fake, ALICE, [BOB])
    mover = mover_of(table)
    await fake.answered(await fake.slash(mover, "notify", mode="dm"))
    await fake.answered(await fake.slash(ALICE, "settings", remind_hours="0.0003"))
    # the next turn gets a reminder after about a second
    table = await take_turn(fake, table)
    waiting = mover_of(table)
    before = len(fake.sent)
    reminder = await fake.wait_for(lambda s: s.kind == "channel" and "waiting" in s.content,
                                   after=before, timeout=30)
    assert [int(u) for u in (reminder.allowed_mentions or {}).get("users", [])] == [waiting[0]]
    assert any(c.startswith("mr:turn:") for c in reminder.custom_ids())  # a Play button
    if waiting == mover:  # the DM was tried, refused (closed DMs), and nothing broke
        for _ in range(40):
            if fake.dm_attempts:
                break
            await asyncio.sleep(0.25)
        assert fake.dm_attempts >= 1
    before = len(fake.sent)
    table = await take_turn(fake, table)  # the bot still plays on
    # the turn moved on: the reminder keeps no live Play button
    await fake.wait_for(lambda s: s.kind == "edit" and s.target == reminder.id
                        and not any(row.get("components") for row in s.components),
                        after=before)
    assert fake.violations == [] and fake.unanswered() == []


@pytest.mark.system
async def test_typed_moves_with_autocomplete_of_legal_choices(discord_and_bot) -> None:
    fake, _bot = discord_and_bot
    table = await started_table(fake, ALICE, [BOB])
    mover = mover_of(table)
    other = BOB if mover == ALICE else ALICE
    offered = await fake.autocomplete(mover, "choose", "action")
    assert offered and all(x.startswith("choose p") for x in offered)
    # shown by their labels alone, ①–④ as the buttons order them; the value is the text
    names = fake.last_choice_names
    assert names == sorted(names) and names[0].startswith("①"), names
    assert not [n for n in names if "choose" in n or re.search(r"\bp\d", n)], names
    await fake.autocomplete(mover, "choose", "action", locale="de")
    assert fake.last_choice_names[0].startswith("①") \
        and fake.last_choice_names != names  # in the player's own language
    word = offered[0].split()[-1]  # "p6": a word of the action text still finds it (and
    # any other it begins, "p68")
    assert await fake.autocomplete(mover, "choose", "action", word) \
        == [x for x in offered if x.split()[-1].startswith(word)]
    assert await fake.autocomplete(other, "choose", "action") == []  # not their turn
    assert await fake.autocomplete(mover, "build", "action") == []  # nothing to build yet
    before = len(fake.sent)
    iid = await fake.slash(mover, "choose", action="choose p0")  # typed wrong
    refusal = await fake.wait_for(lambda s: s.interaction_id == iid, after=before)
    assert refusal.ephemeral and "not possible" in refusal.content
    before = len(fake.sent)
    await fake.slash(mover, "choose", action=offered[0])
    await fake.wait_for(lambda s: s.kind == "channel" and "table.png" in s.files, after=before)
    assert fake.violations == [] and fake.unanswered() == []


async def test_refusals_say_why_and_what_to_do(discord_and_bot) -> None:
    """A refusal names the reason and the next step: starting alone, reminder hours that
    are not numbers, leaving a game under way, /settings with nothing to change."""
    fake, _bot = discord_and_bot

    async def answer(user: tuple[int, str], sub: str, **options: object) -> str:
        before = len(fake.sent)
        iid = await fake.slash(user, sub, **options)
        reply = await fake.wait_for(lambda s: s.interaction_id == iid, after=before)
        assert reply.ephemeral
        return reply.content

    iid = await fake.slash(ALICE, "new", variant="base", players=2, thread=False)
    lobby = await fake.wait_for(lambda s: s.interaction_id == iid
                                and "mr:lobby:join" in s.custom_ids())
    alone = await answer(ALICE, "start")
    assert "not valid" not in alone and "2" in alone and "join" in alone.lower(), alone
    soon = await answer(ALICE, "settings", remind_hours="soon")
    assert "not valid" not in soon and "12,24" in soon, soon
    shown = await answer(ALICE, "settings")
    assert "saved" not in shown.lower() and "**12,24**" in shown and "remind_hours" in shown, shown
    await fake.answered(await fake.click(BOB, lobby, "mr:lobby:join"))
    before = len(fake.sent)
    await fake.click(ALICE, lobby, "mr:lobby:start")
    await fake.wait_for(is_post, after=before)
    leave = await answer(BOB, "leave")
    assert "abandon" in leave and "handseat" in leave, leave
    assert fake.violations == [] and fake.unanswered() == []


@pytest.mark.system
async def test_a_member_handed_a_seat_is_welcomed_privately_with_play(
        discord_and_bot) -> None:
    """`handseat`: the new player gets a direct message saying whose seat is theirs now,
    where, and a Play link to the table; the thread gets its fresh post."""
    from tests.fake_discord import dm_channel
    fake, _bot = discord_and_bot
    await started_table(fake, ALICE, [BOB])
    fake.dm_open.add(CAROL[0])
    [seat] = await fake.autocomplete(ALICE, "handseat", "seat", "Bob")
    before = len(fake.sent)
    iid = await fake.slash(ALICE, "handseat", seat=seat, member=CAROL)
    told = await fake.wait_for(lambda s: s.interaction_id == iid, after=before)
    assert told.ephemeral and "Carol" in told.content, told.content
    welcome = await fake.wait_for(lambda s: True, channel=dm_channel(CAROL[0]), after=before)
    assert "**Bob**" in welcome.content and "Play" in welcome.content, welcome.content
    [button] = [c for row in welcome.components for c in row["components"]]
    assert button["label"] == "Play" and str(CHANNEL_ID) in button["url"], button
    post = await fake.wait_for(lambda s: is_post(s) and "Carol" in s.content, after=before)
    assert "Bob" in post.content  # the one line: Bob's seat is now Carol's
    assert fake.violations == [] and fake.unanswered() == []
