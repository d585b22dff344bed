"""Moonlight's computer players: legal, deterministic, by name and level; the strong
player's sampled worlds keep what it can see; greedy beats random."""

from __future__ import annotations

import ast
from collections import Counter
from pathlib import Path

import pytest

from engine.games.levels import AI_LEVELS
from engine.games.rng import Rng
from engine.moonlight.ai import (
    GreedyPlayer,
    RandomPlayer,
    StrongPlayer,
    determinise,
    make_player,
)
from engine.moonlight.ai.strong import unplaced
from engine.moonlight.game import apply, legal_actions, new_game, outcome
from engine.moonlight.state import GameState, Phase
from engine.moonlight.view import player_view

ENGINE = Path(__file__).resolve().parents[3] / "engine" / "moonlight"
FORBIDDEN = {"discord", "PIL", "sqlite3", "aiosqlite", "asyncio", "time", "random", "socket",
             "os", "subprocess", "threading", "urllib", "http", "render", "bot"}


def test_the_engine_imports_only_the_standard_library_and_engine_games() -> None:
    for path in ENGINE.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in tree.body:  # module level: no clock, no randomness, no I/O
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module] if isinstance(node, ast.ImportFrom) and node.module else []
            for name in names:
                assert name.split(".")[0] not in FORBIDDEN, f"{path.name}: {name}"
        for node in ast.walk(tree):  # anywhere: no other game
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module] if isinstance(node, ast.ImportFrom) and node.module else []
            for name in names:
                if name.startswith("engine."):
                    assert name.split(".")[1] in ("games", "moonlight"), f"{path.name}: {name}"


def play(players: list[object], seed: int) -> GameState:
    state = new_game(["Ann", "Bo"], seed)
    while state.phase is not Phase.OVER:
        action = players[state.active].choose(state)  # type: ignore[attr-defined]
        assert action in legal_actions(state)
        state, _ = apply(state, action)
    return state


def test_levels_map_to_the_three_players() -> None:
    assert AI_LEVELS == {"easy": "random", "normal": "greedy", "hard": "strong"}
    assert isinstance(make_player("easy", 1), RandomPlayer)
    assert isinstance(make_player("normal", 1), GreedyPlayer)
    assert isinstance(make_player("hard", 1, iterations=2), StrongPlayer)
    with pytest.raises(ValueError, match="unknown AI"):
        make_player("genius", 1)


def test_every_player_chooses_legally_and_deterministically() -> None:
    for seed in range(3):
        one = play([make_player("strong", seed, iterations=2), GreedyPlayer(seed)], seed)
        two = play([make_player("strong", seed, iterations=2), GreedyPlayer(seed)], seed)
        assert one == two
        play([RandomPlayer(seed), GreedyPlayer(seed + 1)], seed + 10)


def test_greedy_beats_random_in_most_games() -> None:
    wins = 0
    for game in range(60):
        seat = game % 2
        players: list[object] = [RandomPlayer(game * 2), RandomPlayer(game * 2 + 1)]
        players[seat] = GreedyPlayer(game)
        result = outcome(play(players, 700 + game))
        assert result is not None
        wins += seat in result.winners
    assert wins >= 51  # 85 %


def test_a_sampled_world_keeps_everything_its_seat_sees() -> None:
    rng = Rng(3)
    for seed in range(20):
        state = new_game(["Ann", "Bo"], seed)
        for _ in range(seed % 9):
            options = legal_actions(state)
            state, _ = apply(state, options[rng.below(len(options))])
        seat = state.active
        for _ in range(5):
            world = determinise(state, seat, rng)
            assert player_view(world, seat) == player_view(state, seat)
            other = 1 - seat
            assert Counter(world.hands[other] + world.decks[other]) == \
                Counter(unplaced(state, other))
            assert world.seed != state.seed  # later deals are unknown too


def test_the_strong_player_spends_its_budget_on_candidates() -> None:
    state = new_game(["Ann", "Bo"], 2)
    player = StrongPlayer(1, iterations=3)
    action = player.choose(state)
    assert action in legal_actions(state)
    assert player.last_simulations > 0 or len(legal_actions(state)) == 1
