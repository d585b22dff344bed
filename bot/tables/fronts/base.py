"""What the bot needs of a game beyond its rules: words and pictures.

A front end is Discord-free: the turn dialogue, the table posts, `/… status` and the
sandbox ask the table's front end (`bot.tables.fronts.front_of`) for labels, narration,
the status line and pictures, and never a game's own types. A new game is a rules
module (engine.games), a picture module (render/) and a front end registered here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from bot.tables.words import Label, Segment
from engine.games.events import Event

#: What one service call played: (seat, events) per move, oldest first.
PlayedEvents = Sequence[tuple[int, Sequence[Event]]]


@dataclass(frozen=True, slots=True)
class Choice:
    """One offer of a private turn step: the action text (custom_id only) and its label.
    Offers of one `group` (a place's two ways round, K-PLACE-3: one letter of the
    preview) are kept in one menu."""

    action: str
    label: Label
    group: str = ""


@dataclass(frozen=True, slots=True)
class Decision:
    """One step of the private turn message, Discord-free: what it says, the picture
    that fits the step, a few self-explaining buttons and lettered menu options."""

    text: str
    buttons: tuple[Choice, ...] = ()
    menu: tuple[Choice, ...] = ()
    menu_title: str = ""
    picture: tuple[str, bytes] | None = field(default=None, repr=False)


class Front(Protocol):
    """A game's words and pictures for the table."""

    key: str
    #: Its own texts in data/locale start with this ("kd."); see `fronts.game_text`.
    text_prefix: str

    def segments_of(self, played: PlayedEvents, before: Any, after: Any, locale: str,
                    literal: Callable[[str], str] = str) -> list[Segment]:
        """One call's moves as turn segments (joined by `narrate.turn_lines`)."""
        ...

    def summarize(self, events: Sequence[Event], state: Any, locale: str,
                  literal: Callable[[str], str] = str) -> str:
        """One call's events as text (the post a restart falls back on)."""
        ...

    def action_label(self, state: Any, action: Any, locale: str) -> Label:
        """How a legal action reads on a button or in a list (never the action text)."""
        ...

    def decision(self, state: Any, options: Sequence[Any], locale: str,
                 theme: str) -> Decision:
        """The private step for these legal options (draws its picture: off the loop)."""
        ...

    def phase_text(self, state: Any, locale: str) -> str:
        """What the player to move has to do ("build or pass", "claim a domino")."""
        ...

    def status_line(self, state: Any, locale: str) -> str:
        """One line: the round and who is to move (or the result)."""
        ...

    def ranking(self, state: Any) -> list[tuple[str, int]]:
        """(name, points) best first, players level on points in the order the game's
        tie-breaks put them (seat order where those tie too)."""
        ...

    def tie_breaks(self, state: Any, locale: str, literal: Callable[[str], str] = str
                   ) -> str:
        """The end post's line on why players level on points stand as `ranking` has
        them (`words.tie_breaks`), or ''."""
        ...

    #: What `ranking`'s numbers count, as a text key for `counted` ("2 rounds"); None
    #: for points, which read as a bare number ("carol 30 · alice 22").
    standing_unit: str | None

    def seat_order(self, state: Any, literal: Callable[[str], str]) -> str:
        """Who sits where after Start, in the pictures' colours."""
        ...

    def lobby_lines(self, options: dict[str, Any], locale: str) -> list[str]:
        """What the lobby says about the table's options (variant, scenario …)."""
        ...

    def colours(self, options: dict[str, Any]) -> tuple[str, ...]:
        """The colours a player may choose in the lobby (first come first served), in
        the order seats get them when nobody chose; () in a game without a choice."""
        ...

    def colour_label(self, colour: str, options: dict[str, Any], locale: str) -> str:
        """A colour as the lobby names it ("🟣 Mary (purple)" in Legends of the West)."""
        ...

    def colour_detail(self, colour: str, options: dict[str, Any], locale: str) -> str:
        """What choosing the colour means beyond its name ("" if nothing)."""
        ...

    def intro_lines(self, state: Any, locale: str) -> list[str]:
        """What a started game plays with (a Legends scenario as drawn, variants)."""
        ...

    def board_lines(self, state: Any, seat: int, locale: str) -> list[str]:
        """The mover's board as a small text grid (the sandbox prints it)."""
        ...

    def turn_png(self, state: Any, events: Sequence[Event], locale: str, theme: str,
                 resigned: Sequence[int] = ()) -> bytes:
        """The table picture after a turn (the final standings once the game is over,
        the `resigned` seats last and marked)."""
        ...

    def board_png(self, state: Any, seat: int, locale: str, theme: str) -> bytes:
        """One player's board, large (`/… board`)."""
        ...

    def final_png(self, state: Any, locale: str, theme: str) -> bytes:
        """The score sheet at the end."""
        ...

    def best_png(self, state: Any, seat: int, locale: str, theme: str) -> bytes:
        """A finished game's final board of one seat, for its player's profile (the best
        final ranch, kingdom or area)."""
        ...

    def story_row(self, before: Any, after: Any, events: Sequence[Event]
                  ) -> tuple[int, ...] | None:
        """The numbers the story picture keeps when the move from `before` to `after`
        ended a round (the players' scores then, and what else the game's story shows);
        None when it did not (`fronts.story.rounds_of` replays a record through it)."""
        ...

    def story_png(self, state: Any, rounds: Sequence[tuple[int, ...]], locale: str,
                  theme: str) -> bytes:
        """The end's second picture: the scores round by round (`story_row`'s rows) and
        where the points came from."""
        ...


class SeatOrderColours:
    """For a game whose seats take their colours in turn order: none to choose."""

    standing_unit: str | None = None  # its ranking counts points

    def colours(self, options: dict[str, Any]) -> tuple[str, ...]:
        return ()

    def colour_label(self, colour: str, options: dict[str, Any], locale: str) -> str:
        return colour

    def colour_detail(self, colour: str, options: dict[str, Any], locale: str) -> str:
        return ""
