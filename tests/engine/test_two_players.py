"""R-2P-1 … R-2P-3: the two-player game."""

from engine.games.rng import Rng
from engine.moonriver.components import Landscape as L
from engine.moonriver.events import BonusTilePlaced, ParcelsRemoved, TurnStarted
from engine.moonriver.game import apply, legal_actions
from engine.moonriver.state import Phase
from tests.helpers import Spec, act, build_turn, legal_texts, set_ranch, set_saloon, start_game

TALL_DESERT = ("fo . . . . / de . . . . / de . . . . / de . . . . / de . . . . / "
               "de . . . . / de . . . . / de . . . . / de . . . . / de . . . .")


def test_R_2P_1_ten_rows_all_parcels_and_24_rounds() -> None:
    state = start_game(2, seed=3)
    assert state.config.height == 10 and len(state.players[0].cells) == 50
    rng = Rng(9)
    turns = {0: 0, 1: 0}
    removed: list[int] = []
    while state.phase is not Phase.OVER:
        state, events = apply(state, rng.choice(legal_actions(state)))
        for e in events:
            if isinstance(e, TurnStarted):
                turns[e.seat] += 1
                assert e.round <= 24
            if isinstance(e, ParcelsRemoved):  # never "unchosen": every parcel is taken
                assert e.reason in ("nothing_fits", "left_over")
                removed += e.parcels
    assert turns[0] + turns[1] == 96 - 1  # the very first turn started during setup
    assert sorted(removed) == sorted(state.removed)
    placed = [c for p in state.players for c in p.cells if c > 0]
    assert sorted(placed + removed) == list(range(1, 97))  # all 96 were in play


def test_R_2P_3_the_first_to_reach_row_10_places_a_bonus_tile_then_recruits() -> None:
    state = start_game(2, seed=3)
    set_ranch(state, 0, TALL_DESERT.replace("fo . . . . / ", ". . . . . / "))
    set_saloon(state, "farmer")
    state, (desert, canyon) = build_turn(state, 0, [Spec(L.DESERT), Spec(L.CANYON)])
    state, _ = act(state, f"build p{desert} p{canyon} B9 up")  # canyon reaches B10
    assert state.phase is Phase.BONUS
    options = legal_texts(state)
    assert "bonus 2 canyon A10" in options and "bonus 2 canyon C10" in options
    assert "bonus 1 meadow A10" not in options  # no meadow next to A10, no bridge there
    assert "bonus 1 meadow C1" in options  # a free bridge cell takes any landscape
    state, events = act(state, "bonus 2 canyon C10")
    assert any(isinstance(e, BonusTilePlaced) for e in events)
    assert state.phase is Phase.RECRUIT  # the tile's circle recruits (R-SYM-3)
    state, _ = act(state, "recruit farmer")
    assert state.players[0].partners[47] is not None
    assert state.bonus_tiles == [1]


def test_R_2P_3_the_other_player_gets_the_other_tile() -> None:
    state = start_game(2, seed=3)
    set_ranch(state, 1, TALL_DESERT.replace("fo . . . . / ", ". . . . . / "))
    state.bonus_tiles = [1]  # the first player already took tile 2
    set_saloon(state, "farmer")
    state, (desert, forest) = build_turn(state, 1, [Spec(L.DESERT), Spec(L.FOREST)])
    state, _ = act(state, f"build p{desert} p{forest} B9 up")
    assert state.phase is Phase.BONUS
    assert all(t.startswith("bonus 1 ") for t in legal_texts(state))
