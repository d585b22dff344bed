"""Errors of the table service: one small hierarchy, each with a code for translations.

`str(error)` is an English message fit to show a player; the bot looks up `error.<code>`
in the translation layer with `error.params` for the player's language.
"""

from __future__ import annotations


class TableError(Exception):
    code = "table_error"

    def __init__(self, message: str, **params: object) -> None:
        super().__init__(message)
        self.params = params


class NoGameHere(TableError):
    code = "no_game"


class GameAlreadyOpen(TableError):
    code = "game_exists"


class NotSeated(TableError):
    code = "not_seated"


class NotAPlayer(NotSeated):
    """A Rematch tapped by someone who did not play that game."""

    code = "rematch_not_player"


class Resigned(NotSeated):
    """A player who resigned: a computer plays their seat to the end."""

    code = "resigned"


class NotYourTurn(TableError):
    code = "not_your_turn"


class StaleActionError(TableError):
    """The table moved on since the message the player clicked was posted."""

    code = "stale"


class NotAllowed(TableError):
    code = "not_allowed"


class CannotUndo(TableError):
    code = "cannot_undo"


class WrongStatus(TableError):
    code = "wrong_status"


class LobbyFull(TableError):
    code = "lobby_full"


class AlreadySeated(TableError):
    code = "already_seated"


class IllegalMove(TableError):
    """An action the rules refuse (the engine's message says why)."""

    code = "illegal"


class BadInput(TableError):
    code = "bad_input"


class TooFewPlayers(BadInput):
    """Start with fewer players than the game takes: say how many, and how to seat more."""

    code = "too_few_players"


class LeaveUnderWay(WrongStatus):
    """/leave once the game has started: a seat is handed over or the game ended, by
    the host; a silent seat is played by a stand-in."""

    code = "leave_started"


class BadRemindHours(BadInput):
    """`remind_hours` that does not follow its grammar: 1–5 numbers of hours, commas
    between them, each more than 0 and at most 336 (e.g. 12,24)."""

    code = "bad_remind_hours"


class RemindTooOften(BadRemindHours):
    """Reminder hours below the bot's shortest (MOONRIVER_MIN_REMIND_HOURS)."""

    code = "remind_too_often"


class ShuttingDown(TableError):
    """The bot is stopping: the move was not taken (the player may simply try again)."""

    code = "shutting_down"


class StoreError(TableError):
    code = "store"


class SchemaTooNew(StoreError):
    code = "schema_too_new"


class TooManyLobbies(TableError):
    """A user or channel already has as many open lobbies as allowed."""

    code = "too_many_lobbies"


class RateLimited(TableError):
    """Too many commands or clicks in a short time."""

    code = "rate_limited"


class GuildOnly(TableError):
    """A server command used in a direct message."""

    code = "guild_only"


class WrongTable(TableError):
    """A button whose game id is not the game open in this channel."""

    code = "wrong_table"


class TableArchived(TableError):
    """A button of a game the bot archived because it could not post in its channel."""

    code = "archived"


class ColourTaken(TableError):
    """A colour (a Legend, R-LEG-1) another player chose first: choose another, or the
    host reassigns it."""

    code = "colour_taken"


class NoColours(BadInput):
    """A colour chosen at a table whose game has none to choose, or one it does not have."""

    code = "no_colours"
