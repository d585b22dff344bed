"""Scoring a Moonlight round (M-SCORE-1…4, M-POWER-1, M-POWER-2) from the visible cards.

`score_area(tops, powers)` takes the area's visible cards (engine.moonlight.area: cell ->
`seat << 4 | card id`) and each seat's Alpha Powers, and returns the whole sheet: moons,
rows, points, visible cards and the round's winner (None: the round is replayed).
Seats are 0 (green, `g`) and 1 (blue, `b`).

The order is the seed's: the moon majority first (M-SCORE-1, before any row discards a
card), then the rows (M-SCORE-2), then one point per card kept and one more per 3 in a
row its owner won (M-SCORE-3, M-POWER-2).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from engine.moonlight.area import CARD_MASK, OWNERS, SEAT_SHIFT, SIDE, bounds, corners, mask_of
from engine.moonlight.cards import (
    CARD_IDS,
    CORNER_TRIPLE,
    FULL_MOON,
    PACK_LEADER,
    ROW_BONUS,
    components,
)

MOON_BONUS = 2  # M-SCORE-1
CORNER_VALUE = 3  # M-POWER-1: a visible 1 on a corner counts 3
NO_POWERS: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())


@dataclass(frozen=True, slots=True)
class CardTable:
    """Per card id: value, moon, and the two card powers (the hot path indexes these)."""

    value: tuple[int, ...]
    moon: tuple[int, ...]
    corner: tuple[bool, ...]  # M-POWER-1
    bonus: tuple[int, ...]  # M-POWER-2: extra points in a row its owner won
    code: tuple[str, ...]  # `4m` ("" for no card)


@cache
def card_table() -> CardTable:
    cards = components().cards
    value, moon = [0] * CARD_IDS, [0] * CARD_IDS
    corner, bonus = [False] * CARD_IDS, [0] * CARD_IDS
    code = [""] * CARD_IDS
    for cid, card in cards.items():
        code[cid] = card.code
        value[cid], moon[cid] = card.value, int(card.moon)
        corner[cid] = card.power == CORNER_TRIPLE
        bonus[cid] = 1 if card.power == ROW_BONUS else 0
    return CardTable(tuple(value), tuple(moon), tuple(corner), tuple(bonus), tuple(code))


@dataclass(frozen=True, slots=True)
class RowScore:
    sums: tuple[int, int]  # per seat, M-POWER-1 applied
    winner: int | None  # None: a tie, every card of the row discarded


@dataclass(frozen=True, slots=True)
class RoundScore:
    rows: tuple[RowScore, ...]  # top-down, like area notation
    moons: tuple[int, int]  # as counted for the majority (full-moon doubles)
    moon_bonus: int | None  # the seat scoring M-SCORE-1's 2 points
    points: tuple[int, int]
    visible: tuple[int, int]
    winner: int | None  # None: tied on points and visible cards, the round is replayed

    def to_dict(self) -> dict[str, Any]:
        """MOONLIGHT.md's JSON: seats as `g` and `b`."""
        def pair(values: tuple[int, int]) -> dict[str, int]:
            return {OWNERS[0]: values[0], OWNERS[1]: values[1]}

        def seat(value: int | None) -> str | None:
            return None if value is None else OWNERS[value]

        return {"rows": [{"sums": pair(r.sums), "winner": seat(r.winner)} for r in self.rows],
                "moons": pair(self.moons), "moon_bonus": seat(self.moon_bonus),
                "points": pair(self.points), "visible": pair(self.visible),
                "winner": seat(self.winner)}


def score_area(tops: Mapping[int, int],
               powers: Sequence[Collection[str]] = NO_POWERS) -> RoundScore:
    """The round's score sheet for these visible cards (see the module text)."""
    table = card_table()
    value, moon, corner, bonus = table.value, table.moon, table.corner, table.bonus
    moons = [0, 0]
    visible = [0, 0]
    for top in tops.values():
        seat = top >> SEAT_SHIFT
        visible[seat] += 1
        if moon[top & CARD_MASK]:
            moons[seat] += 2 if FULL_MOON in powers[seat] else 1  # full-moon
    points = [0, 0]
    moon_bonus: int | None = None
    if moons[0] != moons[1]:  # M-SCORE-1
        moon_bonus = 0 if moons[0] > moons[1] else 1
        points[moon_bonus] += MOON_BONUS
    rows: list[RowScore] = []
    if tops:
        mask = mask_of(tops)
        left, bottom, right, top_row = bounds(mask)
        corner_cells = corners(mask)
        leader = [PACK_LEADER in powers[0], PACK_LEADER in powers[1]]
        for row in range(top_row, bottom - 1, -1):
            sums = [0, 0]
            cards: list[int] = []
            for cell in range(row * SIDE + left, row * SIDE + right + 1):
                code = tops.get(cell)
                if code is None:
                    continue
                cid = code & CARD_MASK
                sums[code >> SEAT_SHIFT] += (CORNER_VALUE if corner[cid] and cell in
                                             corner_cells else value[cid])
                cards.append(code)
            winner: int | None
            if sums[0] != sums[1]:  # M-SCORE-2
                winner = 0 if sums[0] > sums[1] else 1
            elif leader[0] != leader[1]:  # pack-leader wins ties
                winner = 0 if leader[0] else 1
            else:
                winner = None
            rows.append(RowScore((sums[0], sums[1]), winner))
            if winner is None:
                continue
            for code in cards:  # M-SCORE-3: the winner's cards are kept
                if code >> SEAT_SHIFT == winner:
                    points[winner] += 1 + bonus[code & CARD_MASK]  # M-POWER-2
    winner_seat: int | None = None  # M-SCORE-4
    if points[0] != points[1]:
        winner_seat = 0 if points[0] > points[1] else 1
    elif visible[0] != visible[1]:
        winner_seat = 0 if visible[0] > visible[1] else 1
    return RoundScore(tuple(rows), (moons[0], moons[1]), moon_bonus, (points[0], points[1]),
                      (visible[0], visible[1]), winner_seat)


def margin(tops: Mapping[int, int], powers: Sequence[Collection[str]], seat: int) -> float:
    """How far `seat` is ahead if the round ended now: points, then visible cards as a
    tie-break (a computer player's measure)."""
    sheet = score_area(tops, powers)
    other = 1 - seat
    return (sheet.points[seat] - sheet.points[other]
            + 0.01 * (sheet.visible[seat] - sheet.visible[other]))
