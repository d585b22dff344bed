"""The complete Kingdomino game state: plain data, JSON-safe via `to_dict` / `from_dict`.

`apply` never mutates a state it is given: it works on `copy()` (kingdoms are immutable,
so a copy is a handful of short lists). The draw pile and the dominoes removed unseen at
setup are in here, because a snapshot must resume a game; they are not for players' eyes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, NamedTuple

from engine.games.errors import GameError, StateError
from engine.games.geometry import Direction
from engine.kingdomino.actions import Action
from engine.kingdomino.dominoes import DOMINO_COUNT, domino
from engine.kingdomino.kingdom import Kingdom, cell_name, parse_cell
from engine.kingdomino.rules import GameConfig

STATE_FORMAT = "kingdomino-state/1"


class Phase(StrEnum):
    SETUP = "setup"  # K-SETUP-3: kings claim the first line in drawn order
    PLACE = "place"  # K-TURN-1 (1)
    CLAIM = "claim"  # K-TURN-1 (2)
    OVER = "over"


class Slot(NamedTuple):
    """A domino of a line and the king (its owner's seat) standing on it, if any.

    Immutable (a named tuple: cheap to make); claiming replaces the slot. Moon River's
    draft column (`engine.moonriver.state.Slot`) is the same picture but not the same thing: its
    parcel leaves the slot when taken while the ranchero stays, slots are changed in
    place on a forked state, and ties in back number keep the draw order; one shared
    type would cost Moon River's hot path or change its stored states. The shuffle both
    draw from is one `engine.games.rng.Rng`.
    """

    domino: int
    king: int | None


@dataclass(slots=True)
class GameState:
    config: GameConfig
    game: int  # 0-based game of a Dynasty series (K-DYN); 0 otherwise
    kingdoms: list[Kingdom]
    discards: list[tuple[int, ...]]  # per seat, K-PLACE-4
    pile: list[int]  # hidden: the draw order of this game's dominoes (replaced, not mutated)
    removed: list[int]  # hidden: taken out unseen at setup (K-SETUP-1; never mutated)
    line: list[Slot]  # the line being played (during setup: the first line)
    next_line: list[Slot]  # where kings go next; empty in the last round (K-TURN-2)
    phase: Phase
    cursor: int  # index in `line` of the king acting now (PLACE, CLAIM)
    pending: list[int]  # SETUP: seats still to claim, in king-draw order
    round: int  # 1… ; 0 during setup
    series: list[list[list[int]]]  # finished Dynasty games: per seat [points, largest, crowns]
    _legal: list[Action] | None = field(default=None, compare=False, repr=False)
    _masks: list[tuple[Direction, int]] | None = field(default=None, compare=False, repr=False)

    @property
    def active_seat(self) -> int | None:
        """The seat that must decide now (None when the game is over)."""
        if self.phase is Phase.SETUP:
            return self.pending[0]
        if self.phase is Phase.OVER:
            return None
        return self.line[self.cursor].king

    def copy(self) -> GameState:
        """Kingdoms, discards and slots are immutable and the pile is only ever replaced,
        so shallow copies of the lists are enough."""
        return GameState(
            self.config, self.game, self.kingdoms[:], self.discards[:], self.pile,
            self.removed, self.line[:], self.next_line[:], self.phase, self.cursor,
            self.pending[:], self.round, self.series[:],
        )

    # --- serialisation -------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        size = self.config.kingdom_size
        return {
            "format": STATE_FORMAT,
            "config": self.config.to_dict(),
            "game": self.game,
            "round": self.round,
            "phase": self.phase.value,
            "cursor": self.cursor,
            "pending": self.pending[:],
            "pile": self.pile[:],
            "removed": self.removed[:],
            "line": [[s.domino, s.king] for s in self.line],
            "next_line": [[s.domino, s.king] for s in self.next_line],
            "kingdoms": [[[p.number, cell_name(size, p.cell), p.direction.value]
                          for p in k.placements] for k in self.kingdoms],
            "discards": [list(d) for d in self.discards],
            "series": [[row[:] for row in g] for g in self.series],
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


def _ints(value: Any, name: str) -> list[int]:
    if not isinstance(value, list):
        raise StateError(f"{name} must be a list")
    return [_int(x, name) for x in value]


def _slots(raw: Any, name: str) -> list[Slot]:
    if not isinstance(raw, list):
        raise StateError(f"{name} must be a list")
    out = []
    for entry in raw:
        if not (isinstance(entry, list) and len(entry) == 2):
            raise StateError(f"{name}: each slot is [domino, king]")
        out.append(Slot(_int(entry[0], name),
                        None if entry[1] is None else _int(entry[1], name)))
    return out


def _kingdom(raw: Any, size: int, name: str) -> Kingdom:
    """Replays the placements, so a kingdom that breaks K-PLACE-* cannot be loaded."""
    if not isinstance(raw, list):
        raise StateError(f"{name} must be a list of placements")
    kingdom = Kingdom.empty(size)
    for entry in raw:
        if not (isinstance(entry, list) and len(entry) == 3):
            raise StateError(f"{name}: each placement is [domino, cell, direction]")
        piece = domino(_int(entry[0], name))
        cell, direction = parse_cell(size, str(entry[1])), Direction(entry[2])
        if not kingdom.can_place(piece, cell, direction):
            raise StateError(f"{name}: domino {piece.number} cannot lie on {entry[1]} "
                             f"{entry[2]} (K-PLACE-1, K-PLACE-2)")
        kingdom = kingdom.place(piece, cell, direction)
    return kingdom


def _state_from_dict(data: Any) -> GameState:
    if not isinstance(data, dict) or data.get("format") != STATE_FORMAT:
        raise StateError(f"not a {STATE_FORMAT} document")
    raw_config = data["config"]
    config = GameConfig.make(tuple(str(x) for x in raw_config["players"]),
                             _int(raw_config["seed"], "config.seed"),
                             tuple(str(x) for x in raw_config["variants"]))
    size = config.kingdom_size
    series = data["series"]
    if not isinstance(series, list):
        raise StateError("series must be a list")
    return GameState(
        config=config, game=_int(data["game"], "game"),
        kingdoms=[_kingdom(raw, size, f"kingdoms[{i}]")
                  for i, raw in enumerate(data["kingdoms"])],
        discards=[tuple(_ints(d, f"discards[{i}]")) for i, d in enumerate(data["discards"])],
        pile=_ints(data["pile"], "pile"), removed=_ints(data["removed"], "removed"),
        line=_slots(data["line"], "line"), next_line=_slots(data["next_line"], "next_line"),
        phase=Phase(data["phase"]), cursor=_int(data["cursor"], "cursor"),
        pending=_ints(data["pending"], "pending"), round=_int(data["round"], "round"),
        series=[[_ints(row, "series") for row in g] for g in series],
    )


def validate_state(state: GameState) -> None:
    """Conservation and consistency checks; raises StateError on an impossible position."""
    config = state.config
    n = len(config.players)
    if not (len(state.kingdoms) == len(state.discards) == n):
        raise StateError("one kingdom and one discard pile per player")
    if not 0 <= state.game < config.games or len(state.series) != state.game:
        raise StateError(f"game {state.game + 1} with {len(state.series)} finished games "
                         f"does not fit a series of {config.games}")
    if any(len(g) != n or any(len(row) != 3 for row in g) for g in state.series):
        raise StateError("each finished game holds [points, largest, crowns] per player")
    for slot in (*state.line, *state.next_line):
        if slot.king is not None and not 0 <= slot.king < n:
            raise StateError(f"a king of seat {slot.king} does not exist")
    if len(state.line) != config.line_size or len(state.next_line) not in (0, config.line_size):
        raise StateError(f"a line holds {config.line_size} dominoes")
    for line in (state.line, state.next_line):
        numbers = [s.domino for s in line]
        if numbers != sorted(numbers):
            raise StateError("a line lies in ascending order (K-SETUP-2)")
    if len(state.removed) != config.removed:
        raise StateError(f"{config.removed} dominoes are removed at setup, not "
                         f"{len(state.removed)} (K-SETUP-1)")
    _check_progress(state)
    # every domino in exactly one place; the line's played dominoes are in a kingdom
    played = state.cursor + (1 if state.phase is Phase.CLAIM else 0)
    if state.phase is Phase.OVER:
        played = len(state.line)
    unplayed = [s.domino for s in state.line[played:]] if state.phase is not Phase.SETUP \
        else [s.domino for s in state.line]
    seen = unplayed + [s.domino for s in state.next_line] + state.pile + state.removed
    for kingdom, discards in zip(state.kingdoms, state.discards, strict=True):
        seen += [p.number for p in kingdom.placements] + list(discards)
    if sorted(seen) != list(range(1, DOMINO_COUNT + 1)):
        raise StateError("dominoes are not conserved: each must be in exactly one place")
    for slot in state.line[:played]:
        if slot.king is None:
            raise StateError(f"domino {slot.domino} was played without a king")
        kingdom, discards = state.kingdoms[slot.king], state.discards[slot.king]
        if slot.domino not in discards and all(p.number != slot.domino
                                               for p in kingdom.placements):
            raise StateError(f"domino {slot.domino} was not played by its king's owner")


def _check_progress(state: GameState) -> None:
    config = state.config
    n, kings = len(config.players), config.kings_per_player
    if state.phase is Phase.SETUP:
        if state.round != 0 or state.next_line or not state.pending:
            raise StateError("setup happens before round 1, on the first line only")
        seated = [s.king for s in state.line if s.king is not None]
        for seat in range(n):
            if seated.count(seat) + state.pending.count(seat) != kings:
                raise StateError(f"seat {seat} must have {kings} king(s) in setup")
        return
    if state.pending:
        raise StateError("only setup has kings waiting to claim")
    if not 1 <= state.round <= config.rounds or not 0 <= state.cursor < len(state.line):
        raise StateError(f"round {state.round}, king {state.cursor + 1}: out of range")
    if any(s.king is None for s in state.line):
        raise StateError("every domino of the line being played has a king")
    last = state.round == config.rounds
    if last == bool(state.next_line):
        raise StateError("there is a next line in every round but the last (K-TURN-2)")
    claimed = sum(s.king is not None for s in state.next_line)
    if claimed != (0 if last else state.cursor):  # the acting king has not claimed yet
        raise StateError("the next line holds one king for each king that has played")
