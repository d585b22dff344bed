"""The private turn message, step by step: what it says, shows and offers (issue 9).

Every screen is built from the clicking player's legal actions (`legal_actions`), so a
button can only offer a legal move. Labels come from `bot.tables.labels`: no parcel id,
seat number or action text is shown; the action text travels in the custom_id only.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import discord

from bot.discord.components import (
    PAGE,
    ActButton,
    ActSelect,
    BackButton,
    PairSelect,
    ProposeButton,
    SpotSelect,
)
from bot.discord.drawing import picture
from bot.tables.domain import Game
from bot.tables.labels import (
    Label,
    action_label,
    fit,
    pair_key,
    pair_text,
    position_label,
    proposal_text,
    step_prompt,
)
from engine.actions import Action, Build
from engine.i18n import t
from engine.state import GameState
from engine.view import public_view
from render.placement import placement_positions, position_of
from render.pool import DrawRequest

ROWS = 5  # Discord: at most five rows of components per message
BUTTONS_PER_ROW = 5


@dataclass(frozen=True, slots=True)
class Screen:
    """One state of the private turn message."""

    text: str
    view: discord.ui.View
    picture: tuple[str, bytes] | None = None


def _option(label: Label, value: str) -> discord.SelectOption:
    label = fit(label)
    return discord.SelectOption(label=label.text, value=value,
                                description=label.description or None)


def _add_choices(view: discord.ui.View, game: Game, state: GameState,
                 actions: Sequence[Action], locale: str) -> None:
    """Non-build choices: buttons when few and self-explaining, else labelled menus."""
    if not actions:
        return
    table = public_view(state)
    labels = [fit(action_label(state, table, a, locale)) for a in actions]
    rows_free = ROWS - _rows(view)
    described = any(label.description for label in labels)
    if not described and len(actions) <= rows_free * BUTTONS_PER_ROW and len(actions) <= 10:
        for action, label in zip(actions, labels, strict=True):
            view.add_item(ActButton(game.id, game.version, str(action), label.text))
        return
    pages = min(rows_free, (len(actions) + PAGE - 1) // PAGE)
    for page in range(pages):
        chunk = range(page * PAGE, min(len(actions), (page + 1) * PAGE))
        view.add_item(ActSelect(game.id, game.version, page,
                                [_option(labels[i], str(actions[i])) for i in chunk],
                                t("step.more", locale)))


def _rows(view: discord.ui.View) -> int:
    """Rows in use: a select menu takes a row, buttons share rows of five."""
    selects = sum(1 for c in view.children if isinstance(c, discord.ui.Select))
    buttons = len(view.children) - selects
    return selects + (buttons + BUTTONS_PER_ROW - 1) // BUTTONS_PER_ROW


def _draw_preview(state: GameState, game: Game, builds: Sequence[Build],
                  proposed: Build | None, locale: str) -> bytes:
    """In the drawing worker when the bot runs one (the private thread waits for it)."""
    return picture(DrawRequest.of("preview", state, seat=state.active_seat or 0,
                                  builds=tuple(builds), proposed=proposed,
                                  theme=game.settings.theme, locale=locale))


def decision_screen(game: Game, state: GameState, options: Sequence[Action],
                    locale: str) -> Screen:
    """The first decision of the moment. Builds: skip the pair step when there is one
    pair (R-BUILD-*); everything else labelled."""
    builds = [a for a in options if isinstance(a, Build)]
    others = [a for a in options if not isinstance(a, Build)]
    pairs = sorted({pair_key(b) for b in builds})
    if len(pairs) == 1:
        return placement_screen(game, state, builds, others, locale, back=False)
    view = discord.ui.View(timeout=None)
    text = step_prompt(state, locale)
    if pairs:
        first_of = {pair_key(b): b for b in builds}
        view.add_item(PairSelect(game.id, game.version, [
            _option(Label(pair_text(state, first_of[p].first, first_of[p].second, locale)), p)
            for p in pairs[:PAGE]], t("step.pair", locale)))
    _add_choices(view, game, state, others, locale)
    return Screen(text, view)


def placement_screen(game: Game, state: GameState, builds: Sequence[Build],
                     others: Sequence[Action], locale: str, *, back: bool) -> Screen:
    """Lettered positions (a, b, c … drawn on the preview) with their effect (R-PLACE-*)."""
    positions = placement_positions(builds)
    view = discord.ui.View(timeout=None)
    menus = min(ROWS - 1, (len(positions) + PAGE - 1) // PAGE)
    for page in range(menus):
        chunk = positions[page * PAGE:(page + 1) * PAGE]
        view.add_item(SpotSelect(game.id, game.version, page,
                                 [_option(position_label(state, p, locale), str(p.builds[0]))
                                  for p in chunk], t("step.place", locale)))
    for action in others:  # the pass of a normal build step
        view.add_item(ActButton(game.id, game.version, str(action),
                                action_label(state, public_view(state), action, locale).text))
    if back:
        view.add_item(BackButton(game.id, game.version, t("label.back", locale)))
    first = builds[0]
    pair = pair_text(state, first.first, first.second, locale)
    text = f"{step_prompt(state, locale)}\n**{pair}** — {t('step.place', locale)}"
    return Screen(text, view, ("preview.png", _draw_preview(state, game, builds, None, locale)))


def proposal_screen(game: Game, state: GameState, build: Build,
                    same_pair: Sequence[Build], locale: str) -> Screen:
    """The domino drawn in, with Confirm, ⇄ (the other way round) and Back."""
    positions = placement_positions(same_pair)
    position = position_of(positions, build)
    letter = position.letter if position is not None else "?"
    view = discord.ui.View(timeout=None)
    view.add_item(ActButton(game.id, game.version, str(build), t("bot.confirm", locale),
                            discord.ButtonStyle.success))
    flipped = [b for b in (position.builds if position is not None else ()) if b != build]
    if flipped:
        view.add_item(ProposeButton(game.id, game.version, str(flipped[0]),
                                    t("label.swap_ends", locale)))
    view.add_item(BackButton(game.id, game.version, t("label.back", locale)))
    return Screen(proposal_text(state, letter, build, locale), view,
                  ("proposal.png", _draw_preview(state, game, same_pair, build, locale)))


def done_screen(line: str, locale: str) -> Screen:
    """The one-line confirmation when the turn is over (no buttons left)."""
    return Screen(t("step.done", locale, what=line), discord.ui.View(timeout=None))
