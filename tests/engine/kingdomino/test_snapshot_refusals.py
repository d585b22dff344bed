"""A malformed snapshot is refused with words that name the field and what it must be.

Snapshots come back from the database and from files people edit; the refusal is the only
help they get, so each message is pinned whole. A kingdom is rebuilt by replaying its
placements, so one that breaks K-PLACE-1/K-PLACE-2 cannot be loaded.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from engine.games.errors import StateError
from engine.kingdomino.game import apply, legal_actions, new_game
from engine.kingdomino.state import GameState, Phase

Change = Callable[[dict[str, Any]], None]


def setup() -> dict[str, Any]:
    """A setup snapshot (K-SETUP-3): one king has claimed, three are waiting."""
    state = new_game(["A", "B", "C", "D"], 2)
    state, _ = apply(state, legal_actions(state)[0])
    assert state.phase is Phase.SETUP and len(state.pending) == 3
    return state.to_dict()


def midgame() -> dict[str, Any]:
    state = new_game(["A", "B", "C", "D"], 2)
    for _ in range(30):
        state, _ = apply(state, legal_actions(state)[-1])
    assert state.phase in (Phase.PLACE, Phase.CLAIM)
    return state.to_dict()


def put(path: tuple[Any, ...], value: Any) -> Change:
    def change(data: dict[str, Any]) -> None:
        target: Any = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
    return change


CASES: list[tuple[str, Change, str]] = [
    ("format", put(("format",), "kingdomino-state/0"), "not a kingdomino-state/1 document"),
    ("config", put(("config", "players"), ["A", "B", "C", "D", "E"]),
     "invalid state: Kingdomino is for 2–4 players, not 5"),
    ("seed", put(("config", "seed"), "7"), "config.seed must be a whole number, found '7'"),
    ("series", put(("series",), {}), "series must be a list"),
    ("round", put(("round",), "three"), "round must be a whole number, found 'three'"),
    ("cursor", put(("cursor",), 1.0), "cursor must be a whole number, found 1.0"),
    ("pile list", put(("pile",), "1 2 3"), "pile must be a list"),
    ("pile entry", put(("pile", 0), "9"), "pile must be a whole number, found '9'"),
    ("pending", put(("pending",), [True]), "pending must be a whole number, found True"),
    ("discards", put(("discards", 1), ["4"]), "discards[1] must be a whole number, found '4'"),
    ("line list", put(("line",), None), "line must be a list"),
    ("slot shape", put(("line", 0), [1, 2, 3]), "line: each slot is [domino, king]"),
    ("slot domino", put(("line", 0), ["1", None]), "line must be a whole number, found '1'"),
    ("slot king", put(("next_line", 0), [1, "0"]),
     "next_line must be a whole number, found '0'"),
    ("kingdom list", put(("kingdoms", 2), "E4"), "kingdoms[2] must be a list of placements"),
    ("placement shape", put(("kingdoms", 2, 0), [1, "E4"]),
     "kingdoms[2]: each placement is [domino, cell, direction]"),
    ("placement domino", put(("kingdoms", 2, 0, 0), "1"),
     "kingdoms[2] must be a whole number, found '1'"),
    ("no such domino", put(("kingdoms", 2, 0, 0), 49),
     "invalid state: there is no domino 49 (1–48)"),
    ("king seat", put(("line", 0, 1), 7), "a king of seat 7 does not exist"),
    ("king seat 4", put(("line", 0, 1), 4), "a king of seat 4 does not exist"),
    ("game", put(("game",), "1"), "game must be a whole number, found '1'"),
    ("removed entry", put(("removed",), ["x"]), "removed must be a whole number, found 'x'"),
    ("series row", put(("series",), [[["9"]]]), "series must be a whole number, found '9'"),
    ("missing key", lambda data: data.pop("cursor"), "invalid state: KeyError: 'cursor'"),
    ("second game", put(("game",), 1),
     "game 2 with 0 finished games does not fit a series of 1"),
    ("series too long", put(("series",), [[[1, 2, 3]] * 4]),
     "game 1 with 1 finished games does not fit a series of 1"),
    ("a game too many", lambda data: data.update(game=1, series=[[[1, 2, 3]] * 4]),
     "game 2 with 1 finished games does not fit a series of 1"),
    ("discard piles", put(("discards",), [[], [], []]),
     "one kingdom and one discard pile per player"),
    ("line size", lambda data: data["line"].pop(), "a line holds 4 dominoes"),
    ("line order", lambda data: data["line"].reverse(),
     "a line lies in ascending order (K-SETUP-2)"),
    ("removed", put(("removed",), [1]),
     "0 dominoes are removed at setup, not 1 (K-SETUP-1)"),
    ("conservation", lambda data: data["pile"].__setitem__(0, data["pile"][1]),
     "dominoes are not conserved: each must be in exactly one place"),
]


@pytest.mark.parametrize(("name", "change", "message"), CASES, ids=[c[0] for c in CASES])
def test_a_malformed_snapshot_is_refused_in_words(name: str, change: Change,
                                                  message: str) -> None:
    data = midgame()
    GameState.from_dict(copy.deepcopy(data))  # the untouched snapshot loads
    change(data)
    with pytest.raises(StateError) as caught:
        GameState.from_dict(data)
    assert str(caught.value) == message


def next_line_from_pile(data: dict[str, Any]) -> None:
    drawn = sorted(data["pile"][:4])
    data["pile"] = data["pile"][4:]
    data["next_line"] = [[number, None] for number in drawn]


SETUP_CASES: list[tuple[str, Change, str]] = [
    ("next line", next_line_from_pile, "setup happens before round 1, on the first line only"),
    ("round 1", put(("round",), 1), "setup happens before round 1, on the first line only"),
    ("nobody waiting", put(("pending",), []),
     "setup happens before round 1, on the first line only"),
    ("a seat twice", put(("pending",), [1, 3, 3]), "seat 0 must have 1 king(s) in setup"),
    ("a king too many", put(("pending",), [1, 3, 0, 3]), "seat 3 must have 1 king(s) in setup"),
]


@pytest.mark.parametrize(("name", "change", "message"), SETUP_CASES,
                         ids=[c[0] for c in SETUP_CASES])
def test_K_SETUP_3_an_impossible_setup_snapshot_is_refused_in_words(
        name: str, change: Change, message: str) -> None:
    """Setup is the kings claiming the first line before round 1; each king once."""
    data = setup()
    GameState.from_dict(copy.deepcopy(data))
    change(data)
    with pytest.raises(StateError) as caught:
        GameState.from_dict(data)
    assert str(caught.value) == message


PROGRESS_CASES: list[tuple[str, Change, str]] = [
    ("waiting king", put(("pending",), [0]), "only setup has kings waiting to claim"),
    ("round past the end", put(("round",), 13), "round 13, king 4: out of range"),
    ("round 0", put(("round",), 0), "round 0, king 4: out of range"),
    ("cursor past the line", put(("cursor",), 4), "round 4, king 5: out of range"),
    ("cursor before the line", put(("cursor",), -1), "round 4, king 0: out of range"),
    ("a domino without a king", put(("line", 1, 1), None),
     "every domino of the line being played has a king"),
    ("no next line", put(("next_line",), []),
     "there is a next line in every round but the last (K-TURN-2)"),
    ("a next line in the last round", put(("round",), 12),
     "there is a next line in every round but the last (K-TURN-2)"),
    ("a claim too many", put(("next_line", 0, 1), 0),
     "the next line holds one king for each king that has played"),
]


@pytest.mark.parametrize(("name", "change", "message"), PROGRESS_CASES,
                         ids=[c[0] for c in PROGRESS_CASES])
def test_K_TURN_1_an_impossible_turn_in_a_snapshot_is_refused_in_words(
        name: str, change: Change, message: str) -> None:
    """K-ROUNDS with K-TURN-1/K-TURN-2: a round of the game, a king on every domino of the
    line, a next line (but in the last round) with a king for each king that has played."""
    data = midgame()
    assert (data["round"], data["cursor"]) == (4, 3)
    GameState.from_dict(copy.deepcopy(data))
    change(data)
    with pytest.raises(StateError) as caught:
        GameState.from_dict(data)
    assert str(caught.value) == message


def test_K_TURN_1_a_played_domino_lies_with_its_kings_owner() -> None:
    """The king moved off a played domino to another seat: the domino is not theirs."""
    data = midgame()
    number, seat = data["line"][0]
    other = (seat + 1) % 4
    assert all(p[0] != number for p in data["kingdoms"][other])
    data["line"][0] = [number, other]
    with pytest.raises(StateError) as caught:
        GameState.from_dict(data)
    assert str(caught.value) == f"domino {number} was not played by its king's owner"


def test_K_PLACE_1_a_snapshot_kingdom_with_a_loose_domino_is_refused() -> None:
    data = midgame()
    number, _, _ = data["kingdoms"][1][0]
    data["kingdoms"][1][0] = [number, "A1", "down"]  # far from the castle
    with pytest.raises(StateError) as caught:
        GameState.from_dict(data)
    assert str(caught.value) == (f"kingdoms[1]: domino {number} cannot lie on A1 down "
                                 "(K-PLACE-1, K-PLACE-2)")


def test_K_DYN_a_finished_game_keeps_three_numbers_per_player() -> None:
    """K-DYN with K-SCORE-4: points, largest property and crowns of each finished game."""
    state = new_game(["A", "B"], 8, variants=("dynasty",))
    while state.game == 0:
        state, _ = apply(state, legal_actions(state)[0])
    data = state.to_dict()
    GameState.from_dict(copy.deepcopy(data))
    data["series"][0][1] = data["series"][0][1][:2]
    with pytest.raises(StateError) as caught:
        GameState.from_dict(data)
    assert str(caught.value) == "each finished game holds [points, largest, crowns] per player"
