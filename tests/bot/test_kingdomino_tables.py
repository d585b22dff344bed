"""Kingdomino at the table service and in storage: tables keep their game,
databases from before keep loading, whole games play through `engine.games` only."""

from __future__ import annotations

import io
import json
import re
from itertools import combinations
from pathlib import Path
from typing import Any

import pytest

from bot.discord.components import PAGE
from bot.discord.failures import refusal_text
from bot.discord.screens import pages_of
from bot.sandbox import SandboxOptions, run_sandbox
from bot.tables.domain import GameOptions, Status, TableSettings
from bot.tables.errors import BadInput, CannotUndo, GameAlreadyOpen
from bot.tables.fronts import front_of
from bot.tables.fronts.moonriver.options import is_legends, scenario_of
from bot.tables.service import TableService, User
from bot.tables.store import GameStore, SqliteStore
from bot.tables.words import turn_lines
from engine.games.i18n import strings, t
from engine.games.rng import Rng
from engine.kingdomino.actions import Claim, Place
from engine.kingdomino.state import Phase
from engine.registry import game_named, replay
from tests.bot.conftest import ALICE, BOB, CAROL, Clock, database_of_schema
from tests.bot.test_end_to_end import RAW_ID
from tests.bot.test_kingdomino_discord import RAW_KD
from tests.bot.test_sandbox import scripted
from tests.engine.kingdomino.support import play_random

CHANNEL = 300
HARMONY = GameOptions("kingdomino", 3, {"variants": ["harmony"]})


def test_options_are_each_games_own_and_checked_by_its_rules() -> None:
    assert HARMONY.rules == {"variants": ["harmony"]}
    assert GameOptions.from_json(HARMONY.to_json()) == HARMONY
    with pytest.raises(BadInput):  # K-VAR: only Kingdomino's variants
        GameOptions("kingdomino", 4, {"variants": ["legends"]})
    with pytest.raises(BadInput):
        GameOptions("chess", 2, {})
    # Moon River options stored before tables knew their game still load (R-LEG-2)
    old = GameOptions.from_json('{"variant": "legends", "max_players": 3, "scenario": "gold"}')
    assert (old.game, old.max_players, scenario_of(old), is_legends(old)) == \
        ("moonriver", 3, "gold", True)
    assert scenario_of(GameOptions.from_json('{"variant": "base", "max_players": 2}')) == "random"


async def test_both_stores_keep_the_game_of_a_table(store: GameStore) -> None:
    service = TableService(store)
    await service.create(CHANNEL, ALICE, HARMONY)
    await service.create(CHANNEL + 1, ALICE)
    kingdomino = await store.open_game_in(CHANNEL)
    moonriver = await store.open_game_in(CHANNEL + 1)
    assert kingdomino is not None and kingdomino.options == HARMONY
    assert moonriver is not None and moonriver.options.game == "moonriver"


async def test_one_open_game_per_channel_whatever_the_game(service: TableService) -> None:
    await service.create(CHANNEL, ALICE)
    with pytest.raises(GameAlreadyOpen):
        await service.create(CHANNEL, BOB, HARMONY)


async def test_a_database_of_the_previous_schema_loads_as_moon_river(tmp_path: Path) -> None:
    """A file written before migration 4: its table plays Moon River, as it always did."""
    path = tmp_path / "old.sqlite3"
    db = database_of_schema(path, 3)
    db.execute("INSERT INTO games (guild_id, channel_id, status, host_id, options, settings, "
               "seed, components, version, created_at, updated_at, parent_id) VALUES "
               "(NULL, 7, 'lobby', 1, ?, ?, 5, 'provisional-1', 1, ?, ?, 7)",
               (json.dumps({"variant": "base", "max_players": 2, "scenario": "random"}),
                json.dumps({"locale": "en"}), "2026-11-01T12:00:00+00:00",
                "2026-11-01T12:00:00+00:00"))
    db.execute("INSERT INTO seats (game_id, seat, user_id, name, ai) VALUES (1, 0, 1, "
               "'Alice', NULL)")
    db.commit()
    db.close()
    store = SqliteStore(path)
    await store.open()
    try:
        game = await store.open_game_in(7)
        assert game is not None and game.options.game == "moonriver"
        assert game.options.max_players == 2 and game.options.rules["variant"] == "base"
        service = TableService(store)
        await service.join(7, User(2, "Bob"))
        started = await service.start(7, User(1, "Alice"))
        assert started.state.config.players  # a Moon River state, started from old options
    finally:
        await store.close()


