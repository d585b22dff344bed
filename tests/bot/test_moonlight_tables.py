"""Moonlight at the table (its front end and Discord steps): whole games through the
table service with computers, the narration's turns, the labels, the sandbox, and one
whole game through the fake Discord that scans everything the players and the log get
for a card of a hidden hand (MOONLIGHT.md, M-SETUP-1).

Tests that draw pictures skip while `render.registry.GAMES` has no "moonlight" (the
pictures are drawn on another branch); nothing is stubbed."""

from __future__ import annotations

import io
import json
import os
import re
import sqlite3
from collections import Counter
from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

import pytest

from bot.discord.components import act_id, back_id
from bot.discord.games.moonlight.steps import cells_screen, decision_screen
from bot.discord.screens import MOST_AS_BUTTONS
from bot.sandbox import SandboxOptions, run_sandbox
from bot.tables.domain import Game, GameOptions, Status, TableSettings
from bot.tables.errors import BadInput
from bot.tables.fronts import front_of
from bot.tables.fronts.moonlight import pictures
from bot.tables.fronts.moonlight.labels import card_label, card_named, play_label, power_label
from bot.tables.service import TableService, User
from bot.tables.store import GameStore
from bot.tables.words import turn_lines
from engine.games.i18n import strings
from engine.games.rng import Rng
from engine.moonlight.actions import Play, Power
from engine.moonlight.cards import POWER_KINDS, card_code, components, parse_card_code
from engine.moonlight.state import GameState, Phase
from engine.registry import game_named, replay
from render.registry import GAMES as PICTURES
from render.stamps import drawn_texts
from tests.bot.conftest import ALICE, BOB, Clock
from tests.bot.test_end_to_end import ROOT, Bot, is_post
from tests.bot.test_sandbox import scripted
from tests.fake_discord import FakeDiscord, Sent

CHANNEL = 500
MOONLIGHT = GameOptions("moonlight", 2, {})
needs_pictures = pytest.mark.skipif("moonlight" not in PICTURES,
                                    reason="render.moonlight is not on this branch yet")

#: Engine text no player should read: action texts and card codes ("play 4m C5", "4m").
RAW_ML = re.compile(r"\bplay \d|\bpower [a-z]|\b\dm\b|\bpass\b|\bseat \d")
#: A card the English narration names: the one placed, the one covered.
NAMED = re.compile(r"placed an? (?P<card>\d(?: 🌙| 🐺)?) on (?P<cell>[A-G][1-7])"
                   r"(?:, covering [^\n]*?'s (?P<covered>\d(?: 🌙| 🐺)?))?")


def code_of(text: str) -> str:
    """'4 🌙' → '4m' (the card text of `labels.card_text`, in English)."""
    return text[0] + ("m" if "🌙" in text else "")


def check_public(text: str, played: list[str], names: tuple[str, ...] = ()) -> None:
    """`text` is for everyone: every card it names was placed on the area (it is in the
    game's log, `played`: "play 4m C5"), the covered one on that cell before; besides
    those it names no card at all (no moon, no Lone Wolf, no other value in a move's
    line)."""
    for match in NAMED.finditer(text):
        assert f"play {code_of(match['card'])} {match['cell']}" in played, text
        if match["covered"]:
            covered = code_of(match["covered"])
            assert any(p.startswith(f"play {covered} ") and p.endswith(f" {match['cell']}")
                       for p in played), text
    rest = NAMED.sub("", text)
    for name in names:  # "Bot 1 (greedy)"
        rest = rest.replace(name, "")
    assert "🌙" not in rest and "🐺" not in rest, text
    assert not RAW_ML.search(text), text
    for line in text.splitlines():  # a move's line names no other card ("… and a 5")
        mover = next((n for n in names if line.startswith(f"**{n}** ")), None)
        if mover is not None:
            words = NAMED.sub("", line).replace(f"**{mover}**", "")
            assert not re.search(r"\d", re.sub(r"\b[A-G][1-7]\b", "", words)), text


