"""A finished turn's private message shows the same player's next turn (`bot.discord.kept`):
with two players nobody taps Play on a post more than once a round (R-ORDER-1, R-2P-1),
and in Moonlight's alternating turns a player at the table plays on in one message.
Through the real bot process and discord.py against the fake Discord."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine.games.i18n import t
from tests.bot.test_end_to_end import (  # noqa: F401 (the fixture)
    ALICE,
    BOB,
    ROUND_OVER,
    click_and_wait,
    discord_and_bot,
    is_post,
    mover_of,
    started_table,
)
from tests.fake_discord import FakeDiscord, Sent, next_click

RESUMED = t("step.resumed", "en")
SINCE = t("since.head", "en")


def pings_someone(sent: Sent) -> bool:
    return is_post(sent) and ("final.png" in sent.files
                              or bool((sent.allowed_mentions or {}).get("users")))


class Table:
    """Two people at one table, each playing on in their kept message when it shows
    their turn, else tapping Play on the post: who opened Play when."""

    def __init__(self, fake: FakeDiscord, table: Sent, seed: int = 7) -> None:
        self.fake, self.table = fake, table
        self.picks = random.Random(seed)
        self.ended: dict[int, int] = {}  # player -> where their last turn's message ended
        self.opens: Counter[tuple[int, int]] = Counter()  # (player, rounds over) -> Play taps
        self.resumed: list[Sent] = []
        self.rounds_over = 0
        self.turns = 0
        self.posts = 0
        self.private = 0

    def shown(self) -> tuple[tuple[int, str], Sent | None]:
        """The player to move, and their last turn's message if it shows this turn."""
        user = mover_of(self.table)
        return user, self.fake.kept_message(user[0],
                                            self.ended.get(user[0], len(self.fake.sent)))

    async def turn(self, step=None) -> tuple[int, str]:  # type: ignore[no-untyped-def]
        """The mover's turn(s) to the post that pings someone else: (who, opened by)."""
        fake = self.fake
        user = mover_of(self.table)
        before = len(fake.sent)
        message = fake.kept_message(user[0], self.ended.get(user[0], before))
        how = "kept"
        if message is None:
            how = "play"
            self.opens[user[0], self.rounds_over] += 1
            play = next(c for c in self.table.custom_ids() if c.startswith("mr:turn:"))
            message = await click_and_wait(fake, user, self.table, play)
            assert message.ephemeral and message.kind == "callback", message.content
            self.private += 1
        else:
            self.resumed.append(message)
        while message.custom_ids():
            custom_id, values = (step or next_click)(message, self.picks)
            message = await click_and_wait(fake, user, message, custom_id, values)
            assert message.ephemeral and message.kind == "update", message.content
            self.turns += message.content.startswith("✅")
        self.ended[user[0]] = len(fake.sent)
        self.table = await fake.wait_for(pings_someone, after=before)
        posts = [s for s in fake.sent[before:] if is_post(s)]
        self.posts += len(posts)
        self.rounds_over += sum(bool(ROUND_OVER.fullmatch(line)) for s in posts
                                for line in s.content.splitlines())
        return user[0], how


@pytest.mark.system
async def test_two_players_tap_play_at_most_once_a_round(discord_and_bot) -> None:  # noqa: F811
    """R-2P-1: each player has two turns a round, and with the rancheros where people put
    them the other's turn often falls between (R-ORDER-1). The kept message carries the
    second: Play at most once per player and round, one post a turn, no new private
    message for a resumed turn."""
    fake, _bot = discord_and_bot
    table = Table(fake, await started_table(fake, ALICE, [BOB]))
    for _ in range(400):
        if "final.png" in table.table.files:
            break
        await table.turn()
    assert "final.png" in table.table.files, "the game did not end"
    later = {key: n for key, n in table.opens.items() if key[1] > 0}
    assert table.rounds_over >= 20
    assert max(later.values(), default=0) <= 1, table.opens
    # the other player's turn fell between a player's two in many rounds: without the
    # kept message those would have needed a second Play
    assert len(table.resumed) >= 10, len(table.resumed)
    assert table.posts / table.turns <= 1.0
    assert table.private / table.turns <= 1.05
    for message in table.resumed:
        assert message.content.startswith(RESUMED), message.content
        assert SINCE in message.content, message.content


