"""Delivering table posts: one per player turn, and the previous one loses its buttons.

Content comes from `content.turn_post`; this module sends it, remembers the post per
game and edits the one before it so that only the live post carries a Play button.
"""

from __future__ import annotations

import io
import logging

import discord

from bot.discord.components import RematchButton, TurnButton
from bot.discord.content import TurnPost, turn_post
from bot.discord.drawing import drawn_for_post
from bot.discord.host import TableClient
from bot.discord.safe_text import safe_name
from bot.tables.narrate import turn_lines
from bot.tables.service import ActResult
from engine.i18n import t

log = logging.getLogger("moonriver")


def post_view(post: TurnPost) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    if post.play:
        view.add_item(TurnButton(post.game_id, post.version, t("label.play", post.locale)))
    if post.rematch:
        view.add_item(RematchButton(post.game_id, t("label.rematch", post.locale)))
    return view


async def deliver(client: TableClient, channel_id: int, post: TurnPost) -> int:
    """Send the post; strip the buttons of the game's previous post. Returns its id."""
    channel = client.get_partial_messageable(channel_id)
    mentions = discord.AllowedMentions(users=[discord.Object(u) for u in post.mentions],
                                       everyone=False, roles=False)
    sent = await channel.send(post.text or None, view=post_view(post), allowed_mentions=mentions,
                              files=[discord.File(io.BytesIO(data), name)
                                     for name, data in post.pictures])
    previous = client.turn_posts.get(post.game_id)
    client.turn_posts[post.game_id] = (channel_id, sent.id)
    if previous is not None:
        try:
            await client.get_partial_messageable(previous[0]).get_partial_message(
                previous[1]).edit(view=None)
        except discord.HTTPException:  # deleted or too old: nothing to strip
            log.info("could not strip the buttons of post %s", previous[1])
    return sent.id


async def post_result(client: TableClient, channel_id: int, result: ActResult,
                      extra_lines: tuple[str, ...] = ()) -> None:
    """The table post after the turn passed on: the journal's finished turns, narrated."""
    game = result.game
    segments, events = client.journal.take(game.id, game.settings.locale, safe_name)
    if result.finished:
        client.journal.drop(game.id)
    names = [safe_name(n) for n in result.state.config.players]
    lines = [*extra_lines, *turn_lines(segments, names, game.settings.locale)]
    post = await drawn_for_post(turn_post, game, result.state, lines, events,
                                   result.next_user)
    await deliver(client, channel_id, post)
