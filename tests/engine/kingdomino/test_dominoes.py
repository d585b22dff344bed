"""The 48 dominoes and their data file (K-COMP-1), and the kings (K-COMP-2)."""

import json
from collections import Counter
from pathlib import Path

import pytest

from engine.games.errors import ComponentError
from engine.games.resources import data_file
from engine.kingdomino.dominoes import Square, Terrain, dominoes, load_dominoes_file, parse_dominoes
from engine.kingdomino.game import new_game

DATA = data_file("kingdomino", "dominoes.json")


def test_K_COMP_1_the_printed_totals_per_terrain() -> None:
    """KINGDOMINO.md's checks on the list: squares and crowns per terrain."""
    squares: Counter[Terrain] = Counter()
    crowns: Counter[Terrain] = Counter()
    for piece in dominoes():
        for half in (piece.a, piece.b):
            squares[half.terrain] += 1
            crowns[half.terrain] += half.crowns
    assert dict(squares) == {Terrain.WHEAT: 26, Terrain.FOREST: 22, Terrain.WATER: 18,
                             Terrain.GRASSLAND: 14, Terrain.SWAMP: 10, Terrain.MINE: 6}
    assert dict(crowns) == {Terrain.WHEAT: 5, Terrain.FOREST: 6, Terrain.WATER: 6,
                            Terrain.GRASSLAND: 6, Terrain.SWAMP: 6, Terrain.MINE: 10}
    assert sum(squares.values()) == 96 and sum(crowns.values()) == 39
    assert sum(1 for piece in dominoes() if piece.crowns) == 30


def test_K_COMP_1_numbers_run_1_to_48_and_spot_checks() -> None:
    assert [piece.number for piece in dominoes()] == list(range(1, 49))
    assert dominoes()[0].a == Square(Terrain.WHEAT, 0)  # 1: wh wh
    assert (dominoes()[47].a, dominoes()[47].b) == (Square(Terrain.WHEAT, 0),
                                                   Square(Terrain.MINE, 3))  # 48: wh mi3
    assert (dominoes()[45].a, dominoes()[45].b) == (Square(Terrain.SWAMP, 0),
                                                   Square(Terrain.MINE, 2))  # 46: sw mi2


def _document() -> dict[str, object]:
    loaded: dict[str, object] = json.loads(DATA.read_text(encoding="utf-8"))
    return loaded


def test_K_COMP_1_the_loader_refuses_a_wrong_count() -> None:
    document = _document()
    document["dominoes"] = document["dominoes"][:47]  # type: ignore[index]
    with pytest.raises(ComponentError, match="48 dominoes"):
        parse_dominoes(document, "test.json")


@pytest.mark.parametrize(("halves", "message"), [
    (["wh", "xx"], "not a terrain code"),
    (["wh", "mi4"], "at most 3 crowns"),
    (["wh", "mi22"], "one digit"),
    (["wh"], "two square codes"),
])
def test_K_COMP_1_the_loader_names_the_bad_entry(halves: list[str], message: str) -> None:
    document = _document()
    document["dominoes"][4]["halves"] = halves  # type: ignore[index]
    with pytest.raises(ComponentError, match=message) as caught:
        parse_dominoes(document, "test.json")
    assert "test.json: dominoes[4]" in str(caught.value)


def test_K_COMP_1_the_loader_refuses_numbers_out_of_order() -> None:
    document = _document()
    entries = document["dominoes"]
    entries[0], entries[1] = entries[1], entries[0]  # type: ignore[index]
    with pytest.raises(ComponentError, match="numbers must run"):
        parse_dominoes(document, "test.json")


def test_K_COMP_1_unreadable_files_are_component_errors(tmp_path: Path) -> None:
    with pytest.raises(ComponentError, match="cannot read"):
        load_dominoes_file(tmp_path / "missing.json")
    bad = tmp_path / "bad.json"
    bad.write_text("{", encoding="utf-8")
    with pytest.raises(ComponentError, match="not JSON"):
        load_dominoes_file(bad)


@pytest.mark.parametrize(("players", "kings"), [(2, 4), (3, 3), (4, 4)])
def test_K_COMP_2_two_kings_each_with_two_players(players: int, kings: int) -> None:
    state = new_game([f"P{i}" for i in range(players)], 5)
    on_line = [s.king for s in state.line if s.king is not None]
    assert len(on_line) + len(state.pending) == kings
    every = on_line + state.pending
    assert sorted(every) == sorted(seat for seat in range(players)
                                   for _ in range(2 if players == 2 else 1))
