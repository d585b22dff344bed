"""Legends of the West at a table (R-LEG-1, R-LEG-2): options, storage, start, replay,
the sandbox and the real bot against the fake Discord."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image

from bot.discord.games.moonriver.commands import new_table_options
from bot.discord.lobby import lobby_text_of
from bot.sandbox import SandboxOptions, run_sandbox
from bot.tables.domain import GameOptions
from bot.tables.errors import BadInput
from bot.tables.fronts.moonriver.options import is_legends, scenario_of
from bot.tables.fronts.moonriver.options import table_options as mr_options
from bot.tables.service import TableService
from bot.tables.store import SqliteStore
from engine.games.i18n import t
from engine.games.rng import Rng
from engine.moonriver.legends import SCENARIOS, scenario_number
from engine.moonriver.view import public_view
from engine.registry import replay
from tests.bot.conftest import ALICE, BOB, CAROL
from tests.bot.test_end_to_end import ALICE as E2E_ALICE
from tests.bot.test_end_to_end import BOB as E2E_BOB
from tests.bot.test_end_to_end import (
    click_and_wait,
    discord_and_bot,  # noqa: F401 (a fixture)
    is_post,
    open_table,
    take_turn,
)
from tests.bot.test_sandbox import scripted
from tests.bot.test_service import play_out, table
from tests.fake_discord import FakeDiscord

CHANNEL = 100


def test_r_leg_2_options_take_a_scenario_name_or_random_and_survive_json() -> None:
    for scenario in (*SCENARIOS, "random"):
        options = mr_options("legends", scenario)
        assert GameOptions.from_json(options.to_json()) == options
        assert scenario_of(options) == scenario
    assert mr_options("legends", "gold").rules["scenario"] == 2
    assert mr_options("legends").rules["scenario"] is None  # drawn from the seed
    assert mr_options("base", "gold").rules["scenario"] is None
    with pytest.raises(BadInput):
        mr_options("legends", "wild west")
    # options stored before scenarios existed still load
    assert scenario_of(GameOptions.from_json('{"variant": "base", "max_players": 3}')) == "random"


def test_r_leg_2_a_scenario_needs_the_legends_variant_in_new() -> None:
    assert scenario_of(new_table_options("legends", "city", 3)) == "city"
    assert scenario_of(new_table_options("legends", None, 2)) == "random"
    with pytest.raises(BadInput):
        new_table_options("base", "gold", 4)


@pytest.mark.parametrize("scenario", SCENARIOS)
async def test_r_leg_2_a_legends_table_starts_with_its_scenario_and_boards(
        service: TableService, scenario: str) -> None:
    result = await table(service, ALICE, BOB, CAROL, variant="legends", scenario=scenario)
    config = result.state.config
    assert config.variant == "legends" and config.scenario == scenario_number(scenario)
    characters = {p.board.character for p in public_view(result.state).players}  # R-LEG-1
    assert None not in characters and len(characters) == 3
    stored = (await service.status(CHANNEL)).game
    assert scenario_of(stored.options) == scenario and is_legends(stored.options)
    for locale in ("en", "de", "ja"):  # the lobby names the scenario in every language
        assert t(f"scenario.{scenario}", locale) in lobby_text_of(stored, locale)


async def test_r_leg_2_a_random_scenario_is_drawn_at_start_and_kept_through_replay(
        tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    store = SqliteStore(db)
    await store.open()
    try:
        service = TableService(store)
        started = await table(service, ALICE, BOB, variant="legends")
        drawn = started.state.config.scenario
        assert drawn in (1, 2, 3, 4)
        await play_out(service, CHANNEL, {ALICE.id: ALICE, BOB.id: BOB}, Rng(5))
        game = await store.game(started.game.id)
        assert game is not None and scenario_of(game.options) == "random"
        # the record the service rebuilds a state from (no snapshot) draws the same one
        record = service._record(game, await store.actions(game.id))
        replayed = replay(record).state
        assert replayed.config.scenario == drawn
        view = public_view(replayed)
        assert view.scenario == SCENARIOS[drawn - 1]
        assert all(p.score.scenario is not None for p in view.players)
    finally:
        await store.close()


async def test_the_sandbox_plays_a_legends_scenario(tmp_path: Path) -> None:
    out = io.StringIO()
    read, _ = scripted([])
    options = SandboxOptions(seats=("human", "greedy"), folder=tmp_path, seed=6,
                             rules={"variant": "legends", "scenario": "outlaws"})
    assert await run_sandbox(options, read, out) == 0
    assert "Winner:" in out.getvalue()
    assert Image.open(tmp_path / "scores.png").size[0] > 0


def test_sandbox_options_refuse_a_bad_scenario() -> None:
    with pytest.raises(ValueError, match="scenario"):
        SandboxOptions(seats=("human", "greedy"),
                       rules={"variant": "legends", "scenario": "nowhere"})
    with pytest.raises(ValueError, match="variant"):
        SandboxOptions(seats=("human", "greedy"), rules={"variant": "wild"})


@pytest.mark.system
async def test_end_to_end_a_legends_table_with_a_scenario_plays_turns(
        discord_and_bot) -> None:  # noqa: F811
    """/moonriver new variant:legends scenario:gold, two players, a few whole turns."""
    fake: FakeDiscord = discord_and_bot[0]
    iid = await fake.slash(E2E_ALICE, "new", variant="legends", scenario="gold", players=2,
                           thread=False)
    lobby = await fake.wait_for(lambda s: s.interaction_id == iid
                                and "mr:lobby:join" in s.custom_ids())
    assert "Legends of the West" in lobby.content and "Gold Rush" in lobby.content
    before = len(fake.sent)
    await fake.answered(await fake.click(E2E_BOB, lobby, "mr:lobby:join"))
    await fake.wait_for(lambda s: s.kind == "update" and "Bob" in s.content, after=before)
    before = len(fake.sent)
    await fake.click(E2E_ALICE, lobby, "mr:lobby:start")
    post = await fake.wait_for(is_post, after=before)
    for _ in range(4):
        post = await take_turn(fake, post)
    assert "table.png" in post.files or "final.png" in post.files


def test_the_sandbox_command_line_takes_variant_and_scenario(tmp_path: Path) -> None:
    """`moonriver sandbox --variant legends --scenario city` plays; a scenario without the
    Legends variant, or an unknown one, is a usage error (exit status 2)."""
    from tests.cli_in_process import run_cli  # `moonriver ...`, in-process

    run = ["sandbox", "--seats", "human,greedy", "--seed", "2", "--out", str(tmp_path)]
    played = run_cli(*run, "--variant", "legends", "--scenario", "city", stdin="1\n" * 400)
    assert played.returncode == 0, played.stderr
    assert "Winner:" in played.stdout
    assert "scenario: Moon River City" in played.stdout  # named before the first move
    for bad in (["--scenario", "gold"], ["--variant", "legends", "--scenario", "moon"]):
        refused = run_cli(*run, *bad)
        assert refused.returncode == 2 and refused.stderr.startswith("moonriver: "), bad


async def test_r_leg_1_players_choose_their_legend_first_come_first_served(
        service: TableService) -> None:
    """Colours (and so Legends) are chosen in the lobby: a taken one is refused with who
    holds it; the host reassigns, swapping; a seat that chose none gets a free colour at
    start; a 2-player game can be any two Legends, and a replay keeps them."""
    from bot.tables.errors import ColourTaken, NoColours, NotAllowed
    from tests.bot.conftest import DAVE
    await service.create(CHANNEL, ALICE, mr_options("legends", "gold", 3))
    await service.join(CHANNEL, BOB)
    await service.join(CHANNEL, CAROL)
    await service.choose_colour(CHANNEL, BOB, "green")  # Big Jo
    with pytest.raises(ColourTaken) as taken:
        await service.choose_colour(CHANNEL, CAROL, "green")
    assert taken.value.params["player"] == "Bob" and "Big Jo" in str(taken.value.params)
    with pytest.raises(NotAllowed):  # only the host gives others their colour
        await service.choose_colour(CHANNEL, CAROL, "white", seat=1)
    with pytest.raises(NoColours):
        await service.choose_colour(CHANNEL, CAROL, "pink")
    await service.choose_colour(CHANNEL, CAROL, "white")  # Wesley
    game = await service.choose_colour(CHANNEL, ALICE, "green", seat=2)  # the host swaps
    assert {s.name: s.colour for s in game.seats} == {"Alice": None, "Bob": "white",
                                                        "Carol": "green"}
    for locale in ("en", "de", "ja"):
        text = lobby_text_of(game, locale)
        assert "Big Jo" in text and "Wesley" in text, text
    await service.leave(CHANNEL, CAROL)  # a leaver's colour is free again
    game = await service.choose_colour(CHANNEL, BOB, "green")
    result = await service.start(CHANNEL, ALICE)
    boards = {result.game.seats[i].name: p.board for i, p in enumerate(result.state.players)}
    assert boards == {"Bob": "big_jo", "Alice": "mary"}  # Alice took the first free colour
    seats = result.game.seats
    record = service._record(result.game, [])
    assert replay(record).state.config.colours == tuple(s.colour for s in seats)
    with pytest.raises(NoColours):  # Kingdomino seats have no colours to choose
        await service.create(CHANNEL + 1, DAVE, GameOptions("kingdomino", 4))
        await service.choose_colour(CHANNEL + 1, DAVE, "green")


async def test_r_leg_1_a_handed_over_seat_keeps_its_legend(service: TableService) -> None:
    await service.create(CHANNEL, ALICE, mr_options("legends", "city", 2))
    await service.join(CHANNEL, BOB)
    await service.choose_colour(CHANNEL, ALICE, "white")
    await service.choose_colour(CHANNEL, BOB, "orange")
    result = await service.start(CHANNEL, ALICE)
    assert sorted(p.board for p in result.state.players) == ["calamity", "wesley"]
    bob = next(s.seat for s in result.game.seats if s.name == "Bob")
    await service.replace_seat(CHANNEL, ALICE, bob, CAROL)
    status = await service.status(CHANNEL)
    assert status.state.players[bob].board == "calamity"
    assert status.game.seats[bob].colour == "orange" and status.game.seats[bob].name == "Carol"


@pytest.mark.system
async def test_end_to_end_two_players_choose_any_two_legends_in_the_lobby(
        discord_and_bot) -> None:  # noqa: F811
    """R-LEG-1: the lobby's menu offers the Legends; first come first served (a taken one
    is refused privately, naming who holds it), and the game gives each player the
    board they chose: Big Jo against Wesley, which no seat order ever gave two players;
    the host reassigns with /moonriver colour (a swap), nobody else may."""
    import json
    import sqlite3
    fake: FakeDiscord = discord_and_bot[0]
    iid = await fake.slash(E2E_ALICE, "new", variant="legends", scenario="gold", players=2,
                           thread=False)
    lobby = await fake.wait_for(lambda s: s.interaction_id == iid
                                and "mr:lobby:colour" in s.custom_ids())
    assert "Big Jo" in " ".join(lobby.labels()) and "Wesley" in " ".join(lobby.labels())
    before = len(fake.sent)
    await fake.answered(await fake.click(E2E_BOB, lobby, "mr:lobby:join"))
    await fake.wait_for(lambda s: s.kind == "update" and "Bob" in s.content, after=before)
    before = len(fake.sent)
    await fake.answered(await fake.click(E2E_BOB, lobby, "mr:lobby:colour", ["green"]))
    chosen = await fake.wait_for(lambda s: s.kind == "update" and "Big Jo" in s.content,
                                 after=before)
    assert "Bob 🟢 Big Jo (green)" in chosen.content, chosen.content
    assert any("Bob" in label and "Big Jo" in label for label in chosen.labels())
    before = len(fake.sent)
    await fake.answered(await fake.click(E2E_ALICE, lobby, "mr:lobby:colour", ["green"]))
    refused = await fake.wait_for(lambda s: s.ephemeral, after=before)
    assert "taken by Bob" in refused.content and "host" in refused.content, refused.content
    before = len(fake.sent)
    await fake.answered(await fake.click(E2E_ALICE, lobby, "mr:lobby:colour", ["white"]))
    await fake.wait_for(lambda s: s.kind == "update" and "Wesley" in s.content, after=before)
    before = len(fake.sent)  # the host reassigns: Bob (lobby seat 2) gets white, swapping
    iid = await fake.slash(E2E_BOB, "colour", colour="purple", seat="0")
    refused = await fake.wait_for(lambda s: s.interaction_id == iid, after=before)
    assert refused.ephemeral and "host" in refused.content, refused.content
    iid = await fake.slash(E2E_ALICE, "colour", colour="white", seat="1")
    done = await fake.wait_for(lambda s: s.interaction_id == iid, after=before)
    assert done.ephemeral
    await fake.wait_for(lambda s: s.kind == "edit" and "Bob ⚪ Wesley" in s.content
                        and "Alice 🟢 Big Jo" in s.content, after=before)
    before = len(fake.sent)
    started = await click_and_wait(fake, E2E_ALICE, lobby, "mr:lobby:start")
    assert "⚪ Bob" in started.content and "🟢 Alice" in started.content, started.content
    post = await fake.wait_for(is_post, after=before)
    post = await take_turn(fake, post)
    db = sqlite3.connect(f"file:{discord_and_bot[1].db}?mode=ro", uri=True)
    try:
        (state,) = db.execute("SELECT state FROM snapshots").fetchone()
        names = [r[0] for r in db.execute("SELECT name FROM seats ORDER BY seat")]
    finally:
        db.close()
    config = json.loads(state)["config"]
    boards = dict(zip(names, config["boards"], strict=True))
    assert boards == {"Bob": "wesley", "Alice": "big_jo"}
    assert fake.violations == [] and fake.unanswered() == []


@pytest.mark.system
async def test_r_leg_2_the_started_lobby_names_the_drawn_scenario_and_what_it_scores(
        discord_and_bot) -> None:  # noqa: F811
    """A random scenario is drawn at Start: the lobby message, once started, names it and
    says what it scores, instead of still reading 'random'."""
    fake: FakeDiscord = discord_and_bot[0]
    lobby = await open_table(fake, E2E_ALICE, [E2E_BOB], variant="legends")
    assert "random (drawn at the start)" in lobby.content
    before = len(fake.sent)
    await fake.click(E2E_ALICE, lobby, "mr:lobby:start")
    started = await fake.wait_for(lambda s: s.kind == "update" and "order of play" in s.content,
                                  after=before)
    names = [t(f"scenario.{name}", "en") for name in ("timber", "gold", "outlaws", "city")]
    drawn = [name for name in names if f"scenario: {name}." in started.content]
    assert len(drawn) == 1 and "random" not in started.content, started.content
    assert f"{drawn[0]} scores 10 points for each group of 3 or more adjacent" \
        in started.content, started.content
