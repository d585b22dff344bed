"""Scoring through `engine.moonriver.view` (the table's ranch grid and score sheet): the side a
partner chip shows (R-SYM-3, R-PART-5, R-SCORE-3) and cows standing on the two-player
bonus tile (R-2P-3, R-SCORE-1).

Every score players see — the live sheet, the final standings and the winners — comes
from `ranch_grid`, so these positions go through it rather than through `parse_ranch`.
"""

from engine.moonriver.components import Landscape as L
from engine.moonriver.state import Phase, validate_state
from engine.moonriver.view import public_view, ranch_grid
from tests.helpers import Spec, act, build_turn, cell, set_ranch, set_saloon, start_game

EMPTY_ROWS = ". . . . . / . . . . . / . . . . . / . . . . . / "


def test_R_SCORE_3_a_chip_on_its_cowboy_face_scores_nothing() -> None:
    """R-SYM-3 / R-PART-5 / R-SCORE-3: a Farmer chip laid cowboy side up is a cowboy and
    earns no cob points; the same kind of chip on its Farmer side earns one per cob."""
    state = start_game(3)
    set_ranch(state, 0, EMPTY_ROWS + "co4!cowboy co2!farmer . . .")
    validate_state(state)
    chips = state.components.partners
    on_cowboy_face = state.players[0].partners[cell("A1")]
    assert on_cowboy_face is not None
    assert chips[on_cowboy_face[0] - 1] == "farmer" and on_cowboy_face[1] == "cowboy"

    sheet = public_view(state).players[0].score
    assert sheet.total == 6 + 6  # six cobs, and the one Farmer's six
    assert [(p.face, p.points) for p in sheet.partners] == [("cowboy", 0), ("farmer", 6)]
    grid = ranch_grid(state, 0)
    assert [c.partner for c in grid.cells[:2] if c is not None] == ["cowboy", "farmer"]


def test_R_2P_3_cows_on_the_bonus_tile_score_with_its_territory() -> None:
    """R-2P-3 / R-SCORE-1: the bonus tile is a parcel of its landscape; a cow the cowboy
    brings onto it counts for its territory (canyon B10 + tile C10: 2 parcels × 1 cow)."""
    state = start_game(2, seed=3)
    # column A from row 9 down: a forest with a cow, 3 meadows, 5 farms (no resources)
    column = " / ".join(["fo+ . . . ."] + ["me . . . ."] * 3 + ["fa . . . ."] * 5)
    set_ranch(state, 0, ". . . . . / " + column)
    set_saloon(state, "farmer")
    state, (forest, canyon) = build_turn(
        state, 0, [Spec(L.FOREST, resources=0), Spec(L.CANYON, resources=0)])
    state, _ = act(state, f"build p{forest} p{canyon} B9 up")  # canyon reaches B10
    assert state.phase is Phase.BONUS
    state, _ = act(state, "bonus 2 canyon C10", "recruit farmer as cowboy",
                   "move A9 B9", "move B9 B10", "move B10 C10")
    validate_state(state)
    tile = cell("C10")
    assert state.players[0].cells[tile] < 0  # the bonus tile, not a parcel
    assert state.players[0].cows[tile] == 1

    sheet = public_view(state).players[0].score
    assert sheet.total == 2  # the forest kept no cow; no resources; a cowboy scores 0
    canyon_land = [t for t in sheet.territories if t.landscape is L.CANYON]
    assert [(t.size, t.cows, t.points) for t in canyon_land] == [(2, 1, 2)]
    assert sheet.cows == 1
    on_tile = ranch_grid(state, 0).cells[tile]
    assert on_tile is not None
    assert (on_tile.landscape, on_tile.cows, on_tile.partner) == (L.CANYON, 1, "cowboy")
