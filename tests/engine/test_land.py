"""engine.games.land: the kinds of land both games put on dominoes, coded once."""

import pytest

from engine.games.errors import ComponentError
from engine.games.land import LandKind
from engine.kingdomino.dominoes import Terrain
from engine.moonriver.components import Landscape


def test_R_COMP_2_landscape_codes_are_the_notation_codes() -> None:
    """NOTATION.md: de ca me fo fa co, in the order of the per-landscape masks."""
    assert [land.code for land in Landscape] == ["de", "ca", "me", "fo", "fa", "co"]
    assert all(Landscape.from_code(land.code) is land for land in Landscape)
    assert Landscape.from_label("Forest") is Landscape.FOREST


def test_K_COMP_1_terrain_codes_are_the_notation_codes() -> None:
    """KINGDOMINO.md: wh fo wa gr sw mi, in the order of the per-terrain masks."""
    assert [terrain.code for terrain in Terrain] == ["wh", "fo", "wa", "gr", "sw", "mi"]
    assert all(Terrain.from_code(terrain.code) is terrain for terrain in Terrain)
    assert Terrain.MINE.label == "mine"


def test_both_games_kinds_share_one_base_but_stay_apart() -> None:
    assert issubclass(Landscape, LandKind) and issubclass(Terrain, LandKind)
    assert Landscape.from_code("fo") is Landscape.FOREST
    assert Terrain.from_code("fo") is Terrain.FOREST
    with pytest.raises(ComponentError, match="'wh' is not a landscape code"):
        Landscape.from_code("wh")  # a Kingdomino code is no Moon River landscape
    with pytest.raises(ComponentError, match=r"'de' is not a terrain code \(wh, fo"):
        Terrain.from_code("de")
    with pytest.raises(ComponentError, match="unknown terrain 'desert'"):
        Terrain.from_label("desert")


def test_a_kind_whose_code_clashes_is_refused() -> None:
    class Clashing(LandKind):
        FOREST = 0
        FORT = 1

    with pytest.raises(ComponentError, match="share a notation code"):
        _ = Clashing.FORT.code
