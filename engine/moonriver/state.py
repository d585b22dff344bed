"""The complete game state: plain data, JSON-safe via `to_dict` / `from_dict`.

`apply` never mutates a state it is given: it works on `fork()`, which shares the
players' ranches with the old state until the engine first writes to one
(`player_for_update`), because copying every ranch was a quarter of an action's time.
Treat states as values: to edit one by hand, take `copy()` (fully independent). The draw
pile and the partner stack are in here (a snapshot must resume a game); `engine.moonriver.view` is
what may be shown to players.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from engine.games.errors import GameError, StateError
from engine.moonriver.components import (
    COWBOY,
    SPECIALISTS,
    ComponentSet,
    Landscape,
    load_components,
)
from engine.moonriver.grid import WIDTH
from engine.moonriver.masks import RanchMasks
from engine.moonriver.rules import COLOURS, PLAYER_COUNTS, RANCH_HEIGHT, VARIANTS

STATE_FORMAT = "moonriver-state/1"
EMPTY = 0  # a ranch cell with nothing on it; > 0 parcel id; < 0 bonus tile -id


class Phase(StrEnum):
    SETUP = "setup"          # R-SETUP-5: place a drawn ranchero on the first column
    BUILD = "build"          # R-TURN-2, R-BUILD-*, R-END-2
    SKULL = "skull"          # R-SYM-2 with a choice of parcel
    RECRUIT = "recruit"      # R-SYM-3
    COWBOY = "cowboy"        # R-PART-2
    DESPERADO = "desperado"  # R-PART-3
    THIEF = "thief"          # R-PART-4
    BONUS = "bonus"          # R-2P-3
    CHOOSE = "choose"        # R-TURN-3
    OVER = "over"


@dataclass(frozen=True, slots=True)
class GameConfig:
    players: tuple[str, ...]
    seed: int
    variant: str = "base"
    scenario: int | None = None  # Legends scenario 1–4 (R-LEG-2); None in the base game
    components: str = "provisional-1"
    boards: tuple[str, ...] = ()  # supply board per seat (R-SETUP-1, R-LEG-1)
    #: The colour each seat chose (R-COMP-6, R-LEG-1); () for the seat-order colours.
    chosen_colours: tuple[str, ...] = ()

    @property
    def height(self) -> int:
        return RANCH_HEIGHT[len(self.players)]

    @property
    def colours(self) -> tuple[str, ...]:
        return self.chosen_colours or COLOURS[: len(self.players)]

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "players": list(self.players), "seed": self.seed, "variant": self.variant,
            "scenario": self.scenario, "components": self.components,
            "boards": list(self.boards)}
        if self.chosen_colours:  # states saved before colours were chosen have none
            data["colours"] = list(self.chosen_colours)
        return data


@dataclass(slots=True)
class Slot:
    """A place in a draft column: its parcel (None once taken) and the ranchero on it."""

    parcel: int | None
    ranchero: int | None


@dataclass(slots=True)
class PlayerState:
    board: str
    cells: list[int]
    cows: list[int]
    partners: list[tuple[int, str] | None]  # (chip id, face shown)
    storage: list[int]
    bonus_tile: int = 0  # 0: none yet; -1: missed (R-2P-3 Decision); else the tile id
    bonus_landscape: int = -1
    last_placed: list[int] = field(default_factory=list)
    # masks of the ranch as it last was when the engine asked (engine.moonriver.masks)
    mask_cache: RanchMasks | None = field(
        default=None, compare=False, repr=False)

    def copy(self) -> PlayerState:
        return PlayerState(self.board, self.cells[:], self.cows[:], self.partners[:],
                           self.storage[:], self.bonus_tile, self.bonus_landscape,
                           self.last_placed[:], self.mask_cache)


@dataclass(slots=True)
class TurnState:
    """Where a player's turn stands between decisions."""

    seat: int
    final: bool = False       # R-END-2 placement rather than a normal turn
    max_dominoes: int = 1     # R-BUILD-1 (unused in the final placement: no limit)
    built: int = 0
    forced: bool = False      # R-BUILD-2: more parcels held than storage slots
    placed: list[int] = field(default_factory=list)   # cells awaiting symbol resolution
    skulls: list[int] = field(default_factory=list)   # skull cells still to resolve
    circles: list[int] = field(default_factory=list)  # circle cells still to resolve
    partner_cell: int = -1    # where the partner being recruited / acting lies
    steps_left: int = 0       # cowboy steps left

    def copy(self) -> TurnState:
        return TurnState(self.seat, self.final, self.max_dominoes, self.built, self.forced,
                         self.placed[:], self.skulls[:], self.circles[:], self.partner_cell,
                         self.steps_left)


