"""What a Moonlight player may see: `player_view(state, seat)`, and the public view.

Hands and decks are hidden (M-SETUP-1); the area is public, covered cards included (they
were seen when played). A seat's view holds its own hand and, when it is to move, its
choices; the opponent's hand and both decks appear only as counts. The public view
(`seat=None`, for the channel) holds no hand at all. Pictures and messages built from a
view therefore cannot show a hidden card: the view never contains one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.moonlight.area import CELL_NAMES, format_area, top_code
from engine.moonlight.cards import card_code
from engine.moonlight.game import legal_actions
from engine.moonlight.scoring import RoundScore, score_area
from engine.moonlight.state import GameState, Phase


@dataclass(frozen=True, slots=True)
class CellView:
    cell: str  # `D4`
    cards: tuple[str, ...]  # bottom first, with owner: ("g3", "b4"); the last is visible


@dataclass(frozen=True, slots=True)
class MoonlightView:
    seat: int | None  # whose view (None: the public one)
    players: tuple[str, str]
    phase: Phase
    round: int
    wins: tuple[int, int]
    rounds: tuple[int | None, ...]  # each deal's winner, None: replayed
    start_seat: int
    active_seat: int | None
    last_turn: bool
    area: tuple[CellView, ...]  # by cell, A1 … G7
    area_text: str  # the visible cards in area notation
    score: RoundScore  # the area scored as if the round ended now
    hand: tuple[str, ...] | None  # this seat's own hand; None in the public view
    hand_sizes: tuple[int, int]
    deck_sizes: tuple[int, int]
    lone_wolf: tuple[bool, bool]
    powers: tuple[tuple[str, ...], tuple[str, ...]]
    used: tuple[tuple[str, ...], tuple[str, ...]]
    choices: tuple[str, ...]  # this seat's legal action texts when it is to decide
    winners: tuple[int, ...]  # once the game is over

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat, "players": list(self.players), "phase": self.phase.value,
            "round": self.round, "wins": list(self.wins), "rounds": list(self.rounds),
            "start_seat": self.start_seat, "active_seat": self.active_seat,
            "last_turn": self.last_turn,
            "area": {c.cell: list(c.cards) for c in self.area}, "area_text": self.area_text,
            "score": self.score.to_dict(),
            "hand": None if self.hand is None else list(self.hand),
            "hand_sizes": list(self.hand_sizes), "deck_sizes": list(self.deck_sizes),
            "lone_wolf": list(self.lone_wolf), "powers": [list(p) for p in self.powers],
            "used": [list(u) for u in self.used], "choices": list(self.choices),
            "winners": list(self.winners),
        }


def player_view(state: GameState, seat: int | None) -> MoonlightView:
    """What `seat` sees (its own hand, counts of the rest); `None`: the public view."""
    if seat not in (None, 0, 1):
        raise ValueError(f"seat must be 0, 1 or None, not {seat!r}")
    tops = state.tops()
    active = state.active_seat
    choices: tuple[str, ...] = ()
    if seat is not None and seat == active:
        choices = tuple(str(a) for a in legal_actions(state))
    over = state.phase is Phase.OVER
    return MoonlightView(
        seat=seat, players=state.players, phase=state.phase, round=state.round,
        wins=(state.wins[0], state.wins[1]), rounds=tuple(state.rounds),
        start_seat=state.start_seat, active_seat=active, last_turn=state.last_turn,
        area=tuple(CellView(CELL_NAMES[cell], tuple(top_code(c) for c in stack))
                   for cell, stack in sorted(state.stacks.items())),
        area_text=format_area(tops), score=score_area(tops, state.powers),
        hand=None if seat is None else tuple(card_code(c) for c in state.hands[seat]),
        hand_sizes=(len(state.hands[0]), len(state.hands[1])),
        deck_sizes=(len(state.decks[0]), len(state.decks[1])),
        lone_wolf=(state.lone_wolf[0], state.lone_wolf[1]),
        powers=(state.powers[0], state.powers[1]), used=(state.used[0], state.used[1]),
        choices=choices,
        winners=((0 if state.wins[0] > state.wins[1] else 1),) if over else (),
    )


def public_view(state: GameState) -> MoonlightView:
    """The view for the channel: no hand at all."""
    return player_view(state, None)
