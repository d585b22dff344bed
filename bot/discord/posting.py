"""Messages in the table's channel: the picture, what happened, and who moves next."""

from __future__ import annotations

import asyncio
import io
from collections.abc import Sequence

import discord

from bot.discord.components import TurnButton
from bot.discord.host import MAX_MESSAGE
from bot.discord.safe_text import safe_name, safe_names
from bot.tables.narrate import summarize
from bot.tables.service import ActResult
from engine.events import Event
from engine.i18n import t
from engine.state import GameState, Phase
from engine.view import public_view
from render import render_scores, render_table, to_png_bytes
from render.theme import theme_named


def winner_ids(result: ActResult) -> list[int]:
    """The Discord users among the winners (computers are not pinged)."""
    if not result.finished:
        return []
    seats = result.game.seats
    ids = [seats[i].user_id for i in public_view(result.state).winners]
    return [i for i in ids if i is not None]


async def post_result(client: discord.Client, channel_id: int, result: ActResult,
                      events: Sequence[Event]) -> None:
    """The table after a service call that changed it."""
    settings = result.game.settings
    await post_table(client, channel_id, result.state, result.game.id, result.game.version,
                     events, result.next_user, settings.locale, settings.theme,
                     winner_ids(result))


async def post_table(client: discord.Client, channel_id: int, state: GameState, game_id: int,
                     version: int, events: Sequence[Event], next_user: int | None,
                     locale: str, theme_name: str, winner_ids: Sequence[int] = (),
                     ping: bool = True) -> None:
    """The table picture, what happened, and a ping for the player to move (only them;
    `ping=False` names them without notifying, for a table shown again on request)."""
    theme = theme_named(theme_name)
    view = public_view(state)

    def draw() -> list[tuple[str, bytes]]:
        out = [("table.png", to_png_bytes(render_table(view, theme=theme, locale=locale)))]
        if state.phase is Phase.OVER:
            out.append(("scores.png",
                        to_png_bytes(render_scores(view, theme=theme, locale=locale))))
        return out

    pictures = await asyncio.to_thread(draw)  # drawing must not block the event loop
    lines = [summarize(events, state, locale, safe_name)] if events else []
    components = discord.ui.View(timeout=None)
    mentions = discord.AllowedMentions.none()
    if state.phase is Phase.OVER:  # the winners are pinged, once
        winners = ", ".join(f"<@{u}>" for u in winner_ids) or safe_names(
            view.players[i].name for i in view.winners)
        lines.append(t("bot.finished", locale, winners=winners))
        mentions = discord.AllowedMentions(users=[discord.Object(u) for u in winner_ids],
                                           everyone=False, roles=False)
    elif next_user is not None:
        phase = t(f"phase.{state.phase.value}", locale)
        lines.append(t("bot.turn_ping", locale, mention=f"<@{next_user}>", phase=phase))
        mentions = discord.AllowedMentions(
            users=[discord.Object(next_user)] if ping else [], everyone=False, roles=False)
        components.add_item(TurnButton(game_id, version, t("bot.your_turn", locale)))
    content = "\n".join(line for line in lines if line)
    if len(content) > MAX_MESSAGE:
        content = "…" + content[-(MAX_MESSAGE - 1):]
    channel = client.get_partial_messageable(channel_id)
    await channel.send(content or None, view=components, allowed_mentions=mentions,
                       files=[discord.File(io.BytesIO(data), name) for name, data in pictures])
