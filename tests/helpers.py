"""Build exact positions for rule tests, keeping parcels, cows and chips conserved.

A scenario starts from a real game at the first build decision and then rearranges it:
parcels come out of the draw pile, cows out of the supply, partners out of the stack, so
`validate_state` still holds and the engine runs on the result as in a real game.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.moonriver.actions import Action, parse_action
from engine.moonriver.components import SPECIALISTS, Landscape
from engine.moonriver.game import apply, legal_actions, new_game
from engine.moonriver.grid import parse_cell
from engine.moonriver.ranch import parse_ranch
from engine.moonriver.state import GameState, Phase, TurnState, validate_state


@dataclass
class Spec:
    """What a wanted parcel must show; None means 'any'."""

    landscape: Landscape
    cows: int | None = 0
    skull: bool | None = False
    circle: bool | None = False
    resources: int | None = None


def take_parcel(state: GameState, spec: Spec) -> int:
    """Remove a parcel matching `spec` from the draw pile and return its id."""
    parcels = state.components.parcels
    for pid in state.pile:
        p = parcels[pid - 1]
        if (p.landscape is spec.landscape
                and (spec.cows is None or p.cows == spec.cows)
                and (spec.skull is None or p.skull == spec.skull)
                and (spec.circle is None or p.circle == spec.circle)
                and (spec.resources is None or p.resources == spec.resources)):
            state.pile.remove(pid)
            return pid
    raise LookupError(f"no parcel left in the pile matching {spec}")


def take_chip(state: GameState, kind: str) -> int:
    kinds = state.components.partners
    for chip in state.stack:
        if kinds[chip - 1] == kind:
            state.stack.remove(chip)
            return chip
    raise LookupError(f"no {kind} chip left in the stack")


def set_ranch(state: GameState, seat: int, notation: str) -> None:
    """Lay out a player's ranch from ranch notation (symbol-free parcels where possible)."""
    grid = parse_ranch(notation, state.config.height)
    player = state.players[seat]
    for cell, spec in enumerate(grid.cells):
        if spec is None:
            continue
        try:  # prefer a parcel without symbols: placed symbols never act again anyway
            pid = take_parcel(state, Spec(spec.landscape, resources=spec.resources))
        except LookupError:
            pid = take_parcel(state, Spec(spec.landscape, cows=None, skull=None, circle=None,
                                          resources=spec.resources))
        player.cells[cell] = pid
        player.cows[cell] = spec.cows
        state.cow_supply -= spec.cows
        if spec.partner is not None:
            kind = spec.partner if spec.partner in SPECIALISTS else "farmer"
            player.partners[cell] = (take_chip(state, kind), spec.partner)
    state._legal = None


def set_saloon(state: GameState, *kinds: str) -> None:
    """Put back the saloon's chips and fill it with chips of `kinds` (empty spaces after)."""
    state.stack = [c for c in state.saloon if c] + state.stack
    state.saloon = [0] * len(state.saloon)
    for i, kind in enumerate(kinds):
        state.saloon[i] = take_chip(state, kind)
    state._legal = None


def give(state: GameState, seat: int, *specs: Spec) -> list[int]:
    """Put parcels matching `specs` into a player's storage; returns their ids."""
    ids = [take_parcel(state, s) for s in specs]
    state.players[seat].storage += ids
    state._legal = None
    return ids


def clear_storage(state: GameState, seat: int) -> None:
    state.removed += state.players[seat].storage
    state.players[seat].storage = []


def start_game(players: int = 3, seed: int = 7) -> GameState:
    """A real game set up by its first legal choices, at the first turn's decision."""
    state = new_game([f"P{i + 1}" for i in range(players)], seed)
    while state.phase is Phase.SETUP:
        state, _ = apply(state, legal_actions(state)[0])
    return state


def build_turn(state: GameState, seat: int, storage: list[Spec], *, forced: bool | None = None,
               max_dominoes: int | None = None) -> tuple[GameState, list[int]]:
    """Make it `seat`'s build step holding exactly `storage`; returns the state and ids."""
    state = state.copy()
    for s in range(len(state.players)):
        clear_storage(state, s)
    ids = give(state, seat, *storage)
    slots = state.components.boards[state.players[seat].board].slots
    state.turn = TurnState(
        seat,
        max_dominoes=max_dominoes if max_dominoes is not None else (2 if len(ids) >= 4 else 1),
        forced=forced if forced is not None else len(ids) > slots,
    )
    state.phase = Phase.BUILD
    state._legal = None
    validate_state(state)
    return state, ids


def act(state: GameState, *texts: str) -> tuple[GameState, list[object]]:
    """Apply action texts in order; returns the final state and all events."""
    events: list[object] = []
    for text in texts:
        state, new = apply(state, parse_action(text))
        events += new
    return state, events


def legal_texts(state: GameState) -> list[str]:
    return [str(a) for a in legal_actions(state)]


def cell(name: str) -> int:
    return parse_cell(name)


def cows_at(state: GameState, seat: int, name: str) -> int:
    return state.players[seat].cows[parse_cell(name)]


def action(text: str) -> Action:
    return parse_action(text)


def at_bonus_decision() -> GameState:
    """Two players (R-2P-3): Ann's canyon has just reached row 10, her bonus tile is due."""
    state = start_game(2, seed=3)
    set_ranch(state, 0, ". . . . . / de . . . . / de . . . . / de . . . . / de . . . . / "
                        "de . . . . / de . . . . / de . . . . / de . . . . / de . . . .")
    set_saloon(state, "farmer")
    state, (desert, canyon) = build_turn(state, 0, [Spec(Landscape.DESERT),
                                                    Spec(Landscape.CANYON)])
    state, _ = act(state, f"build p{desert} p{canyon} B9 up")
    assert state.phase is Phase.BONUS
    return state