@dataclass(slots=True)
class GameState:
    config: GameConfig
    players: list[PlayerState]
    pile: list[int]                 # hidden: draw order
    column: list[Slot]              # the column being played this round
    next_column: list[Slot]         # where rancheros go next (empty in the last round)
    saloon: list[int]               # chip ids, 0 = empty space
    stack: list[int]                # hidden: partner draw order
    cow_supply: int
    cows_removed: int               # out of the game (overpopulation, R-END-3)
    removed: list[int]              # parcels out of the game
    bonus_tiles: list[int]          # two-player bonus tiles still available
    round: int                      # 0 during setup
    last_round: bool
    phase: Phase
    turn: TurnState | None
    pending: list[int]              # seats still to act in setup / final placement
    _legal: list[Any] | None = field(default=None, compare=False, repr=False)
    _shared: int = field(default=0, compare=False, repr=False)  # seat bits shared by a fork
    # both draft columns (their lists and slots) are still the forked-from state's
    _columns_shared: bool = field(default=False, compare=False, repr=False)

    @property
    def components(self) -> ComponentSet:
        return load_components(self.config.components)

    @property
    def active_seat(self) -> int | None:
        """The seat that must decide now (None when the game is over)."""
        if self.turn is not None:
            return self.turn.seat
        if self.phase == "setup" and self.pending:  # a str compare: Phase.SETUP is slow
            return self.pending[0]
        return None

    def copy(self) -> GameState:
        """A fully independent copy, safe to edit by hand."""
        new = self.fork()
        new.players = [p.copy() for p in self.players]
        new._shared = 0
        new.columns_for_update()
        return new

    def fork(self) -> GameState:
        """A copy for the engine to change: players are shared until `player_for_update`."""
        return GameState(
            self.config, self.players[:], self.pile[:], self.column, self.next_column,
            self.saloon[:], self.stack[:], self.cow_supply, self.cows_removed,
            self.removed[:], self.bonus_tiles[:], self.round, self.last_round, self.phase,
            self.turn.copy() if self.turn is not None else None, self.pending[:],
            None, (1 << len(self.players)) - 1, True,
        )

    def columns_for_update(self) -> None:
        """Make both draft columns this state's own before the engine edits a slot.

        Most actions leave the columns alone, so a fork shares them (8 slot objects fewer).
        """
        if self._columns_shared:
            self.column = [Slot(s.parcel, s.ranchero) for s in self.column]
            self.next_column = [Slot(s.parcel, s.ranchero) for s in self.next_column]
            self._columns_shared = False

    def player_for_update(self, seat: int) -> PlayerState:
        """The seat's player state, made this state's own before the engine writes to it."""
        if self._shared >> seat & 1:
            self.players[seat] = self.players[seat].copy()
            self._shared &= ~(1 << seat)
        return self.players[seat]

    def landscape_at(self, seat: int, cell: int) -> Landscape | None:
        value = self.players[seat].cells[cell]
        if value > 0:
            return self.components.parcels[value - 1].landscape
        if value < 0:
            return Landscape(self.players[seat].bonus_landscape)
        return None

    # --- serialisation -------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        turn = self.turn
        return {
            "format": STATE_FORMAT,
            "config": self.config.to_dict(),
            "round": self.round,
            "last_round": self.last_round,
            "phase": self.phase.value,
            "pile": self.pile[:],
            "column": [[s.parcel, s.ranchero] for s in self.column],
            "next_column": [[s.parcel, s.ranchero] for s in self.next_column],
            "saloon": self.saloon[:],
            "stack": self.stack[:],
            "cow_supply": self.cow_supply,
            "cows_removed": self.cows_removed,
            "removed": self.removed[:],
            "bonus_tiles": self.bonus_tiles[:],
            "pending": self.pending[:],
            "players": [
                {"board": p.board, "cells": p.cells[:], "cows": p.cows[:],
                 "partners": [None if x is None else [x[0], x[1]] for x in p.partners],
                 "storage": p.storage[:], "bonus_tile": p.bonus_tile,
                 "bonus_landscape": p.bonus_landscape, "last_placed": p.last_placed[:]}
                for p in self.players
            ],
            "turn": None if turn is None else {
                "seat": turn.seat, "final": turn.final, "max_dominoes": turn.max_dominoes,
                "built": turn.built, "forced": turn.forced, "placed": turn.placed[:],
                "skulls": turn.skulls[:], "circles": turn.circles[:],
                "partner_cell": turn.partner_cell, "steps_left": turn.steps_left,
            },
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
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            raise StateError(f"invalid state: {type(exc).__name__}: {exc}") from None
        validate_state(state)
        return state


def _ints(value: Any, name: str, allow_none: bool = False) -> list[Any]:
    if not isinstance(value, list):
        raise StateError(f"{name} must be a list")
    for x in value:
        if x is None and allow_none:
            continue
        if not isinstance(x, int) or isinstance(x, bool):
            raise StateError(f"{name} must hold whole numbers, found {x!r}")
    return list(value)


def _int(value: Any, name: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise StateError(f"{name} must be a whole number, found {value!r}")
    return value


def _state_from_dict(data: Any) -> GameState:
    if not isinstance(data, dict) or data.get("format") != STATE_FORMAT:
        raise StateError(f"not a {STATE_FORMAT} document")
    raw_config = data["config"]
    config = GameConfig(
        players=tuple(str(x) for x in raw_config["players"]),
        seed=_int(raw_config["seed"], "config.seed"),
        variant=str(raw_config["variant"]),
        scenario=raw_config["scenario"],
        components=str(raw_config["components"]),
        boards=tuple(str(x) for x in raw_config["boards"]),
        chosen_colours=tuple(str(x) for x in raw_config.get("colours", ())),
    )
    players = []
    for i, raw in enumerate(data["players"]):
        partners: list[tuple[int, str] | None] = []
        for x in raw["partners"]:
            if x is None:
                partners.append(None)
            elif (isinstance(x, list) and len(x) == 2 and isinstance(x[0], int)
                  and isinstance(x[1], str)):
                partners.append((x[0], x[1]))
            else:
                raise StateError(f"players[{i}].partners: {x!r} is not [chip, face]")
        players.append(PlayerState(
            board=str(raw["board"]), cells=_ints(raw["cells"], f"players[{i}].cells"),
            cows=_ints(raw["cows"], f"players[{i}].cows"), partners=partners,
            storage=_ints(raw["storage"], f"players[{i}].storage"),
            bonus_tile=_int(raw["bonus_tile"], "bonus_tile"),
            bonus_landscape=_int(raw["bonus_landscape"], "bonus_landscape"),
            last_placed=_ints(raw["last_placed"], f"players[{i}].last_placed"),
        ))
    raw_turn = data["turn"]
    turn = None
    if raw_turn is not None:
        turn = TurnState(
            seat=_int(raw_turn["seat"], "turn.seat"), final=bool(raw_turn["final"]),
            max_dominoes=_int(raw_turn["max_dominoes"], "turn.max_dominoes"),
            built=_int(raw_turn["built"], "turn.built"), forced=bool(raw_turn["forced"]),
            placed=_ints(raw_turn["placed"], "turn.placed"),
            skulls=_ints(raw_turn["skulls"], "turn.skulls"),
            circles=_ints(raw_turn["circles"], "turn.circles"),
            partner_cell=_int(raw_turn["partner_cell"], "turn.partner_cell"),
            steps_left=_int(raw_turn["steps_left"], "turn.steps_left"),
        )

    def slots(raw: Any, name: str) -> list[Slot]:
        if not isinstance(raw, list):
            raise StateError(f"{name} must be a list")
        out = []
        for s in raw:
            pair = _ints(s, name, allow_none=True)
            if len(pair) != 2:
                raise StateError(f"{name}: each slot is [parcel, ranchero]")
            out.append(Slot(pair[0], pair[1]))
        return out

    return GameState(
        config=config, players=players, pile=_ints(data["pile"], "pile"),
        column=slots(data["column"], "column"), next_column=slots(data["next_column"],
                                                                  "next_column"),
        saloon=_ints(data["saloon"], "saloon"), stack=_ints(data["stack"], "stack"),
        cow_supply=_int(data["cow_supply"], "cow_supply"),
        cows_removed=_int(data["cows_removed"], "cows_removed"),
        removed=_ints(data["removed"], "removed"),
        bonus_tiles=_ints(data["bonus_tiles"], "bonus_tiles"),
        round=_int(data["round"], "round"), last_round=bool(data["last_round"]),
        phase=Phase(data["phase"]), turn=turn, pending=_ints(data["pending"], "pending"),
    )


def validate_state(state: GameState) -> None:
    """Conservation and consistency checks; raises StateError on an impossible position."""
    config = state.config
    n = len(config.players)
    if n not in PLAYER_COUNTS:
        raise StateError(f"{n} players: Moon River is for 2–4")
    if config.variant not in VARIANTS:
        raise StateError(f"unknown variant {config.variant!r}")
    if len(state.players) != n or len(config.boards) != n:
        raise StateError("one player state and one board per player")
    scenario = config.scenario
    scenario_ok = (scenario is None if config.variant == "base" else  # R-LEG-2: 1–4
                   type(scenario) is int and 1 <= scenario <= 4)
    if not scenario_ok:
        raise StateError(f"scenario {config.scenario!r} does not fit variant {config.variant!r}")
    if config.chosen_colours and (len(config.chosen_colours) != n or sorted(
            config.chosen_colours) != sorted(set(config.chosen_colours) & set(COLOURS))):
        raise StateError(f"colours {list(config.chosen_colours)!r}: one of {COLOURS} each")
    if any(p.board != board for p, board in zip(state.players, config.boards, strict=True)):
        raise StateError("a player's supply board differs from the game's setup")
    comp = state.components
    size = WIDTH * config.height
    seen: list[int] = []
    for s in (*state.column, *state.next_column):
        if s.parcel is not None:
            seen.append(s.parcel)
        if s.ranchero is not None and not 0 <= s.ranchero < n:
            raise StateError(f"ranchero of seat {s.ranchero} does not exist")
    seen += state.pile + state.removed
    chips: list[int] = [c for c in state.saloon if c] + state.stack
    cows = state.cow_supply + state.cows_removed
    for i, p in enumerate(state.players):
        if p.board not in comp.boards:
            raise StateError(f"player {i + 1}: unknown board {p.board!r}")
        if not (len(p.cells) == len(p.cows) == len(p.partners) == size):
            raise StateError(f"player {i + 1}: the ranch must have {size} cells")
        seen += p.storage + [c for c in p.cells if c > 0]
        for cell in range(size):
            value = p.cells[cell]
            if value < 0 and (-value != p.bonus_tile or p.bonus_landscape < 0):
                raise StateError(f"player {i + 1}: bonus tile on cell {cell} is not theirs")
            if p.cows[cell] < 0:
                raise StateError(f"player {i + 1}: negative cows")
            if p.cows[cell] and (value == EMPTY
                                 or state.landscape_at(i, cell) is Landscape.CORNFIELD):
                raise StateError(f"player {i + 1}: a cow stands on an empty cell or cornfield")
            cows += p.cows[cell]
            partner = p.partners[cell]
            if partner is not None:
                if value == EMPTY or partner[1] not in (COWBOY, *SPECIALISTS):
                    raise StateError(f"player {i + 1}: partner {partner!r} misplaced")
                chips.append(partner[0])
    if sorted(seen) != comp.parcel_ids:
        raise StateError("parcels are not conserved: each parcel must be in exactly one place")
    if sorted(chips) != list(range(1, len(comp.partners) + 1)):
        raise StateError("partner chips are not conserved")
    if cows != comp.cows:
        raise StateError(f"cows are not conserved: {cows} counted, {comp.cows} exist")
    if state.turn is not None and not 0 <= state.turn.seat < n:
        raise StateError("the turn belongs to no seat")
    if (state.turn is None) != (state.phase in (Phase.SETUP, Phase.OVER)):
        raise StateError(f"phase {state.phase.value} does not match the turn")
