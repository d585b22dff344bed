"""What a public table post says and shows, built apart from how it is delivered.

One post per player turn: a ping for the next player only, first (the line a phone's
notification shows), then one narrated line per player turn, and the turn picture with
this turn's changes marked (`render.render_turn`). At the end: the ranked line and every
player pinged once, first, then the last turns, the final picture (the
standings, every ranch or kingdom or the area, the score sheet), the story picture (the
scores round by round, where the points came from) and a Rematch button. Delivery (the
outbox's sending, retries, editing the previous post) is `delivery`'s.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bot.discord.host import MAX_MESSAGE
from bot.discord.safe_text import safe_name
from bot.tables.domain import Game
from bot.tables.fronts import front_of, game_text
from bot.tables.service import rules_of
from engine.games.i18n import t
from render.plural import counted


@dataclass(frozen=True, slots=True)
class TurnPost:
    """A table post, ready to send: text, whom it pings, pictures and which buttons."""

    game_id: int
    version: int
    text: str
    mentions: tuple[int, ...]
    pictures: tuple[tuple[str, bytes], ...]
    play: bool       # a Play button (someone is to move)
    rematch: bool    # a Rematch button (the game is over)
    locale: str


def ranking(game: Game, state: Any) -> str:
    """'carol 30 · alice 22 · bob 18', best first (R-SCORE-*, K-END-*; the game's
    front end orders them); a seat whose player resigned last and marked so, as the
    ratings rank it, whatever its computer scored."""
    names = rules_of(game).names(state)
    gone = {names[seat] for seat in game.resigned}
    front = front_of(game.options.game)
    order = front.ranking(state)
    locale = game.settings.locale
    unit = front.standing_unit

    def shown(name: str) -> str:
        return t("turn.resigned_name", locale, name=safe_name(name)) if name in gone \
            else safe_name(name)

    def counted_as(points: int) -> str:  # Moonlight's "2 rounds" (M-WIN), else points
        return counted(unit, points, locale) if unit is not None else str(points)
    return " · ".join(f"{shown(name)} {counted_as(points)}" for name, points in [
        *(p for p in order if p[0] not in gone), *(p for p in order if p[0] in gone)])


def seat_order(game: Game, state: Any) -> str:
    """'🟣 alice · 🟠 bob · 🟢 carol': who sits where after Start, in the picture colours."""
    return front_of(game.options.game).seat_order(state, safe_name)


def _fit(head: Sequence[str], lines: Sequence[str]) -> str:
    """`head` (who moves next, or the result) first, where a phone's notification shows
    it, then the turn's narration; the oldest narrated lines go first when too long."""
    body = list(lines)
    while body and len("\n".join([*head, *body])) > MAX_MESSAGE:
        body.pop(0)
    return "\n".join([*head, *body])[:MAX_MESSAGE]


def turn_post_with(game: Game, state: Any, lines: Sequence[str], png: bytes,
                   next_user: int | None, version: int | None = None,
                   story: bytes | None = None) -> TurnPost:
    """The post after a player turn around a turn picture drawn elsewhere (the outbox's
    delivery draws it in the drawing worker). `version`: the game version its outbox row
    announces (its Play button names it), the game's own by default. At the end, `story`
    is the second picture: the scores round by round and where the points came from."""
    version = game.version if version is None else version
    locale = game.settings.locale
    if rules_of(game).is_over(state):
        humans = tuple(s.user_id for s in game.seats if s.user_id is not None)
        ties = "" if game.resigned else \
            front_of(game.options.game).tie_breaks(state, locale, safe_name)  # else ranked last
        head = [t("turn.ranking", locale, ranking=ranking(game, state)), *([ties] if ties else []),
                t("turn.game_over", locale, mentions=" ".join(f"<@{u}>" for u in humans))]
        pictures = (("final.png", png),) + ((("story.png", story),) if story else ())
        return TurnPost(game.id, version, _fit(head, lines), humans, pictures, False, True,
                        locale)
    head = []
    mentions: tuple[int, ...] = ()
    phase = front_of(game.options.game).phase_text(state, locale)
    if next_user is not None:
        head.append(t("turn.next", locale, mention=f"<@{next_user}>", phase=phase))
        mentions = (next_user,)
    else:  # the player to move is already tapping on in their private message: no ping
        seat = rules_of(game).active_seat(state)
        if seat is not None and not game.seats[seat].is_ai:
            head.append(t("turn.plays_on", locale, player=safe_name(game.seats[seat].name),
                          phase=phase))
    return TurnPost(game.id, version, _fit(head, lines), mentions,
                    (("table.png", png),), True, False, locale)


@dataclass(frozen=True, slots=True)
class Reminder:
    """A reminder's words and buttons: in the channel (a reply to the turn post with a
    Play button) or by DM (naming server and channel, with a link to the turn post)."""

    text: str
    mention: int | None
    play: tuple[int, int] | None      # (game, version) for a Play button
    link: str | None                  # URL of the turn post, for a DM's link button
    locale: str


def channel_reminder(user_id: int, game: Game) -> Reminder:
    locale = game.settings.locale
    return Reminder(game_text(game.options.game, "reminder.turn", locale,
                              mention=f"<@{user_id}>"), user_id,
                    (game.id, game.version), None, locale)


def dm_reminder(game: Game, server: str, channel: str, post_id: int | None,
                locale: str) -> Reminder:
    link = None
    if game.guild_id is not None:
        link = f"https://discord.com/channels/{game.guild_id}/{game.channel_id}" + (
            f"/{post_id}" if post_id is not None else "")
    return Reminder(game_text(game.options.game, "reminder.dm", locale, server=server,
                              channel=channel), None, None,
                    link, locale)
