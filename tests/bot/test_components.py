"""Components as Discord's JSON: laid out exactly as discord.py lays out a view, and every
custom_id read back into the click it stands for."""

from __future__ import annotations

import random
from types import SimpleNamespace
from typing import cast

import discord
import pytest

from bot.discord.components import (
    DANGER,
    PRIMARY,
    SECONDARY,
    SUCCESS,
    Components,
    act_id,
    back_id,
    back_to_pair_id,
    click_of,
    lobby_id,
    lobby_view,
    option,
    pair_id,
    propose_id,
    rematch_id,
    select_id,
    spot_id,
    turn_id,
)
from bot.discord.host import Click
from bot.discord.screens import offer
from bot.tables.domain import Game
from bot.tables.fronts.base import Choice
from bot.tables.words import Label
from engine.registry import GAMES, game_named

# (kind, custom_id, label or options) in the order they are added
Layout = list[tuple[str, str, object]]

LAYOUTS: list[Layout] = [
    [("button", "a", "A")],
    [("menu", "m", ["x", "y"]), ("button", "a", "A"), ("button", "b", "B")],
    [("button", "a", "A"), ("menu", "m", ["x"]), ("button", "b", "B")],  # b joins a's row
    [("button", str(i), str(i)) for i in range(7)],
    [("menu", f"m{i}", ["x"]) for i in range(4)] + [("button", "p", "Pass")],
    [],
]


def ours(layout: Layout) -> Components:
    view = Components()
    for kind, custom_id, what in layout:
        if kind == "button":
            view.button(custom_id, str(what), SUCCESS)
        else:
            assert isinstance(what, list)
            view.menu(custom_id, [option(v, v, f"about {v}") for v in what], "pick")
    return view


def theirs(layout: Layout) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for kind, custom_id, what in layout:
        if kind == "button":
            view.add_item(discord.ui.Button(label=str(what), custom_id=custom_id,
                                            style=discord.ButtonStyle.success))
        else:
            assert isinstance(what, list)
            view.add_item(discord.ui.Select(custom_id=custom_id, placeholder="pick", options=[
                discord.SelectOption(label=v, value=v, description=f"about {v}")
                for v in what]))
    return view


@pytest.mark.parametrize("layout", LAYOUTS)
async def test_the_json_is_what_discord_py_sends_for_the_same_view(layout: Layout) -> None:
    # async: discord.py's View needs a running event loop
    assert ours(layout).to_components() == theirs(layout).to_components()


async def test_a_link_button_and_an_empty_menu_match_discord_py_too() -> None:
    view = Components().link("Open", "https://discord.com/channels/1/2/3").menu("m", [])
    reference = discord.ui.View(timeout=None)
    reference.add_item(discord.ui.Button(label="Open", url="https://discord.com/channels/1/2/3"))
    reference.add_item(discord.ui.Select(custom_id="m", options=[
        discord.SelectOption(label="-", value="-")]))
    assert view.to_components() == reference.to_components()


def test_a_sixth_row_is_refused_as_discord_would() -> None:
    view = Components()
    for i in range(5):
        view.menu(f"m{i}", [option("x", "x")])
    assert view.rows_free() == 0 and view.rows_used() == 5
    with pytest.raises(ValueError):
        view.button("b", "B")


def test_discord_py_takes_it_as_a_view_and_never_stores_it() -> None:
    view = Components().button("a", "A")
    assert getattr(view.as_view(), "__discord_ui_view__", False)
    assert view.is_finished() and not view.is_dispatchable()  # no timeout task, no store
    assert not view.has_components_v2()
    assert Components()  # an empty one still means "no components left"


def test_an_action_button_is_grey_for_pass_and_blue_otherwise() -> None:
    rows = Components().action(1, 2, "pass", "Pass").action(1, 2, "choose p3", "P3") \
        .to_components()
    assert [b["style"] for b in rows[0]["components"]] == [SECONDARY, PRIMARY]


def test_the_lobby_buttons_keep_their_colours() -> None:
    rows = lobby_view("en").to_components()
    styles = {b["custom_id"]: b["style"] for b in rows[0]["components"]}
    assert styles == {lobby_id("join"): PRIMARY, lobby_id("leave"): SECONDARY,
                      lobby_id("start"): SUCCESS, lobby_id("cancel"): DANGER}


@pytest.mark.parametrize(("custom_id", "values", "click"), [
    (lobby_id("join"), (), Click("lobby", 0, 0, "join")),
    (turn_id(7, 12), (), Click("turn", 7, 12)),
    (act_id(7, 12, "build p17 p42 C3 up"), (), Click("act", 7, 12, "build p17 p42 C3 up")),
    (select_id(7, 12, 1), ("choose p5",), Click("act", 7, 12, "choose p5")),
    (pair_id(7, 12), ("17-42",), Click("pair", 7, 12, "17-42")),
    (spot_id(7, 12, 0), ("build p1 p2 A1 up",), Click("spot", 7, 12, "build p1 p2 A1 up")),
    (propose_id(7, 12, "build p1 p2 A1 down"), (),
     Click("spot", 7, 12, "build p1 p2 A1 down")),
    (back_id(7, 12), (), Click("back", 7, 12)),
    (back_to_pair_id(7, 12, "p1 p2"), (), Click("pair", 7, 12, "p1 p2")),
    (rematch_id(7), (), Click("rematch", 7, 0)),
    (select_id(7, 12, 0), (), Click("act", 7, 12, "")),  # a menu sent without a choice
])
def test_every_custom_id_reads_back_as_its_click(custom_id: str, values: tuple[str, ...],
                                                 click: Click) -> None:
    assert click_of(custom_id, values) == click


