"""What a kingdom is worth to a computer player, and the best place for a domino in it.

`evaluate` is more than the score: it also values terrains that lie together (room for
crowns to grow) and counts the empty cells the kingdom can never fill again, because those
are points lost for good. `best_placement` asks it about every legal placement of a
domino; every computer player (and each step of the strong player's playouts) does that,
so it works on the kingdom's bit masks without building the candidate kingdoms, looks only
at the one or two terrains a domino touches, and remembers its answers: a player who
claims a domino asks the same question again when it places it next round.
"""

from __future__ import annotations

from functools import lru_cache

from engine.games.geometry import Direction
from engine.kingdomino.dominoes import Domino, domino
from engine.kingdomino.kingdom import Kingdom, frame_of, grown
from engine.kingdomino.rules import GameConfig
from engine.kingdomino.scoring import BONUS_POINTS, HARMONY, MIDDLE_KINGDOM

#: Evaluation weights, in points. Tuned by benchmarks/kingdomino.py against random play.
TOGETHER = 0.15  # per edge between two squares of one terrain: room for crowns to grow
DEAD_CELL = 0.75  # per empty cell no domino can reach any more (K-PLACE-2 frame)
NO_PLACE = 3.0  # claiming a domino that fits nowhere wastes a turn

Placements = tuple[tuple[int, Direction], ...]


def _terrain_points(kingdom_size: int, mask: int, low: int, high: int) -> int:
    """K-SCORE-1 for one terrain: squares × crowns of each crowned property."""
    stride = kingdom_size * 2
    total = 0
    seeds = mask & (low | high)
    while seeds:
        part = seeds & -seeds
        while True:  # flood fill inside `mask` (the guard column stops row wrap-around)
            grown = (part | (part << 1) | (part >> 1) | (part << stride) | (part >> stride)
                     ) & mask
            if grown == part:
                break
            part = grown
        total += part.bit_count() * ((low & part).bit_count() + 2 * (high & part).bit_count())
        seeds &= ~part
    return total


def _together(mask: int, stride: int) -> int:
    return (mask & (mask >> 1)).bit_count() + (mask & (mask >> stride)).bit_count()


def _dead_cells(frame: int, occupied: int, stride: int) -> int:
    """Empty cells of the frame with no empty neighbour: no domino can ever cover them."""
    empty = frame & ~occupied
    reachable = (empty << 1) | (empty >> 1) | (empty << stride) | (empty >> stride)
    return (empty & ~reachable).bit_count()


def _bounds_central(size: int, bounds: tuple[int, int, int, int]) -> bool:
    """The castle can still end up in the centre (K-SCORE-2): the box is within reach."""
    left, top, right, bottom = bounds
    centre, half = size - 1, size // 2
    return (left >= centre - half and top >= centre - half and right <= centre + half
            and bottom <= centre + half)


def _value(size: int, points: int, together: int, dead: int,
           bounds: tuple[int, int, int, int], middle_kingdom: bool, harmony: bool,
           discarded: int) -> float:
    value = points + TOGETHER * together - DEAD_CELL * dead
    if middle_kingdom and _bounds_central(size, bounds):
        value += BONUS_POINTS[MIDDLE_KINGDOM] / 2  # K-SCORE-2, still within reach
    if harmony and not discarded and not dead:
        value += BONUS_POINTS[HARMONY] / 2  # K-SCORE-3, still within reach
    return value


def evaluate(kingdom: Kingdom, config: GameConfig, discarded: int = 0) -> float:
    """What a kingdom is worth to the greedy player: its score plus its prospects."""
    return _evaluate(kingdom, config.middle_kingdom, config.harmony, discarded)


def _evaluate(kingdom: Kingdom, middle_kingdom: bool, harmony: bool, discarded: int
              ) -> float:
    size, stride = kingdom.size, kingdom.size * 2
    low, high = kingdom.crowns_low, kingdom.crowns_high
    points = together = 0
    for mask in kingdom.terrain:
        points += _terrain_points(size, mask, low, high)
        together += _together(mask, stride)
    dead = _dead_cells(kingdom.frame, kingdom.occupied, stride)
    return _value(size, points, together, dead, kingdom.bounds, middle_kingdom, harmony,
                  discarded)


