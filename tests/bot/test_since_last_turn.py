"""Coming back: the turns the others played since a player's own last move, read from the
log in the words the turn posts used (`TableService.since_last_turn`), and how the Play
message opens with them (`dialogue.since_your_last_turn`)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from bot.discord import dialogue
from bot.discord.safe_text import safe_name
from bot.tables import service as service_module
from bot.tables.domain import GameOptions
from bot.tables.errors import NoGameHere
from bot.tables.service import TableService, rules_of
from bot.tables.words import turn_lines
from engine.games.rng import Rng
from tests.bot.conftest import ALICE, BOB, CAROL
from tests.bot.test_service import CHANNEL, table
from tests.bot.test_turn_words import ENGLISH


async def test_the_turns_since_a_players_last_move_are_the_others_whole_turns(
        service: TableService) -> None:
    await table(service, ALICE, BOB, CAROL)
    users = {u.id: u for u in (ALICE, BOB, CAROL)}
    rng = Rng(11)
    status = await service.status(CHANNEL)
    for seat in range(3):  # nobody has moved: nothing to catch up on
        assert await service.since_last_turn(status.game, seat, "en") == ([], "en")
    others_since: dict[int, int] = {}  # seat -> turns the others ended since its last act
    checked = 0
    for _ in range(60):
        status = await service.status(CHANNEL)
        seat = status.state.active_seat
        if seat in others_since:
            said, _ = await service.since_last_turn(status.game, seat, "en")
            assert all(x.seat != seat for x in said)
            assert sum(1 for x in said if x.ends_turn) == others_since[seat]
            checked += others_since[seat] >= 2
        user = users[status.game.seats[seat].user_id]
        result = await service.act(CHANNEL, user, str(rng.choice(
            await service.legal(CHANNEL, user))))
        others_since[seat] = 0
        if result.turn_is_over:
            for other in others_since:
                if other != seat:
                    others_since[other] += 1
    assert checked >= 3


async def test_play_opens_with_the_lines_only_for_a_player_away_two_turns_or_more(
        service: TableService, monkeypatch: pytest.MonkeyPatch) -> None:
    await table(service, ALICE, BOB, CAROL)
    users = {u.id: u for u in (ALICE, BOB, CAROL)}
    rng = Rng(5)
    client = SimpleNamespace(service=service)
    texts: list[tuple[int, str]] = []
    for _ in range(40):
        status = await service.status(CHANNEL)
        user = users[status.game.seats[status.state.active_seat].user_id]
        said, told_in = await service.since_last_turn(status.game, status.state.active_seat,
                                                      "de")
        text = await dialogue.since_your_last_turn(client, status.game, status.state,
                                                   user.id, "de")
        ended = sum(1 for x in said if x.ends_turn)
        if ended < dialogue.AWAY_TURNS:
            assert text == ""
        else:
            names = [safe_name(n) for n in rules_of(status.game).names(status.state)]
            assert told_in == "de"  # every call is logged in every language
            lines = turn_lines(said, names, told_in)
            assert text.splitlines() == ["**Seit deinem letzten Zug:**", *lines]
            texts.append((ended, text))
        await service.act(CHANNEL, user, str(rng.choice(await service.legal(CHANNEL, user))))
    assert texts
    # a long absence: the newest lines only, and how many were left out
    # (the game's deal is random: play on until somebody has been away that long)
    monkeypatch.setattr(dialogue, "SINCE_LINES", 1)
    for _ in range(40):
        status = await service.status(CHANNEL)
        away = [seat for seat in range(3) if sum(
            1 for x in (await service.since_last_turn(status.game, seat, "en"))[0]
            if x.ends_turn) >= dialogue.AWAY_TURNS]
        if away:
            text = await dialogue.since_your_last_turn(
                client, status.game, status.state, status.game.seats[away[0]].user_id, "en")
            head, more, *rest = text.splitlines()
            assert head == "**Since your last turn:**" and more.startswith("… ")
            assert "earlier turn" in more and len(rest) == 1
            break
        user = users[status.game.seats[status.state.active_seat].user_id]
        await service.act(CHANNEL, user, str(rng.choice(await service.legal(CHANNEL, user))))
    else:
        pytest.fail("nobody was away two turns in 40 more moves")


async def test_the_lines_are_in_the_askers_language_where_every_turn_was_told_in_it(
        service: TableService) -> None:
    """Players who move in Japanese at an English table read the turns they missed in
    Japanese, and a German asker, who made no move, in German: each call is logged in
    every language the bot speaks, whoever made it."""
    await table(service, ALICE, BOB, CAROL)
    users = {u.id: u for u in (ALICE, BOB, CAROL)}
    rng = Rng(7)
    found = 0
    for _ in range(30):
        status = await service.status(CHANNEL)
        seat = status.state.active_seat
        said, told_in = await service.since_last_turn(status.game, seat, "ja")
        if sum(1 for x in said if x.ends_turn) >= 2:
            assert told_in == "ja"
            text = " ".join(p for x in said for p in x.phrases)
            assert not ENGLISH.search(text), text
            in_german, told_in_german = await service.since_last_turn(status.game, seat, "de")
            assert told_in_german == "de" and in_german
            german = " ".join(p for x in in_german for p in x.phrases)
            assert not ENGLISH.search(german), german
            found += 1
        user = users[status.game.seats[seat].user_id]
        await service.act(CHANNEL, user, str(rng.choice(await service.legal(CHANNEL, user))),
                          locale="ja")
    assert found


async def test_the_logs_end_tells_the_same_as_the_whole_log(
        service: TableService, monkeypatch: pytest.MonkeyPatch) -> None:
    """`since_last_turn` reads the log's end first (`SINCE_WINDOWS`) and the whole log
    only for a player away longer; the mover's confirmation (`turn_just_played`) and a
    post without a known previous one (`told`) likewise (`TURN_WINDOWS`): every window
    tells the same turns as the whole log, for every seat, all game long."""
    await table(service, ALICE, BOB, CAROL)
    users = {u.id: u for u in (ALICE, BOB, CAROL)}
    rng = Rng(3)
    compared = said = 0
    for _ in range(40):
        status = await service.status(CHANNEL)
        for seat in range(3):
            monkeypatch.setattr(service_module, "SINCE_WINDOWS", ())  # the whole log
            wide = await service.since_last_turn(status.game, seat, "en",
                                                 played_for_them=seat % 2 == 0)
            for windows in ((2,), (1, 3), (12, 64)):  # (2,): nearly always too short
                monkeypatch.setattr(service_module, "SINCE_WINDOWS", windows)
                narrow = await service.since_last_turn(status.game, seat, "en",
                                                       played_for_them=seat % 2 == 0)
                assert narrow == wide, windows
            compared += bool(wide[0])
        last = await service.store.recent_actions(status.game.id, 1)
        upto = last[-1].seq if last else 0
        monkeypatch.setattr(service_module, "TURN_WINDOWS", ())
        whole = (await service.turn_just_played(status.game, "en"),
                 await service.told(status.game, upto, None))
        for windows in ((1,), (2, 5), (8, 32)):
            monkeypatch.setattr(service_module, "TURN_WINDOWS", windows)
            assert (await service.turn_just_played(status.game, "en"),
                    await service.told(status.game, upto, None)) == whole, windows
        said += bool(whole[0])
        user = users[status.game.seats[status.state.active_seat].user_id]
        await service.act(CHANNEL, user, str(rng.choice(await service.legal(CHANNEL, user))))
    assert compared > 20 and said > 30


async def test_a_resumed_turn_tells_its_reader_which_turns_the_game_played_for_them(
        service: TableService) -> None:
    """The catch-up of a resumed message (`played_for_them`) includes the turns the game
    played for its reader (a king's only claim, K-SETUP-3, K-TURN-1), marked as such;
    every other line names another player's own move."""
    await service.create(CHANNEL, ALICE, GameOptions("kingdomino", 2, {}), seed=7)
    await service.join(CHANNEL, BOB)
    await service.start(CHANNEL, ALICE)
    users = {u.id: u for u in (ALICE, BOB)}
    client = SimpleNamespace(service=service)
    marker = "(played for you, the only move)"
    rng, marked = Rng(4), 0
    while True:  # to the game's end, which closes the table
        try:
            status = await service.status(CHANNEL)
        except NoGameHere:
            break
        rules = rules_of(status.game)
        seat = rules.active_seat(status.state)
        user = users[status.game.seats[seat].user_id]
        text = await dialogue.since_your_last_turn(client, status.game, status.state,
                                                   user.id, "en", away=1,
                                                   played_for_them=True)
        for line in text.splitlines()[1:]:
            own = line.startswith(f"**{safe_name(user.name)}**")
            assert own == (marker in line), line
            marked += own
        await service.act(CHANNEL, user, str(rng.choice(await service.legal(CHANNEL, user))))
    assert marked >= 1


async def test_a_seat_with_no_move_yet_is_told_the_game_from_its_start_when_resumed(
        service: TableService) -> None:
    """Play's catch-up has nothing for a player's first turn (the post they tapped
    under told it); a message resumed on that first turn (an undo took it away and gave
    it back) tells every turn since the start, as it cannot know what was seen."""
    await table(service, ALICE, BOB, CAROL)
    users = {u.id: u for u in (ALICE, BOB, CAROL)}
    rng, moved = Rng(2), set()
    for _ in range(12):
        status = await service.status(CHANNEL)
        seat = rules_of(status.game).active_seat(status.state)
        if seat not in moved and moved:
            assert await service.since_last_turn(status.game, seat, "en") == ([], "en")
            said, _ = await service.since_last_turn(status.game, seat, "en",
                                                    played_for_them=True)
            ended = {x.seat for x in said if x.ends_turn}
            assert ended == moved, (ended, moved)  # every turn so far, nobody else's
        user = users[status.game.seats[seat].user_id]
        result = await service.act(CHANNEL, user, str(rng.choice(
            await service.legal(CHANNEL, user))))
        if result.turn_is_over:
            moved.add(seat)
    assert len(moved) == 3
