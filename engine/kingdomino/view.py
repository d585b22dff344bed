"""What Kingdomino players may see: the public view of a table.

The draw pile's order and the dominoes removed unseen at setup (K-SETUP-1) are not in
here, only how many are left, so pictures and messages built from this view cannot leak
them. Everything else in Kingdomino is open information.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.kingdomino.dominoes import Domino, domino
from engine.kingdomino.game import outcome, score_sheets
from engine.kingdomino.kingdom import Kingdom, Placement
from engine.kingdomino.scoring import ScoreSheet
from engine.kingdomino.state import GameState, Phase


@dataclass(frozen=True, slots=True)
class SlotView:
    domino: Domino
    king: int | None  # the seat whose king stands on it
    played: bool  # already placed or discarded this round


@dataclass(frozen=True, slots=True)
class PlayerView:
    seat: int
    name: str
    kingdom: Kingdom
    discards: tuple[Domino, ...]
    last_placed: Placement | None
    score: ScoreSheet  # as if the game ended now, with the table's bonuses


@dataclass(frozen=True, slots=True)
class TableView:
    players: tuple[PlayerView, ...]
    line: tuple[SlotView, ...]
    next_line: tuple[SlotView, ...]
    pile_size: int
    round: int
    rounds: int
    phase: Phase
    active_seat: int | None
    acting_slot: int | None  # index in `line` of the king playing now (place or claim)
    game: int  # 1-based game of a Dynasty series
    games: int
    series: tuple[tuple[int, ...], ...]  # points per finished game per seat
    winners: tuple[int, ...]  # once the game is over


def public_view(state: GameState) -> TableView:
    config = state.config
    sheets = score_sheets(state)
    players = tuple(
        PlayerView(seat, config.players[seat], kingdom,
                   tuple(domino(n) for n in state.discards[seat]),
                   kingdom.placements[-1] if kingdom.placements else None, sheets[seat])
        for seat, kingdom in enumerate(state.kingdoms)
    )
    played = 0
    if state.phase in (Phase.PLACE, Phase.CLAIM):
        played = state.cursor + (1 if state.phase is Phase.CLAIM else 0)
    elif state.phase is Phase.OVER:
        played = len(state.line)
    result = outcome(state)
    return TableView(
        players=players,
        line=tuple(SlotView(domino(s.domino), s.king, i < played)
                   for i, s in enumerate(state.line)),
        next_line=tuple(SlotView(domino(s.domino), s.king, False) for s in state.next_line),
        pile_size=len(state.pile), round=state.round, rounds=config.rounds,
        phase=state.phase, active_seat=state.active_seat,
        acting_slot=state.cursor if state.phase in (Phase.PLACE, Phase.CLAIM) else None,
        game=state.game + 1, games=config.games,
        series=tuple(tuple(row[0] for row in game) for game in state.series),
        winners=result.winners if result is not None else (),
    )
