"""Kingdomino (Blue Orange, 2016), Moon River's parent game: the pure rules engine.

Rules are numbered K-… in the project's KINGDOMINO.md; modules cite them. The public
surface mirrors Moon River's engine: `new_game`, `legal_actions`, `apply`, `outcome`,
actions with one canonical text form, `GameState.to_dict` / `from_dict`.
"""

from engine.kingdomino.actions import Action, Claim, Discard, Place, parse_action
from engine.kingdomino.game import (
    Outcome,
    apply,
    is_over,
    legal_actions,
    new_game,
    outcome,
    score_sheets,
    start_game,
)
from engine.kingdomino.kingdom import Kingdom
from engine.kingdomino.notation import format_kingdom, parse_kingdom
from engine.kingdomino.scoring import ScoreSheet, score_kingdom
from engine.kingdomino.state import GameState
from engine.kingdomino.view import TableView, public_view

__all__ = [
    "Action", "Claim", "Discard", "GameState", "Kingdom", "Outcome", "Place", "ScoreSheet",
    "TableView", "apply", "format_kingdom", "is_over", "legal_actions", "new_game",
    "outcome", "parse_action", "parse_kingdom", "public_view", "score_kingdom",
    "score_sheets", "start_game",
]
