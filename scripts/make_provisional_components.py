"""Write data/components/provisional-1.json, the provisional component set.

The printed per-parcel list (rulebook p. 14) is not available to us, so this set is
designed to the constraints of RULES.md §1: 96 parcels, 16 per back number; higher
numbers carry more value; 34 cow symbols, 8 skulls, 20 circles; no cow on a cornfield.
Run it again only when the table below changes; the JSON file is what the engine reads.
"""

from __future__ import annotations

import json
from pathlib import Path

# (landscape, cows, skull, circle, resources) per back number, 16 parcels each.
TABLE: dict[int, list[tuple[str, int, bool, bool, int]]] = {
    1: [
        ("desert", 0, False, False, 0), ("desert", 0, True, False, 0), ("desert", 0, False, True, 0),
        ("canyon", 0, False, False, 0), ("canyon", 0, True, False, 0), ("canyon", 0, False, False, 1),
        ("meadow", 0, False, False, 0), ("meadow", 1, False, False, 0), ("meadow", 0, True, False, 0),
        ("forest", 0, False, False, 0), ("forest", 0, False, False, 0), ("forest", 1, False, False, 0),
        ("farm", 0, False, False, 0), ("farm", 0, False, False, 0),
        ("cornfield", 0, False, False, 1), ("cornfield", 0, False, False, 1),
    ],
    2: [
        ("desert", 1, False, False, 0), ("desert", 0, True, False, 0), ("desert", 0, False, False, 1),
        ("canyon", 0, False, True, 0), ("canyon", 0, False, False, 0),
        ("meadow", 1, False, False, 0), ("meadow", 0, False, False, 0), ("meadow", 0, True, False, 0),
        ("forest", 1, False, False, 0), ("forest", 0, False, False, 1), ("forest", 0, False, True, 0),
        ("farm", 1, False, False, 0), ("farm", 0, False, False, 0),
        ("cornfield", 0, False, False, 1), ("cornfield", 0, False, False, 2),
        ("cornfield", 0, False, False, 2),
    ],
    3: [
        ("desert", 1, False, False, 0), ("desert", 0, False, True, 0), ("desert", 0, False, False, 1),
        ("canyon", 1, False, False, 0), ("canyon", 0, True, False, 0),
        ("meadow", 1, False, False, 0), ("meadow", 0, False, True, 1), ("meadow", 0, False, False, 0),
        ("forest", 1, False, False, 0), ("forest", 0, True, False, 0), ("forest", 0, False, False, 1),
        ("farm", 1, False, False, 0), ("farm", 0, False, True, 0),
        ("cornfield", 0, False, False, 2), ("cornfield", 0, False, False, 2),
        ("cornfield", 0, False, False, 3),
    ],
    4: [
        ("desert", 1, False, False, 0), ("desert", 0, False, True, 1),
        ("canyon", 1, False, False, 0), ("canyon", 0, False, False, 1), ("canyon", 0, False, True, 0),
        ("meadow", 1, False, False, 0), ("meadow", 0, True, False, 0), ("meadow", 0, False, False, 1),
        ("forest", 1, False, False, 0), ("forest", 0, False, True, 1), ("forest", 0, False, False, 0),
        ("farm", 1, False, True, 0), ("farm", 1, False, False, 0),
        ("cornfield", 0, False, False, 3), ("cornfield", 0, False, False, 3),
        ("cornfield", 0, False, False, 2),
    ],
    5: [
        ("desert", 1, False, False, 0), ("desert", 0, False, False, 2), ("desert", 0, False, True, 0),
        ("canyon", 2, False, False, 0), ("canyon", 0, False, True, 1),
        ("meadow", 1, False, False, 0), ("meadow", 1, False, True, 0), ("meadow", 0, False, False, 1),
        ("forest", 1, False, False, 0), ("forest", 0, False, True, 1), ("forest", 0, False, False, 0),
        ("farm", 1, False, False, 0), ("farm", 1, False, True, 0), ("farm", 0, False, False, 0),
        ("cornfield", 0, False, False, 3), ("cornfield", 0, False, False, 4),
    ],
    6: [
        ("desert", 2, False, False, 0), ("desert", 0, False, True, 2),
        ("canyon", 1, False, False, 1), ("canyon", 1, False, True, 0),
        ("meadow", 2, False, False, 0), ("meadow", 0, False, True, 1), ("meadow", 1, False, False, 0),
        ("forest", 1, False, True, 0), ("forest", 0, False, False, 2), ("forest", 0, False, False, 0),
        ("farm", 0, False, False, 0), ("farm", 1, False, True, 0), ("farm", 0, False, False, 0),
        ("cornfield", 0, False, False, 4), ("cornfield", 0, False, False, 4),
        ("cornfield", 0, False, False, 3),
    ],
}


def main() -> None:
    parcels = []
    next_id = 1
    for number, rows in TABLE.items():
        for landscape, cows, skull, circle, resources in rows:
            parcels.append(
                {"id": next_id, "number": number, "landscape": landscape, "cows": cows,
                 "skull": skull, "circle": circle, "resources": resources}
            )
            next_id += 1
    document = {
        "name": "provisional-1",
        "provisional": True,
        "note": (
            "PROVISIONAL: designed to the constraints of RULES.md section 1, not transcribed "
            "from the printed list (rulebook p. 14). Replace with a transcription when available."
        ),
        "cows": 32,
        "saloon_size": 5,
        "partners": {"desperado": 4, "thief": 4, "golddigger": 4, "trapper": 4, "farmer": 4},
        "boards": {
            "camp": {"bridges": [1, 3, 5], "slots": 3, "provisional": False},
            "mary": {"colour": "purple", "bridges": [3], "slots": 4, "provisional": True},
            "wesley": {"colour": "white", "bridges": [1, 4], "slots": 3, "provisional": True},
            "calamity": {"colour": "orange", "bridges": [2, 5], "slots": 3, "provisional": True},
            "big_jo": {"colour": "green", "bridges": [1, 3, 5], "slots": 2, "provisional": True},
        },
        "bonus_tiles": [
            {"id": 1, "sides": ["meadow", "forest"], "provisional": True},
            {"id": 2, "sides": ["canyon", "farm"], "provisional": True},
        ],
        "parcels": parcels,
    }
    # One parcel per line keeps the file reviewable against the printed list.
    lines = json.dumps({k: v for k, v in document.items() if k != "parcels"}, indent=2)[:-2]
    body = ",\n".join("    " + json.dumps(p) for p in parcels)
    text = f'{lines},\n  "parcels": [\n{body}\n  ]\n}}\n'
    json.loads(text)  # refuse to write something that is not JSON
    out = Path(__file__).resolve().parent.parent / "data" / "components" / "provisional-1.json"
    out.write_text(text, encoding="utf-8")
    print(out)


if __name__ == "__main__":
    main()
