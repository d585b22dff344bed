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


def test_K_COMP_1_a_fresh_load_of_the_file_gives_the_48_dominoes() -> None:
    """Read anew (not the cached table): number, half A and half B of every domino, in
    order, as the spot checks and the totals above fix them."""
    fresh = load_dominoes_file(DATA)
    assert fresh == dominoes()
    assert [piece.number for piece in fresh] == list(range(1, 49))
    assert (fresh[45].a, fresh[45].b) == (Square(Terrain.SWAMP, 0), Square(Terrain.MINE, 2))
    assert (fresh[47].a, fresh[47].b) == (Square(Terrain.WHEAT, 0), Square(Terrain.MINE, 3))
    assert isinstance(fresh, tuple)


@pytest.mark.parametrize(("change", "message"), [
    ("not an object", "test.json: expected a JSON object"),
    ("no list", "test.json: dominoes: expected a list"),
    ("47", "test.json: dominoes: Kingdomino has 48 dominoes, the file lists 47 (K-COMP-1)"),
    ("extra key", "test.json: dominoes[4]: expected exactly the keys 'number' and 'halves'"),
    ("not a dict", "test.json: dominoes[4]: expected exactly the keys 'number' and 'halves'"),
    ("number", "test.json: dominoes[4]: numbers must run 1, 2, 3 …; expected 5, got 6"),
    ("bool", "test.json: dominoes[0]: numbers must run 1, 2, 3 …; expected 1, got True"),
    ("halves", "test.json: dominoes[4]: halves must be two square codes such as \"wh\" and "
               "\"mi2\""),
])
def test_K_COMP_1_the_loader_says_exactly_what_is_wrong(change: str, message: str) -> None:
    document: object = _document()
    entries = document["dominoes"]  # type: ignore[index]
    if change == "not an object":
        document = entries
    elif change == "no list":
        document["dominoes"] = {"1": entries[0]}  # type: ignore[index]
    elif change == "47":
        del entries[47]
    elif change == "extra key":
        entries[4]["crowns"] = 1
    elif change == "not a dict":
        entries[4] = [5, ["wh", "wh"]]
    elif change == "number":
        entries[4]["number"] = 6
    elif change == "bool":
        entries[0]["number"] = True
    elif change == "halves":
        entries[4]["halves"] = "wh wh"
    with pytest.raises(ComponentError) as caught:
        parse_dominoes(document, "test.json")
    assert str(caught.value) == message


def test_K_COMP_1_half_A_and_half_B_are_read_in_order() -> None:
    document = _document()
    document["dominoes"][4]["halves"] = ["fo1", "mi2"]  # type: ignore[index]
    piece = parse_dominoes(document, "test.json")[4]
    assert (piece.number, piece.a, piece.b) == (5, Square(Terrain.FOREST, 1),
                                                Square(Terrain.MINE, 2))


def test_K_COMP_1_a_document_without_a_file_name_is_named_dominoes() -> None:
    with pytest.raises(ComponentError) as caught:
        parse_dominoes([])
    assert str(caught.value) == "<dominoes>: expected a JSON object"
