"""Public names for what a Moon River picture shows: draft slots ①–④.

The turn dialogue names parcels by these labels instead of parcel ids, so they
are computed here, once, from the same public view the picture is drawn from.
"""

from __future__ import annotations

from engine.games.i18n import t
from engine.moonriver.state import Phase
from engine.moonriver.view import SlotView, TableView
from render.labels import slot_label


def column_labels(column: tuple[SlotView, ...]) -> dict[int, str]:
    """Parcel id → label for the parcels still lying in one column (R-ORDER-1 order)."""
    return {slot.parcel.id: slot_label(i) for i, slot in enumerate(column)
            if slot.parcel is not None}


def draft_labels(view: TableView) -> dict[int, str]:
    """Parcel id → slot label, for this round's column and the next one.

    Both columns count ①–④ from the top; a parcel id is in at most one column, so the
    mapping is unambiguous, and the picture's column titles say which column is which."""
    return {**column_labels(view.column), **column_labels(view.next_column)}


def parcel_label(view: TableView, parcel_id: int) -> str | None:
    """The slot label of a parcel in the draft, or None when it is not in the draft."""
    return draft_labels(view).get(parcel_id)


def status_text(view: TableView, locale: str) -> str:
    """'Round 3 of 24 · Alice to move': the moment the pictures' banner names (the setup
    of R-SETUP-5 is no round 0; R-END-1's last round; the game's end)."""
    if view.phase is Phase.OVER:
        return t("render.game_over", locale)
    if view.phase is Phase.SETUP:
        parts = [t("render.setup", locale)]
    elif view.last_round:
        parts = [t("render.last_round", locale)]
    else:
        parts = [t("render.round_of", locale, round=max(1, view.round), rounds=view.rounds)]
    if view.active_seat is not None:
        parts.append(t("render.to_move", locale, name=view.players[view.active_seat].name))
    return " · ".join(parts)