async def play_kingdomino(service: TableService, users: dict[int, User], rng: Rng) -> None:
    while True:
        status = await service.last_table(CHANNEL)
        if status.game.status is not Status.ACTIVE:
            return
        state = status.state
        seat = status.game.seats[state.active_seat]
        options = await service.legal(CHANNEL, users[seat.user_id])
        await service.act(CHANNEL, users[seat.user_id], str(rng.choice(options)),
                          status.game.version)


async def test_k_var_a_whole_three_player_harmony_game_records_and_replays(
        store: GameStore) -> None:
    service = TableService(store)
    await service.create(CHANNEL, ALICE, HARMONY)
    for user in (BOB, CAROL):
        await service.join(CHANNEL, user)
    started = await service.start(CHANNEL, ALICE)
    assert started.state.config.variants == ("harmony",)
    users = {u.id: u for u in (ALICE, BOB, CAROL)}
    await play_kingdomino(service, users, Rng(7))
    game = await store.game(started.game.id)
    assert game is not None and game.status is Status.FINISHED
    actions = await store.actions(game.id)
    again = replay(service._record(game, actions)).state  # seed + log rebuild the game
    result = game_named("kingdomino").result(again)
    assert result is not None
    (stored,) = [r for r in await store.results(None) if r.game_id == game.id]
    names = again.config.players
    assert stored.scores == dict(zip(names, result.scores, strict=True))
    assert set(stored.winners) == {names[i] for i in result.winners}


async def test_k_turn_undo_takes_back_a_placement_but_not_a_revealing_claim(
        service: TableService) -> None:
    await service.create(CHANNEL, ALICE, GameOptions("kingdomino", 2, {}))
    await service.join(CHANNEL, BOB)
    await service.start(CHANNEL, ALICE)
    users = {ALICE.id: ALICE, BOB.id: BOB}
    while True:  # play setup claims until someone is to place
        status = await service.status(CHANNEL)
        state = status.state
        user = users[status.game.seats[state.active_seat].user_id]
        if state.phase is Phase.PLACE:
            break
        await service.act(CHANNEL, user, str((await service.legal(CHANNEL, user))[0]))
    place = next(a for a in await service.legal(CHANNEL, user) if isinstance(a, Place))
    placed = await service.act(CHANNEL, user, str(place))
    assert placed.state.phase is Phase.CLAIM and not placed.turn_is_over  # claim follows
    undone = await service.undo(CHANNEL, user)
    assert undone.state.phase is Phase.PLACE
    # a claim that ends a round draws a new line: it revealed the pile and stands
    rng = Rng(3)
    while True:
        status = await service.status(CHANNEL)
        state = status.state
        user = users[status.game.seats[state.active_seat].user_id]
        result = await service.act(CHANNEL, user,
                                   str(rng.choice(await service.legal(CHANNEL, user))))
        if game_named("kingdomino").reveals(result.events):  # a new line was drawn
            break
    with pytest.raises(CannotUndo) as refused:
        await service.undo(CHANNEL, user)
    for locale, parcel in (("en", "parcel"), ("de", "Parzelle"), ("ja", "土地")):
        # in Kingdomino's own words, with the way on (K-TURN-1: the new line stands)
        text = refusal_text(refused.value, locale)
        assert parcel not in text and ("domino" in text.lower() or "ドミノ" in text), text


