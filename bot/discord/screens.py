"""The private turn message, step by step: what it says, shows and offers (issue 9).

Every screen is built from the clicking player's legal actions, so a button can only
offer a legal move. Any game's step comes from its front end's `Decision`
(`choice_screen`): labels, never ids or action texts (those travel in custom_ids only).
A game may bring steps of its own (Moon River: `moonriver_steps`).
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import discord

from bot.discord.components import (
    PAGE,
    ActButton,
    ActSelect,
)
from bot.discord.patience import deferred_click
from bot.tables.domain import Game
from bot.tables.fronts import front_of
from bot.tables.labels import (
    Label,
    fit,
)
from engine.i18n import t

ROWS = 5  # Discord: at most five rows of components per message
BUTTONS_PER_ROW = 5


@dataclass(frozen=True, slots=True)
class Screen:
    """One state of the private turn message."""

    text: str
    view: discord.ui.View
    picture: tuple[str, bytes] | None = None


def select_option(label: Label, value: str) -> discord.SelectOption:
    label = fit(label)
    return discord.SelectOption(label=label.text, value=value,
                                description=label.description or None)


def rows_used(view: discord.ui.View) -> int:
    """Rows in use: a select menu takes a row, buttons share rows of five."""
    selects = sum(1 for c in view.children if isinstance(c, discord.ui.Select))
    buttons = len(view.children) - selects
    return selects + (buttons + BUTTONS_PER_ROW - 1) // BUTTONS_PER_ROW


def choice_screen(game: Game, state: Any, options: Sequence[Any], locale: str) -> Screen:
    """Any game's step from its front end's `Decision` (issue 15): a few labelled
    buttons, lettered menu options with their effect, the picture of the step."""
    decision = front_of(game.options.game).decision(state, options, locale,
                                                    game.settings.theme)
    view = discord.ui.View(timeout=None)
    for choice in decision.buttons[:ROWS * BUTTONS_PER_ROW - BUTTONS_PER_ROW]:
        view.add_item(ActButton(game.id, game.version, choice.action, fit(choice.label).text))
    menu = decision.menu
    pages = min(ROWS - rows_used(view), (len(menu) + PAGE - 1) // PAGE)
    for page in range(pages):
        chunk = menu[page * PAGE:(page + 1) * PAGE]
        view.add_item(ActSelect(game.id, game.version, page,
                                [select_option(c.label, c.action) for c in chunk],
                                decision.menu_title or t("step.more", locale)))
    return Screen(decision.text, view, decision.picture)


def done_screen(line: str, locale: str) -> Screen:
    """The one-line confirmation when the turn is over (no buttons left)."""
    return Screen(t("step.done", locale, what=line), discord.ui.View(timeout=None))


def _in_private_message(interaction: discord.Interaction[Any]) -> bool:
    message = interaction.message
    return message is not None and message.flags.ephemeral


async def show(interaction: discord.Interaction[Any], screen: Screen) -> None:
    """Edit the private message in place, or open it (from a public post or a command)."""
    files = [discord.File(io.BytesIO(screen.picture[1]), screen.picture[0])] \
        if screen.picture else []
    if _in_private_message(interaction) and not interaction.response.is_done():
        await interaction.response.edit_message(content=screen.text, view=screen.view,
                                                attachments=files)
    elif deferred_click(interaction):  # acknowledged while computers thought
        await interaction.edit_original_response(content=screen.text, view=screen.view,
                                                 attachments=files)
    elif interaction.response.is_done():
        await interaction.followup.send(screen.text, view=screen.view, files=files,
                                        ephemeral=True)
    else:
        await interaction.response.send_message(screen.text, view=screen.view, files=files,
                                                ephemeral=True)
