"""What an outbox row looks like as a Discord message: the one place that decides it.

The delivery loop (`bot.discord.delivery`) calls `build_announcement` for each row when
it is about to post it, with the game and state as they are stored *now*, so a row stays
small (game, version, kind, text, pings) and the picture is always drawn fresh. The
words and buttons are the turn flow's (`bot.discord.content`): a table post is
`turn_post_with` around the turn picture, reminders are `channel_reminder` and
`dm_reminder`. The loop, its retries and nonces do not care what a post looks like.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import discord

from bot.discord.components import SUCCESS, Components, rematch_id, turn_id
from bot.discord.content import TurnPost, channel_reminder, dm_reminder, turn_post_with
from bot.discord.drawing import drawn_for_post, post_picture
from bot.tables.domain import Game, Post, PostKind
from bot.tables.fronts import front_of
from bot.tables.fronts.story import story_png
from bot.tables.service import rules_of
from engine.games.base import Record
from engine.games.events import Event
from engine.games.i18n import t
from render.pool import DrawRequest

#: Draws one picture off the event loop (the bot's DrawingPool, or a thread in tests).
Drawer = Callable[[DrawRequest], Awaitable[bytes]]


@dataclass(frozen=True, slots=True)
class Announcement:
    """A message ready to send: text, pictures, buttons, exactly who may be pinged, and
    the message it replies to (a reminder answers the live turn post)."""

    content: str
    files: tuple[tuple[str, bytes], ...] = ()
    view: Components | None = None
    pings: tuple[int, ...] = field(default=())
    reply_to: tuple[int, int] | None = None  # (channel, message)

    def allowed_mentions(self) -> discord.AllowedMentions:
        return discord.AllowedMentions(users=[discord.Object(u) for u in self.pings],
                                       everyone=False, roles=False, replied_user=False)


@dataclass(frozen=True, slots=True)
class Context:
    """What the bot knows beside the stored row: the lines of the turns it tells, read
    from the action log (empty where the log has none: the row's own text stands), their
    events for the picture's marks, where the table is, and its live turn post."""

    lines: Sequence[str] = ()
    events: Sequence[Event] = ()
    server: str = "Discord"
    channel: str = ""
    live_post: tuple[int, int] | None = None  # (channel, message)
    dm_locale: str | None = None
    record: Record | None = None  # a finished game's record: its story picture


def post_view(post: TurnPost) -> Components:
    """A live turn post's buttons: Play while someone is to move, Rematch at the end."""
    view = Components()
    if post.play:
        view.button(turn_id(post.game_id, post.version), t("label.play", post.locale))
    if post.rematch:
        view.button(rematch_id(post.game_id), t("label.rematch", post.locale), SUCCESS)
    return view


async def build_announcement(post: Post, game: Game, state: Any | None,
                             context: Context, draw: Drawer) -> Announcement:
    """The message for `post`, from the game and its state as stored now."""
    locale = game.settings.locale
    if post.kind is PostKind.DM:
        reminder = dm_reminder(game, context.server, context.channel or str(game.channel_id),
                               context.live_post[1] if context.live_post else None,
                               context.dm_locale or locale)
        view = None
        if reminder.link is not None:
            view = Components().link(t("label.open_turn", reminder.locale), reminder.link)
        if post.text:  # what a computer stand-in played in the player's name
            return Announcement(t("turn.stand_in_dm", reminder.locale, what=post.text,
                                  server=context.server,
                                  channel=context.channel or str(game.channel_id)), view=view)
        return Announcement(reminder.text, view=view)
    if post.kind is PostKind.REMINDER:
        user = post.pings[0] if post.pings else None
        if user is None:
            return Announcement("")
        reminder = channel_reminder(user, game)
        view = Components()
        if reminder.play is not None:
            view.button(turn_id(*reminder.play), t("label.play", locale))
        return Announcement(reminder.text, view=view, pings=(user,),
                            reply_to=context.live_post)
    if state is None:  # a table post for a game without a state (never started)
        return Announcement(post.text)
    png = await post_picture(front_of(game.options.game).turn_png, state,
                             tuple(context.events), locale, game.settings.theme,
                             game.resigned)
    # the row's own line (an undo, a resignation) closes the turns the log tells: a long
    # post drops its oldest lines first, never this one
    lines = [*context.lines, post.text] if post.text else list(context.lines)
    over = rules_of(game).is_over(state)
    story = None
    if over and context.record is not None:
        story = await drawn_for_post(story_png, context.record, locale, game.settings.theme)
    next_user = post.pings[0] if post.pings and not over else None
    turn = turn_post_with(game, state, lines, png, next_user, post.version, story)
    return Announcement(turn.text, turn.pictures, post_view(turn), turn.mentions)
