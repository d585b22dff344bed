"""/kingdomino: a Kingdomino table, beside /moonriver.

`/kingdomino new` opens the same lobby as `/moonriver new`, with Kingdomino's options
(players 2–4 and the variants of K-VAR). Every other subcommand (join, start, addbot,
status, board, move, undo, settings …) acts on whatever table the channel has, so the
group offers the very same commands: typing `/moonriver status` in a Kingdomino thread
works too.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.discord import lobby, turns
from bot.discord.dialogue import act
from bot.discord.groups import game_group
from bot.discord.texts import command_text
from bot.tables.domain import GameOptions
from bot.tables.errors import BadInput
from engine.kingdomino.rules import DYNASTY, HARMONY, MIDDLE_KINGDOM, MIGHTY_DUEL, PLAYER_COUNTS

GAME = "kingdomino"
FEWEST, MOST = min(PLAYER_COUNTS), max(PLAYER_COUNTS)


def table_options(players: int, variants: list[str]) -> GameOptions:
    """The table's options; Mighty Duel is for two players (K-VAR)."""
    if MIGHTY_DUEL in variants and players != 2:
        raise BadInput("Mighty Duel is a variant for 2 players", field="players")
    return GameOptions(GAME, players, {"variants": variants})


@app_commands.command(name=command_text("new", "name", "kd.cmd"),
                      description=command_text("new", "description", "kd.cmd"))
@app_commands.describe(players=f"most players ({FEWEST}–{MOST})",
                       middle_kingdom="Middle Kingdom: +10 with the castle in the centre",
                       harmony="Harmony: +5 for a complete kingdom with no discard",
                       dynasty="Dynasty: three games, the scores summed",
                       mighty_duel="Mighty Duel: 2 players, 7×7 kingdoms, all 48 dominoes",
                       thread="open the table in a new thread (default: yes)")
async def new(interaction: discord.Interaction[Any],
              players: app_commands.Range[int, FEWEST, MOST] = MOST,
              middle_kingdom: bool = False, harmony: bool = False, dynasty: bool = False,
              mighty_duel: bool = False, thread: bool = True) -> None:
    chosen = {MIDDLE_KINGDOM: middle_kingdom, HARMONY: harmony, DYNASTY: dynasty,
              MIGHTY_DUEL: mighty_duel}
    options = table_options(players, [v for v, on in chosen.items() if on])
    await lobby.open_table(interaction, options, thread)


@app_commands.command(name=command_text("move", "name"),
                      description=command_text("move", "description"))
@app_commands.describe(action="e.g. place 23 E4 right, claim 41 (the list has the legal ones)")
@app_commands.autocomplete(action=turns.legal_moves(None))
async def move(interaction: discord.Interaction[Any], action: str) -> None:
    """A move by typing, for power users: Kingdomino's action text."""
    await act(interaction, None, action)


def command_group() -> app_commands.Group:
    """/kingdomino: its own `new` and `move`, then the shared table commands."""
    return game_group("kd.cmd", (new, move))