async def seated(service: TableService, ai: str | None = None) -> dict[int, User]:
    await service.create(CHANNEL, ALICE, MOONLIGHT)
    if ai is None:
        await service.join(CHANNEL, BOB)
    else:
        await service.add_ai(CHANNEL, ALICE, ai)
    await service.start(CHANNEL, ALICE)
    return {ALICE.id: ALICE, BOB.id: BOB}


async def play_moonlight(service: TableService, store: GameStore, users: dict[int, User],
                         rng: Rng) -> list[str]:
    """Random legal moves for the people until the end; every narrated line is checked as
    public text against the log. Returns the log's action texts."""
    front = front_of("moonlight")
    for _ in range(400):
        status = await service.last_table(CHANNEL)
        if status.game.status is not Status.ACTIVE:
            break
        assert status.state is not None
        seat = status.game.seats[status.state.active_seat]
        user = users[seat.user_id or 0]
        before = status.state
        result = await service.act(CHANNEL, user,
                                   str(rng.choice(await service.legal(CHANNEL, user))),
                                   status.game.version)
        played = [row.text for row in await store.actions(status.game.id)]
        segments = front.segments_of([(p.seat, p.events) for p in result.played], before,
                                     result.state, "en")
        for line in turn_lines(segments, result.state.players, "en"):
            check_public(line, played, result.state.players)
    else:
        raise AssertionError("the game did not end")
    return [row.text for row in await store.actions(status.game.id)]


async def test_m_win_a_whole_game_against_a_computer_records_and_replays(
        store: GameStore) -> None:
    service = TableService(store)
    with pytest.raises(BadInput):  # M-COMP-1: two players, no options
        GameOptions("moonlight", 3, {})
    users = await seated(service, "greedy")
    actions = await play_moonlight(service, store, users, Rng(5))
    game = (await service.last_table(CHANNEL)).game
    assert game.status is Status.FINISHED and len(actions) >= 8
    again = replay(service._record(game, await store.actions(game.id))).state
    result = game_named("moonlight").result(again)
    assert result is not None and max(result.scores) == 2  # M-WIN: best of three
    (stored,) = [r for r in await store.results(None) if r.game_id == game.id]
    assert stored.scores == dict(zip(again.players, result.scores, strict=True))
    front = front_of("moonlight")
    ranking = front.ranking(again)
    assert ranking[0] == (again.players[result.winners[0]], 2)
    assert "game over" in front.status_line(again, "en")
    # the end post's standings count rounds won (M-WIN), which a bare "2" would not say
    from bot.discord.content import ranking as standings
    told = standings(game, again)
    assert told.startswith(f"{again.players[result.winners[0]]} 2 rounds won · "), told
    assert told.endswith((" 0 rounds won", " 1 round won")), told


async def test_two_people_play_to_the_end_with_one_line_per_turn(
        service: TableService, store: GameStore) -> None:
    users = await seated(service)
    await play_moonlight(service, store, users, Rng(12))
    assert (await service.last_table(CHANNEL)).game.status is Status.FINISHED


@pytest.mark.parametrize("level", ["easy", "normal"])
async def test_a_stand_in_plays_a_silent_moonlight_player_to_the_end(
        store: GameStore, clock: Clock, level: str) -> None:
    service = TableService(store, clock=clock)
    settings = TableSettings(remind_after_hours=(48.0,), autoplay_after_hours=1.0,
                             standin_level=level)
    await service.create(CHANNEL, ALICE, MOONLIGHT, settings=settings)
    await service.join(CHANNEL, BOB)
    started = await service.start(CHANNEL, ALICE)
    deadlines = 0
    while (await store.game(started.game.id)).status is Status.ACTIVE:  # type: ignore[union-attr]
        deadlines += 1
        assert deadlines <= 200, "the stand-in stalled"
        clock.advance(1)
        fired = await service.run_deadlines()
        assert [f.outcome for f in fired] == ["played"]
    assert deadlines >= 8  # a deadline per turn, not one for the game


