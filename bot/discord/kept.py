"""A player's private turn message, kept for their next turn.

When a turn ends, the ephemeral message it was played in stays on the player's screen,
and Discord lets the bot edit it for 15 minutes after the player's last tap there (the
interaction token's life). So when the same player's turn comes again within that time —
with 2 players their second ranchero or king after the other's turn (R-ORDER-1,
R-2P-1, K-TURN-1), in Moonlight after every turn of the other player — the next decision
opens in that message (`dialogue.resume_kept`), and a player who is still at the table
plays on without tapping Play on the new post. Later than that, or after a restart, the
post's Play opens a new message as always: the post and its ping come either way.

A player who taps Play on the post all the same gets a new message, and the resumed one
says "continued in a newer message" and loses its buttons (`take_shown`): one live
private message per player. So does a message opened by Play (`opened`) when its player
opens another or moves by a typed command. An undo of the move before a resumed turn
says so in that message, takes its buttons and keeps it for the turn's return
(`back_to_kept`).

A cache of this process, never a truth: a server's interactions all reach one process
(its shard), a message is resumed at most once, and losing the cache loses only the
shortcut.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, cast

import discord

#: Discord accepts an interaction token for 15 minutes; a minute is left for the post's
#: drawing and delivery.
KEEP_SECONDS = 14 * 60.0
#: Expired entries are swept when the cache grows past this many.
SWEEP_AT = 512


#: Discord's name for an interaction's own message where a webhook's path takes a message
#: id (the private turn message a kept token edits).
_ORIGINAL = cast(int, "@original")


def token_of(interaction: discord.Interaction[Any]) -> discord.Webhook:
    """The tap's token alone, as the webhook that edits its message while Discord accepts
    the token: the tap's parsed message, member and answer (a few kilobytes each, two
    taps kept a table) are not held for the quarter of an hour it is kept."""
    return discord.Webhook.partial(interaction.application_id, interaction.token,
                                   client=interaction.client)


@dataclass(frozen=True, slots=True)
class Kept:
    """The last tap of a player's finished turn: its token (`token_of`) edits the
    message."""

    message: discord.Webhook
    locale: str
    until: float

    async def edit(self, **fields: Any) -> None:
        """The message edited as discord.py's `edit_message` takes it (content, view,
        attachments …); Discord's errors as discord.py raises them."""
        await self.message.edit_message(_ORIGINAL, **fields)


class KeptMessages:
    """The private messages of finished turns, by (game id, user id), while editable."""

    def __init__(self, seconds: float = KEEP_SECONDS,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.seconds = seconds
        self._clock = clock
        self._kept: dict[tuple[int, int], Kept] = {}
        self._shown: dict[tuple[int, int], Kept] = {}  # resumed, showing a turn now

    def __len__(self) -> int:
        return len(self._kept)

    def keep(self, game_id: int, user_id: int, message: discord.Webhook,
             locale: str) -> None:
        """The turn ended in `message` (`token_of` its last tap): it may show the
        player's next one."""
        now = self._clock()
        for messages in (self._kept, self._shown):
            if len(messages) >= SWEEP_AT:
                for key in [k for k, v in messages.items() if v.until <= now]:
                    del messages[key]
        self._shown.pop((game_id, user_id), None)  # its turn was played, in it or not
        self._kept[game_id, user_id] = Kept(message, locale, now + self.seconds)

    def _pop_fresh(self, messages: dict[tuple[int, int], Kept], game_id: int,
                   user_id: int) -> Kept | None:
        message = messages.pop((game_id, user_id), None)
        return message if message is not None and message.until > self._clock() else None

    def take(self, game_id: int, user_id: int) -> Kept | None:
        """The player's kept message if it may still be edited; it is taken either way
        (a message is resumed once: the next turn keeps it again)."""
        return self._pop_fresh(self._kept, game_id, user_id)

    def resumed(self, game_id: int, user_id: int, kept: Kept) -> None:
        """`kept`'s message now shows the player's turn."""
        self._shown[game_id, user_id] = kept

    def opened(self, game_id: int, user_id: int, message: discord.Webhook,
               locale: str) -> None:
        """`message` (`token_of` the tap) opened on the player's turn (Play): it shows
        the turn, as a resumed one does, until the turn ends or another replaces it."""
        self._shown[game_id, user_id] = Kept(message, locale,
                                             self._clock() + self.seconds)

    def back_to_kept(self, game_id: int, user_id: int) -> Kept | None:
        """The resumed message whose turn an undo took back: kept again (its token's
        time unchanged) for the player's turn when it comes back, and returned."""
        message = self._pop_fresh(self._shown, game_id, user_id)
        if message is not None:
            self._kept[game_id, user_id] = message
        return message

    def take_shown(self, game_id: int, user_id: int) -> Kept | None:
        """The resumed message still showing the player's turn, if its token lives: the
        player opened another (Play), so this one is to be closed."""
        return self._pop_fresh(self._shown, game_id, user_id)
