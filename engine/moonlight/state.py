"""The complete Moonlight game state: plain data, JSON-safe via `to_dict` / `from_dict`.

`apply` never mutates a state it is given: it works on `copy()` (hands, decks and stacks
are tuples, so a copy is a few short lists and one small dict). The hands and the decks'
order are in here because a snapshot must resume a game; they are not for players' eyes
(engine.moonlight.view hides them).

Cards are ids (`value * 2 + moon`, engine.moonlight.cards); a card on the area is a code
`seat << 4 | id`; a cell is an index of the 7×7 canvas (engine.moonlight.area).
"""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from engine.games.errors import GameError, StateError
from engine.moonlight.area import (
    CARD_MASK,
    CELL_NAMES,
    CENTRE,
    MAX_CELLS,
    SEAT_SHIFT,
    bounds,
    connected,
    fits,
    mask_of,
    parse_cell,
    parse_top,
    top_code,
)
from engine.moonlight.cards import (
    AMBUSH,
    DEN,
    HOWL,
    ONCE_A_ROUND,
    card_code,
    components,
    parse_card_code,
)

STATE_FORMAT = "moonlight-state/1"
HAND_SIZE = 3  # M-SETUP-1
DEN_HAND_SIZE = 4  # Alpha Power `den`
WINS_NEEDED = 2  # M-WIN: best of three


class Phase(StrEnum):
    PLAY = "play"  # M-TURN-1: the active seat places a card
    HOWL = "howl"  # the active seat may place one more card (`howl`) or pass
    POWER = "power"  # M-NEXT-2: the round's loser chooses an Alpha Power
    OVER = "over"


@dataclass(slots=True)
class GameState:
    players: tuple[str, str]
    seed: int
    phase: Phase
    round: int  # the round being played (1–3), or the last one decided (POWER, OVER)
    deal: int  # rounds dealt so far, replays included (each deal shuffles anew)
    start_seat: int  # who started this round (M-SETUP-2)
    active: int  # who decides now (the loser in POWER; meaningless when OVER)
    turn: int  # player turns begun so far (a power choice is a turn of its own)
    hands: list[tuple[int, ...]]  # hidden: card ids, ascending
    decks: list[tuple[int, ...]]  # hidden: draw order, next card first
    stacks: dict[int, tuple[int, ...]]  # cell -> codes, bottom card first (M-PLACE-4)
    wins: list[int]  # rounds won per seat
    lone_wolf: list[bool]  # M-NEXT-1: the Lone Wolf is in this seat's deck
    powers: list[tuple[str, ...]]  # M-NEXT-2: Alpha Powers per seat, in choice order
    used: list[tuple[str, ...]]  # once-a-round powers used this round
    last_turn: bool  # M-END-1: the non-starting player's last turn is being played
    rounds: list[int | None]  # per deal: its winner, None for a replayed round
    occupied: int = 0  # bit mask of the cells in `stacks` (derived)
    _legal: list[Any] | None = field(default=None, compare=False, repr=False)
    _cells: list[tuple[int, tuple[int, ...]]] | None = field(default=None, compare=False,
                                                             repr=False)

    @property
    def active_seat(self) -> int | None:
        return None if self.phase is Phase.OVER else self.active

    def tops(self) -> dict[int, int]:
        """The visible card of every occupied cell (M-PLACE-4)."""
        return {cell: stack[-1] for cell, stack in self.stacks.items()}

    def visible(self, seat: int) -> int:
        return sum(1 for stack in self.stacks.values() if stack[-1] >> SEAT_SHIFT == seat)

    def hand_limit(self, seat: int) -> int:
        return DEN_HAND_SIZE if DEN in self.powers[seat] else HAND_SIZE

    def ready(self, seat: int, power: str) -> bool:
        """A once-a-round Alpha Power this seat holds and has not used this round."""
        return power in self.powers[seat] and power not in self.used[seat]

    def copy(self) -> GameState:
        """Tuples are never mutated, so shallow copies of the containers are enough."""
        return GameState(self.players, self.seed, self.phase, self.round, self.deal,
                         self.start_seat, self.active, self.turn, self.hands[:],
                         self.decks[:], dict(self.stacks), self.wins[:], self.lone_wolf[:],
                         self.powers[:], self.used[:], self.last_turn, self.rounds[:],
                         self.occupied)

    # --- serialisation -------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": STATE_FORMAT,
            "players": list(self.players),
            "seed": self.seed,
            "phase": self.phase.value,
            "round": self.round,
            "deal": self.deal,
            "start_seat": self.start_seat,
            "active": self.active,
            "turn": self.turn,
            "hands": [[card_code(c) for c in hand] for hand in self.hands],
            "decks": [[card_code(c) for c in deck] for deck in self.decks],
            "area": {CELL_NAMES[cell]: [top_code(code) for code in stack]
                     for cell, stack in sorted(self.stacks.items())},
            "wins": self.wins[:],
            "lone_wolf": self.lone_wolf[:],
            "powers": [list(p) for p in self.powers],
            "used": [list(u) for u in self.used],
            "last_turn": self.last_turn,
            "rounds": self.rounds[:],
        }

    @classmethod
    def from_dict(cls, data: Any) -> GameState:
        """Rebuild a state, refusing malformed data and impossible positions."""
        try:
            state = _state_from_dict(data)
        except StateError:
            raise
        except GameError as exc:
            raise StateError(f"invalid state: {exc}") from None
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
            raise StateError(f"invalid state: {type(exc).__name__}: {exc}") from None
        validate_state(state)
        return state