def test_each_move_ends_a_narrated_turn_exactly_when_the_game_says_so() -> None:
    """One line per player turn: a placement, the howl's extra card (or the howl kept)
    in the same line, an Alpha Power a turn of its own; the round's result as table
    lines. Random games until howl, ambush and a replay have all been narrated."""
    rules, front = game_named("moonlight"), front_of("moonlight")
    seen: Counter[str] = Counter()
    for seed in range(60):
        state, _ = rules.new_game(["Ann", "Bo"], seed, {})
        rng = Rng(seed)
        line: list[Any] = []
        while not rules.is_over(state):
            seat = rules.active_seat(state)
            options = rules.legal_actions(state)
            powers = [a for a in options if isinstance(a, Power)]
            howl = [a for a in powers if a.key == "howl"]
            action = (howl or rng.choice(options)) if powers else rng.choice(options)
            if isinstance(action, list):
                action = action[0]
            before = state
            state, events = rules.apply(state, action)
            segments = front.segments_of([(seat, events)], before, state, "en")
            assert segments and segments[-1].seat == seat
            assert segments[-1].ends_turn == rules.ends_turn(before, state, events)
            line += segments
            if segments[-1].ends_turn:
                lines = turn_lines(line, state.players, "en")
                mover = lines[0]
                assert mover.startswith(f"**{state.players[seat]}** "), lines
                assert sum(1 for x in lines if x.startswith("**")) == 1, lines
                played = [str(action)]
                if ", then " in mover:
                    seen["howl"] += 1
                    played += [f"play {code_of(m['card'])} {m['cell']}"
                               for m in NAMED.finditer(mover)]
                seen["ambush"] += "(ambush)" in mover
                seen["replay"] += any("a tie" in x for x in lines)
                seen["power"] += "Alpha Power" in mover
                line = []
        if all(seen[k] for k in ("howl", "ambush", "replay", "power")):
            break
    assert all(seen[k] for k in ("howl", "power")), seen


def test_labels_name_cards_and_places_never_action_texts() -> None:
    rules = game_named("moonlight")
    state, _ = rules.new_game(["Ann", "Bo"], 3, {})
    for _ in range(4):  # a few cards down, so that covers are offered
        state, _ = rules.apply(state, rules.legal_actions(state)[-1])
    plays = [a for a in rules.legal_actions(state) if isinstance(a, Play)]
    texts = [card_label(p.card, "en").text for p in plays]
    texts += [play_label(state, p, "en", "a").text for p in plays]
    texts += [play_label(state, p, "en").text for p in plays]
    texts += [power_label(key, "en").text for key in POWER_KINDS]
    assert texts and not [x for x in texts if RAW_ML.search(x)]
    assert all(len(x) <= 80 for x in texts)
    assert card_label("3", "en").text == "wolf 3 — +1 in a row you win"  # M-POWER-2
    assert card_label("4m", "en").text == "wolf 4 🌙"
    # German names the wolf first: no "4 🌙er Wolf" with the ending glued to a symbol
    german = [card_label(card_code(c), "de").text for c in components().cards]
    assert all(text.startswith("Wolf ") for text in german), german
    assert card_named("4m", "de") == "Wolf 4 🌙"
    # inside the step's sentence the power goes in brackets, not after a dash
    assert card_named("3", "en") == "wolf 3 (+1 in a row you win)"
    assert card_named("4m", "en") == "wolf 4 🌙"
    assert power_label("den", "en").text == "Den: hold 4 cards in hand instead of 3"
    lone = card_code(components().lone_wolf)
    assert "🐺" in card_label(lone, "en").text  # M-COMP-3
    for locale in ("de", "ja"):  # every text of Moonlight's is translated
        missing = [k for k in strings("en") if k.startswith("ml.")
                   and k not in strings(locale)]
        assert missing == []


