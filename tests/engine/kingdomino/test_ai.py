"""Computer players: the random player's shortcut, the greedy player's strength."""

import pytest

from engine.games.geometry import cells_of
from engine.games.rng import Rng
from engine.kingdomino.ai import (
    DEAD_CELL,
    GreedyPlayer,
    Player,
    RandomPlayer,
    best_placement,
    evaluate,
    make_player,
)
from engine.kingdomino.ai.evaluation import NO_PLACE, TOGETHER, placement_values
from engine.kingdomino.dominoes import domino
from engine.kingdomino.game import (
    apply,
    legal_action,
    legal_action_count,
    legal_actions,
    new_game,
    outcome,
)
from engine.kingdomino.kingdom import Kingdom
from engine.kingdomino.notation import parse_kingdom
from engine.kingdomino.rules import GameConfig
from engine.kingdomino.scoring import score_kingdom
from engine.kingdomino.state import GameState, Phase


def states(seed: int, players: int = 4) -> list[GameState]:
    out, state = [], new_game([f"P{i}" for i in range(players)], seed)
    ai = RandomPlayer(seed)
    while state.phase is not Phase.OVER:
        out.append(state)
        state, _ = apply(state, ai.choose(state))
    return out


def test_indexed_legal_actions_match_the_list() -> None:
    for state in states(3, 2)[:40]:
        fresh = state.copy()  # no cached list: exercise the mask walk
        count = legal_action_count(fresh)
        assert [legal_action(fresh, i) for i in range(count)] == legal_actions(state)
        with pytest.raises(IndexError):
            legal_action(state.copy(), count)


def test_the_random_player_is_uniform_over_the_legal_list() -> None:
    for index, state in enumerate(states(5)):
        assert RandomPlayer(index).choose(state) == Rng(index).choice(legal_actions(state))


def play(players: list[Player], seed: int) -> GameState:
    state = new_game([f"P{i}" for i in range(len(players))], seed)
    while state.phase is not Phase.OVER:
        seat = state.active_seat
        assert seat is not None
        action = players[seat].choose(state)
        assert action in legal_actions(state)
        state, _ = apply(state, action)
    return state


def test_greedy_beats_three_random_players() -> None:
    """The published full-greedy player wins 97.7 %; 24 seeded games, rotating seats."""
    wins = 0
    for game in range(24):
        seat = game % 4
        players: list[Player] = [RandomPlayer(game * 4 + s) for s in range(4)]
        players[seat] = GreedyPlayer(game)
        result = outcome(play(players, 700 + game))
        assert result is not None
        wins += seat in result.winners
    assert wins >= 22


def test_greedy_plays_two_player_and_duel_games() -> None:
    for variants in ((), ("mighty-duel",)):
        state = new_game(["A", "B"], 4, variants=variants)
        players = [GreedyPlayer(1), GreedyPlayer(2)]
        while state.phase is not Phase.OVER:
            state, _ = apply(state, players[state.active_seat or 0].choose(state))
        result = outcome(state)
        assert result is not None and min(result.totals) > 0


def test_the_evaluation_counts_cells_lost_for_good() -> None:
    config = GameConfig.make(("A", "B"), 1)
    holed = parse_kingdom("wh wh wh / wh C wh / wh . wh / wh wh wh")  # the hole is shut in
    filled = parse_kingdom("wh wh wh / wh C wh / wh gr wh / wh wh wh")  # same score, edges
    assert evaluate(holed, config) == evaluate(filled, config) - DEAD_CELL


def test_unknown_players_are_refused() -> None:
    assert make_player("greedy", 1).name == "greedy"
    with pytest.raises(ValueError, match="unknown AI"):
        make_player("clairvoyant", 1)


def slow_evaluate(kingdom: Kingdom, config: GameConfig, discarded: int) -> float:
    """The evaluation written out plainly, on the rules' own scoring (the oracle)."""
    stride = kingdom.size * 2
    together = sum((m & (m >> 1)).bit_count() + (m & (m >> stride)).bit_count()
                   for m in kingdom.terrain)
    empty = kingdom.frame & ~kingdom.occupied
    dead = sum(1 for cell in cells_of(empty)
               if not any(kingdom.area.contains(cell + step) and (empty >> (cell + step)) & 1
                          for step in (1, -1, stride, -stride)))
    value = (score_kingdom(kingdom).property_points + TOGETHER * together
             - DEAD_CELL * dead)
    left, top, right, bottom = kingdom.bounds
    centre, half = kingdom.size - 1, kingdom.size // 2
    if config.middle_kingdom and min(left, top) >= centre - half \
            and max(right, bottom) <= centre + half:
        value += 5
    if config.harmony and not discarded and not dead:
        value += 2.5
    return value


@pytest.mark.parametrize("variants", [(), ("harmony", "middle-kingdom")])
def test_the_mask_placement_search_matches_placing_and_scoring(variants: tuple[str, ...]
                                                               ) -> None:
    """Every placement's value equals the oracle's on the kingdom with the domino laid
    (K-SCORE-1…3), and `best_placement` keeps exactly the best of them."""
    checked = 0
    for seed in range(3):
        state = new_game(["A", "B", "C", "D"], seed, variants=variants)
        ai = RandomPlayer(seed)
        while state.phase is not Phase.OVER:
            if state.phase is Phase.PLACE:
                seat = state.active_seat
                assert seat is not None
                kingdom, config = state.kingdoms[seat], state.config
                piece = domino(state.line[state.cursor].domino)
                values = placement_values(kingdom, piece, config, 0)
                assert [(c, d) for _, c, d in values] == kingdom.placements_for(piece)
                for value, cell, direction in values:
                    laid = kingdom.place(piece, cell, direction)
                    assert value == pytest.approx(slow_evaluate(laid, config, 0), abs=1e-9)
                    assert value == evaluate(laid, config)
                    checked += 1
                best, where = best_placement(kingdom, piece, config, 0)
                if values:
                    top = max(v for v, _, _ in values)
                    assert best == top
                    assert list(where) == [(c, d) for v, c, d in values if v == top]
                else:
                    assert where == () and best == evaluate(kingdom, config, 1) - NO_PLACE
            state, _ = apply(state, ai.choose(state))
    assert checked > 1000