async def test_k_comp_labels_name_dominoes_never_action_texts(service: TableService) -> None:
    await service.create(CHANNEL, ALICE, GameOptions("kingdomino", 3, {}))
    for user in (BOB, CAROL):
        await service.join(CHANNEL, user)
    await service.start(CHANNEL, ALICE)
    front = front_of("kingdomino")
    users = {u.id: u for u in (ALICE, BOB, CAROL)}
    seen = differ = same = claims = 0
    for _ in range(40):
        status = await service.status(CHANNEL)
        state = status.state
        user = users[status.game.seats[state.active_seat].user_id]
        options = await service.legal(CHANNEL, user)
        decision = front.decision(state, options, "en", "dark")
        texts = [c.label.text for c in (*decision.buttons, *decision.menu)] + [decision.text]
        assert not [x for x in texts if RAW_KD.search(x) or RAW_ID.search(x)]
        if any(isinstance(a, Claim) for a in options):
            assert all(c.label.text[0] in "①②③④" for c in decision.buttons)  # K-SETUP-2
            if state.phase is Phase.SETUP:  # castles alone: nothing to look at
                assert decision.picture is None
            else:  # the kingdom the next domino must fit, the one just placed in it
                assert decision.picture is not None and decision.picture[0] == "kingdom.png"
                assert decision.picture[1].startswith(b"\x89PNG")
                claims += 1
        else:
            assert decision.picture is not None and decision.menu[0].label.text.startswith("a)")
            described = {c.label.description for c in decision.menu}
            if len(described) > 1:  # K-SCORE-1: the points each place adds, where they
                assert all(d.endswith(("pts now", "pt now")) for d in described)  # differ
                differ += 1
            else:  # the same everywhere: no description saying nothing about where
                assert described == {""}, described
                same += 1
        seen += 1
        await service.act(CHANNEL, user, str(options[0]))
    for locale in ("de", "ja"):  # every word translated
        status = await service.status(CHANNEL)
        state = status.state
        user = users[status.game.seats[state.active_seat].user_id]
        decision = front.decision(state, await service.legal(CHANNEL, user), locale, "dark")
        # English terrain names, except those the locale spells alike ("Mine" in German)
        words = [english for key, english in strings("en").items()
                 if key.startswith("kd.pic.terrain.") and strings(locale)[key] != english]
        leftover = [c.label.text for c in (*decision.buttons, *decision.menu)
                    if any(w in c.label.text for w in (*words, " on "))]
        assert leftover == []
    assert seen == 40 and differ and same and claims


async def test_computer_seats_play_kingdomino_and_refuse_an_unknown_one(
        store: GameStore) -> None:
    service = TableService(store)
    await service.create(CHANNEL, ALICE, GameOptions("kingdomino", 3, {}))
    await service.add_ai(CHANNEL, ALICE, "greedy")
    await service.add_ai(CHANNEL, ALICE, "easy")  # a level: random
    with pytest.raises(BadInput):  # the game's own players only
        await service.add_ai(CHANNEL, ALICE, "genius")
    started = await service.start(CHANNEL, ALICE)
    assert {s.ai for s in started.game.seats} == {None, "greedy", "easy"}
    await play_kingdomino(service, {ALICE.id: ALICE}, Rng(11))
    finished = (await service.last_table(CHANNEL)).game
    assert finished.status is Status.FINISHED
    assert len(await store.actions(finished.id)) > 12 * 3 - 12  # the computers moved too


@pytest.mark.parametrize("level", ["easy", "normal"])
async def test_a_stand_in_plays_a_silent_kingdomino_player_to_the_end(
        store: GameStore, clock: Clock, level: str) -> None:
    service = TableService(store, clock=clock)
    settings = TableSettings(remind_after_hours=(48.0,), autoplay_after_hours=1.0,
                             standin_level=level)
    await service.create(CHANNEL, ALICE, GameOptions("kingdomino", 2, {}), settings=settings)
    await service.join(CHANNEL, BOB)
    started = await service.start(CHANNEL, ALICE)
    deadlines = 0
    while (await store.game(started.game.id)).status is Status.ACTIVE:  # type: ignore[union-attr]
        deadlines += 1
        assert deadlines <= 100, "the stand-in stalled"
        clock.advance(1)
        fired = await service.run_deadlines()
        assert [f.outcome for f in fired] == ["played"]
        assert fired[0].result is not None and len({p.seat for p in fired[0].result.played}) == 1
    assert await store.reminders(started.game.id) == []
    assert deadlines >= 6  # K-ROUNDS: a deadline per turn, not one for the game