def best_placement(kingdom: Kingdom, piece: Domino, config: GameConfig, discarded: int
                   ) -> tuple[float, Placements]:
    """The best evaluation reachable by laying `piece`, and every placement reaching it
    (none: the domino fits nowhere, and the value is that of discarding it)."""
    return _best_placement(kingdom, piece.number, config.middle_kingdom, config.harmony,
                           discarded)


@lru_cache(maxsize=1 << 13)  # about 12 MB when full; a bigger cache measured no faster
def _best_placement(kingdom: Kingdom, number: int, middle_kingdom: bool, harmony: bool,
                    discarded: int) -> tuple[float, Placements]:
    best_value = float("-inf")
    best: list[tuple[int, Direction]] = []
    for value, cell, direction in _placement_values(kingdom, number, middle_kingdom,
                                                    harmony, discarded):
        if value > best_value:
            best_value, best = value, [(cell, direction)]
        elif value == best_value:
            best.append((cell, direction))
    if not best:
        return _evaluate(kingdom, middle_kingdom, harmony, discarded + 1) - NO_PLACE, ()
    return best_value, tuple(best)


def placement_values(kingdom: Kingdom, piece: Domino, config: GameConfig, discarded: int
                     ) -> list[tuple[float, int, Direction]]:
    """(evaluation after, cell of half A, direction) for every legal placement of `piece`,
    in the order of `legal_actions`."""
    return _placement_values(kingdom, piece.number, config.middle_kingdom, config.harmony,
                             discarded)


def _placement_values(kingdom: Kingdom, number: int, middle_kingdom: bool, harmony: bool,
                      discarded: int) -> list[tuple[float, int, Direction]]:
    """`evaluate(kingdom.place(piece, …))` for each placement, computed on masks: the same
    numbers, in the same order of operations, without building the candidate kingdoms."""
    piece = domino(number)
    size, stride = kingdom.size, kingdom.size * 2
    low, high, occupied = kingdom.crowns_low, kingdom.crowns_high, kingdom.occupied
    terrain = kingdom.terrain
    ta, tb = piece.a.terrain, piece.b.terrain
    mask_ta, mask_tb = terrain[ta], terrain[tb]
    points = together = 0  # points: of the terrains the domino does not touch; edges: all
    for t, mask in enumerate(terrain):
        if t != ta and t != tb:
            points += _terrain_points(size, mask, low, high)
        together += _together(mask, stride)
    same = ta == tb
    ca, cb = piece.a.crowns, piece.b.crowns
    out: list[tuple[float, int, Direction]] = []
    for direction, cells in kingdom.placement_masks(piece):
        step = _STEPS[direction] * (stride if direction in _VERTICAL else 1)
        while cells:
            bit_a = cells & -cells
            cells ^= bit_a
            cell = bit_a.bit_length() - 1
            second = cell + step
            bit_b = 1 << second
            new_low, new_high = low, high
            if ca & 1:
                new_low |= bit_a
            if ca & 2:
                new_high |= bit_a
            if cb & 1:
                new_low |= bit_b
            if cb & 2:
                new_high |= bit_b
            near_a = (bit_a << 1) | (bit_a >> 1) | (bit_a << stride) | (bit_a >> stride)
            near_b = (bit_b << 1) | (bit_b >> 1) | (bit_b << stride) | (bit_b >> stride)
            if same:  # the two halves touch each other: one more edge of that terrain
                p = points + _terrain_points(size, mask_ta | bit_a | bit_b, new_low, new_high)
                g = together + (near_a & mask_ta).bit_count() + (near_b & mask_ta).bit_count() + 1
            else:
                p = (points + _terrain_points(size, mask_ta | bit_a, new_low, new_high)
                     + _terrain_points(size, mask_tb | bit_b, new_low, new_high))
                g = together + (near_a & mask_ta).bit_count() + (near_b & mask_tb).bit_count()
            bounds = grown(grown(kingdom.bounds, cell, stride), second, stride)
            dead = _dead_cells(frame_of(size, bounds), occupied | bit_a | bit_b, stride)
            out.append((_value(size, p, g, dead, bounds, middle_kingdom, harmony, discarded),
                        cell, direction))
    return out


_STEPS = {Direction.RIGHT: 1, Direction.LEFT: -1, Direction.DOWN: 1, Direction.UP: -1}
_VERTICAL = (Direction.DOWN, Direction.UP)
