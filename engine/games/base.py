"""The one small interface every game on the table speaks.

The table service, storage, records and the command line never import a game's rules
directly: they ask the registry (`engine.registry.game_named`) for a `GameRules` and call
it. A game is a rules module, a picture module and a registration; nothing else in the
bot should need to change for a new one.

States and actions stay each game's own types (typed `Any` here): a front end only passes
them back to the same game. Actions travel as their one canonical text
(`str(action)` / `parse_action`), which is what records, custom_ids and worker
processes carry. Errors are `engine.games.errors.GameError` (a ValueError) for both
games: bad input anywhere gets one kind of clear refusal.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from engine.games.events import Event


@dataclass(frozen=True, slots=True)
class Result:
    """A finished game: points per seat (a Dynasty's summed series), the winning seats
    (ties share) and, where the game breaks ties below first place, each seat's place
    (`ranks`, 0 = first; equal places are ties)."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    # derived from the game's standings, not part of a record: a record's result (scores
    # and winners) still equals the one its replay computes
    ranks: tuple[int, ...] = field(default=(), compare=False)

    def places(self) -> tuple[int, ...]:
        """Each seat's place, 0 first, ties sharing one: the game's own `ranks`, else the
        winners first and the others by points (ratings read the standings from here)."""
        if self.ranks:
            return self.ranks
        return ranks_of([(i in self.winners, score) for i, score in enumerate(self.scores)])


def ranks_of(keys: Sequence[tuple[Any, ...]]) -> tuple[int, ...]:
    """Places from comparable keys, best (largest) first: a seat's place is how many seats
    have a better key, so equal keys share a place ("1, 1, 3")."""
    return tuple(sum(1 for other in keys if other > key) for key in keys)


class Player(Protocol):
    """A computer player: one of `legal_actions`, deterministic given its seed/budget."""

    name: str

    def choose(self, state: Any) -> Any: ...


@dataclass(frozen=True, slots=True)
class Record:
    """A game record in its game's own JSON format (NOTATION.md; KINGDOMINO.md)."""

    game: str  # a registry key
    seed: int
    players: tuple[str, ...]
    options: Mapping[str, Any]  # as `GameRules.options` returns them
    actions: tuple[str, ...]
    result: Result | None = None


class GameRules(Protocol):
    """What the bot, the table service, records and the CLI need of a game."""

    #: The registry key, stored with every table and record: never rename one.
    key: str
    #: The game's name as printed (not translated: a title).
    title: str
    player_counts: tuple[int, ...]
    #: The format tag of its records (the "format" field of the JSON).
    record_format: str

    def options(self, raw: Mapping[str, Any]) -> dict[str, Any]:
        """Validated table options in their canonical JSON-safe form (unknown keys and
        bad values refused with GameError); `{}` gives the defaults."""
        ...

    def new_game(self, players: Sequence[str], seed: int,
                 options: Mapping[str, Any]) -> tuple[Any, list[Event]]:
        """A new game and what happened while setting it up."""
        ...

    def parse_action(self, text: str) -> Any: ...

    def legal_actions(self, state: Any) -> list[Any]: ...

    def apply(self, state: Any, action: Any) -> tuple[Any, list[Event]]:
        """The next state and what happened; never mutates `state`; refuses an illegal
        action with GameError naming the rule."""
        ...

    def active_seat(self, state: Any) -> int | None: ...

    def is_over(self, state: Any) -> bool: ...

    def result(self, state: Any) -> Result | None: ...

    def names(self, state: Any) -> tuple[str, ...]: ...

    def ends_turn(self, before: Any, after: Any, events: Sequence[Event]) -> bool:
        """Whether the moves from `before` to `after` (with these events) hand the turn
        on: to another seat, to a new turn of the same one, or to the game's end. The bot
        posts once per player turn, not once per decision."""
        ...

    def turns_begun(self, before: Any, after: Any, events: Sequence[Event]) -> int:
        """How many player turns began in the moves from `before` to `after` (R-ORDER-1's
        ranchero turns, K-TURN-1's king turns): `moonriver replay` counts them, and
        `render --turn N` stops where the Nth began."""
        ...

    def table_options(self, state: Any) -> dict[str, Any]:
        """The options `state` was set up with, anything drawn at setup filled in (a
        Legends scenario drawn from the seed), so a record names what was played."""
        ...

    def events_from_dicts(self, data: Sequence[Mapping[str, Any]]) -> tuple[Event, ...]:
        """Events back from their `to_dict()` form (as the action log keeps them)."""
        ...

    def reveals(self, events: Sequence[Event]) -> bool:
        """Whether these events showed hidden information (a move that did cannot be
        taken back)."""
        ...

    def player_view(self, state: Any, seat: int | None) -> dict[str, Any]:
        """What `seat` may see of `state` (None: anyone at the table), as JSON-safe data
        in the form the game's pictures read. Every picture is drawn from it, public
        posts from seat None's, so a hidden card or draw order never reaches one."""
        ...

    def state_to_dict(self, state: Any) -> dict[str, Any]: ...

    def state_from_dict(self, data: Any) -> Any: ...

    def make_player(self, name_or_level: str, seed: int, *, think_ms: int | None = None,
                    iterations: int | None = None) -> Player:
        """A computer player by AI name or level (engine.games.levels.AI_LEVELS)."""
        ...

    def record_to_dict(self, record: Record) -> dict[str, Any]: ...

    def record_from_dict(self, data: Any) -> Record: ...
