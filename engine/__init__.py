"""Moon River rules engine: pure, synchronous, deterministic; standard library only."""

from engine.actions import Action, parse_action, sort_key
from engine.errors import (
    ActionSyntaxError,
    ComponentError,
    IllegalActionError,
    MoonRiverError,
    NotationError,
    RecordError,
    StateError,
)
from engine.game import apply, is_over, legal_actions, new_game, outcome
from engine.ranch import RanchGrid, format_ranch, parse_ranch
from engine.state import GameState, Phase
from engine.view import public_view

__all__ = [
    "Action", "ActionSyntaxError", "ComponentError", "GameState", "IllegalActionError",
    "MoonRiverError", "NotationError", "Phase", "RanchGrid", "RecordError", "StateError",
    "apply", "format_ranch", "is_over", "legal_actions", "new_game", "outcome",
    "parse_action", "parse_ranch", "public_view", "sort_key",
]