@pytest.mark.parametrize("locale", ["en", "de", "ja"])
def test_two_cards_alike_say_so_and_an_ambush_cover_says_what_it_spends(locale: str) -> None:
    """Two cards alike in the hand are one button that says ×2 (either plays the same),
    so no card seems missing beside the hand picture; a cover with a card of equal value
    names the Alpha Power it spends for the round (Ambush, M-PLACE-3), a cover one higher
    does not."""
    from bot.tables.fronts.moonlight.labels import covered_code
    rules = game_named("moonlight")
    front = front_of("moonlight")
    ambush = strings(locale)["ml.power.ambush"]
    copies = covered_alike = covered_higher = 0
    for seed in range(40):
        if copies and covered_alike and covered_higher:
            break
        state, _ = rules.new_game(["Ann", "Bo"], seed, {})
        rng = Rng(seed)
        while not rules.is_over(state):
            options = rules.legal_actions(state)
            plays = [a for a in options if isinstance(a, Play)]
            if plays:
                held = Counter(card_code(c) for c in state.hands[state.active])
                hand = front.hand_decision(state, options, locale, "dark")  # type: ignore[attr-defined]
                for choice in hand.buttons:
                    if choice.action in held:
                        count = held[choice.action]
                        assert (f"×{count}" in choice.label.text) == (count > 1), \
                            choice.label.text
                        copies += count > 1
                for play in plays:
                    covered = covered_code(state, play)
                    if covered is None:
                        continue
                    text = play_label(state, play, locale, "a").text
                    value = components().cards
                    alike = value[int(parse_card_code(play.card))].value == \
                        value[int(parse_card_code(covered))].value
                    assert (ambush in text) == alike, text
                    covered_alike += alike
                    covered_higher += not alike
            state, _ = rules.apply(state, rng.choice(options))
    assert copies and covered_alike and covered_higher


async def test_reminders_name_moonlight(service: TableService) -> None:
    from bot.discord.content import channel_reminder

    game = await service.create(CHANNEL, ALICE, MOONLIGHT)
    assert "Moonlight is waiting" in channel_reminder(ALICE.id, game).text


@needs_pictures
async def test_the_private_steps_are_the_hand_then_lettered_cells(
        service: TableService) -> None:
    users = await seated(service)
    front = front_of("moonlight")
    status = await service.status(CHANNEL)
    state = status.state
    user = users[status.game.seats[state.active_seat].user_id]
    options = await service.legal(CHANNEL, user)
    hand = front.hand_decision(state, options, "en", "dark")  # type: ignore[attr-defined]
    codes = {card_code(c) for c in state.hands[state.active_seat]}
    assert {c.action for c in hand.buttons} <= codes and hand.picture is not None
    card = hand.buttons[0].action
    plays = [a for a in options if isinstance(a, Play) and a.card == card]
    cells = front.cells_decision(state, plays, "en", "dark")  # type: ignore[attr-defined]
    assert cells.menu[0].label.text.startswith("a) ") and cells.picture is not None
    assert cells.text.startswith(f"Lay your {card_named(card, 'en')}: where?") \
        and " — " not in cells.text
    assert cells.menu_title.lower() not in cells.text.lower()  # not the same words again
    assert {c.action for c in cells.menu} == {str(p) for p in plays}
    assert not [c for c in (*hand.buttons, *cells.menu) if RAW_ML.search(c.label.text)]


@needs_pictures
async def test_a_cards_few_cells_are_buttons_one_tap_each_with_back_below(
        service: TableService) -> None:
    """The cell step of a card with at most ten cells: a button a cell in the letters'
    order (one tap, where a menu took two), Back on its own row; more cells, a menu."""
    users = await seated(service)
    status = await service.status(CHANNEL)
    state = status.state
    options = await service.legal(CHANNEL, users[status.game.seats[state.active_seat].user_id])
    plays = [a for a in options if isinstance(a, Play)]
    code = plays[0].card
    mine = [p for p in plays if p.card == code]
    screen = cells_screen(status.game, state, options, mine, "en", back=True)
    rows = [row["components"] for row in screen.view.to_components()]
    letters = pictures.cell_letters(mine)
    assert len(mine) <= MOST_AS_BUTTONS and all(b["type"] == 2 for row in rows for b in row)
    cells = [b for row in rows[:-1] for b in row]
    assert [b["label"][0] for b in cells] == sorted(letters.values())
    assert {b["custom_id"] for b in cells} == {
        act_id(status.game.id, status.game.version, str(p)) for p in mine}
    assert [b["custom_id"] for b in rows[-1]] == [back_id(status.game.id,
                                                           status.game.version)]
    many = cells_screen(status.game, state, options, mine * 11, "en", back=False)
    assert many.view.to_components()[0]["components"][0]["type"] == 3  # a menu


