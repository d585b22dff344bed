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

from engine.games.errors import GameError, StateError
from engine.moonlight.area import (
    CELL_INDEX,
    CELL_NAMES,
    bounds,
    connected,
    fits,
    format_area,
    mask_of,
    parse_top,
    top_code,
)
from engine.moonlight.cards import POWER_KINDS, card_code, parse_card_code
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

    @classmethod
    def from_dict(cls, data: Any) -> MoonlightView:
        """Read `to_dict`'s output back (pictures get a view as plain data), refusing
        malformed data with a StateError: every card must exist, the area must be a
        possible one (M-PLACE-2), and its notation and score must be the area's."""
        try:
            return _view_from_dict(data)
        except StateError:
            raise
        except GameError as exc:
            raise StateError(f"invalid view: {exc}") from None
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
            raise StateError(f"invalid view: {type(exc).__name__}: {exc}") from None


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


_VIEW_KEYS = {"seat", "players", "phase", "round", "wins", "rounds", "start_seat",
              "active_seat", "last_turn", "area", "area_text", "score", "hand", "hand_sizes",
              "deck_sizes", "lone_wolf", "powers", "used", "choices", "winners"}


def _check(ok: bool, message: str) -> None:
    if not ok:
        raise StateError(f"invalid view: {message}")


def _whole(value: Any, name: str, low: int = 0, high: int = 99) -> int:
    _check(isinstance(value, int) and not isinstance(value, bool) and low <= value <= high,
           f"{name} must be a whole number {low}–{high}, found {value!r}")
    return int(value)


def _seat(value: Any, name: str, *, none: bool = False) -> int | None:
    if value is None and none:
        return None
    return _whole(value, name, 0, 1)


def _pair(value: Any, name: str) -> tuple[int, int]:
    _check(isinstance(value, list) and len(value) == 2, f"{name} must be a list of 2")
    return _whole(value[0], name), _whole(value[1], name)


def _texts(value: Any, name: str) -> tuple[str, ...]:
    _check(isinstance(value, list) and all(isinstance(v, str) for v in value),
           f"{name} must be a list of texts")
    return tuple(value)


def _powers(value: Any, name: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    _check(isinstance(value, list) and len(value) == 2, f"{name} must be a list of 2")
    out = (_texts(value[0], name), _texts(value[1], name))
    _check(all(p in POWER_KINDS for side in out for p in side),
           f"{name}: an unknown Alpha Power (known: {', '.join(POWER_KINDS)})")
    return out


def _view_from_dict(data: Any) -> MoonlightView:
    _check(isinstance(data, dict) and set(data) == _VIEW_KEYS,
           f"expected exactly the keys {', '.join(sorted(_VIEW_KEYS))}")
    seat = _seat(data["seat"], "seat", none=True)
    players = _texts(data["players"], "players")
    _check(len(players) == 2, "players must name 2 players")
    rounds = data["rounds"]
    _check(isinstance(rounds, list), "rounds must be a list")
    area_data = data["area"]
    _check(isinstance(area_data, dict), "area must map cells to their cards")
    area: list[CellView] = []
    tops: dict[int, int] = {}
    for cell, cards in sorted(area_data.items(), key=lambda item: CELL_INDEX.get(item[0], -1)):
        _check(cell in CELL_INDEX, f"{cell!r} is not a cell (A1–G7)")
        codes = _texts(cards, f"area {cell}")
        _check(codes != (), f"area {cell} holds no card")
        stack = [parse_top(code) for code in codes]
        _check([top_code(c) for c in stack] == list(codes), f"area {cell}: write the cards "
               "as owner, value and an optional m, e.g. g4m")
        tops[CELL_INDEX[cell]] = stack[-1]
        area.append(CellView(cell, codes))
    if tops:
        left, bottom, right, top = bounds(mask_of(tops))
        _check(fits(right - left + 1, top - bottom + 1) and connected(mask_of(tops)),
               "the area must fit 3×4 or 4×3 and hang together (M-PLACE-2)")
    powers = _powers(data["powers"], "powers")
    _check(data["area_text"] == format_area(tops), "area_text is not the area's notation")
    score = score_area(tops, powers)
    _check(data["score"] == score.to_dict(), "score is not the area's score")
    hand = data["hand"]
    if hand is not None:
        hand = _texts(hand, "hand")
        for code in hand:
            parse_card_code(code)
    _check((hand is None) == (seat is None), "a seat's view holds its hand, the public one none")
    phase = Phase(data["phase"])
    lone, last_turn, winners = data["lone_wolf"], data["last_turn"], data["winners"]
    _check(isinstance(last_turn, bool), "last_turn must be true or false")
    _check(isinstance(winners, list), "winners must be a list")
    _check(isinstance(lone, list) and len(lone) == 2 and all(isinstance(x, bool) for x in lone),
           "lone_wolf must be a list of 2 true or false")
    return MoonlightView(
        seat=seat, players=(players[0], players[1]), phase=phase,
        round=_whole(data["round"], "round", 1), wins=_pair(data["wins"], "wins"),
        rounds=tuple(_seat(r, "rounds", none=True) for r in rounds),
        start_seat=_whole(data["start_seat"], "start_seat", 0, 1),
        active_seat=_seat(data["active_seat"], "active_seat", none=True),
        last_turn=last_turn,
        area=tuple(area), area_text=data["area_text"], score=score, hand=hand,
        hand_sizes=_pair(data["hand_sizes"], "hand_sizes"),
        deck_sizes=_pair(data["deck_sizes"], "deck_sizes"),
        lone_wolf=(lone[0], lone[1]), powers=powers, used=_powers(data["used"], "used"),
        choices=_texts(data["choices"], "choices"),
        winners=tuple(_whole(w, "winners", 0, 1) for w in winners),
    )
