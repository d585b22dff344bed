"""Pictures take a public view or a whole state; a state is reduced to its public view
first, so nothing hidden (the pile's order, the dominoes removed unseen) reaches a
drawing routine."""

from __future__ import annotations

from engine.kingdomino.state import GameState
from engine.kingdomino.view import TableView, public_view


def view_of(view_or_state: TableView | GameState) -> TableView:
    if isinstance(view_or_state, GameState):
        return public_view(view_or_state)
    return view_or_state


def kingdom_size(view: TableView) -> int:
    """5, or 7 in Mighty Duel (K-PLACE-2)."""
    return view.players[0].kingdom.size