def test_k_turn_1_a_kings_turn_reads_as_one_line_place_then_claim() -> None:
    """Place and claim are two decisions, one line ("**Ann** placed …, then took ② …")."""
    rules, front = game_named("kingdomino"), front_of("kingdomino")
    state, _ = rules.new_game(["Ann", "Bo", "Cy"], 7, {})
    while state.phase is not Phase.PLACE:  # K-SETUP-3: three first claims, a line each
        before = state
        action = rules.legal_actions(state)[0]
        seat = rules.active_seat(state)
        state, events = rules.apply(state, action)
        lines = turn_lines(front.segments_of([(seat, events)], before, state, "en"),
                           state.config.players, "en")
        assert lines[0].startswith(f"**{state.config.players[seat]}** took ")
    seat = rules.active_seat(state)
    start = state
    journal = []
    for _ in range(2):  # place, then claim: the same king
        before = state
        state, events = rules.apply(state, rules.legal_actions(state)[0])
        journal += front.segments_of([(seat, events)], before, state, "en")
    assert journal[0].seat == seat and not journal[0].ends_turn  # the claim is still to come
    assert journal[1].seat == seat and journal[1].ends_turn
    line = turn_lines(journal, start.config.players, "en")[0]
    name = start.config.players[seat]
    assert line.startswith(f"**{name}** placed ") and ", then took " in line
    assert "claim " not in line and "place " not in line


async def test_the_sandbox_plays_a_kingdomino_dynasty_in_german(tmp_path: Path) -> None:
    """`moonriver sandbox --game kingdomino`: the same labels as the buttons, a picture a
    turn, the series of three games (K-DYN) to the end."""
    out = io.StringIO()
    read, prompts = scripted(["nonsense", "claim 99", "2"])
    options = SandboxOptions(seats=("human", "greedy"), names=("Ann",), folder=tmp_path,
                             seed=5, locale="de", game="kingdomino",
                             rules={"variants": ["dynasty"]})
    assert await run_sandbox(options, read, out) == 0
    text = out.getvalue()
    assert "Kingdomino-Sandkasten" in text and "Sieg:" in text
    assert "Spiel 2 der Dynastie beginnt." in text and "Spiel 3 der Dynastie" in text
    listed = [line for line in text.splitlines() if re.match(r"\s*\d+\. ", line)]
    assert listed and not [line for line in listed if RAW_KD.search(line)]
    assert any(re.match(r"\s*\d+\. [①②③④] \d+ ", line) for line in listed)  # K-SETUP-2
    assert any(re.match(r"\s*\d+\. a\) ", line) for line in listed)  # lettered places
    assert (tmp_path / "scores.png").exists() and len(list(tmp_path.glob("table-*.png"))) > 20
    assert {p.split(">")[0] for p in prompts} == {"Ann"}
    with pytest.raises(ValueError):  # said up front, not mid-game
        SandboxOptions(seats=("human", "genius"), game="kingdomino")


async def test_reminders_name_the_tables_game(service: TableService) -> None:
    from bot.discord.content import channel_reminder, dm_reminder

    game = await service.create(CHANNEL, ALICE, GameOptions("kingdomino", 2, {}))
    assert "Kingdomino is waiting" in channel_reminder(ALICE.id, game).text
    assert "Kingdomino" in dm_reminder(game, "Guild", "games", None, "en").text
    moonriver = await service.create(CHANNEL + 1, BOB)
    assert "Moon River is waiting" in channel_reminder(BOB.id, moonriver).text


async def test_the_confirmation_tells_the_moves_the_game_made_for_the_mover(
        service: TableService) -> None:
    """2 players, two kings each (K-SETUP-3): when the mover's next king has one option
    the game plays it at once; the mover's confirmation tells it as the post does."""
    await service.create(CHANNEL, ALICE, GameOptions("kingdomino", 2, {}), seed=1)
    await service.join(CHANNEL, BOB)
    await service.start(CHANNEL, ALICE)
    users = {ALICE.id: ALICE, BOB.id: BOB}
    front, rng, forced = front_of("kingdomino"), Rng(1), 0
    finished = False
    while not finished:
        status = await service.status(CHANNEL)
        seat = status.state.active_seat
        user = users[status.game.seats[seat].user_id]
        result = await service.act(CHANNEL, user,
                                   str(rng.choice(await service.legal(CHANNEL, user))))
        finished = result.finished
        if not result.turn_is_over or finished:
            continue
        told = front.segments_of([(p.seat, p.events) for p in result.played],
                                 status.state, result.state, "en")
        mine = []  # the mover's turns in this call, up to anyone else's
        for segment in told:
            if segment.seat != seat:
                break
            mine.append(segment)
        if sum(1 for s in mine if s.ends_turn and s.phrases) < 2:
            continue
        forced += 1
        said = await service.turn_just_played(result.game, "en")
        assert [p for s in said for p in s.phrases][-1] == \
            [p for s in mine for p in s.phrases][-1]
    assert forced >= 1  # the game met the moment this is about


