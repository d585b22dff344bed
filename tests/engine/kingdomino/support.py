"""Shared helpers for the Kingdomino tests: seeded playouts and a slow placement oracle."""

from __future__ import annotations

from collections.abc import Callable

from engine.games.geometry import Direction
from engine.kingdomino.actions import Action
from engine.kingdomino.ai import RandomPlayer
from engine.kingdomino.dominoes import Domino, Square
from engine.kingdomino.events import Event
from engine.kingdomino.game import apply, new_game
from engine.kingdomino.kingdom import Kingdom, play_area
from engine.kingdomino.state import GameState, Phase

Step = Callable[[GameState, Action, GameState, list[Event]], None]


def play_random(players: int, seed: int, variants: tuple[str, ...] = (),
                on_step: Step | None = None) -> tuple[GameState, list[str]]:
    """A seeded random game to the end; returns the final state and the action texts."""
    state = new_game([f"P{i}" for i in range(players)], seed, variants=variants)
    ai = RandomPlayer(seed * 7 + players)
    actions: list[str] = []
    while state.phase is not Phase.OVER:
        action = ai.choose(state)
        after, events = apply(state, action)
        if on_step is not None:
            on_step(state, action, after, events)
        actions.append(str(action))
        state = after
    return state, actions


def squares_of(kingdom: Kingdom) -> dict[tuple[int, int], Square | str]:
    """(column, row) → square, with "C" for the castle: the plain picture of a kingdom."""
    area = kingdom.area
    out: dict[tuple[int, int], Square | str] = {}
    for row in range(area.height):
        for column in range(area.width):
            cell = area.cell(column, row)
            if cell == kingdom.castle:
                out[column, row] = "C"
            elif (square := kingdom.square_at(cell)) is not None:
                out[column, row] = square
    return out


STEPS = {Direction.RIGHT: (1, 0), Direction.LEFT: (-1, 0), Direction.DOWN: (0, 1),
         Direction.UP: (0, -1)}


def naive_placements(kingdom: Kingdom, piece: Domino) -> set[tuple[int, int, Direction]]:
    """K-PLACE-1…3 written the slow, obvious way, as an oracle for the bit-mask search."""
    grid = squares_of(kingdom)
    side = play_area(kingdom.size).width
    out = set()
    for row in range(side):
        for column in range(side):
            for direction, (dc, dr) in STEPS.items():
                if piece.symmetric and direction in (Direction.LEFT, Direction.UP):
                    continue
                a, b = (column, row), (column + dc, row + dr)
                if not all(0 <= x < side and 0 <= y < side for x, y in (a, b)):
                    continue
                if a in grid or b in grid:
                    continue
                xs = [x for x, _ in grid] + [a[0], b[0]]
                ys = [y for _, y in grid] + [a[1], b[1]]
                if max(xs) - min(xs) >= kingdom.size or max(ys) - min(ys) >= kingdom.size:
                    continue
                if _touches(grid, a, piece.a) or _touches(grid, b, piece.b):
                    out.add((column, row, direction))
    return out


def _touches(grid: dict[tuple[int, int], Square | str], at: tuple[int, int],
             square: Square) -> bool:
    for dc, dr in STEPS.values():
        other = grid.get((at[0] + dc, at[1] + dr))
        if other == "C" or (isinstance(other, Square) and other.terrain is square.terrain):
            return True
    return False


def discards_with_kingdoms(before: GameState, events: list[Event]
                           ) -> list[tuple[Kingdom, int]]:
    """(the kingdom at that moment, the domino) for each discard among `events`.

    Several placements can happen inside one `apply` (forced moves are played by the
    engine), so the kingdoms are followed event by event from the state before.
    """
    from engine.kingdomino import events as ev
    from engine.kingdomino.dominoes import domino
    from engine.kingdomino.kingdom import parse_cell

    size = before.config.kingdom_size
    kingdoms = before.kingdoms[:]
    out = []
    for event in events:
        if isinstance(event, ev.KingsDrawn):  # a new game of a Dynasty
            kingdoms = [Kingdom.empty(size)] * len(kingdoms)
        elif isinstance(event, ev.DominoPlaced):
            first, second = parse_cell(size, event.cell), parse_cell(size, event.second_cell)
            area = play_area(size)
            direction = next(d for d in Direction if area.second_cell(first, d) == second)
            kingdoms[event.seat] = kingdoms[event.seat].place(domino(event.domino), first,
                                                              direction)
        elif isinstance(event, ev.DominoDiscarded):
            out.append((kingdoms[event.seat], event.domino))
    return out
