"""What an outbox row looks like as a Discord message: the one place that decides it.

The delivery loop (`bot.discord.delivery`) calls `build_announcement` for each row when
it is about to post it, with the game and state as they are stored *now*, so a row stays
small (game, version, kind, text, pings) and the picture is always drawn fresh. Change
what a post looks like here; the loop, its retries and nonces do not care.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field

import discord

from bot.discord.components import TurnButton
from bot.discord.host import MAX_MESSAGE
from bot.tables.domain import Game, Post, PostKind
from engine.events import Event
from engine.i18n import t
from engine.state import GameState, Phase
from engine.view import public_view
from render.pool import DrawRequest

#: Draws one picture off the event loop (the bot's DrawingPool, or a thread in tests).
Drawer = Callable[[DrawRequest], Awaitable[bytes]]


@dataclass(frozen=True, slots=True)
class Announcement:
    """A message ready to send: text, pictures, buttons and exactly who may be pinged."""

    content: str
    files: tuple[tuple[str, bytes], ...] = ()
    view: discord.ui.View | None = None
    pings: tuple[int, ...] = field(default=())

    def allowed_mentions(self) -> discord.AllowedMentions:
        return discord.AllowedMentions(users=[discord.Object(u) for u in self.pings],
                                       everyone=False, roles=False, replied_user=False)


def _mentions(users: Sequence[int]) -> str:
    return ", ".join(f"<@{u}>" for u in users)


def _fit(lines: Sequence[str]) -> str:
    content = "\n".join(line for line in lines if line)
    return content if len(content) <= MAX_MESSAGE else "…" + content[-(MAX_MESSAGE - 1):]


def _turn_button(game: Game, locale: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(TurnButton(game.id, game.version, t("bot.your_turn", locale)))
    return view


async def build_announcement(post: Post, game: Game, state: GameState | None,
                             events: Sequence[Event], draw: Drawer) -> Announcement:
    """The message for `post`, from the game and its state as stored now (`events`: what
    the announced commit did, if still known, for the picture's change marks)."""
    locale = game.settings.locale
    if post.kind is PostKind.DM:
        return Announcement(t("bot.reminder", locale, mention=f"<#{game.channel_id}>"))
    if post.kind is PostKind.REMINDER:
        return Announcement(t("bot.reminder", locale, mention=_mentions(post.pings)),
                            view=_turn_button(game, locale), pings=post.pings)
    if state is None:  # a table post for a game without a state (never started)
        return Announcement(post.text)
    theme = game.settings.theme
    files = [("table.png", await draw(DrawRequest.of("turn", state, theme=theme, locale=locale,
                                                     events=tuple(events))))]
    lines = [post.text]
    view = None
    if state.phase is Phase.OVER:  # the full score sheet, and the winners pinged once
        files.append(("scores.png", await draw(DrawRequest.of("scores", state, theme=theme,
                                                              locale=locale))))
        names = public_view(state)
        winners = _mentions(post.pings) or ", ".join(names.players[i].name
                                                     for i in names.winners)
        lines.append(t("bot.finished", locale, winners=winners))
    elif post.pings:
        phase = t(f"phase.{state.phase.value}", locale)
        lines.append(t("bot.turn_ping", locale, mention=_mentions(post.pings), phase=phase))
        view = _turn_button(game, locale)
    return Announcement(_fit(lines), tuple(files), view, post.pings)