@pytest.mark.parametrize("locale", ["en", "de", "ja"])
def test_k_place_4_the_claim_step_says_the_domino_that_fit_nowhere_was_discarded(
        locale: str) -> None:
    """K-PLACE-4: the game discards a domino that fits nowhere for the player (a single
    option); their claim step says so first, and only then: a placed domino says nothing."""
    rules = game_named("kingdomino")
    front = front_of("kingdomino")
    said = max(t("kd.step.discarded", locale, domino="@").split("@"), key=len)
    told = quiet = 0
    for seed in range(30):
        state, _ = rules.new_game(["A", "B", "C"], seed, rules.options({}))
        rng = Rng(seed)
        while not rules.is_over(state) and not (told and quiet):
            options = rules.legal_actions(state)
            text = front.decision(state, options, locale, "dark").text
            if state.phase is Phase.CLAIM:
                seat = state.active_seat
                lost = state.line[state.cursor].domino in state.discards[seat]
                assert (said in text) == lost, text
                told += lost
                quiet += not lost
            state, _ = rules.apply(state, rng.choice(options))
    assert told and quiet


def test_k_place_3_a_letters_ways_round_share_one_menu() -> None:
    """A place's two ways round (K-PLACE-3) are one letter of the preview: with more
    places than one menu holds (the mighty duel's 7×7 kingdoms), no letter is split
    between two menus, as plain pages of 25 split some."""
    front = front_of("kingdomino")
    split_by_plain_pages = 0

    def step(state: Any, action: Any, after: Any, events: Any) -> None:
        nonlocal split_by_plain_pages
        options = game_named("kingdomino").legal_actions(state)
        if sum(isinstance(a, Place) for a in options) <= PAGE:
            return
        menu = front.decision(state, options, "en", "dark").menu
        pages = [{menu[i].group for i in page} for page in pages_of(menu)]
        assert sum(len(page) for page in pages_of(menu)) == len(menu)
        assert all(len(page) <= PAGE for page in pages_of(menu))
        assert not any(a & b for a, b in combinations(pages, 2))
        plain = [{menu[i].group for i in page} for page in pages_of(menu, whole_groups=False)]
        split_by_plain_pages += any(a & b for a, b in combinations(plain, 2))

    for seed in (7, 12, 13):  # games that meet such menus (of 60 seeds, a third do)
        play_random(2, seed, ("mighty-duel",), on_step=step)
    assert split_by_plain_pages  # the games met menus the plain pages would split


def test_k_place_3_a_letters_two_ways_round_name_the_same_cells_first() -> None:
    """'a) E4 Wheat 👑, F4 Forest' and 'a) E4 Forest, F4 Wheat 👑': the cells lead, in
    reading order, so the two options of one letter differ where the terrains swap (a
    play-tester read 'Wheat on E3, Forest on E4' against 'Wheat on E4, Forest on E3')."""
    front = front_of("kingdomino")
    cell = re.compile(r"^[A-M]\d{1,2}$")
    pairs = 0

    def step(state: Any, action: Any, after: Any, events: Any) -> None:
        nonlocal pairs
        options = game_named("kingdomino").legal_actions(state)
        if not any(isinstance(a, Place) for a in options):
            return
        by_letter: dict[str, list[str]] = {}
        for choice in front.decision(state, options, "en", "dark").menu or \
                front.decision(state, options, "en", "dark").buttons:
            letter, _, rest = choice.label.text.partition(") ")
            by_letter.setdefault(letter, []).append(rest)
        for ways in by_letter.values():
            halves = [[half.split(" ", 1) for half in way.split(", ")] for way in ways]
            assert all(cell.match(c) for way in halves for c, _ in way), ways
            if len(ways) == 2:
                assert [c for c, _ in halves[0]] == [c for c, _ in halves[1]], ways
                assert halves[0][0][1] == halves[1][1][1], ways  # the terrains swapped
                pairs += 1

    for seed in (3, 4):
        play_random(2, seed, (), on_step=step)
    assert pairs > 20