def _int(value: Any, name: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise StateError(f"{name} must be a whole number, found {value!r}")
    return value


def _bool(value: Any, name: str) -> bool:
    if not isinstance(value, bool):
        raise StateError(f"{name} must be true or false, found {value!r}")
    return value


def _list(value: Any, name: str, length: int | None = None) -> list[Any]:
    if not isinstance(value, list) or (length is not None and len(value) != length):
        raise StateError(f"{name} must be a list" + (f" of {length}" if length else ""))
    return value


def _cards(value: Any, name: str) -> tuple[int, ...]:
    return tuple(parse_card_code(str(_str(c, name))) for c in _list(value, name))


def _str(value: Any, name: str) -> str:
    if not isinstance(value, str):
        raise StateError(f"{name} must be text, found {value!r}")
    return value


def _state_from_dict(data: Any) -> GameState:
    if not isinstance(data, dict) or data.get("format") != STATE_FORMAT:
        raise StateError(f"not a {STATE_FORMAT} document")
    players = tuple(_str(p, "players") for p in _list(data["players"], "players", 2))
    area = data["area"]
    if not isinstance(area, dict):
        raise StateError("area must be an object: cell -> cards, bottom first")
    stacks = {parse_cell(_str(cell, "area")): tuple(parse_top(_str(t, "area"))
                                                     for t in _list(cards, f"area {cell}"))
              for cell, cards in area.items()}
    rounds: list[int | None] = [None if r is None else _int(r, "rounds")
                                for r in _list(data["rounds"], "rounds")]
    return GameState(
        players=(players[0], players[1]), seed=_int(data["seed"], "seed"),
        phase=Phase(data["phase"]), round=_int(data["round"], "round"),
        deal=_int(data["deal"], "deal"), start_seat=_int(data["start_seat"], "start_seat"),
        active=_int(data["active"], "active"), turn=_int(data["turn"], "turn"),
        hands=[tuple(sorted(_cards(h, "hands"))) for h in _list(data["hands"], "hands", 2)],
        decks=[_cards(d, "decks") for d in _list(data["decks"], "decks", 2)],
        stacks=stacks,
        wins=[_int(w, "wins") for w in _list(data["wins"], "wins", 2)],
        lone_wolf=[_bool(w, "lone_wolf") for w in _list(data["lone_wolf"], "lone_wolf", 2)],
        powers=[tuple(_str(p, "powers") for p in _list(ps, "powers"))
                for ps in _list(data["powers"], "powers", 2)],
        used=[tuple(_str(p, "used") for p in _list(us, "used"))
              for us in _list(data["used"], "used", 2)],
        last_turn=_bool(data["last_turn"], "last_turn"), rounds=rounds,
        occupied=mask_of(stacks),
    )


def deck_of(lone_wolf: bool) -> Counter[int]:
    """A seat's cards: the 11 of M-COMP-1, and the Lone Wolf once won (M-NEXT-1)."""
    parts = components()
    return Counter(parts.deck + ((parts.lone_wolf,) if lone_wolf else ()))


def validate_state(state: GameState) -> None:
    """Conservation and consistency checks; raises StateError on an impossible position."""
    parts = components()
    if len(set(state.players)) != 2:
        raise StateError("Moonlight is for 2 players with different names")
    if state.seed < 0:
        raise StateError("the seed is a whole number >= 0")
    if state.start_seat not in (0, 1) or state.active not in (0, 1):
        raise StateError("seats are 0 and 1")
    playing = state.phase in (Phase.PLAY, Phase.HOWL)
    # M-COMP-1, M-NEXT-1: every card of a seat in exactly one place
    for seat in (0, 1):
        held = Counter(state.hands[seat] + state.decks[seat])
        held.update(code & CARD_MASK for stack in state.stacks.values() for code in stack
                    if code >> SEAT_SHIFT == seat)
        if held != deck_of(state.lone_wolf[seat]):
            raise StateError(f"seat {seat}'s cards are not conserved: each of its "
                             "cards must be in exactly one place (M-COMP-1, M-NEXT-1)")
        unplaced = len(state.hands[seat]) + len(state.decks[seat])
        if playing and len(state.hands[seat]) != min(state.hand_limit(seat), unplaced):
            raise StateError(f"seat {seat} must hold {state.hand_limit(seat)} cards while "
                             "the deck lasts (M-SETUP-1, M-TURN-1)")
    _check_area(state)
    # rounds, wins and powers (M-SCORE-4, M-WIN, M-NEXT-2)
    decided = [w for w in state.rounds if w is not None]
    if any(w not in (0, 1) for w in decided):
        raise StateError("a round's winner is seat 0 or 1")
    if state.wins != [decided.count(0), decided.count(1)]:
        raise StateError("the wins do not match the rounds' winners")
    over = max(state.wins) >= WINS_NEEDED
    if max(state.wins) > WINS_NEEDED or over != (state.phase is Phase.OVER):
        raise StateError("the game ends exactly when a player has won two rounds (M-WIN)")
    if state.round != len(decided) + (1 if playing else 0) or state.round < 1:
        raise StateError(f"round {state.round} does not follow {len(decided)} decided rounds")
    if state.deal != len(state.rounds) + (1 if playing else 0):
        raise StateError(f"deal {state.deal} does not follow {len(state.rounds)} dealt rounds")
    if not playing and (state.rounds[-1] is None):
        raise StateError("a replayed round is dealt again at once (M-SCORE-4)")
    keys = [p.key for p in parts.powers]
    chosen = state.powers[0] + state.powers[1]
    if any(k not in keys for k in chosen) or len(set(chosen)) != len(chosen):
        raise StateError("each Alpha Power exists and is chosen once at most (M-NEXT-2)")
    if len(chosen) != len(decided) - (0 if playing else 1):
        raise StateError("each decided round but the last gave its loser an Alpha Power")
    for seat in (0, 1):
        if len(state.powers[seat]) > decided.count(1 - seat):
            raise StateError(f"seat {seat} holds more Alpha Powers than rounds lost")
        if any(u not in state.powers[seat] or parts.power(u).kind != ONCE_A_ROUND
               for u in state.used[seat]) or len(set(state.used[seat])) != len(
                state.used[seat]):
            raise StateError("only a held once-a-round power can be used (M-NEXT-2)")
        if state.lone_wolf[seat] != (seat in (decided[:-1] if over else decided)):
            raise StateError(f"seat {seat} has the Lone Wolf exactly once it won a round "
                             "the game went on after (M-NEXT-1)")
    if state.phase is Phase.POWER and state.active != 1 - decided[-1]:
        raise StateError("the round's loser chooses the Alpha Power (M-NEXT-2)")
    if state.phase is Phase.HOWL and not state.ready(state.active, HOWL):
        raise StateError("only a player with howl ready places an extra card")
    if playing:
        if not state.hands[state.active]:
            raise StateError("the player to move has a card to place (M-END-1)")
        if state.last_turn and state.active == state.start_seat:
            raise StateError("the last turn is the other player's (M-END-1)")
        if decided and state.start_seat != 1 - decided[-1]:
            raise StateError("the loser of the previous round starts (M-SETUP-2)")
    elif state.last_turn:
        raise StateError("a last turn belongs to a round being played")


def _check_area(state: GameState) -> None:
    if not state.stacks:
        return
    if CENTRE not in state.stacks:
        raise StateError("the first card of a round lies on D4 (M-PLACE-1)")
    if len(state.stacks) > MAX_CELLS:
        raise StateError("an area has 12 cells at most (M-END-1)")
    left, bottom, right, top = bounds(mask_of(state.stacks))
    if not fits(right - left + 1, top - bottom + 1):
        raise StateError("the area must fit 3×4 or 4×3 (M-PLACE-2)")
    value = components().cards
    for cell, stack in state.stacks.items():
        if not stack:
            raise StateError(f"{CELL_NAMES[cell]} holds no card")
        for below, above in itertools.pairwise(stack):
            seat = above >> SEAT_SHIFT
            low, high = value[below & CARD_MASK].value, value[above & CARD_MASK].value
            equal_ok = AMBUSH in state.powers[seat]
            if seat == below >> SEAT_SHIFT or not (high == low + 1 or (equal_ok and
                                                                       high == low)):
                raise StateError(f"{CELL_NAMES[cell]}: {top_code(above)} cannot cover "
                                 f"{top_code(below)} (M-PLACE-3)")
    if not connected(mask_of(state.stacks)):
        raise StateError("the area's cards do not hang together (M-PLACE-2)")
