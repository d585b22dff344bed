"""The private turn: 'Play' opens one ephemeral message, every step edits it in place.

Play → (pair) → placement → proposal → Confirm → next decision … → '✅ your turn is
over'. Each step answers with UPDATE_MESSAGE (`edit_message`) when the click came from
the private message, so a turn costs one new private message. Each step is
rebuilt from the service's legal actions for the clicking player, so a stale or foreign
click can only be refused, never misapplied. A finished turn's message is kept: when the
player's next turn comes while Discord still lets it be edited, it opens there
(`resume_kept`, `kept`).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import discord

from bot import APP_NAME
from bot.discord.host import (
    MAX_MESSAGE,
    TRANSIENT,
    TableClient,
    channel_of,
    client_of,
    locale_of,
    user_of,
)
from bot.discord.kept import Kept, token_of
from bot.discord.patience import in_time
from bot.discord.safe_text import safe_name
from bot.discord.screens import (
    Screen,
    attachments_of,
    built,
    choice_screen,
    done_screen,
    offer_take_back,
    show,
)
from bot.tables.domain import Game
from bot.tables.errors import BadInput, NotYourTurn
from bot.tables.service import User, rules_of
from bot.tables.words import turn_lines
from engine.games.i18n import t
from render.plural import counted

__all__ = ["act", "current_screen", "open_dialogue", "resume_kept", "take_back",
           "taken_back"]

log = logging.getLogger(APP_NAME)


async def current_screen(client: TableClient, channel_id: int, user: User,
                         locale: str) -> Screen | None:
    """The decision the user faces now, or None when it is not their turn."""
    options = await client.service.legal(channel_id, user)
    if not options:
        return None
    status = await client.service.status(channel_id)
    assert status.state is not None
    screen = await screen_for(client, status.game, status.state, options, locale)
    if await client.service.can_take_back(status.game, user.id):
        offer_take_back(screen, status.game, locale)  # a step their own move led to
    return screen


async def screen_for(client: TableClient, game: Game, state: Any, options: Sequence[Any],
                     locale: str) -> Screen:
    """The private step for these legal options: the game's own steps where it has them
    (`peer.DiscordGame.steps`), else the labelled choices."""
    rich = client.steps.get(game.options.game)
    if rich is not None:
        return await built(rich, game, state, options, locale)
    return await built(choice_screen, game, state, options, locale)


#: A player who missed at least this many turns of others is told them on Play: one turn
#: is the post they tapped Play under.
AWAY_TURNS = 2
#: At most this many of those lines (the newest), then how many came before.
SINCE_LINES = 12


async def since_your_last_turn(client: TableClient, game: Game, state: Any, user_id: int,
                               locale: str, away: int = AWAY_TURNS,
                               played_for_them: bool = False) -> str:
    """'Since your last turn:' and the others' turns since, one line each in the words of
    the turn posts (in the asker's language where every one was told in it, else the
    table's, as `history`), for a player who was away (`away` turns or more); else ''.
    `played_for_them`: the turns the game played for them (one option) are told too."""
    seat = game.seat_of(user_id)
    if seat is None:
        return ""
    segments, told_in = await client.service.since_last_turn(
        game, seat.seat, locale, played_for_them=played_for_them)
    if sum(1 for x in segments if x.ends_turn) < away:
        return ""
    names = [safe_name(n) for n in rules_of(game).names(state)]  # as the posts name them
    lines = turn_lines(segments, names, told_in,
                       for_you=seat.seat if played_for_them else None)
    head = [t("since.head", locale)]
    if len(lines) > SINCE_LINES:
        head.append(counted("since.more", len(lines) - SINCE_LINES, locale))
        lines = lines[-SINCE_LINES:]
    return "\n".join([*head, *lines])


async def open_dialogue(interaction: discord.Interaction[Any], game_id: int,
                        version: int, *, since: bool = False) -> None:
    """'Play' (or Back): the current decision, privately. On Play (`since`), a player
    who was away first reads what happened since their last turn."""
    client = client_of(interaction)
    channel_id = channel_of(interaction)
    locale = locale_of(interaction)
    screen = await current_screen(client, channel_id, user_of(interaction), locale)
    if screen is None:
        status = await client.service.status(channel_id)
        seat = status.state.active_seat if status.state else None
        name = safe_name(status.game.seats[seat].name) if seat is not None else ""
        raise NotYourTurn("not your turn", player=name)
    if since:
        status = await client.service.status(channel_id)
        missed = await since_your_last_turn(client, status.game, status.state,
                                            interaction.user.id, locale)
        if missed:
            screen = replace(screen, text=f"{missed}\n\n{screen.text}"[-MAX_MESSAGE:])
    await show(interaction, screen)
    if since:  # Play, on a post (a new message) or in a /status answer (now the turn's):
        # the message that showed this turn before (resumed, or an earlier Play) says so
        await close_resumed(client, game_id, interaction.user.id)
        client.kept.opened(game_id, interaction.user.id, token_of(interaction), locale)


async def act(interaction: discord.Interaction[Any], version: int | None, action: str) -> None:
    """Apply an action for the clicking (or typing) player: the next decision in the same
    message, or the confirmation and the one public post when the turn is over."""
    client = client_of(interaction)
    locale = locale_of(interaction)
    channel_id = channel_of(interaction)
    user = user_of(interaction)
    result = await in_time(interaction, client.service.act(channel_id, user, action, version,
                                                           locale=locale,
                                                           goes_on=client.goes_on))
    game = result.game
    if interaction.type is discord.InteractionType.application_command:
        # a typed move: the private message that showed this turn is out of date
        await close_resumed(client, game.id, user.id)
    if not result.turn_is_over:  # the same player decides on: everything is in the result
        options = result.rules.legal_actions(result.state)
        if not options:  # cannot happen while the turn goes on; say so rather than hang
            raise BadInput("nothing to decide")
        screen = await screen_for(client, game, result.state, options, locale)
        if not result.rules.reveals(result.events):  # it can be taken back, as /undo would
            offer_take_back(screen, game, locale)
        await show(interaction, screen)
        return
    said = await client.service.turn_just_played(game, locale)
    lines = turn_lines(said,
                       [safe_name(n) for n in result.rules.names(result.state)], locale)
    # the turn just played, and any the game played on for them by itself (one option)
    line = "\n".join(lines) if lines else t("bot.done", locale)
    options = [] if result.finished or result.next_user != user.id \
        or game.options.game not in client.goes_on \
        else result.rules.legal_actions(result.state)
    if options:  # a round boundary gave the same player the next turn (R-ROUND-1), or
        # computers moved in the same call: go on in this message rather than end it and
        # ping them to open another one, first telling what the computers did
        screen = await screen_for(client, game, result.state, options, locale)
        between = await since_your_last_turn(client, game, result.state, user.id, locale,
                                             away=1)
        head = t("step.done_again", locale, what=f"{line}\n{between}" if between else line)
        await show(interaction, replace(screen, text=f"{head}\n{screen.text}"))
    else:
        await show(interaction, done_screen(line, locale, game_over=result.finished))
        if not result.finished:  # it may show this player's next turn (`kept`)
            client.kept.keep(game.id, user.id, token_of(interaction), locale)
    client.announce()  # the table post is in the outbox, committed with the move


async def take_back(interaction: discord.Interaction[Any], version: int) -> None:
    """The Undo button: the player's last move taken back (the service refuses it once
    anyone moved, the move revealed something, or the table moved on since the button),
    and the decision it came from shown again in the same message."""
    client = client_of(interaction)
    locale = locale_of(interaction)
    user = user_of(interaction)
    result = await in_time(interaction, client.service.undo(channel_of(interaction), user,
                                                            version))
    client.announce()  # a move that had passed the turn on is told again; else a no-op
    options = result.rules.legal_actions(result.state)
    if not options:
        raise BadInput("nothing to decide")
    screen = await screen_for(client, result.game, result.state, options, locale)
    if await client.service.can_take_back(result.game, user.id):  # the move before it
        offer_take_back(screen, result.game, locale)
    await show(interaction, replace(screen, text=f"{t('step.undone', locale)}\n"
                                                 f"{screen.text}"))


async def resume_kept(client: TableClient, game: Game, state: Any, user_id: int,
                      *, undone: bool = False) -> bool:
    """The player's next decision into the private message of their last turn, while
    Discord still lets it be edited (`kept`): what happened since (a turn the game played
    for them included), then the step. Called as the post that pings them goes out;
    False when there was no such message or it could not be edited (the post's Play
    opens a new one). `undone`: the player took their move back: the message says so
    and opens the same decision again, with nothing to catch up on."""
    kept = client.kept.take(game.id, user_id)
    if kept is None:
        return False
    seat = game.seat_of(user_id)
    rules = rules_of(game)
    if seat is None or rules.is_over(state) or rules.active_seat(state) != seat.seat:
        return False
    options = rules.legal_actions(state)
    if not options:
        return False
    screen = await screen_for(client, game, state, options, kept.locale)
    missed = "" if undone else await since_your_last_turn(
        client, game, state, user_id, kept.locale, away=1, played_for_them=True)
    head = t("step.undone" if undone else "step.resumed", kept.locale)
    body = f"{head}\n{missed}\n\n{screen.text}" if missed else f"{head}\n\n{screen.text}"
    if len(body) > MAX_MESSAGE:  # the step and its header come first; the catch-up goes
        body = f"{head}\n\n{screen.text}"[:MAX_MESSAGE]
    if not await _edit_kept(kept, game.id, content=body, view=screen.view.as_view(),
                            attachments=attachments_of(screen)):
        return False
    client.kept.resumed(game.id, user_id, kept)
    return True


async def close_resumed(client: TableClient, game_id: int, user_id: int) -> None:
    """The player opened a new private message (Play), or moved by a typed command,
    although their private message showed the same turn (resumed, or opened by an
    earlier Play): that one says where the turn went on and keeps no buttons."""
    shown = client.kept.take_shown(game_id, user_id)
    if shown is not None:
        await _edit_kept(shown, game_id, content=t("step.continued", shown.locale),
                         view=None, attachments=[])


async def taken_back(client: TableClient, game: Game, undoer: int) -> None:
    """`undoer` took back the move that passed the turn on: a message resumed for the
    next player's turn says so, keeps no buttons, and is kept for that turn's return."""
    seat = game.seat_of(undoer)
    name = safe_name(seat.name) if seat is not None else ""
    for other in game.seats:
        if other.user_id is None or other.user_id == undoer:
            continue
        kept = client.kept.back_to_kept(game.id, other.user_id)
        if kept is not None:
            await _edit_kept(kept, game.id, content=t("step.taken_back", kept.locale,
                                                      player=name),
                             view=None, attachments=[])


async def _edit_kept(kept: Kept, game_id: int, **fields: Any) -> bool:
    """Edit a kept message through its interaction's token; False when Discord refused
    (the token ran out, the message is gone) or did not answer."""
    try:
        await kept.edit(**fields)
    except (discord.HTTPException, *TRANSIENT) as exc:
        log.info("game %s: a kept private message could not be edited (%s)", game_id, exc)
        return False
    return True