@pytest.mark.parametrize("custom_id", [
    "", "other:thing", "mr:lobby:explode", "mr:turn:7", "mr:act:7:12:drop; table",
    "mr:turn:7:12:extra", "mr:unknown:1:2",
])
def test_ids_that_are_not_ours_or_are_forged_are_ignored(custom_id: str) -> None:
    assert click_of(custom_id, ("x",)) is None


@pytest.mark.parametrize("key", sorted(GAMES))
def test_every_legal_action_of_every_game_survives_its_button(key: str) -> None:
    """A button carries its action's text in the custom_id: every action any game may
    offer (Moonlight's `power full-moon` too, M-POWER-1) reads back as that action, and
    fits Discord's 100 characters. Random games, every option at every decision."""
    game = game_named(key)
    seen = 0
    for seed in range(4):
        rng = random.Random(seed)
        seats = game.player_counts[seed % len(game.player_counts)]
        state, _ = game.new_game(tuple(f"P{i}" for i in range(seats)), seed, {})
        while not game.is_over(state):
            options = game.legal_actions(state)
            for action in options:
                for custom_id, kind in ((act_id(12, 345, str(action)), "act"),
                                        (propose_id(12, 345, str(action)), "spot")):
                    assert len(custom_id) <= 100, custom_id
                    assert click_of(custom_id) == Click(kind, 12, 345, str(action)), custom_id
                seen += 1
            state, _ = game.apply(state, rng.choice(options))
    assert seen > 100


def test_end_row_starts_the_next_button_on_a_row_of_its_own() -> None:
    rows = Components().button("a", "A").end_row().button("b", "B").to_components()
    assert [[b["custom_id"] for b in row["components"]] for row in rows] == [["a"], ["b"]]
    assert Components().end_row().rows_free() == 5  # nothing placed: nothing closed


def _offered(labels: list[Label], keep_rows: int = 0) -> list[list[dict[str, object]]]:
    view = Components()
    offer(view, cast(Game, SimpleNamespace(id=7, version=3)),
          [Choice(f"choose p{i}", label) for i, label in enumerate(labels)], "Which?",
          keep_rows=keep_rows)
    view.button("back", "Back")
    return [row["components"] for row in view.to_components()]


def test_a_short_list_of_self_explaining_choices_is_buttons_one_tap_each() -> None:
    rows = _offered([Label(f"{n} cows") for n in range(7)])
    assert [len(row) for row in rows] == [5, 2, 1]  # Back on a row of its own
    assert [b["custom_id"] for b in rows[0] + rows[1]] == [
        act_id(7, 3, f"choose p{i}") for i in range(7)]
    assert [b["label"] for b in rows[1]] == ["5 cows", "6 cows"]


def test_a_long_list_or_one_that_needs_descriptions_is_a_menu() -> None:
    for labels in ([Label(f"{n} cows") for n in range(11)],
                   [Label("A"), Label("B", "scores 2 more")]):
        rows = _offered(labels)
        assert rows[0][0]["type"] == 3 and rows[0][0]["custom_id"] == select_id(7, 3, 0)
        assert [o["label"] for o in rows[0][0]["options"]] == [x.text for x in labels]
        assert [b["custom_id"] for b in rows[-1]] == ["back"]


def test_offered_menus_leave_the_rows_the_caller_keeps() -> None:
    rows = _offered([Label(f"{n}") for n in range(5 * 25)], keep_rows=1)
    assert [row[0]["type"] for row in rows] == [3, 3, 3, 3, 2]  # four menus, then Back


def _grouped(count: int) -> list[list[str]]:
    """The options of each offered menu, the choices in groups of two (a place each way
    round)."""
    view = Components()
    offer(view, cast(Game, SimpleNamespace(id=7, version=3)),
          [Choice(f"place {i}", Label(f"{i}", "+1"), group=f"g{i // 2}")
           for i in range(count)], "Where?")
    return [[o["value"] for o in row["components"][0]["options"]]
            for row in view.to_components()]


def test_a_group_is_kept_in_one_menu_while_every_choice_still_fits() -> None:
    menus = _grouped(60)  # groups of two: 24 + 24 + 12, never 25 + 25 + 10
    assert [len(m) for m in menus] == [24, 24, 12]
    assert menus[1][0] == "place 24"  # "place 24" and "place 25" stay together
    # 124 choices in 5 menus only as plain pages of 25: all of them beat whole groups
    menus = _grouped(124)
    assert [len(m) for m in menus] == [25, 25, 25, 25, 24]


def test_a_click_kind_two_games_use_goes_to_the_tables_game() -> None:
    """Moonlight's cards and Moon River's cows are both `pick`: merged into one table by
    kind, the last game's handler took every pick (a Cowboy's cow was refused as stale).
    A kind one game uses keeps its handler; a shared one is dispatched by the table."""
    from bot.discord.games import GAMES
    from bot.discord.peer import click_handlers
    handlers = click_handlers(GAMES)
    users = [key for key, game in GAMES.items() if "pick" in game.clicks]
    assert sorted(users) == ["moonlight", "moonriver"]
    assert all(handlers["pick"] is not GAMES[key].clicks["pick"] for key in users)
    assert handlers["pair"] is GAMES["moonriver"].clicks["pair"]
