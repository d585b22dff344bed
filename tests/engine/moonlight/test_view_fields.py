"""What a Moonlight view holds, field by field, and how a view read back from plain data
is checked (pictures get a view as plain data; a wrong one is refused in words).

The fields are compared with the state they come from at every decision of seeded games
(M-SETUP-1: a seat sees its own hand and counts of the rest; M-TURN-1: the choices of the
seat to move; M-WIN: the winner once the game is over).
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from engine.games.errors import StateError
from engine.moonlight.ai import RandomPlayer
from engine.moonlight.area import CELL_NAMES, format_area, top_code
from engine.moonlight.cards import card_code
from engine.moonlight.game import apply, legal_actions, new_game, outcome
from engine.moonlight.scoring import score_area
from engine.moonlight.state import GameState, Phase
from engine.moonlight.view import MoonlightView, player_view, public_view


def check_view(state: GameState, seat: int | None) -> None:
    view = player_view(state, seat)
    assert (view.seat, view.players, view.phase, view.round) == (
        seat, state.players, state.phase, state.round)
    assert (view.wins, view.rounds, view.start_seat, view.last_turn) == (
        tuple(state.wins), tuple(state.rounds), state.start_seat, state.last_turn)
    over = state.phase is Phase.OVER
    assert view.active_seat == (None if over else state.active)
    assert [(c.cell, c.cards) for c in view.area] == [
        (CELL_NAMES[cell], tuple(top_code(code) for code in stack))
        for cell, stack in sorted(state.stacks.items())]
    tops = {cell: stack[-1] for cell, stack in state.stacks.items()}
    assert view.area_text == format_area(tops)
    assert view.score == score_area(tops, state.powers)
    assert view.hand == (None if seat is None else
                         tuple(card_code(c) for c in state.hands[seat]))
    assert view.hand_sizes == (len(state.hands[0]), len(state.hands[1]))
    assert view.deck_sizes == (len(state.decks[0]), len(state.decks[1]))
    assert view.lone_wolf == tuple(state.lone_wolf)
    assert view.powers == tuple(state.powers) and view.used == tuple(state.used)
    to_move = seat is not None and seat == view.active_seat
    assert view.choices == (tuple(str(a) for a in legal_actions(state)) if to_move else ())
    result = outcome(state)
    assert view.winners == (result.winners if result is not None else ())
    assert MoonlightView.from_dict(view.to_dict()) == view


@pytest.mark.parametrize("seed", [3, 11])
def test_M_SETUP_1_the_view_shows_every_field_at_every_decision(seed: int) -> None:
    state = new_game(["Ann", "Bo"], seed)
    players = [RandomPlayer(seed), RandomPlayer(seed + 1)]
    seen = set()
    while True:
        for seat in (None, 0, 1):
            check_view(state, seat)
        seen.add(state.phase)
        if state.phase is Phase.OVER:
            break
        state, _ = apply(state, players[state.active].choose(state))
    assert seen >= {Phase.PLAY, Phase.POWER, Phase.OVER}
    assert public_view(state) == player_view(state, None)


def test_a_view_is_for_seat_0_1_or_the_public() -> None:
    state = new_game(["Ann", "Bo"], 1)
    for seat in (2, -1):
        with pytest.raises(ValueError) as caught:
            player_view(state, seat)
        assert str(caught.value) == f"seat must be 0, 1 or None, not {seat}"


def mid_round() -> dict[str, Any]:
    """Seat 0's view in round 1: five cards on D4, D5, E5, D6, D7; seat 0 to move."""
    state = new_game(["Ann", "Bo"], 7)
    players = [RandomPlayer(7), RandomPlayer(8)]
    while state.turn < 6:
        state, _ = apply(state, players[state.active].choose(state))
    data = player_view(state, 0).to_dict()
    assert sorted(data["area"]) == ["D4", "D5", "D6", "D7", "E5"] and data["active_seat"] == 0
    return data


Change = Callable[[dict[str, Any]], Any]
KEYS = ("active_seat, area, area_text, choices, deck_sizes, hand, hand_sizes, last_turn, "
        "lone_wolf, phase, players, powers, round, rounds, score, seat, start_seat, used, "
        "winners, wins")
POWERS = "full-moon, pack-leader, ambush, den, howl"


def area(**cells: list[str]) -> Change:
    return lambda data: {**data, "area": {**data["area"], **cells}}


def put(**fields: Any) -> Change:
    return lambda data: {**data, **fields}


