"""Ratings and resigning through the real bot against the fake Discord: a player who
resigns sees a confirming button, the thread is told in one line, a computer plays the
seat to the end and the seat is ranked last; two finished games change the leaderboard
and the profile, which answer privately with a picture."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from bot.tables.fronts import front_of
from engine.registry import game_named
from tests.bot.test_end_to_end import ALICE, Bot, discord_and_bot, is_post  # noqa: F401
from tests.fake_discord import CHANNEL_ID, GUILD_ID, FakeDiscord, Sent

MODERATOR = (105, "Mod", True)  # a member with Manage Server (the fake's `member`)


def ratings_rows(db: Path) -> dict[str, tuple[int, int, float]]:
    """player → (games, wins, ordinal), read beside the running bot (WAL: readers never
    block it)."""
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as con:
        return {player: (games, wins, ordinal) for player, games, wins, ordinal in con.execute(
            "SELECT player, games, wins, ordinal FROM ratings WHERE guild_id = ? AND "
            "game = 'moonriver'", (GUILD_ID,))}


def places(db: Path, player: str) -> list[int]:
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as con:
        return [p for (p,) in con.execute("SELECT place FROM rating_history WHERE player = ? "
                                          "ORDER BY game_id", (player,))]


async def play_and_resign(fake: FakeDiscord, thread: bool = False) -> Sent:
    """Alice opens a two-seat table against an easy computer (in this channel, or in a
    thread of it), starts it and resigns at her first turn: the computers play it out.
    Returns the final post."""
    before = len(fake.sent)
    await fake.slash(ALICE, "new", variant="base", players=2, thread=thread)
    lobby = await fake.wait_for(lambda s: "mr:lobby:join" in s.custom_ids(), after=before)
    where = int(lobby.channel_id)
    await fake.answered(await fake.slash(ALICE, "addbot", channel_id=where, level="easy"))
    before = len(fake.sent)
    await fake.click(ALICE, lobby, "mr:lobby:start")
    await fake.wait_for(is_post, after=before)
    before = len(fake.sent)
    iid = await fake.slash(ALICE, "resign", channel_id=where)
    ask = await fake.wait_for(lambda s: s.interaction_id == iid, after=before)
    assert ask.ephemeral and "Resign" in ask.labels()
    [custom_id] = [c for c in ask.custom_ids() if c.startswith("mr:resign:")]
    before = len(fake.sent)
    await fake.click(ALICE, ask, custom_id)
    told = await fake.wait_for(lambda s: s.ephemeral and "resigned" in s.content, after=before)
    assert "computer plays your seat" in told.content
    final = await fake.wait_for(lambda s: is_post(s) and "final.png" in s.files, after=before,
                                timeout=60)
    assert "Alice resigned; a computer plays their seat to the end." in final.content
    # the standings put her last and mark her, whatever her computer scored: never first
    [standings] = [line for line in final.content.splitlines() if line.startswith("🏆 ")]
    *others, last = standings.removeprefix("🏆 ").split(" · ")
    assert last.startswith("Alice (resigned) ") and others
    assert not any("Alice" in other for other in others)
    assert "won" not in final.content.lower() and "winner" not in final.content.lower()
    return final


def best_game_of(db: Path) -> tuple[int, int, int, dict[str, object]]:
    """Alice's best-scoring rated game (the latest of equals): its id, her score and
    seat in it, and its stored end state."""
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as con:
        game_id, score = con.execute(
            "SELECT game_id, score FROM rating_history WHERE player = 'u:101' ORDER BY "
            "score DESC, game_id DESC LIMIT 1").fetchone()
        (seat,) = con.execute("SELECT seat FROM seats WHERE game_id = ? AND user_id = 101",
                              (game_id,)).fetchone()
        (state,) = con.execute("SELECT state FROM snapshots WHERE game_id = ?",
                               (game_id,)).fetchone()
    return game_id, score, seat, json.loads(state)


def end_picture_sizes(db: Path) -> tuple[int, int]:
    """The size of the newest game's end picture drawn with Alice's seat resigned, and
    without: which of them the bot posted says how it ranked her."""
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as con:
        game_id, state = con.execute("SELECT game_id, state FROM snapshots ORDER BY game_id "
                                     "DESC LIMIT 1").fetchone()
        [(seat,)] = con.execute("SELECT seat FROM seats WHERE game_id = ? AND user_id = ?",
                                (game_id, ALICE[0])).fetchall()
    front, rules = front_of("moonriver"), game_named("moonriver")
    end = rules.state_from_dict(json.loads(state))
    return (len(front.turn_png(end, (), "en", "dark", (seat,))),
            len(front.turn_png(end, (), "en", "dark")))


async def private_picture(fake: FakeDiscord, sub: str, name: str) -> Sent:
    before = len(fake.sent)
    iid = await fake.slash(ALICE, sub)
    answer = await fake.wait_for(lambda s: s.interaction_id == iid and bool(s.files),
                                 after=before)
    assert answer.ephemeral and name in answer.files and answer.files[name] > 1000
    return answer


@pytest.mark.system
async def test_two_resigned_games_rank_the_seat_last_and_change_board_and_profile(
        discord_and_bot: tuple[FakeDiscord, Bot]) -> None:  # noqa: F811
    fake, bot = discord_and_bot
    before = len(fake.sent)
    iid = await fake.slash(ALICE, "profile")
    none_yet = await fake.wait_for(lambda s: s.interaction_id == iid, after=before)
    assert none_yet.ephemeral and "no rated Moon River games" in none_yet.content

    final = await play_and_resign(fake)
    resigned, not_resigned = end_picture_sizes(bot.db)
    assert final.files["final.png"] == resigned != not_resigned
    first = ratings_rows(bot.db)
    assert first["u:101"][:2] == (1, 0) and first["ai:easy"][:2] == (1, 1)
    board_one = await private_picture(fake, "leaderboard", "leaderboard.png")
    profile_one = await private_picture(fake, "profile", "profile.png")

    before = len(fake.sent)
    final = await play_and_resign(fake, thread=True)
    # the parent channel's line: the computer won, Alice is last and marked
    line = await fake.wait_for(lambda s: "🏆" in s.content, channel=CHANNEL_ID, after=before)
    assert f"/{final.channel_id}/{final.id}" in line.content
    winners, _, rest = line.content.partition(" won ")
    assert "Alice" not in winners and "Alice (resigned)" in rest
    second = ratings_rows(bot.db)
    assert second["u:101"][:2] == (2, 0) and second["ai:easy"][:2] == (2, 2)
    assert second["u:101"][2] < first["u:101"][2] < 0 < first["ai:easy"][2]
    assert places(bot.db, "u:101") == [1, 1]  # last, whatever its computer scored
    board_two = await private_picture(fake, "leaderboard", "leaderboard.png")
    profile_two = await private_picture(fake, "profile", "profile.png")
    # the profile's second picture: the final ranch of her best-scoring game, as the
    # game's renderer draws it from that game's stored end
    _best, score, seat, state = best_game_of(bot.db)
    assert f"Best final ranch: {score} points." in profile_two.content
    assert profile_two.files["best.png"] == len(front_of("moonriver").best_png(
        game_named("moonriver").state_from_dict(state), seat, "en", "dark"))
    assert board_two.files != board_one.files or profile_two.files != profile_one.files

    # resigning again, or without a game, is refused in words
    before = len(fake.sent)
    iid = await fake.slash(ALICE, "resign")
    refused = await fake.wait_for(lambda s: s.interaction_id == iid, after=before)
    assert refused.ephemeral and "Resign" not in refused.labels()

    # hiding is anyone's own setting, table or not
    await fake.answered(await fake.slash(ALICE, "settings", leaderboard="hide"))
    with sqlite3.connect(f"file:{bot.db}?mode=ro", uri=True) as con:
        assert con.execute("SELECT user_id FROM leaderboard_hidden").fetchall() == [(101,)]
    # resetting: Manage Server only, after a button
    before = len(fake.sent)
    iid = await fake.slash(ALICE, "resetboard")
    refused = await fake.wait_for(lambda s: s.interaction_id == iid, after=before)
    assert refused.ephemeral and refused.custom_ids() == []
    iid = await fake.slash(MODERATOR, "resetboard")
    ask = await fake.wait_for(lambda s: s.interaction_id == iid, after=before)
    assert ask.ephemeral and ask.custom_ids() == ["mr:reset:moonriver"]
    assert ratings_rows(bot.db) == second  # nothing before the click
    before = len(fake.sent)
    await fake.click(MODERATOR, ask, "mr:reset:moonriver")
    done = await fake.wait_for(lambda s: s.ephemeral and "was reset" in s.content, after=before)
    assert "2 ratings removed" in done.content and ratings_rows(bot.db) == {}
    assert fake.violations == [] and fake.unanswered() == []
