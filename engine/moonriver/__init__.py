"""Moon River rules engine: pure, synchronous, deterministic; standard library only."""

from engine.games.errors import (
    ActionSyntaxError,
    ComponentError,
    GameError,
    IllegalActionError,
    NotationError,
    RecordError,
    StateError,
)
from engine.moonriver.actions import Action, parse_action, sort_key
from engine.moonriver.game import apply, is_over, legal_actions, new_game, outcome
from engine.moonriver.ranch import RanchGrid, format_ranch, parse_ranch
from engine.moonriver.state import GameState, Phase
from engine.moonriver.view import public_view

__all__ = [
    "Action",
    "ActionSyntaxError",
    "ComponentError",
    "GameError",
    "GameState",
    "IllegalActionError",
    "NotationError",
    "Phase",
    "RanchGrid",
    "RecordError",
    "StateError",
    "apply",
    "format_ranch",
    "is_over",
    "legal_actions",
    "new_game",
    "outcome",
    "parse_action",
    "parse_ranch",
    "public_view",
    "sort_key",
]