@pytest.mark.system
async def test_a_token_run_out_leaves_the_post_and_its_play(discord_and_bot) -> None:  # noqa: F811
    """Discord refuses an interaction token after 15 minutes (401): the kept message
    stays as it was, the post still pings the player, and Play opens their turn."""
    fake, _bot = discord_and_bot
    table = Table(fake, await started_table(fake, ALICE, [BOB]))
    for _ in range(60):
        _who, how = await table.turn()
        if how == "kept":
            break
    else:
        pytest.fail("no turn was resumed in a kept message")
    # from now on every token has run out (the post already out may have resumed one)
    fake.token_lifetime = 0.0
    await table.turn()
    seen, tried = len(fake.sent), fake.requests["PATCH webhooks/@original"]
    opened_by_play = 0
    for _ in range(30):
        had_turn = mover_of(table.table)[0] in table.ended
        _who, how = await table.turn()
        assert how == "play"  # nothing could be resumed
        opened_by_play += had_turn
    assert opened_by_play >= 10
    refused = [s for s in fake.sent[seen:] if s.kind == "update" and s.custom_ids()
               and s.content.startswith(RESUMED)]
    assert refused == []
    assert fake.requests["PATCH webhooks/@original"] > tried  # it tried, and was refused
    assert fake.violations == []


async def two_people_at(fake: FakeDiscord, game: str) -> Sent:
    """Alice opens `game` for two in this channel, Bob joins, Alice starts: the first post."""
    options: dict[str, object] = {"thread": False}
    if game != "moonlight":
        options["players"] = 2
    before = len(fake.sent)
    await fake.slash(ALICE, "new", group=game, **options)
    lobby = await fake.wait_for(lambda s: "mr:lobby:join" in s.custom_ids(), after=before)
    before = len(fake.sent)
    await fake.answered(await fake.click(BOB, lobby, "mr:lobby:join"))
    await fake.wait_for(lambda s: s.kind == "update" and "Bob" in s.content, after=before)
    before = len(fake.sent)
    await fake.click(ALICE, lobby, "mr:lobby:start")
    return await fake.wait_for(is_post, after=before)


def card_or_next(message: Sent, picks: random.Random) -> tuple[str, list[str] | None]:
    """A card of the hand (Moonlight), else what `next_click` presses."""
    cards = [c for c in message.custom_ids() if c.startswith("mr:pick:")]
    return (picks.choice(cards), None) if cards else next_click(message, picks)


@pytest.mark.system
@pytest.mark.parametrize("game", ["moonlight", "kingdomino"])
async def test_the_other_games_play_on_in_the_kept_message(
        discord_and_bot, game: str) -> None:  # noqa: F811
    """Any game: once each player has opened Play, their turns come in their kept
    message (Moonlight alternates, M-TURN-1; two-player Kingdomino's kings, K-TURN-1)."""
    fake, _bot = discord_and_bot
    table = Table(fake, await two_people_at(fake, game), seed=3)
    for _ in range(12):
        if "final.png" in table.table.files:
            break
        await table.turn(card_or_next)
    assert sum(table.opens.values()) == 2, table.opens  # each player's first turn only
    assert len(table.resumed) >= 6


CONTINUED = t("step.continued", "en")


@pytest.mark.system
async def test_play_on_the_post_closes_the_resumed_message(discord_and_bot) -> None:  # noqa: F811
    """A player who taps Play on the post although their message was resumed plays in
    the new one; the resumed one says so and keeps no button. Tapped later, when it is
    the other's turn, an old message says whose turn it is, in place, with no buttons."""
    fake, _bot = discord_and_bot
    table = Table(fake, await started_table(fake, ALICE, [BOB]))
    for _ in range(60):
        user, resumed = table.shown()
        if resumed is not None:
            break
        await table.turn()
    else:
        pytest.fail("no message was resumed")
    before = len(fake.sent)
    play = next(c for c in table.table.custom_ids() if c.startswith("mr:turn:"))
    message = await click_and_wait(fake, user, table.table, play)
    assert message.kind == "callback" and message.custom_ids()
    closed = await fake.wait_for(lambda s: s.kind == "update" and s.target == resumed.target
                                 and s.content == CONTINUED, after=before)
    assert closed.custom_ids() == []
    while message.custom_ids():  # the turn, in the new message
        custom_id, values = next_click(message, table.picks)
        message = await click_and_wait(fake, user, message, custom_id, values)
    table.table = await fake.wait_for(pings_someone, after=before)
    if mover_of(table.table) == user:
        return  # their turn again: the old message would rightly show it
    old = await click_and_wait(fake, user, resumed, resumed.custom_ids()[0],
                               resumed.select_options(resumed.custom_ids()[0])[:1] or None)
    assert old.kind == "update" and old.custom_ids() == []
    other = mover_of(table.table)[1]
    assert old.content == f"This message is out of date: it is **{other}**'s turn now."


TAKEN_BACK = "↩️ {player} took back their move: it is not your turn yet."


