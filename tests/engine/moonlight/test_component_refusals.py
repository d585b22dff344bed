"""Every refusal of a broken cards file, in words (M-COMP-1…4, M-POWER-1/2): the file
is data a person edits when the real cards are transcribed, so the message must name the
entry and what is wrong with it."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from engine.games.errors import ComponentError
from engine.moonlight.cards import (
    components,
    load_components_file,
    parse_card_code,
    parse_components,
)

FILE = Path(__file__).resolve().parents[3] / "data" / "moonlight" / "cards.json"
NEW_5M = {"value": 5, "moon": True, "count": 1, "power": None, "provisional": True}
PRINTED = "a deck holds 1 ×2, 2 ×2, 3 ×4, 4 ×2, 5 ×1 (M-COMP-1)"
NEW_8 = {"value": 8, "moon": False, "count": 1, "power": None, "provisional": True}
NEW_3M = {"value": 3, "moon": True, "count": 1, "power": None, "provisional": True}

CASES: list[tuple[str, Callable[[Any], Any], str]] = [
    ("not an object", lambda d: None,
     "expected a JSON object"),
    ("provisional", lambda d: d.pop("provisional"),
     "provisional: expected a list of the provisional facts"),
    ("provisional entry", lambda d: d.update(provisional=[1]),
     "provisional: expected a list of the provisional facts"),
    ("deck missing", lambda d: d.pop("deck"),
     "deck: expected a list"),
    ("deck empty", lambda d: d.update(deck=[]),
     "deck: expected a list"),
    ("entry keys", lambda d: d["deck"][0].pop("provisional"),
     "deck[0]: expected exactly the keys count, moon, power, provisional, value"),
    ("entry not a dict", lambda d: d["deck"].__setitem__(0, 1),
     "deck[0]: expected exactly the keys count, moon, power, provisional, value"),
    ("value 0", lambda d: d["deck"][0].update(value=0),
     "deck[0]: value must be 1–9, got 0"),
    ("value 10", lambda d: d["deck"][0].update(value=10),
     "deck[0]: value must be 1–9, got 10"),
    ("value bool", lambda d: d["deck"][0].update(value=True),
     "deck[0]: value must be 1–9, got True"),
    ("value text", lambda d: d["deck"][0].update(value="1"),
     "deck[0]: value must be 1–9, got '1'"),
    ("count 0", lambda d: d["deck"][0].update(count=0),
     "deck[0]: count must be a whole number >= 1, got 0"),
    ("count bool", lambda d: d["deck"][0].update(count=True),
     "deck[0]: count must be a whole number >= 1, got True"),
    ("count text", lambda d: d["deck"][0].update(count="2"),
     "deck[0]: count must be a whole number >= 1, got '2'"),
    ("power unknown", lambda d: d["deck"][0].update(power="bite"),
     "deck[0]: power must be null or one of corner-triple, row-bonus, got 'bite'"),
    ("power of the 3", lambda d: d["deck"][0].update(power="row-bonus"),
     "deck[0]: row-bonus belongs to the 3 (M-POWER-1, M-POWER-2)"),
    ("power of the 1", lambda d: d["deck"][1].update(power="corner-triple"),
     "deck[1]: corner-triple belongs to the 1 (M-POWER-1, M-POWER-2)"),
    ("moon text", lambda d: d["deck"][0].update(moon="yes"),
     "deck[0]: 'moon' must be true or false"),
    ("provisional text", lambda d: d["deck"][0].update(provisional=1),
     "deck[0]: 'provisional' must be true or false"),
    ("two entries", lambda d: d["deck"].append(dict(d["deck"][5])),
     "deck[6]: two entries for card 5: cards are told apart by value and moon"),
    ("counts", lambda d: d["deck"][2].update(count=3),
     f"deck: {PRINTED}, the file {{1: 2, 2: 2, 3: 3, 4: 2, 5: 1}}"),
    ("a 5 too many", lambda d: d["deck"].append(dict(NEW_5M)),
     f"deck: {PRINTED}, the file {{1: 2, 2: 2, 3: 4, 4: 2, 5: 2}}"),
    ("an 8 too many", lambda d: d["deck"].append(dict(NEW_8)),
     f"deck: {PRINTED}, the file {{1: 2, 2: 2, 3: 4, 4: 2, 5: 1, 8: 1}}"),
    ("a 7 for the 5", lambda d: d["deck"][5].update(value=7),
     f"deck: {PRINTED}, the file {{1: 2, 2: 2, 3: 4, 4: 2, 7: 1}}"),
    ("a 3 without power", lambda d: (d["deck"][2].update(count=3),
                                            d["deck"].append(dict(NEW_3M))),
     "deck: every 3 and only the 3s carry row-bonus"),
    ("lone wolf same", lambda d: d["lone_wolf"].update(value=5),
     "lone_wolf: the Lone Wolf 5 must differ from every deck card in value or moon"),
    ("lone wolf count", lambda d: d["lone_wolf"].update(count=1),
     "lone_wolf: expected exactly the keys moon, power, provisional, value"),
    ("lone wolf missing", lambda d: d.pop("lone_wolf"),
     "lone_wolf: expected exactly the keys moon, power, provisional, value"),
    ("powers missing", lambda d: d.pop("alpha_powers"),
     "alpha_powers: expected a list"),
    ("powers empty", lambda d: d.update(alpha_powers=[]),
     "alpha_powers: expected a list"),
    ("power keys", lambda d: d["alpha_powers"][0].pop("effect"),
     "alpha_powers[0]: expected exactly the keys effect, key, kind, provisional"),
    ("power hook", lambda d: d["alpha_powers"][0].update(key="eclipse"),
     "alpha_powers[0]: no rule hook for Alpha Power 'eclipse' "
     "(hooks: full-moon, pack-leader, ambush, den, howl)"),
    ("power kind", lambda d: d["alpha_powers"][0].update(kind="once-a-round"),
     "alpha_powers[0]: full-moon is ongoing, not 'once-a-round'"),
    ("power effect", lambda d: d["alpha_powers"][0].update(effect=""),
     "alpha_powers[0]: effect must be a text"),
    ("power effect type", lambda d: d["alpha_powers"][0].update(effect=3),
     "alpha_powers[0]: effect must be a text"),
    ("power twice", lambda d: d["alpha_powers"].append(dict(d["alpha_powers"][0])),
     "alpha_powers[5]: full-moon is listed twice"),
    ("power provisional", lambda d: d["alpha_powers"][0].update(provisional="yes"),
     "alpha_powers[0]: 'provisional' must be true or false"),
]


@pytest.mark.parametrize(("name", "change", "message"), CASES, ids=[c[0] for c in CASES])
def test_M_COMP_1_a_broken_cards_file_is_refused_in_words(name: str,
                                                          change: Callable[[Any], Any],
                                                          message: str) -> None:
    document = json.loads(FILE.read_text(encoding="utf-8"))
    parse_components(copy.deepcopy(document), "cards.json")  # the file itself loads
    change(document)
    if name == "not an object":
        document = []
    with pytest.raises(ComponentError) as caught:
        parse_components(document, "cards.json")
    assert str(caught.value) == f"cards.json: {message}"


@pytest.mark.parametrize(("text", "message"), [
    ("3m", "there is no card '3m' (cards: 1, 2m, 3, 4, 4m, 5, 6)"),
    ("7", "there is no card '7' (cards: 1, 2m, 3, 4, 4m, 5, 6)"),
    ("", "'' is not a card: a value and an optional m, e.g. 4m"),
    ("44", "'44' is not a card: a value and an optional m, e.g. 4m"),
    ("44m", "'44m' is not a card: a value and an optional m, e.g. 4m"),
    ("m", "'m' is not a card: a value and an optional m, e.g. 4m"),
])
def test_M_COMP_2_a_card_code_names_a_card_of_the_game(text: str, message: str) -> None:
    with pytest.raises(ComponentError) as caught:
        parse_card_code(text)
    assert str(caught.value) == message


def test_M_COMP_3_the_lone_wolf_may_be_any_value_the_deck_lacks() -> None:
    """Its value is provisional data (M-COMP-3): 9, the highest a card may have, loads."""
    document = json.loads(FILE.read_text(encoding="utf-8"))
    document["lone_wolf"]["value"] = 9
    parts = parse_components(document)
    assert parts.cards[parts.lone_wolf].value == 9


def test_M_COMP_1_errors_name_the_file_they_come_from(tmp_path: Path) -> None:
    with pytest.raises(ComponentError) as caught:
        parse_components([])
    assert str(caught.value) == "<cards>: expected a JSON object"
    path = tmp_path / "cards.json"
    path.write_text("[]", encoding="utf-8")
    with pytest.raises(ComponentError) as caught:
        load_components_file(path)
    assert str(caught.value) == f"{path}: expected a JSON object"


def test_M_COMP_4_an_alpha_power_is_looked_up_by_its_key() -> None:
    parts = components()
    assert parts.power("den").kind == "ongoing"
    with pytest.raises(ComponentError) as caught:
        parts.power("eclipse")
    assert str(caught.value) == ("there is no Alpha Power 'eclipse' (available: full-moon, "
                                 "pack-leader, ambush, den, howl)")