def _howl_with_cards() -> tuple[GameState, list[Any]]:
    """A state whose mover may lay one more card with howl (M-COMP-4) or keep it, holding
    at least two cards: the hand step offers the pass."""
    rules = game_named("moonlight")
    for seed in range(60):
        state, _ = rules.new_game(["Ann", "Bo"], seed, {})
        rng = Rng(seed)
        while not rules.is_over(state):
            options = rules.legal_actions(state)
            plays = [a for a in options if isinstance(a, Play)]
            if state.phase is Phase.HOWL and len({p.card for p in plays}) >= 2:
                return state, options
            howl = [a for a in options if isinstance(a, Power) and a.key == "howl"]
            state, _ = rules.apply(state, howl[0] if howl else rng.choice(options))
    raise AssertionError("no howl with two cards in 60 games")


@needs_pictures
def test_keep_howl_is_on_the_hand_step_never_beside_back_on_the_cells_step() -> None:
    """M-COMP-4: the pass of a howl sits with the cards; the cells step reached from
    there has Back and no pass. A single card's cells (no hand step) keep the pass."""
    state, options = _howl_with_cards()
    game = cast(Game, SimpleNamespace(id=5, version=9, settings=TableSettings()))
    plays = [a for a in options if isinstance(a, Play)]
    mine = [p for p in plays if p.card == plays[0].card]
    passed = act_id(5, 9, "pass")
    hand = decision_screen(game, state, options, "en").view.custom_ids()
    assert passed in hand and any(c.startswith("mr:pick:") for c in hand)
    after_hand = cells_screen(game, state, options, mine, "en", back=True).view.custom_ids()
    assert passed not in after_hand and back_id(5, 9) in after_hand
    alone = cells_screen(game, state, options, mine, "en", back=False).view.custom_ids()
    assert passed in alone and back_id(5, 9) not in alone


@needs_pictures
def test_the_alpha_power_choice_shows_the_hand_picture_with_the_powers_left() -> None:
    """M-NEXT-2: the round's loser chooses a power over a picture of the new hand, the
    powers still to choose from and the area just scored, like every other step."""
    rules = game_named("moonlight")
    state, _ = rules.new_game(["Ann", "Bo"], 4, {})
    rng = Rng(4)
    while state.phase is not Phase.POWER:
        state, _ = rules.apply(state, rng.choice(rules.legal_actions(state)))
    options = rules.legal_actions(state)
    with drawn_texts() as texts:
        decision = front_of("moonlight").decision(state, options, "en", "dark")
    assert {c.action for c in decision.buttons} == {str(a) for a in options}
    assert decision.picture is not None and decision.picture[1].startswith(b"\x89PNG")
    assert "Alpha Powers to choose from" in [text for text, _ in texts]


@needs_pictures
async def test_the_sandbox_plays_moonlight(tmp_path: Path) -> None:
    out = io.StringIO()
    read, prompts = scripted(["nonsense", "play 9 A1", "2"])
    options = SandboxOptions(seats=("human", "greedy"), names=("Ann",), folder=tmp_path,
                             seed=5, game="moonlight")
    assert await run_sandbox(options, read, out) == 0
    text = out.getvalue()
    assert "Moonlight sandbox" in text and "Winner: " in text
    listed = [line for line in text.splitlines() if re.match(r"\s*\d+\. ", line)]
    assert listed and not [line for line in listed if RAW_ML.search(line)]
    assert (tmp_path / "scores.png").exists()
    assert {p.split(">")[0] for p in prompts} == {"Ann"}


