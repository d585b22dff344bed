"""A malformed or impossible Moonlight snapshot is refused with words that say what is wrong.

Snapshots come back from the database and from files people edit; the refusal is the only
help they get, so each message is pinned whole, and each case changes one thing of a
snapshot the engine wrote (which loads untouched): M-COMP-1 and M-NEXT-1 (cards
conserved), M-SETUP-1/M-TURN-1 (hands), M-PLACE-1…3 (the area), M-SCORE-4, M-WIN, M-NEXT-2
and M-SETUP-2 (rounds, wins and Alpha Powers), M-END-1 (the last turn).
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from engine.games.errors import StateError
from engine.moonlight.ai import RandomPlayer
from engine.moonlight.game import apply, new_game
from engine.moonlight.state import GameState, Phase

Change = Callable[[dict[str, Any]], Any]

#: the snapshots changed below: (seed, phase, round, first turn), reached by random play
BASES = {
    "play": (7, Phase.PLAY, 1, 6),  # round 1, five cards on the area, seat 0 to move
    "power": (0, Phase.POWER, 1, 0),  # seat 1 won round 1 on a full 4×3 area; seat 0 chooses
    "play2": (0, Phase.PLAY, 2, 0),  # round 2 begins; seat 0 holds howl, seat 1 the Lone Wolf
}


def snapshot(base: str) -> dict[str, Any]:
    seed, phase, round_, turn = BASES[base]
    state = new_game(["Ann", "Bo"], seed)
    players = [RandomPlayer(seed), RandomPlayer(seed + 1)]
    while not (state.phase is phase and state.round == round_ and state.turn >= turn):
        state, _ = apply(state, players[state.active].choose(state))
    return state.to_dict()


def upd(**fields: Any) -> Change:
    return lambda data: data.update(fields)


def move(source: str, target: str) -> Change:
    def change(data: dict[str, Any]) -> None:
        data["area"][target] = data["area"].pop(source)
    return change


def hand_to_deck(seat: int) -> Change:
    def change(data: dict[str, Any]) -> None:
        data["decks"][seat].append(data["hands"][seat].pop())
    return change


def hand_to_cell(seat: int, cell: str, colour: str) -> Change:
    def change(data: dict[str, Any]) -> None:
        data["area"][cell] = [colour + data["hands"][seat].pop()]
    return change


def all_placed(data: dict[str, Any]) -> None:
    """Seat 0's eleven cards all on the area (B3–E5 but E5), seat 1's back in its deck."""
    cards = sorted(data["hands"][0] + data["decks"][0]
                   + [stack[0][1:] for stack in data["area"].values() if stack[0][0] == "g"])
    blue = [stack[0][1:] for stack in data["area"].values() if stack[0][0] == "b"]
    cells = [f"{column}{row}" for row in (3, 4, 5) for column in "BCDE"][:11]
    data["area"] = {cell: ["g" + card] for cell, card in zip(cells, cards, strict=True)}
    data["hands"][0], data["decks"][0] = [], []
    data["decks"][1] += blue


def lone_wolf(seat: int, held: bool) -> Change:
    """The flag and the card (value 6) together, so the cards stay conserved (M-NEXT-1)."""
    def change(data: dict[str, Any]) -> None:
        data["lone_wolf"][seat] = held
        if held:
            data["decks"][seat].append("6")
        else:
            data["decks"][seat].remove("6")
    return change


#: each field of a snapshot, malformed, named in its refusal
FIELD_CASES: list[tuple[str, str, Change, str]] = [
    *[("play", f"{name} text", upd(**{name: "x"}), f"{name} must be a whole number, found 'x'")
      for name in ("round", "deal", "start_seat", "active", "turn")],
    *[("play", f"{name} of 3", upd(**{name: [[], [], []]}), f"{name} must be a list of 2")
      for name in ("players", "hands", "decks", "wins", "lone_wolf", "powers", "used")],
    *[("play", f"{name} of 1", upd(**{name: [[]]}), f"{name} must be a list of 2")
      for name in ("hands", "decks", "wins", "lone_wolf", "powers", "used")],
    *[("play", f"{name} entry", upd(**{name: [[3], []]}), f"{name} must be text, found 3")
      for name in ("hands", "decks", "powers", "used")],
    *[("play", f"{name} inner list", upd(**{name: [[], 3]}), f"{name} must be a list")
      for name in ("hands", "decks", "powers", "used")],
    ("play", "wins text", upd(wins=["0", 0]), "wins must be a whole number, found '0'"),
    ("play", "last turn text", upd(last_turn="yes"),
     "last_turn must be true or false, found 'yes'"),
    ("play", "lone wolf of seat 1", upd(lone_wolf=[False, None]),
     "lone_wolf must be true or false, found None"),
]

CASES: list[tuple[str, str, Change, str]] = [*FIELD_CASES,
    ("play", "format", upd(format="x"),
     "not a moonlight-state/1 document"),
    ("play", "area list", upd(area=[]),
     "area must be an object: cell -> cards, bottom first"),
    ("play", "seed text", upd(seed="7"),
     "seed must be a whole number, found '7'"),
    ("play", "seed bool", upd(seed=True),
     "seed must be a whole number, found True"),
    ("play", "lone wolf int", upd(lone_wolf=[0, False]),
     "lone_wolf must be true or false, found 0"),
    ("play", "players 3", upd(players=["A", "B", "C"]),
     "players must be a list of 2"),
    ("play", "rounds dict", upd(rounds={}),
     "rounds must be a list"),
    ("play", "hand not a list", lambda d: d["hands"].__setitem__(0, "1 3 4"),
     "hands must be a list"),
    ("play", "card number", lambda d: d["hands"][0].__setitem__(0, 3),
     "hands must be text, found 3"),
    ("play", "deck not a list", lambda d: d["decks"].__setitem__(1, None),
     "decks must be a list"),
    ("play", "cell number", lambda d: d["area"].update({4: ["g3"]}),
     "area must be text, found 4"),
    ("play", "area card number", lambda d: d["area"].update(D4=[3]),
     "area must be text, found 3"),
    ("play", "area cards not a list", lambda d: d["area"].update(D4="b3"),
     "area D4 must be a list"),
    ("play", "round winner text", upd(rounds=["1"]),
     "rounds must be a whole number, found '1'"),
    ("play", "player number", upd(players=["A", 3]),
     "players must be text, found 3"),
    ("play", "card code", lambda d: d["hands"][0].__setitem__(0, "3x"),
     "invalid state: '3x' is not a card: a value and an optional m, e.g. 4m"),
    ("play", "missing", lambda d: d.pop("area"),
     "invalid state: KeyError: 'area'"),
    ("play", "bad cell", lambda d: d["area"].update(Z9=["g3"]),
     "invalid state: 'Z9' is not a cell: a column A–G and a row 1–7, e.g. D4"),
    ("play", "same names", upd(players=["A", "A"]),
     "Moonlight is for 2 players with different names"),
    ("play", "negative seed", upd(seed=-1),
     "the seed is a whole number >= 0"),
    ("play", "start seat", upd(start_seat=2),
     "seats are 0 and 1"),
    ("play", "active", upd(active=-1),
     "seats are 0 and 1"),
    ("play", "card from nowhere", lambda d: d["decks"][1].append("3"),
     "seat 1's cards are not conserved: each of its cards must be in exactly one place "
     "(M-COMP-1, M-NEXT-1)"),
    ("play", "short hand", hand_to_deck(0),
     "seat 0 must hold 3 cards while the deck lasts (M-SETUP-1, M-TURN-1)"),
    ("play", "no D4", move("D4", "D3"),
     "the first card of a round lies on D4 (M-PLACE-1)"),
    ("power", "thirteen cells", hand_to_cell(0, "A4", "g"),
     "an area has 12 cells at most (M-END-1)"),
    ("play", "too tall", move("E5", "D3"),
     "the area must fit 3×4 or 4×3 (M-PLACE-2)"),
    ("power", "too wide", move("E5", "A5"),
     "the area must fit 3×4 or 4×3 (M-PLACE-2)"),
    ("play", "empty stack", lambda d: d["area"].update(C4=[]),
     "C4 holds no card"),
    ("play", "apart", move("E5", "F4"),
     "the area's cards do not hang together (M-PLACE-2)"),
    ("power", "cover too high", lambda d: d["area"].update(D3=["g3", "b5"], D4=["b4"]),
     "D3: b5 cannot cover g3 (M-PLACE-3)"),
    ("power", "own card covered", lambda d: d["area"].update(D3=["b4", "b5"], D4=["g3"]),
     "D3: b5 cannot cover b4 (M-PLACE-3)"),
    ("power", "winner 2", upd(rounds=[2]),
     "a round's winner is seat 0 or 1"),
    ("power", "wins", upd(wins=[1, 1]),
     "the wins do not match the rounds' winners"),
    ("power", "over yet choosing", upd(rounds=[1, 1], wins=[0, 2], round=2, deal=2),
     "the game ends exactly when a player has won two rounds (M-WIN)"),
    ("power", "three wins", upd(rounds=[1, 1, 1], wins=[0, 3], round=3, deal=3, phase="over"),
     "the game ends exactly when a player has won two rounds (M-WIN)"),
    ("play", "round 2", upd(round=2),
     "round 2 does not follow 0 decided rounds"),
    ("power", "round 0", upd(rounds=[None], wins=[0, 0], round=0),
     "round 0 does not follow 0 decided rounds"),
    ("play", "deal 2", upd(deal=2),
     "deal 2 does not follow 0 dealt rounds"),
    ("power", "replayed", upd(rounds=[1, None], deal=2),
     "a replayed round is dealt again at once (M-SCORE-4)"),
    ("play2", "unknown power", upd(powers=[["wolf"], []]),
     "each Alpha Power exists and is chosen once at most (M-NEXT-2)"),
    ("play2", "power twice", upd(powers=[["howl"], ["howl"]]),
     "each Alpha Power exists and is chosen once at most (M-NEXT-2)"),
    ("play2", "no power", upd(powers=[[], []]),
     "each decided round but the last gave its loser an Alpha Power"),
    ("play2", "winner holds", upd(powers=[[], ["howl"]]),
     "seat 1 holds more Alpha Powers than rounds lost"),
    ("play2", "used not held", upd(used=[["ambush"], []]),
     "only a held once-a-round power can be used (M-NEXT-2)"),
    ("play2", "ongoing used", upd(powers=[["full-moon"], []], used=[["full-moon"], []]),
     "only a held once-a-round power can be used (M-NEXT-2)"),
    ("play2", "used twice", upd(used=[["howl", "howl"], []]),
     "only a held once-a-round power can be used (M-NEXT-2)"),
    ("play2", "lone wolf lost", lone_wolf(1, False),
     "seat 1 has the Lone Wolf exactly once it won a round the game went on after (M-NEXT-1)"),
    ("play", "lone wolf unearned", lone_wolf(0, True),
     "seat 0 has the Lone Wolf exactly once it won a round the game went on after (M-NEXT-1)"),
    ("power", "winner chooses", upd(active=1),
     "the round's loser chooses the Alpha Power (M-NEXT-2)"),
    ("play", "howl not held", upd(phase="howl"),
     "only a player with howl ready places an extra card"),
    ("play2", "howl used", upd(phase="howl", used=[["howl"], []]),
     "only a player with howl ready places an extra card"),
    ("play", "no card to place", all_placed, "the player to move has a card to place (M-END-1)"),
    ("play", "last turn of the starter", lambda d: d.update(last_turn=True, active=d["start_seat"]),
     "the last turn is the other player's (M-END-1)"),
    ("play2", "winner starts", upd(start_seat=1),
     "the loser of the previous round starts (M-SETUP-2)"),
    ("power", "last turn", upd(last_turn=True),
     "a last turn belongs to a round being played"),
]


@pytest.mark.parametrize(("base", "name", "change", "message"), CASES,
                         ids=[case[1] for case in CASES])
def test_an_impossible_snapshot_is_refused_in_words(base: str, name: str, change: Change,
                                                    message: str) -> None:
    data = snapshot(base)
    GameState.from_dict(copy.deepcopy(data))  # the untouched snapshot loads
    change(data)
    with pytest.raises(StateError) as caught:
        GameState.from_dict(data)
    assert str(caught.value) == message


def test_M_PLACE_3_ambush_allows_an_equal_card_not_any_card() -> None:
    """A seat holding ambush (M-COMP-4) may cover with an equal value, but still not with
    a value two or more above: such a cover in a snapshot is refused."""
    for seed in range(40):
        state = new_game(["Ann", "Bo"], seed)
        players = [RandomPlayer(seed), RandomPlayer(seed + 1)]
        while state.phase is not Phase.OVER:
            found = _ambush_cover(state.to_dict())
            if found is not None:
                data, cell, top, below = found
                with pytest.raises(StateError) as caught:
                    GameState.from_dict(data)
                assert str(caught.value) == f"{cell}: {top} cannot cover {below} (M-PLACE-3)"
                return
            state, _ = apply(state, players[state.active].choose(state))
    raise AssertionError("no seeded game gave a seat ambush, a deck card and a cover")


def _ambush_cover(data: dict[str, Any]) -> tuple[dict[str, Any], str, str, str] | None:
    if data["phase"] != "play":
        return None
    for seat, colour in ((0, "g"), (1, "b")):
        if "ambush" not in data["powers"][seat]:
            continue
        for cell, stack in data["area"].items():
            below = stack[-1]
            if below[0] == colour:
                continue
            low = int(below[1])
            for code in data["decks"][seat]:
                if int(code[0]) >= low + 2:
                    GameState.from_dict(copy.deepcopy(data))
                    data["decks"][seat].remove(code)
                    stack.append(colour + code)
                    return data, cell, colour + code, below
    return None
