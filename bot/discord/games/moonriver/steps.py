"""Moon River's own steps of the private turn: pair → lettered position →
proposal with Confirm, ⇄ and Back, built from `bot.tables.fronts.moonriver.labels` and
the Moon River preview picture; and a Cowboy's many moves as cow → where it steps. Any
other game's steps are `screens.choice_screen`'s.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord

from bot.discord.components import (
    PAGE,
    ROWS,
    SECONDARY,
    SUCCESS,
    Components,
    back_id,
    back_to_pair_id,
    pair_id,
    pick_id,
    propose_id,
    spot_id,
)
from bot.discord.host import channel_of, client_of, locale_of, user_of
from bot.discord.screens import (
    MOST_AS_BUTTONS,
    Screen,
    built,
    choice_screen,
    chosen,
    offer,
    offer_take_back,
    select_option,
    show,
)
from bot.tables.domain import Game
from bot.tables.errors import StaleActionError
from bot.tables.fronts.base import Choice
from bot.tables.fronts.moonriver.front import MoonRiverFront
from bot.tables.fronts.moonriver.labels import (
    action_label,
    in_label_order,
    mover_score,
    pair_key,
    pair_text,
    position_label,
    proposal_text,
    step_prompt,
)
from bot.tables.words import Label, told_where_they_differ
from engine.games.i18n import t
from engine.moonriver.actions import Action, Bonus, Build, Discard, Move
from engine.moonriver.grid import WIDTH, cell_name, parse_cell
from engine.moonriver.state import GameState, Phase
from render.moonriver.placement import placement_positions, position_of

FRONT = MoonRiverFront()
#: Steps about the mover's own cells and cows: the drought's cow (R-SYM-2), the circle's
#: partner (R-SYM-3), the Cowboy's moves (R-PART-2). They show the mover's ranch, as do
#: the choice of a pair to build and of two parcels to discard (`decision_screen`).
ON_THE_RANCH = frozenset({Phase.SKULL, Phase.RECRUIT, Phase.COWBOY})
#: At most this many cows as buttons in the Cowboy's first step (four rows of five; the
#: fifth holds Stop and Undo); more and the moves stay menus.
MOST_COWS = 4 * 5


def _add_choices(view: Components, game: Game, state: GameState,
                 actions: Sequence[Action], locale: str) -> None:
    """Non-build choices, ① … ④ as the picture labels them (`screens.offer`)."""
    offer(view, game, [Choice(str(a), action_label(state, a, locale))
                       for a in in_label_order(state, actions)], t("step.more", locale))


def _draw_preview(state: GameState, game: Game, builds: Sequence[Build],
                  proposed: Build | None, locale: str) -> bytes:
    """In the drawing worker when the bot runs one (the private thread waits for it)."""
    return FRONT.preview_png(state, builds, locale, game.settings.theme, proposed)


def decision_screen(game: Game, state: GameState, options: Sequence[Action],
                    locale: str) -> Screen:
    """The first decision of the moment. Builds: skip the pair step when there is one
    pair (R-BUILD-*); a bonus tile (R-2P-3): its lettered spots on the preview, the
    options by those letters; everything else labelled."""
    if any(isinstance(a, Bonus) for a in options):
        return choice_screen(game, state, options, locale)
    if state.phase is Phase.COWBOY and len(options) > MOST_AS_BUTTONS:
        cows = cows_screen(game, state, options, locale)
        if cows is not None:
            return cows
    builds = [a for a in options if isinstance(a, Build)]
    others = [a for a in options if not isinstance(a, Build)]
    pairs = sorted({pair_key(b) for b in builds})
    if len(pairs) == 1:
        return placement_screen(game, state, builds, others, locale, back=False)
    view = Components()
    text = step_prompt(state, locale)
    if pairs:
        first_of = {pair_key(b): b for b in builds}
        view.menu(pair_id(game.id, game.version), [
            select_option(Label(pair_text(state, first_of[p].first, first_of[p].second, locale)), p)
            for p in pairs[:PAGE]], t("step.pair", locale))
    _add_choices(view, game, state, others, locale)
    discards = bool(others) and all(isinstance(a, Discard) for a in others)
    if state.phase in ON_THE_RANCH or pairs or discards:
        # which two parcels to join, or to let go when nothing fits (R-BUILD-2), is
        # chosen looking at the storage and the ranch they would go into
        return Screen(text, view, _ranch_png(game, state, locale))
    return Screen(text, view)


def _ranch_png(game: Game, state: GameState, locale: str) -> tuple[str, bytes] | None:
    seat = state.active_seat
    return None if seat is None else \
        ("ranch.png", FRONT.board_png(state, seat, locale, game.settings.theme))


def _reading_order(cell: int) -> tuple[int, int]:
    """The ranch picture's order: the top row first (row 1 is the bottom), left to right."""
    return -(cell // WIDTH), cell % WIDTH


def cows_screen(game: Game, state: GameState, options: Sequence[Action],
                locale: str) -> Screen | None:
    """R-PART-2 with many moves: first which cow (a button a cow that can step, in the
    picture's reading order), then where (`cow_screen`): two taps a step, as a menu's
    are, but no list of twenty 'C3 → C2' to read. None when the cows are too many."""
    sources = sorted({a.source for a in options if isinstance(a, Move)}, key=_reading_order)
    if not sources or len(sources) > MOST_COWS:
        return None
    view = Components()
    for source in sources:
        view.button(pick_id(game.id, game.version, cell_name(source)), f"🐄 {cell_name(source)}",
                    SECONDARY)
    view.end_row()
    _add_choices(view, game, state, [a for a in options if not isinstance(a, Move)], locale)
    return Screen(f"{step_prompt(state, locale)}\n{t('step.cowboy_which', locale)}", view,
                  _ranch_png(game, state, locale))


def cow_screen(game: Game, state: GameState, moves: Sequence[Move], locale: str) -> Screen:
    """One cow's steps (R-PART-2: one step onto a neighbouring built parcel, never a
    cornfield), a button each, and Back to the other cows."""
    view = Components()
    for move in sorted(moves, key=lambda m: _reading_order(m.target)):
        view.action(game.id, game.version, str(move), action_label(state, move, locale).text)
    view.end_row()
    view.button(back_id(game.id, game.version), t("label.back", locale), SECONDARY)
    text = t("step.cowboy_where", locale, cell=cell_name(moves[0].source))
    return Screen(f"{step_prompt(state, locale)}\n{text}", view,
                  _ranch_png(game, state, locale))


def placement_screen(game: Game, state: GameState, builds: Sequence[Build],
                     others: Sequence[Action], locale: str, *, back: bool) -> Screen:
    """Lettered positions (a, b, c … drawn on the preview) with their effect (R-PLACE-*)."""
    positions = placement_positions(builds)
    view = Components()
    menus = min(ROWS - 1, (len(positions) + PAGE - 1) // PAGE)
    before = mover_score(state)  # every position's effect counts from it
    labels = told_where_they_differ([position_label(state, p, locale, before=before)
                                     for p in positions[:menus * PAGE]])  # the menus'
    for page in range(menus):
        chunk = range(page * PAGE, min(len(labels), (page + 1) * PAGE))
        view.menu(spot_id(game.id, game.version, page),
                  [select_option(labels[i], str(positions[i].builds[0])) for i in chunk],
                  t("step.place_menu", locale))
    for action in others:  # the pass of a normal build step
        view.action(game.id, game.version, str(action),
                    action_label(state, action, locale).text)
    if back:
        view.button(back_id(game.id, game.version), t("label.back", locale), SECONDARY)
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
    view = Components()
    view.action(game.id, game.version, str(build), t("bot.confirm", locale), SUCCESS)
    flipped = [b for b in (position.builds if position is not None else ()) if b != build]
    if flipped:
        view.button(propose_id(game.id, game.version, str(flipped[0])),
                    t("label.swap_ends", locale), SECONDARY)
    view.button(back_to_pair_id(game.id, game.version, pair_key(build)), t("label.back", locale),
                SECONDARY)  # to where this pair fits, not the pair step before it
    return Screen(proposal_text(state, letter, build, locale), view,
                  ("proposal.png", _draw_preview(state, game, same_pair, build, locale)))



async def pick_pair(interaction: discord.Interaction[Any], pair: str) -> None:
    """A pair chosen: its lettered positions on the preview."""
    client, locale = client_of(interaction), locale_of(interaction)
    table = await chosen(interaction, lambda a: isinstance(a, Build) and pair_key(a) == pair,
                         "those parcels cannot be built now")
    others = [a for a in table.options if not isinstance(a, Build)]
    pairs = {pair_key(a) for a in table.options if isinstance(a, Build)}
    screen = await built(placement_screen, table.game, table.state, table.allowed, others,
                         locale, back=len(pairs) > 1)  # one pair: this is the first step
    if await client.service.can_take_back(table.game, interaction.user.id):
        offer_take_back(screen, table.game, locale)  # the first domino, before a second
    await show(interaction, screen)


async def propose(interaction: discord.Interaction[Any], text: str) -> None:
    """A position chosen (or ⇄): the domino drawn in, to confirm."""
    client = client_of(interaction)
    locale = locale_of(interaction)
    channel_id = channel_of(interaction)
    options = await client.service.legal(channel_id, user_of(interaction))
    build = next((a for a in options if isinstance(a, Build) and str(a) == text), None)
    if build is None:
        raise StaleActionError("the table has moved on")
    status = await client.service.status(channel_id)
    assert status.state is not None
    same_pair = [a for a in options if isinstance(a, Build) and pair_key(a) == pair_key(build)]
    screen = await built(proposal_screen, status.game, status.state, build,
                         same_pair, locale)
    await show(interaction, screen)


async def pick_cow(interaction: discord.Interaction[Any], cell: str) -> None:
    """A cow chosen in a Cowboy's step: where it can step (`cow_screen`)."""
    client, locale = client_of(interaction), locale_of(interaction)
    try:
        source = parse_cell(cell)
    except ValueError:
        raise StaleActionError("that cow is not on the ranch") from None
    table = await chosen(interaction, lambda a: isinstance(a, Move) and a.source == source,
                         "that cow cannot move now")
    screen = await built(cow_screen, table.game, table.state, table.allowed, locale)
    if await client.service.can_take_back(table.game, interaction.user.id):
        offer_take_back(screen, table.game, locale)  # a step before, as in the cow step
    await show(interaction, screen)
