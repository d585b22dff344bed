"""Kingdomino on the Discord table: whole games through the fake Discord with
the real bot process and discord.py, clicking only what is offered."""

from __future__ import annotations

import re

import pytest

from engine.games.i18n import t
from tests.bot.test_end_to_end import (
    ALICE,
    BOB,
    CAROL,
    DAVE,
    Tally,
    click_and_wait,
    discord_and_bot,  # noqa: F401 (a fixture)
    is_post,
    mover_of,
    play_to_the_end,
)
from tests.fake_discord import FakeDiscord, Sent, next_click

#: Kingdomino's action texts, which no player should read ("claim 23", "place 23 E4 …").
RAW_KD = re.compile(r"\b(?:claim|place|discard) \d+\b|\bseat \d")


def raw_texts(sent: Sent) -> list[str]:
    return [text for text in (sent.content, *sent.labels()) if RAW_KD.search(text)]


async def kingdomino_table(fake: FakeDiscord, people: list[tuple[int, str]],
                           **variants: bool) -> Sent:
    """`/kingdomino new`, the guests join by button, the host starts: the first post."""
    host, guests = people[0], people[1:]
    iid = await fake.slash(host, "new", group="kingdomino", players=len(people),
                           thread=False, **variants)
    lobby = await fake.wait_for(lambda s: s.interaction_id == iid
                                and "mr:lobby:join" in s.custom_ids())
    assert "Kingdomino" in lobby.content
    for guest in guests:
        before = len(fake.sent)
        await fake.answered(await fake.click(guest, lobby, "mr:lobby:join"))
        await fake.wait_for(lambda s, n=guest[1]: s.kind == "update" and n in s.content,
                            after=before)
    before = len(fake.sent)
    await fake.click(host, lobby, "mr:lobby:start")
    return await fake.wait_for(is_post, after=before)


@pytest.mark.system
@pytest.mark.parametrize(("players", "variants"), [
    (2, {}),
    (3, {"harmony": True, "middle_kingdom": True}),  # K-VAR, K-SCORE-2, K-SCORE-3
])
async def test_k_turn_whole_kingdomino_games_one_post_and_one_ping_per_king_turn(
        discord_and_bot, players: int,  # noqa: F811 (the fixture)
        variants: dict[str, bool]) -> None:
    fake, _bot = discord_and_bot
    people = [ALICE, BOB, CAROL, DAVE][:players]
    start = len(fake.sent)
    table = await kingdomino_table(fake, people, **variants)
    if variants:
        assert "Harmony" in fake.sent[start].content or any(
            "Harmony" in s.content for s in fake.sent[start:])
    # typed moves: the autocomplete matches the labels ("①"), the value is the action text
    typed = await fake.autocomplete(mover_of(table), "move", "action", "①")
    assert len(typed) == 1 and typed[0].startswith("claim ")
    tally = Tally()
    final = await play_to_the_end(fake, table, tally)

    posts = [s for s in fake.sent[start:] if is_post(s)]
    pings = sum(len((s.allowed_mentions or {}).get("users") or []) for s in posts[:-1])
    # K-SETUP-3, K-TURN-1: one post and one ping per king's turn. A line of 4 (2 players,
    # 6 rounds) or 3 (3 players, 12 rounds); the engine plays a lone last claim itself.
    rounds, line = (6, 4) if players == 2 else (12, 3)
    assert tally.turns >= (rounds + 1) * (line - 1)
    assert len(posts) / tally.turns <= 1.25 and pings / tally.turns <= 1.25
    assert tally.private_messages / tally.turns <= 2.5
    assert tally.taps / tally.turns <= 3.0  # Play, a letter, a domino
    offered = [text for sent in fake.sent[start:] for text in raw_texts(sent)]
    assert offered == []
    narrated = [s.content for s in posts]
    assert any(" placed " in c for c in narrated) and any(" took " in c for c in narrated)
    assert any("①" in label for s in fake.sent[start:] if s.ephemeral for label in s.labels())
    await fake.wait_for(lambda s: s.kind == "edit" and s.target == posts[-2].id, after=start)
    stripped = {s.target for s in fake.sent if s.kind == "edit"
                and not any(row.get("components") for row in s.components)}
    assert all(post.id in stripped for post in posts[:-1]), "old posts keep no buttons"
    assert "🏆" in final.content
    assert sorted(int(u) for u in final.allowed_mentions["users"]) == sorted(
        p[0] for p in people)
    before = len(fake.sent)  # /moonriver status in a Kingdomino channel works too
    iid = await fake.slash(people[-1], "status")
    status = await fake.wait_for(lambda s: s.interaction_id == iid and s.files, after=before)
    assert status.ephemeral and "is over" in status.content
    before = len(fake.sent)  # someone not seated is asked whose kingdom
    iid = await fake.slash(DAVE if players < 4 else (105, "Eve"), "board", group="kingdomino")
    whose = await fake.wait_for(lambda s: s.interaction_id == iid and s.content, after=before)
    assert whose.ephemeral and "Whose kingdom?" in whose.content
    before = len(fake.sent)  # a player's own: the picture says whose it is
    iid = await fake.slash(people[0], "board", group="kingdomino")
    own = await fake.wait_for(lambda s: s.interaction_id == iid and s.files, after=before)
    assert own.ephemeral and list(own.files) == ["board.png"]
    assert own.content == f"**{people[0][1]}**'s kingdom", own.content
    rematch = next(c for c in final.custom_ids() if c.startswith("mr:rematch:"))
    before = len(fake.sent)  # Rematch: a Kingdomino lobby the old players are asked to
    await fake.answered(await fake.click(people[1], final, rematch))
    lobby = await fake.wait_for(lambda s: s.kind == "channel" and "mr:lobby:start"
                                in s.custom_ids(), after=before)
    assert "Kingdomino" in lobby.content and all(f"<@{p[0]}>" in lobby.content
                                                 for p in people if p != people[1])
    assert fake.violations == [] and fake.unanswered() == []


