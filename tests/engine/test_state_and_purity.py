"""Serialisation that refuses impossible positions, and an engine free of I/O imports."""

import ast
import copy
import json
from pathlib import Path

import pytest

from engine.games.errors import StateError
from engine.games.rng import Rng
from engine.moonriver.game import apply, legal_actions
from engine.moonriver.scoring import apply_overpopulation, score_ranch
from engine.moonriver.state import GameState, Phase
from engine.moonriver.view import public_view, ranch_grid
from tests.helpers import start_game

ENGINE = Path(__file__).resolve().parents[2] / "engine"
FORBIDDEN = {"discord", "PIL", "sqlite3", "aiosqlite", "asyncio", "time", "random", "socket",
             "os", "subprocess", "threading", "urllib", "http", "render", "bot"}


def test_engine_imports_no_io_modules() -> None:
    for path in ENGINE.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            for name in names:
                assert name.split(".")[0] not in FORBIDDEN, f"{path.name} imports {name}"


def mid_game(players: int = 4) -> GameState:
    state = start_game(players, seed=42)
    rng = Rng(1)
    while state.round < 15:
        state, _ = apply(state, rng.choice(legal_actions(state)))
    return state


def test_to_dict_is_json_and_round_trips() -> None:
    state = mid_game()
    text = json.dumps(state.to_dict())
    again = GameState.from_dict(json.loads(text))
    assert again == state
    assert legal_actions(again) == legal_actions(state)


@pytest.mark.parametrize("corrupt", [
    lambda d: d.update(format="moonriver-state/0"),
    lambda d: d["pile"].append(d["pile"][0]),                 # a parcel twice
    lambda d: d["pile"].pop(),                                # a parcel lost
    lambda d: d.update(cow_supply=d["cow_supply"] + 1),       # a cow from nowhere
    lambda d: d["stack"].pop(),                               # a partner chip lost
    lambda d: d["players"][0]["cells"].pop(),                 # ranch of the wrong size
    lambda d: d["players"][0]["cows"].__setitem__(24, 1),     # a cow on an empty cell
    lambda d: d.update(phase="dancing"),
    lambda d: d.update(turn=None),                            # phase without a turn
    lambda d: d["config"].update(players=["solo"]),
    lambda d: d["players"][1].update(board="spaceship"),
    lambda d: d.update(pile="not a list"),
    lambda d: d.pop("saloon"),
])
def test_from_dict_refuses_impossible_positions(corrupt) -> None:
    data = copy.deepcopy(mid_game().to_dict())
    corrupt(data)
    with pytest.raises(StateError):
        GameState.from_dict(data)


def test_from_dict_refuses_non_documents() -> None:
    for bad in (None, [], "state", 3, {"format": "moonriver-state/1"}):
        with pytest.raises(StateError):
            GameState.from_dict(bad)


def test_public_view_hides_the_pile_and_the_stack() -> None:
    state = mid_game()
    view = public_view(state)
    assert view.pile_size == len(state.pile) and view.stack_size == len(state.stack)
    assert not hasattr(view, "pile") and not hasattr(view, "stack")
    text = repr(view)
    assert "pile=[" not in text and "stack=[" not in text
    assert view.active_seat == state.active_seat
    # each player's score as if the game ended now: after overpopulation (R-END-3)
    expected = [score_ranch(apply_overpopulation(ranch_grid(state, seat))[0]).total
                for seat in range(len(state.players))]
    assert [p.score.total for p in view.players] == expected and max(expected) > 0


def test_state_of_a_finished_game_round_trips() -> None:
    state = start_game(3, seed=5)
    rng = Rng(2)
    while state.phase is not Phase.OVER:
        state, _ = apply(state, rng.choice(legal_actions(state)))
    assert GameState.from_dict(state.to_dict()) == state
    assert public_view(state).winners
