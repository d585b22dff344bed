"""Component data: the provisional set meets RULES.md §1, and bad files are refused."""

import copy
import json
from collections import Counter

import pytest

from engine.games.errors import ComponentError
from engine.games.resources import data_file
from engine.moonriver.components import Landscape, load_components, parse_components
from engine.moonriver.ranch import parse_ranch

SOURCE = data_file("components", "provisional-1.json")


def raw() -> dict:
    return json.loads(SOURCE.read_text(encoding="utf-8"))


def test_R_COMP_provisional_set_meets_the_constraints_of_section_1() -> None:
    """R-COMP-1 parcels, R-COMP-2 landscapes, R-COMP-3 symbols, R-COMP-4/R-COMP-5 partner
    chips, R-COMP-7 cows, R-COMP-8 supply boards, R-COMP-9 bonus tiles, R-COMP-10 saloon."""
    comp = load_components()
    parcels = comp.parcels
    assert comp.provisional and raw()["provisional"] is True
    assert "PROVISIONAL" in raw()["note"]
    assert len(parcels) == 96  # R-COMP-1
    assert Counter(p.number for p in parcels) == {n: 16 for n in range(1, 7)}
    lands = Counter(p.landscape for p in parcels)
    assert set(lands) == set(Landscape) and all(12 <= c <= 20 for c in lands.values())
    assert 18 <= sum(p.circle for p in parcels) <= 22
    assert 32 <= sum(p.cows for p in parcels) <= 36
    assert 6 <= sum(p.skull for p in parcels) <= 10
    assert not any(p.cows for p in parcels if p.landscape is Landscape.CORNFIELD)
    cobs = sorted((p.resources for p in parcels if p.landscape is Landscape.CORNFIELD),
                  reverse=True)
    assert all(1 <= c <= 6 for c in cobs) and 45 <= sum(cobs) <= 55
    assert Counter(comp.partners) == {k: 4 for k in
                                      ("desperado", "thief", "golddigger", "trapper", "farmer")}
    camp = comp.boards["camp"]
    assert camp.bridges == (1, 3, 5) and camp.slots == 3  # R-COMP-8, RULES.md §1 Decision
    assert all(board.provisional for board in comp.boards.values())  # no source gives bridges
    assert comp.cows == 32 and comp.saloon_size == 5 and len(comp.bonus_tiles) == 2


def test_R_SCORE_EX_the_rulebook_example_can_arise_from_the_parcels() -> None:
    """Seed 000, S. 9: 18 cobs on at most four cornfields of a 24-parcel ranch, with
    4 nuggets and 1 beaver: every parcel of the example exists in the set."""
    example = parse_ranch("co5 co5 co4 co4 fo1 / de de1 de de+ de1 / ca+ ca+ ca1 ca ca+ / "
                          "ca1 ca me+ me+ me / fa+ fa+ fa+ fa+!farmer .")
    wanted = Counter((c.landscape, c.resources) for c in example.cells if c is not None)
    have = Counter((p.landscape, p.resources) for p in load_components().parcels)
    assert wanted - have == Counter()


def test_R_LEG_1_legends_boards_by_colour_with_provisional_bridges() -> None:
    boards = {b.colour: b for b in load_components().boards.values() if b.colour}
    assert {c: (b.character, len(b.bridges), b.slots) for c, b in boards.items()} == {
        "purple": ("Mary", 1, 4), "white": ("Wesley", 2, 3), "orange": ("Calamity", 2, 3),
        "green": ("Big Jo", 3, 2)}
    assert all(b.provisional for b in boards.values())


def test_higher_numbers_carry_more_value() -> None:
    parcels = load_components().parcels

    def value(n: int) -> int:
        group = [p for p in parcels if p.number == n]
        return sum(2 * p.cows + p.circle + p.resources - 2 * p.skull for p in group)

    values = [value(n) for n in range(1, 7)]
    assert values == sorted(values) and values[0] < values[-1]


@pytest.mark.parametrize(("edit", "message"), [
    (lambda d: d["parcels"].pop(), "multiple of 4"),
    (lambda d: d["parcels"][3].update(landscape="swamp"), r"parcels\[3\]\.landscape"),
    (lambda d: d["parcels"][5].update(number=7), r"parcels\[5\]\.number"),
    (lambda d: d["parcels"][14].update(cows=1), r"parcels\[14\].*cornfield"),
    (lambda d: d["parcels"][12].update(resources=2), r"parcels\[12\].*farms"),
    (lambda d: d["parcels"][0].update(id=5), r"parcels\[0\].*ids"),
    (lambda d: d["parcels"][0].pop("skull"), r"parcels\[0\].*keys"),
    (lambda d: d["partners"].update(sheriff=2), "sheriff"),
    (lambda d: d["boards"]["camp"].update(bridges=[0, 3]), "boards.camp"),
    (lambda d: d["boards"]["mary"].update(colour="green"), "one Legends board"),
    (lambda d: d["boards"]["mary"].update(character=""), "boards.mary"),
    (lambda d: d.pop("cows"), "cows"),
])
def test_bad_component_data_names_the_file_and_entry(edit, message) -> None:
    document = copy.deepcopy(raw())
    edit(document)
    with pytest.raises(ComponentError, match=message):
        parse_components(document, "provisional-1.json")


def test_unknown_or_unreadable_sets_are_refused(tmp_path) -> None:
    with pytest.raises(ComponentError, match="unknown component set"):
        load_components("printed-0")
    with pytest.raises(ComponentError, match="not a component set name"):
        load_components("../etc/passwd")
