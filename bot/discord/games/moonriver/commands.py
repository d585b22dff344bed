"""/moonriver: `new` with the variant and scenario (R-LEG-2), and moves typed as action
text (`move`, `build`, `choose`, legal moves autocompleted); the table commands every
game shares come from `groups.game_group`."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.discord.dialogue import act
from bot.discord.groups import game_group
from bot.discord.lobby import colour, open_table
from bot.discord.texts import command_text
from bot.discord.turns import legal_moves
from bot.tables.domain import GameOptions
from bot.tables.errors import BadInput
from bot.tables.fronts.moonriver.options import (
    RANDOM_SCENARIO,
    SCENARIO_CHOICES,
    table_options,
)
from engine.games.i18n import t
from engine.moonriver.legends import LEGENDS
from engine.moonriver.rules import PLAYER_COUNTS, VARIANTS

FEWEST, MOST = min(PLAYER_COUNTS), max(PLAYER_COUNTS)
#: How each variant of engine.moonriver.rules.VARIANTS is offered in /moonriver new.
VARIANT_NAMES = {"base": "Moon River (base game)", "legends": "Legends of the West"}


def scenario_choice_name(scenario: str) -> app_commands.locale_str:
    """A scenario choice's name (R-LEG-2), "Gold Rush" in English, keyed so the command
    translator gives Discord's German and Japanese clients their own."""
    key = f"scenario.{scenario}"
    return app_commands.locale_str(t(key, "en"), key=key)


def new_table_options(variant: str, scenario: str | None, players: int) -> GameOptions:
    """/moonriver new's options: a scenario belongs to Legends of the West only (R-LEG-2)."""
    if scenario is not None and variant != LEGENDS:
        raise BadInput("a scenario belongs to Legends of the West (variant: legends)",
                       field="scenario")
    return table_options(variant, scenario or RANDOM_SCENARIO, players)


@app_commands.command(name=command_text("new", "name"),
                      description=command_text("new", "description"))
@app_commands.describe(variant="the rules to play",
                       scenario="Legends of the West only: the scenario, or random",
                       players=f"most players ({FEWEST}–{MOST})",
                       thread="open the table in a new thread (default: yes)")
@app_commands.choices(variant=[app_commands.Choice(name=VARIANT_NAMES[v], value=v)
                               for v in VARIANTS if v in VARIANT_NAMES],  # named ones only
                      scenario=[app_commands.Choice(name=scenario_choice_name(s), value=s)
                                for s in SCENARIO_CHOICES])
async def new(interaction: discord.Interaction[Any],
              variant: app_commands.Choice[str] | None = None,
              scenario: app_commands.Choice[str] | None = None,
              players: app_commands.Range[int, FEWEST, MOST] = MOST,
              thread: bool = True) -> None:
    options = new_table_options(variant.value if variant else VARIANTS[0],
                                scenario.value if scenario else None, players)
    await open_table(interaction, options, thread)


@app_commands.command(name=command_text("move", "name"),
                      description=command_text("move", "description"))
@app_commands.describe(action="e.g. build p17 p42 C3 up")
@app_commands.autocomplete(action=legal_moves(None))
async def move(interaction: discord.Interaction[Any], action: str) -> None:
    await act(interaction, None, action)


@app_commands.command(name=command_text("build", "name"),
                      description=command_text("build", "description"))
@app_commands.describe(action="pick from the list: only legal moves are offered")
@app_commands.autocomplete(action=legal_moves("build"))
async def build(interaction: discord.Interaction[Any], action: str) -> None:
    await act(interaction, None, action)


@app_commands.command(name=command_text("choose", "name"),
                      description=command_text("choose", "description"))
@app_commands.describe(action="pick from the list: only legal moves are offered")
@app_commands.autocomplete(action=legal_moves("choose"))
async def choose(interaction: discord.Interaction[Any], action: str) -> None:
    await act(interaction, None, action)


def command_group() -> app_commands.Group:
    """/moonriver with its subcommands."""
    return game_group("cmd", (new, move, build, choose, colour))