# --- the whole game through the fake Discord --------------------------------------------

#: Loaded by the bot process (PYTHONPATH): every picture request it makes, as JSON lines.
DRAW_HOOK = '''
import json, os
from render import request as _request
_of = _request.DrawRequest.of.__func__
def _logged(cls, game, kind, state, *, viewer=None, **options):
    made = _of(cls, game, kind, state, viewer=viewer, **options)
    with open(os.environ["ML_DRAW_LOG"], "a", encoding="utf-8") as out:
        out.write(json.dumps({"game": game, "kind": kind, "viewer": viewer,
                              "view": made.state, "proposed": options.get("proposed"),
                              "choices": [str(c) for c in options.get("choices", ())]})
                  + "\\n")
    return made
_request.DrawRequest.of = classmethod(_logged)
'''

ALICE_D, BOB_D = (101, "Alice"), (102, "Bob")


def stored(db: Path) -> tuple[GameState, list[str]]:
    """The table's game as the bot stored it (hands included: the snapshot) and its log,
    read beside the running bot."""
    db_file = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        game_id, state = db_file.execute(
            "SELECT game_id, state FROM snapshots ORDER BY game_id DESC LIMIT 1").fetchone()
        actions = [a for (a,) in db_file.execute(
            "SELECT action FROM actions WHERE game_id = ? ORDER BY seq", (game_id,))]
    finally:
        db_file.close()
    return GameState.from_dict(json.loads(state)), actions


def texts_of(sent: Sent) -> list[str]:
    return [sent.content or "", *sent.labels()]


@needs_pictures
@pytest.mark.system
async def test_m_setup_1_a_whole_game_on_discord_shows_no_hidden_card(
        tmp_path: Path) -> None:
    hook = tmp_path / "hook"
    hook.mkdir()
    (hook / "sitecustomize.py").write_text(DRAW_HOOK, encoding="utf-8")
    draws = tmp_path / "draws.jsonl"
    log = tmp_path / "bot.log"
    fake = FakeDiscord()
    await fake.start()
    db = tmp_path / "bot.sqlite3"
    path = os.pathsep.join([str(hook), str(ROOT), os.environ.get("PYTHONPATH", "")])
    bot = Bot(fake, db, {"PYTHONPATH": path, "ML_DRAW_LOG": str(draws),
                         "MOONRIVER_LOG_LEVEL": "INFO"}, stderr=log)
    await bot.start()
    try:
        await _play_on_discord(fake, db, draws, log)
    finally:
        await bot.stop()
        await fake.stop()


