"""The cards file (M-COMP-1…4): printed facts checked, provisional ones flagged."""

from __future__ import annotations

import copy
import json
import tomllib
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from engine.games.errors import ComponentError
from engine.moonlight.cards import (
    POWER_KINDS,
    card_code,
    components,
    load_components_file,
    parse_card_code,
    parse_components,
)

ROOT = Path(__file__).resolve().parents[3]
FILE = ROOT / "data" / "moonlight" / "cards.json"


def document() -> Any:
    return json.loads(FILE.read_text(encoding="utf-8"))


def test_M_COMP_1_a_deck_holds_eleven_wolves_by_value() -> None:
    deck = components().deck
    assert len(deck) == 11
    assert Counter(cid >> 1 for cid in deck) == {1: 2, 2: 2, 3: 4, 4: 2, 5: 1}


def test_M_COMP_2_cards_are_told_apart_by_value_and_moon() -> None:
    parts = components()
    codes = Counter(card_code(c) for c in parts.deck)
    # provisional moons: one on each 2 and on one of the two 4s (3 a deck)
    assert codes == {"1": 2, "2m": 2, "3": 4, "4": 1, "4m": 1, "5": 1}
    assert sum(parts.cards[c].moon for c in parts.deck) == 3
    assert parse_card_code("4M") == parse_card_code("4m") != parse_card_code("4")
    powers = {card.value: card.power for card in parts.cards.values()}
    assert powers == {1: "corner-triple", 2: None, 3: "row-bonus", 4: None, 5: None, 6: None}
    with pytest.raises(ComponentError, match="no card"):
        parse_card_code("3m")


def test_M_COMP_3_the_lone_wolf_is_a_provisional_six() -> None:
    parts = components()
    lone = parts.cards[parts.lone_wolf]
    assert (lone.value, lone.moon, lone.power, lone.lone_wolf) == (6, False, None, True)
    assert lone.provisional and document()["lone_wolf"]["provisional"] is True


def test_M_COMP_4_alpha_powers_are_data_each_a_named_hook_flagged_provisional() -> None:
    parts = components()
    assert [p.key for p in parts.powers] == ["full-moon", "pack-leader", "ambush", "den",
                                            "howl"]
    assert all(p.provisional and p.kind == POWER_KINDS[p.key] for p in parts.powers)
    data = document()
    assert set(data["provisional"]) == {"moons", "lone_wolf", "alpha_powers"}
    assert "provisional" in data["notes"]
    assert all(entry["provisional"] for entry in data["deck"])  # the moons


def test_the_file_on_disk_is_the_one_loaded() -> None:
    assert load_components_file(FILE) == components()


def _broken(change: Any) -> Any:
    data = copy.deepcopy(document())
    change(data)
    return data


@pytest.mark.parametrize(("change", "words"), [
    (lambda d: d["deck"][2].update(count=3), "M-COMP-1"),
    (lambda d: d["deck"].append(dict(d["deck"][5])), "two entries"),
    (lambda d: d["deck"][0].update(power="row-bonus"), "belongs to the 3"),
    (lambda d: d["deck"][1].update(power="corner-triple"), "belongs to the 1"),
    (lambda d: d["deck"][0].update(value=0), "value"),
    (lambda d: d["deck"][0].update(moon="yes"), "'moon'"),
    (lambda d: d["deck"][0].pop("provisional"), "keys"),
    (lambda d: d["lone_wolf"].update(value=5), "Lone Wolf"),
    (lambda d: d["alpha_powers"][0].update(key="eclipse"), "no rule hook"),
    (lambda d: d["alpha_powers"][0].update(kind="once-a-round"), "ongoing"),
    (lambda d: d["alpha_powers"].append(dict(d["alpha_powers"][0])), "twice"),
    (lambda d: d.pop("provisional"), "provisional"),
])
def test_a_bad_cards_file_is_refused_naming_the_entry(change: Any, words: str) -> None:
    with pytest.raises(ComponentError, match=words):
        parse_components(_broken(change), "cards.json")


def test_a_file_that_is_not_json_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "cards.json"
    path.write_text("{", encoding="utf-8")
    with pytest.raises(ComponentError, match="not JSON"):
        load_components_file(path)


def test_the_data_folder_ships_in_the_wheel() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    setuptools = config["tool"]["setuptools"]
    assert {"engine.moonlight", "engine.moonlight.ai",
            "moonriver_data.moonlight"} <= set(setuptools["packages"])
    assert setuptools["package-data"]["moonriver_data.moonlight"] == ["*.json"]
