"""Moonlight: The Land of the Wolves, a 2-player card game: the pure rules engine.

Rules are numbered M-… in the project's MOONLIGHT.md (docs/rules/moonlight.md); modules
cite them. The public surface mirrors Kingdomino's: `start_game` / `new_game`,
`legal_actions`, `apply`, `outcome`, actions with one canonical text form,
`GameState.to_dict` / `from_dict`, `player_view`, area notation, records. It imports
only the standard library and `engine.games`.
"""

from engine.moonlight.actions import Action, Pass, Play, Power, parse_action
from engine.moonlight.area import format_area, parse_area
from engine.moonlight.game import (
    Outcome,
    apply,
    is_over,
    legal_actions,
    new_game,
    outcome,
    start_game,
)
from engine.moonlight.scoring import RoundScore, score_area
from engine.moonlight.state import GameState, Phase
from engine.moonlight.view import MoonlightView, player_view, public_view

__all__ = [
    "Action", "GameState", "MoonlightView", "Outcome", "Pass", "Phase", "Play", "Power",
    "RoundScore", "apply", "format_area", "is_over", "legal_actions", "new_game",
    "outcome", "parse_action", "parse_area", "player_view", "public_view", "score_area",
    "start_game",
]