async def _play_on_discord(fake: FakeDiscord, db: Path, draws: Path, log: Path) -> None:
    people = {ALICE_D[0]: ALICE_D, BOB_D[0]: BOB_D}
    iid = await fake.slash(ALICE_D, "new", group="moonlight", thread=False)
    lobby = await fake.wait_for(lambda s: s.interaction_id == iid
                                and "mr:lobby:join" in s.custom_ids())
    assert "Moonlight" in lobby.content
    before = len(fake.sent)
    await fake.answered(await fake.click(BOB_D, lobby, "mr:lobby:join"))
    await fake.wait_for(lambda s: s.kind == "update" and "Bob" in s.content, after=before)
    start = len(fake.sent)
    await fake.click(ALICE_D, lobby, "mr:lobby:start")
    table = await fake.wait_for(is_post, after=start)
    private: dict[int, list[tuple[Sent, tuple[str, ...]]]] = {101: [], 102: []}
    turns = picks = 0
    while "final.png" not in table.files:
        state, _ = stored(db)
        mover_ids = (table.allowed_mentions or {}).get("users") or []
        assert len(mover_ids) == 1, "one ping: the player to move"
        user = people[int(mover_ids[0])]
        seat = state.players.index(user[1])
        assert state.active_seat == seat
        turn = next(c for c in table.custom_ids() if c.startswith("mr:turn:"))
        before = len(fake.sent)
        message = await _click(fake, user, table, turn)
        for _ in range(40):  # a howl or the next round's lead goes on in it (M-COMP-4)
            now, _ = stored(db)
            hand = tuple(card_code(c) for c in now.hands[seat])
            private[user[0]].append((message, hand))
            ids = message.custom_ids()
            if not ids:
                break
            pick = [c for c in ids if c.startswith("mr:pick:")]
            menu = next((c for c in ids if c.startswith("mr:sel:")), None)
            acts = [c for c in ids if c.startswith("mr:act:")]
            if pick:  # the hand: each button a card of the mover's own hand
                assert {c.split(":")[-1] for c in pick} <= set(hand)
                picks += 1
                message = await _click(fake, user, message, pick[-1])
            elif menu is not None:
                message = await _click(fake, user, message, menu,
                                       [message.select_options(menu)[0]])
            else:  # an Alpha Power, or keep howl
                message = await _click(fake, user, message, acts[0])
            assert message.ephemeral and message.kind == "update", message.content
            turns += message.content.startswith("✅")
        assert message.content.startswith("✅"), message.content
        # the post that pings the next player; one for the same player going on in their
        # message pings nobody (the end pings everyone once)
        table = await fake.wait_for(lambda s: is_post(s) and (
            "final.png" in s.files or bool((s.allowed_mentions or {}).get("users"))),
            after=before)
    final_state, played = stored(db)
    assert picks > 0 and turns >= 8
    posts = [s for s in fake.sent[start:] if is_post(s)]
    assert len(posts) <= turns + 1, (len(posts), turns)
    pings = [len((s.allowed_mentions or {}).get("users") or []) for s in posts[:-1]]
    assert max(pings) == 1  # the player to move, only when they are not playing on
    # every public message: only cards that were placed, never a hand's
    for sent in fake.sent[start:]:
        if not sent.ephemeral:
            for text in texts_of(sent):
                check_public(text, played, ("Alice", "Bob"))
    # every private message went to the player it shows: its card buttons are that
    # player's own hand, and no label names the opponent's unplaced cards
    for messages in private.values():
        for message, hand in messages:
            for custom_id in message.custom_ids():
                if custom_id.startswith("mr:pick:"):
                    assert custom_id.split(":")[-1] in hand
            assert not [x for x in texts_of(message) if RAW_ML.search(x)], message.content
    # every picture the bot asked for: the table's from the public view, a hand only for
    # the seat whose hand it is, and only with that hand's cards
    requests = [json.loads(x) for x in draws.read_text(encoding="utf-8").splitlines()]
    assert {r["kind"] for r in requests} >= {"turn", "hand", "final"}
    for request in requests:
        view = request["view"]
        if request["kind"] == "hand":
            assert request["viewer"] is not None and view["seat"] == request["viewer"]
            assert view["active_seat"] == request["viewer"]
            if request["proposed"] is not None:
                assert request["proposed"] in view["hand"]
                assert all(c.split()[1] == request["proposed"] for c in request["choices"])
        else:
            assert request["viewer"] is None and view["hand"] is None and view["seat"] is None
        assert "hands" not in view and "decks" not in view
    # the log: no state, no hand, and action texts only of moves made
    text = log.read_text(encoding="utf-8", errors="replace")
    assert '"hands"' not in text and "hands=" not in text
    for match in re.finditer(r"\bplay \d+m? [A-G][1-7]\b", text):
        assert match.group(0) in played, match.group(0)
    assert final_state.phase is Phase.OVER
    assert fake.violations == [] and fake.unanswered() == []


async def _click(fake: FakeDiscord, user: tuple[int, str], message: Sent, custom_id: str,
                 values: list[str] | None = None) -> Sent:
    before = len(fake.sent)
    iid = await fake.click(user, message, custom_id, values)
    return await fake.wait_for(lambda s: s.interaction_id == iid, after=before)
