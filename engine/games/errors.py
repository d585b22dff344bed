"""One small error hierarchy, rooted in ValueError, so callers catch one thing.

Messages name the offending input and are fit to show a player; `code` is a stable key
for translations (the bot maps codes to localised text in one place).
"""

from __future__ import annotations


class GameError(ValueError):
    """Base of every error the engine raises on bad input."""

    code = "error"


class IllegalActionError(GameError):
    """An action that `legal_actions` does not offer in this state."""

    code = "illegal_action"


class ActionSyntaxError(GameError):
    """Action text that does not parse."""

    code = "action_syntax"


class NotationError(GameError):
    """Ranch notation that does not parse or describes an impossible ranch."""

    code = "notation"


class ComponentError(GameError):
    """A component data file that fails validation."""

    code = "components"


class StateError(GameError):
    """A serialised state that is malformed or describes an impossible position."""

    code = "state"


class UnknownOptionError(GameError):
    """A table option the game does not have; the message names it and the ones there
    are, so it reads alone wherever it comes from (a command, a record)."""

    code = "unknown_option"


class RecordError(GameError):
    """A game record that is malformed or does not replay."""

    code = "record"
