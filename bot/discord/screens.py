"""The private turn message, step by step: what it says, shows and offers.

Every screen is built from the clicking player's legal actions, so a button can only
offer a legal move. Any game's step comes from its front end's `Decision`
(`choice_screen`): labels, never ids or action texts (those travel in custom_ids only).
A game may bring steps of its own (Moon River: `moonriver_steps`).
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

import discord

from bot.discord.components import (
    BUTTONS_PER_ROW,
    PAGE,
    ROWS,
    SECONDARY,
    Components,
    option,
    select_id,
    take_back_id,
)
from bot.discord.drawing import asked_here, drawn, sharing_a_worker, urgent_picture
from bot.discord.host import channel_of, client_of, user_of
from bot.discord.patience import deferred_click
from bot.tables.domain import Game
from bot.tables.errors import StaleActionError
from bot.tables.fronts import front_of
from bot.tables.fronts.base import Choice
from bot.tables.words import Label, fit
from engine.games.i18n import t


@dataclass(frozen=True, slots=True)
class Screen:
    """One state of the private turn message."""

    text: str
    view: Components
    picture: tuple[str, bytes] | None = None


async def built(step: Callable[..., Screen], *args: Any, **kwargs: Any) -> Screen:
    """A private step's screen: built here on the event loop, its picture asked of the
    drawing worker and awaited (a step takes a millisecond to build: handing it to the
    private lane's thread and back cost more than that). Without a worker, or for a
    step that does more with its picture than show it, on the private lane as before."""
    if sharing_a_worker():
        here = asked_here(lambda screen: screen.picture[1] if screen.picture else None,
                          step, *args, **kwargs)
        if here is not None:
            screen, request = here
            if request is None or screen.picture is None:
                return screen
            png = await urgent_picture(request)
            return replace(screen, picture=(screen.picture[0], png))
    return await drawn(step, *args, **kwargs)


def select_option(label: Label, value: str) -> dict[str, Any]:
    label = fit(label)
    return option(label.text, value, label.description or None)


#: A list of choices this short, none of which needs a description, is a row or two of
#: buttons: one tap each, where a menu takes two (open it, pick).
MOST_AS_BUTTONS = 2 * BUTTONS_PER_ROW


def offer(view: Components, game: Game, choices: Sequence[Choice], title: str, *,
          keep_rows: int = 0) -> None:
    """Legal actions as buttons when few and self-explaining (a tap each), else as
    labelled menus of up to PAGE options (their descriptions say each one's effect).
    `keep_rows`: rows left free for the buttons the caller adds after (Back, a pass),
    which start a row of their own."""
    if not choices:
        return
    labels = [fit(choice.label) for choice in choices]
    rows = view.rows_free() - keep_rows
    if not any(label.description for label in labels) \
            and len(choices) <= min(MOST_AS_BUTTONS, rows * BUTTONS_PER_ROW):
        for choice, label in zip(choices, labels, strict=True):
            view.action(game.id, game.version, choice.action, label.text)
        view.end_row()
        return
    pages = pages_of(choices)
    if len(pages) > rows:  # keeping groups whole would leave choices out: every one counts
        pages = pages_of(choices, whole_groups=False)
    for page, chunk in enumerate(pages[:rows]):
        view.menu(select_id(game.id, game.version, page),
                  [select_option(labels[i], choices[i].action) for i in chunk], title)


def pages_of(choices: Sequence[Choice], *, whole_groups: bool = True) -> list[range]:
    """The choices in menus of up to PAGE options, in order; a group is not split between
    two menus (a letter of the picture is looked for in one place) unless it alone
    fills one, or `whole_groups` is off."""
    pages: list[range] = []
    start = 0
    while start < len(choices):
        end = min(start + PAGE, len(choices))
        group = choices[end].group if end < len(choices) and whole_groups else ""
        if group:
            cut = end
            while cut > start and choices[cut - 1].group == group:
                cut -= 1
            end = cut if cut > start else end
        pages.append(range(start, end))
        start = end
    return pages


def choice_screen(game: Game, state: Any, options: Sequence[Any], locale: str) -> Screen:
    """Any game's step from its front end's `Decision`: a few labelled
    buttons, then its menu's options (`offer`), the picture of the step."""
    decision = front_of(game.options.game).decision(state, options, locale,
                                                    game.settings.theme)
    view = Components()
    for choice in decision.buttons[:ROWS * BUTTONS_PER_ROW - BUTTONS_PER_ROW]:
        view.action(game.id, game.version, choice.action, fit(choice.label).text)
    view.end_row()
    offer(view, game, decision.menu, decision.menu_title or t("step.more", locale))
    return Screen(decision.text, view, decision.picture)


def done_screen(line: str, locale: str, *, game_over: bool = False) -> Screen:
    """The confirmation when the turn is over (no buttons left); after the game's last
    move it says the game is over and where its standings are."""
    return Screen(t("step.done_last" if game_over else "step.done", locale, what=line),
                  Components())


def offer_take_back(screen: Screen, game: Game, locale: str) -> None:
    """Under a step that follows the player's own move within their turn (a placement
    before the claim, a build before the partner), a button that takes that move back:
    a mis-tap in a long menu costs a tap, not the move. Nothing was posted for it, so
    nothing is posted when it goes (`TableService.undo`). Left out when the step has no
    room for one more button."""
    view = screen.view.end_row()
    if view.has_room():
        view.button(take_back_id(game.id, game.version), t("label.take_back", locale),
                    SECONDARY)


@dataclass(frozen=True, slots=True)
class Chosen:
    """A first step's choice (a pair, a card, a cow) as the table has it now: the
    clicking player's legal options, those the choice allows, and the table."""

    options: list[Any]
    allowed: list[Any]
    game: Game
    state: Any


async def chosen(interaction: discord.Interaction[Any], allows: Callable[[Any], bool],
                 refusal: str) -> Chosen:
    """The options `allows` keeps of the clicking player's legal ones; none left (the
    table moved on, or the click was forged) is a stale click, said with `refusal`."""
    client = client_of(interaction)
    channel_id = channel_of(interaction)
    options = await client.service.legal(channel_id, user_of(interaction))
    allowed = [a for a in options if allows(a)]
    if not allowed:
        raise StaleActionError(refusal)
    status = await client.service.status(channel_id)
    assert status.state is not None
    return Chosen(options, allowed, status.game, status.state)


def in_private_message(interaction: discord.Interaction[Any]) -> bool:
    message = interaction.message
    return message is not None and message.flags.ephemeral


def attachments_of(screen: Screen) -> list[discord.File]:
    """The screen's picture as the message's one attachment (none without a picture)."""
    return [discord.File(io.BytesIO(screen.picture[1]), screen.picture[0])] \
        if screen.picture else []


async def show(interaction: discord.Interaction[Any], screen: Screen) -> None:
    """Edit the private message in place, or open it (from a public post or a command)."""
    files = attachments_of(screen)
    view = screen.view.as_view()
    if in_private_message(interaction) and not interaction.response.is_done():
        await interaction.response.edit_message(content=screen.text, view=view,
                                                attachments=files)
    elif deferred_click(interaction):  # acknowledged while computers thought
        await interaction.edit_original_response(content=screen.text, view=view,
                                                 attachments=files)
    elif interaction.response.is_done():
        await interaction.followup.send(screen.text, view=view, files=files, ephemeral=True)
    else:
        await interaction.response.send_message(screen.text, view=view, files=files,
                                                ephemeral=True)