CASES: list[tuple[str, Change, str]] = [
    ("not a dict", lambda data: [], f"expected exactly the keys {KEYS}"),
    ("a key missing", lambda data: {k: v for k, v in data.items() if k != "used"},
     f"expected exactly the keys {KEYS}"),
    ("a key too many", put(decks=[]), f"expected exactly the keys {KEYS}"),
    ("seat 2", put(seat=2), "seat must be a whole number 0–1, found 2"),
    ("seat true", put(seat=True), "seat must be a whole number 0–1, found True"),
    ("one player", put(players=["Ann"]), "players must name 2 players"),
    ("players text", put(players="Ann"), "players must be a list of texts"),
    ("rounds", put(rounds={}), "rounds must be a list"),
    ("area list", put(area=[]), "area must map cells to their cards"),
    ("area cell", area(Z9=["g3"]), "'Z9' is not a cell (A1–G7)"),
    ("area empty", area(C4=[]), "area C4 holds no card"),
    ("area owner", area(D4=["B3"]),
     "'B3': a cell is '.' or an owner (g or b) and a card, e.g. g3 or b4m"),
    ("area card", area(D4=["b9"]), "'b9': there is no card '9' (cards: 1, 2m, 3, 4, 4m, 5, 6)"),
    ("area digit", area(D4=["b\u0663"]),
     "area D4: write the cards as owner, value and an optional m, e.g. g4m"),
    ("area not a list", area(D4="b3"), "area D4 must be a list of texts"),
    ("unknown cell first", lambda data: {**data, "area": {"A1": [], "Z9": ["g3"]}},
     "'Z9' is not a cell (A1–G7)"),
    ("area tall", area(D3=["b3"], D2=["b3"]),
     "the area must fit 3×4 or 4×3 and hang together (M-PLACE-2)"),
    ("area apart", area(F7=["b3"]),
     "the area must fit 3×4 or 4×3 and hang together (M-PLACE-2)"),
    ("area wide", area(A4=["b3"], B4=["b3"], C4=["b3"]),
     "the area must fit 3×4 or 4×3 and hang together (M-PLACE-2)"),
    ("powers unknown", put(powers=[["fly"], []]),
     f"powers: an unknown Alpha Power (known: {POWERS})"),
    ("powers one", put(powers=[[]]), "powers must be a list of 2"),
    ("powers of seat 0", put(powers=[3, []]), "powers must be a list of texts"),
    ("powers of seat 1", put(powers=[[], 3]), "powers must be a list of texts"),
    ("hand texts", put(hand=[3]), "hand must be a list of texts"),
    ("used unknown", put(used=[[], ["fly"]]), f"used: an unknown Alpha Power (known: {POWERS})"),
    ("area_text", put(area_text="g3"), "area_text is not the area's notation"),
    ("score", put(score={}), "score is not the area's score"),
    ("hand card", put(hand=["3x"]), "'3x' is not a card: a value and an optional m, e.g. 4m"),
    ("hand none", put(hand=None), "a seat's view holds its hand, the public one none"),
    ("public hand", put(seat=None), "a seat's view holds its hand, the public one none"),
    ("phase", put(phase="dance"), "ValueError: 'dance' is not a valid Phase"),
    ("last_turn", put(last_turn=1), "last_turn must be true or false"),
    ("winners list", put(winners=0), "winners must be a list"),
    ("lone_wolf", put(lone_wolf=[0, False]), "lone_wolf must be a list of 2 true or false"),
    ("lone_wolf 3", put(lone_wolf=[False] * 3), "lone_wolf must be a list of 2 true or false"),
    ("round 0", put(round=0), "round must be a whole number 1–99, found 0"),
    ("round 100", put(round=100), "round must be a whole number 1–99, found 100"),
    ("wins one", put(wins=[0]), "wins must be a list of 2"),
    ("wins -1", put(wins=[0, -1]), "wins must be a whole number 0–99, found -1"),
    ("wins text", put(wins=["0", 0]), "wins must be a whole number 0–99, found '0'"),
    ("rounds 2", put(rounds=[2]), "rounds must be a whole number 0–1, found 2"),
    ("start_seat", put(start_seat=2), "start_seat must be a whole number 0–1, found 2"),
    ("active_seat", put(active_seat=-1), "active_seat must be a whole number 0–1, found -1"),
    ("hand_sizes", put(hand_sizes=[3, "3"]), "hand_sizes must be a whole number 0–99, found '3'"),
    ("deck_sizes", put(deck_sizes=[3, 3, 3]), "deck_sizes must be a list of 2"),
    ("choices", put(choices=[1]), "choices must be a list of texts"),
    ("winners 2", put(winners=[2]), "winners must be a whole number 0–1, found 2"),
]


@pytest.mark.parametrize(("name", "change", "message"), CASES, ids=[c[0] for c in CASES])
def test_M_PLACE_2_a_wrong_view_is_refused_in_words(name: str, change: Change,
                                                    message: str) -> None:
    data = mid_round()
    MoonlightView.from_dict(copy.deepcopy(data))  # the untouched view reads back
    with pytest.raises(StateError) as caught:
        MoonlightView.from_dict(change(data))
    assert str(caught.value) == f"invalid view: {message}"


def test_a_views_area_reads_back_in_cell_order() -> None:
    """Plain data may list the cells in any order; the view holds them A1 … G7."""
    data = mid_round()
    shuffled = {**data, "area": dict(reversed(list(data["area"].items())))}
    assert list(shuffled["area"]) != list(data["area"])
    assert MoonlightView.from_dict(shuffled) == MoonlightView.from_dict(data)


def test_the_edges_of_a_views_numbers_read_back() -> None:
    """The ranges are inclusive: round 99, 99 cards, seat 1, a replayed round (None)."""
    data = mid_round()
    edges = {**data, "round": 99, "hand_sizes": [99, 0], "deck_sizes": [0, 99],
             "rounds": [None, 1, 0], "start_seat": 1, "active_seat": 1, "winners": [1]}
    view = MoonlightView.from_dict(edges)
    assert (view.round, view.hand_sizes, view.deck_sizes, view.rounds) == (
        99, (99, 0), (0, 99), (None, 1, 0))
    assert (view.start_seat, view.active_seat, view.winners) == (1, 1, (1,))
    public = MoonlightView.from_dict({**data, "seat": None, "hand": None, "active_seat": None})
    assert (public.seat, public.hand, public.active_seat) == (None, None, None)