@pytest.mark.system
async def test_an_undo_closes_the_turn_it_took_back_and_keeps_the_message(
        discord_and_bot) -> None:  # noqa: F811
    """A move is taken back (`/undo`, before anyone acted on it) after the next player's
    message was resumed with their turn: that message says so and loses its buttons, and
    when the move is played again it shows their turn once more, without Play."""
    fake, _bot = discord_and_bot
    table = Table(fake, await started_table(fake, ALICE, [BOB]))
    for _ in range(80):
        user, resumed = table.shown()
        if resumed is not None:
            other = BOB if user == ALICE else ALICE
            before = len(fake.sent)
            undo = await fake.slash(other, "undo")
            answer = await fake.wait_for(lambda s, iid=undo: s.interaction_id == iid,
                                         after=before)
            if answer.content == t("step.undone_where", "en"):
                break  # taken back; else a draw was revealed: play on
        await table.turn()
    else:
        pytest.fail("no resumed turn could be taken back")
    closed = await fake.wait_for(lambda s: s.kind == "update" and s.target == resumed.target
                                 and s.content.startswith(TAKEN_BACK.format(
                                     player=other[1])), after=before)
    assert closed.custom_ids() == []
    table.table = await fake.wait_for(is_post, after=before)  # the table as it is again
    assert mover_of(table.table) == other
    reopened = fake.kept_message(other[0], before)  # the undoer's own, at once
    assert reopened is not None and reopened.content.startswith(t("step.undone", "en"))
    assert SINCE not in reopened.content  # nothing to catch up on: their own move is back
    mover, how = await table.turn()  # the undoer plays again, in their own kept message
    assert (mover, how) == (other[0], "kept")
    assert mover_of(table.table) == user or "final.png" in table.table.files
    if mover_of(table.table) == user:
        shown = fake.kept_message(user[0], table.ended.get(user[0], 0))
        assert shown is not None and shown.target == resumed.target
        assert shown.content.startswith(RESUMED) and shown.custom_ids()
    assert fake.violations == [] and fake.unanswered() == []


async def opened_by_play(fake: FakeDiscord) -> tuple[Sent, tuple[int, str], str, Sent]:
    """A two-player table's first post, its mover, its Play and the message Play opened."""
    table = await started_table(fake, ALICE, [BOB])
    user = mover_of(table)
    play = next(c for c in table.custom_ids() if c.startswith("mr:turn:"))
    return table, user, play, await click_and_wait(fake, user, table, play)


@pytest.mark.system
async def test_a_second_play_or_a_typed_move_closes_the_message_that_showed_the_turn(
        discord_and_bot) -> None:  # noqa: F811
    """One live private message per player: Play tapped again opens a new message and
    the first says where the turn went on; a move typed as a command does the same to
    the message Play opened. Neither keeps a button that would act on an old turn."""
    fake, _bot = discord_and_bot
    table, user, play, first = await opened_by_play(fake)
    before = len(fake.sent)
    second = await click_and_wait(fake, user, table, play)
    assert second.id != first.id and second.custom_ids()
    closed = await fake.wait_for(lambda s: s.kind == "update" and s.target == first.id,
                                 after=before)
    assert closed.content == CONTINUED and closed.custom_ids() == []
    typed = await fake.autocomplete(user, "move", "action", "")
    before = len(fake.sent)
    iid = await fake.slash(user, "move", action=typed[0])
    answer = await fake.wait_for(lambda s: s.interaction_id == iid, after=before)
    assert answer.ephemeral
    closed = await fake.wait_for(lambda s: s.kind == "update" and s.target == second.id,
                                 after=before)
    assert closed.content == CONTINUED and closed.custom_ids() == []
    assert fake.violations == [] and fake.unanswered() == []


@pytest.mark.system
async def test_play_in_a_status_answer_takes_over_from_the_message_that_showed_the_turn(
        discord_and_bot) -> None:  # noqa: F811
    """/status answers the player to move with a Play button: tapped, that answer becomes
    the live turn message, and the one that showed the turn before says where it went on
    (and is itself closed by the next Play on the post)."""
    fake, _bot = discord_and_bot
    table, user, play, first = await opened_by_play(fake)
    before = len(fake.sent)
    iid = await fake.slash(user, "status")
    answer = await fake.wait_for(lambda s: s.interaction_id == iid, after=before)
    assert answer.content.endswith("\n▶️ Your turn: tap **Play**."), answer.content
    other = BOB if user == ALICE else ALICE
    before = len(fake.sent)
    iid = await fake.slash(other, "status")
    theirs = await fake.wait_for(lambda s: s.interaction_id == iid, after=before)
    assert "Your turn" not in theirs.content and not theirs.custom_ids(), theirs.content
    status_play = next(c for c in answer.custom_ids() if c.startswith("mr:turn:"))
    before = len(fake.sent)
    turn = await click_and_wait(fake, user, answer, status_play)
    assert turn.kind == "update" and turn.target == answer.id and turn.custom_ids()
    closed = await fake.wait_for(lambda s: s.kind == "update" and s.target == first.id,
                                 after=before)
    assert closed.content == CONTINUED and closed.custom_ids() == []
    before = len(fake.sent)
    await click_and_wait(fake, user, table, play)
    closed = await fake.wait_for(lambda s: s.kind == "update" and s.target == answer.id,
                                 after=before)
    assert closed.content == CONTINUED and closed.custom_ids() == []
    assert fake.violations == [] and fake.unanswered() == []
