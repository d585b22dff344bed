"""Moonlight's own steps of the private turn: the hand (one button a card, the pass of a
howl) → the lettered cells of the chosen card on the hand picture, with Back. An Alpha
Power (M-NEXT-2) is `screens.choice_screen`'s described buttons. Every step edits the
same private message; its pictures are drawn for the mover only (`viewer=seat`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord

from bot.discord.components import (
    SECONDARY,
    Components,
    back_id,
    pick_id,
)
from bot.discord.host import locale_of
from bot.discord.screens import Screen, built, choice_screen, chosen, offer, show
from bot.tables.domain import Game
from bot.tables.fronts.base import Choice, Decision
from bot.tables.fronts.moonlight.front import MoonlightFront
from bot.tables.fronts.moonlight.labels import cards_of
from bot.tables.words import fit
from engine.games.i18n import t
from engine.moonlight.actions import Action, Play
from engine.moonlight.state import GameState

FRONT = MoonlightFront()


def decision_screen(game: Game, state: GameState, options: Sequence[Action],
                    locale: str) -> Screen:
    """The first step: the hand when there is a card to choose; a single card goes
    straight to its cells; an Alpha Power is choice_screen's."""
    plays = [a for a in options if isinstance(a, Play)]
    if not plays:
        return choice_screen(game, state, options, locale)
    if len(cards_of(plays)) == 1:
        return cells_screen(game, state, options, plays, locale, back=False)
    decision = FRONT.hand_decision(state, options, locale, game.settings.theme)
    view = Components()
    cards = set(cards_of(plays))
    for choice in decision.buttons:
        if choice.action in cards:  # a card: its cells next
            view.button(pick_id(game.id, game.version, choice.action),
                        fit(choice.label).text)
        else:  # the pass of a howl: an action
            view.action(game.id, game.version, choice.action, fit(choice.label).text,
                        SECONDARY)
    return Screen(decision.text, view, decision.picture)


def cells_screen(game: Game, state: GameState, options: Sequence[Action],
                 plays: Sequence[Play], locale: str, *, back: bool) -> Screen:
    """The second step: the chosen card's cells, lettered as on the hand picture. The
    pass of a howl (M-COMP-4) is here only when there was no hand step (one card): after
    one it stays there, a Back away, rather than beside Back where a slip would take it."""
    passes = () if back else tuple(Choice(str(a), FRONT.action_label(state, a, locale))
                                   for a in options if not isinstance(a, Play))
    decision: Decision = FRONT.cells_decision(state, plays, locale, game.settings.theme,
                                              passes)
    view = Components()
    offer(view, game, decision.menu, decision.menu_title, keep_rows=1)
    for choice in decision.buttons:
        view.action(game.id, game.version, choice.action, fit(choice.label).text, SECONDARY)
    if back:
        view.button(back_id(game.id, game.version), t("label.back", locale), SECONDARY)
    return Screen(decision.text, view, decision.picture)


async def pick_card(interaction: discord.Interaction[Any], code: str) -> None:
    """A card chosen from the hand: its cells, in the same private message."""
    table = await chosen(interaction, lambda a: isinstance(a, Play) and a.card == code,
                         "that card cannot be laid now")
    screen = await built(cells_screen, table.game, table.state, table.options, table.allowed,
                         locale_of(interaction), back=True)
    await show(interaction, screen)