@pytest.mark.system
async def test_k_turn_1_a_placement_is_taken_back_by_its_undo_button_without_a_post(
        discord_and_bot) -> None:  # noqa: F811 (the fixture)
    """K-TURN-1: placed, then the claim step offers ↩️ Undo (the placement revealed
    nothing); the tap takes it back in the same message, the places offered again, and
    posts nothing, since nothing was posted for it; the turn then goes on to its post.
    A stale Undo (the table moved on) is refused and changes nothing."""
    fake, _bot = discord_and_bot
    table = await kingdomino_table(fake, [ALICE, BOB])
    while True:  # the first claims of the setup (K-SETUP-3) are turns without a place
        user = mover_of(table)
        play = next(c for c in table.custom_ids() if c.startswith("mr:turn:"))
        message = await click_and_wait(fake, user, table, play)
        if any(c.startswith("mr:sel:") for c in message.custom_ids()):
            break
        before = len(fake.sent)
        while message.custom_ids():
            custom_id, values = next_click(message)
            message = await click_and_wait(fake, user, message, custom_id, values)
        table = await fake.wait_for(is_post, after=before)
    placing = message
    menu = next(c for c in placing.custom_ids() if c.startswith("mr:sel:"))
    before = len(fake.sent)
    claim = await click_and_wait(fake, user, placing, menu,
                                 [placing.select_options(menu)[-1]])
    undo = [c for c in claim.custom_ids() if c.startswith("mr:undo:")]
    assert len(undo) == 1, claim.custom_ids()
    assert "↩️ Undo" in claim.labels()
    again = await click_and_wait(fake, user, claim, undo[0])
    assert again.kind == "update" and again.content.startswith(t("step.undone", "en"))
    assert sorted(again.select_options(next(c for c in again.custom_ids()
                                            if c.startswith("mr:sel:")))) \
        == sorted(placing.select_options(menu))  # the same places, the same domino
    stale = await click_and_wait(fake, user, claim, undo[0])  # the old message's button
    assert stale.ephemeral and "moved on" in stale.content, stale.content
    assert not [s for s in fake.sent[before:] if is_post(s)]  # nothing told the table
    message = again
    while message.custom_ids():
        custom_id, values = next_click(message)
        message = await click_and_wait(fake, user, message, custom_id, values)
    assert message.content.startswith("✅"), message.content
    post = await fake.wait_for(is_post, after=before)
    assert "took back" not in post.content
    assert fake.violations == [] and fake.unanswered() == []
