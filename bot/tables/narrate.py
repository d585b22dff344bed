"""Engine events as one line of text per turn, in the table's language.

"Alice built p17 and p42 on C2–C3 · 1 cow(s) arrived · recruited a Cowboy on C2"
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engine import events as ev
from engine.grid import cell_name
from engine.i18n import t
from engine.state import GameState


def summarize(events: Sequence[ev.Event], state: GameState, locale: str = "en",
              literal: Callable[[str], str] = str) -> str:
    """What happened, for the channel. `state` is the state after the events; `literal`
    makes a player's name inert in the target's markup (the bot escapes markdown)."""
    names = [literal(name) for name in state.config.players]
    parts: list[str] = []
    cows = 0

    def flush_cows() -> None:
        nonlocal cows
        if cows:
            parts.append(t("event.cows_arrived", locale, count=cows))
            cows = 0

    for e in events:
        if isinstance(e, ev.CowAdded):
            cows += 1
            continue
        flush_cows()
        if isinstance(e, ev.DominoPlaced):
            parts.append(t("event.domino_placed", locale, player=names[e.seat],
                           first=f"p{e.first}", second=f"p{e.second}",
                           cells=f"{cell_name(e.first_cell)}–{cell_name(e.second_cell)}"))
        elif isinstance(e, ev.RancheroPlaced):
            parts.append(t("event.ranchero_placed", locale, player=names[e.seat],
                           parcel=f"p{e.parcel}"))
        elif isinstance(e, ev.SkullResolved) and e.cow_cell is not None:
            parts.append(t("event.skull", locale, cell=cell_name(e.cow_cell)))
        elif isinstance(e, ev.PartnerRecruited):
            parts.append(t("event.partner_recruited", locale,
                           partner=t(f"partner.{e.face}", locale), cell=cell_name(e.cell)))
        elif isinstance(e, ev.CowMoved):
            parts.append(t("event.cow_moved", locale, source=cell_name(e.source),
                           target=cell_name(e.target)))
        elif isinstance(e, ev.ParcelsSwapped):
            parts.append(t("event.parcels_swapped", locale, mine=f"p{e.mine}",
                           theirs=f"p{e.theirs}", other=names[e.other]))
        elif isinstance(e, ev.CowStolen):
            parts.append(t("event.cow_stolen", locale, victim=names[e.victim],
                           cell=cell_name(e.source)))
        elif isinstance(e, ev.ParcelsRemoved) and e.seat is not None:
            key = "event.discarded" if e.reason == "nothing_fits" else "event.left_over"
            parts.append(t(key, locale, player=names[e.seat],
                           parcels=", ".join(f"p{p}" for p in e.parcels)))
        elif isinstance(e, ev.BonusTilePlaced):
            parts.append(t("event.bonus_tile", locale, player=names[e.seat],
                           landscape=t(f"landscape.{e.landscape}", locale),
                           cell=cell_name(e.cell)))
        elif isinstance(e, ev.RoundEnded):
            parts.append(t("event.round_ended", locale, round=e.round))
        elif isinstance(e, ev.LastRound):
            parts.append(t("event.last_round", locale))
        elif isinstance(e, ev.GameEnded):
            parts.append(t("event.game_ended", locale))
    flush_cows()
    return " · ".join(parts)
