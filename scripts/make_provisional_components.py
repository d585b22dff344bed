"""Write data/components/provisional-1.json, the provisional component set.

The printed per-parcel list (rulebook p. 14) is not available to us, so this set is
designed to the constraints of RULES.md §1: 96 parcels, 16 per back number; higher
numbers carry more value; 34 cow symbols, 8 skulls, 20 circles; no cow on a cornfield;
cornfields of 1–6 cobs, 49 in all, so the rulebook's scoring example (S. 9: 18 cobs on at
most four cornfields, e.g. 5 + 5 + 4 + 4) can arise.
Run it again only when the table below changes; the JSON file is what the engine reads.
"""

from __future__ import annotations

import json
from pathlib import Path

# (landscape, cows, skull, circle, resources) per back number, 16 parcels each.
DE, CA, ME, FO, FA, CO = "desert", "canyon", "meadow", "forest", "farm", "cornfield"

# (landscape, cows, skull 0/1, circle 0/1, resources) per back number, 16 parcels each.
TABLE: dict[int, list[tuple[str, int, int, int, int]]] = {
    1: [
        (DE, 0, 0, 0, 0), (DE, 0, 1, 0, 0), (DE, 0, 0, 1, 0),
        (CA, 0, 0, 0, 0), (CA, 0, 1, 0, 0), (CA, 0, 0, 0, 1),
        (ME, 0, 0, 0, 0), (ME, 1, 0, 0, 0), (ME, 0, 1, 0, 0),
        (FO, 0, 0, 0, 0), (FO, 0, 0, 0, 0), (FO, 1, 0, 0, 0),
        (FA, 0, 0, 0, 0), (FA, 0, 0, 0, 0),
        (CO, 0, 0, 0, 1), (CO, 0, 0, 0, 1),
    ],
    2: [
        (DE, 1, 0, 0, 0), (DE, 0, 1, 0, 0), (DE, 0, 0, 0, 1),
        (CA, 0, 0, 1, 0), (CA, 0, 0, 0, 0),
        (ME, 1, 0, 0, 0), (ME, 0, 0, 0, 0), (ME, 0, 1, 0, 0),
        (FO, 1, 0, 0, 0), (FO, 0, 0, 0, 1), (FO, 0, 0, 1, 0),
        (FA, 1, 0, 0, 0), (FA, 0, 0, 0, 0),
        (CO, 0, 0, 0, 1), (CO, 0, 0, 0, 2),
        (CO, 0, 0, 0, 2),
    ],
    3: [
        (DE, 1, 0, 0, 0), (DE, 0, 0, 1, 0), (DE, 0, 0, 0, 1),
        (CA, 1, 0, 0, 0), (CA, 0, 1, 0, 0),
        (ME, 1, 0, 0, 0), (ME, 0, 0, 1, 1), (ME, 0, 0, 0, 0),
        (FO, 1, 0, 0, 0), (FO, 0, 1, 0, 0), (FO, 0, 0, 0, 1),
        (FA, 1, 0, 0, 0), (FA, 0, 0, 1, 0),
        (CO, 0, 0, 0, 2), (CO, 0, 0, 0, 3),
        (CO, 0, 0, 0, 3),
    ],
    4: [
        (DE, 1, 0, 0, 0), (DE, 0, 0, 1, 1),
        (CA, 1, 0, 0, 0), (CA, 0, 0, 0, 1), (CA, 0, 0, 1, 0),
        (ME, 1, 0, 0, 0), (ME, 0, 1, 0, 0), (ME, 0, 0, 0, 1),
        (FO, 1, 0, 0, 0), (FO, 0, 0, 1, 1), (FO, 0, 0, 0, 0),
        (FA, 1, 0, 1, 0), (FA, 1, 0, 0, 0),
        (CO, 0, 0, 0, 3), (CO, 0, 0, 0, 3),
        (CO, 0, 0, 0, 4),
    ],
    5: [
        (DE, 1, 0, 0, 0), (DE, 0, 0, 0, 2), (DE, 0, 0, 1, 0),
        (CA, 2, 0, 0, 0), (CA, 0, 0, 1, 1),
        (ME, 1, 0, 0, 0), (ME, 1, 0, 1, 0), (ME, 0, 0, 0, 1),
        (FO, 1, 0, 0, 0), (FO, 0, 0, 1, 1), (FO, 0, 0, 0, 0),
        (FA, 1, 0, 0, 0), (FA, 1, 0, 1, 0), (FA, 0, 0, 0, 0),
        (CO, 0, 0, 0, 4), (CO, 0, 0, 0, 5),
    ],
    6: [
        (DE, 2, 0, 0, 0), (DE, 0, 0, 1, 2),
        (CA, 1, 0, 0, 1), (CA, 1, 0, 1, 0),
        (ME, 2, 0, 0, 0), (ME, 0, 0, 1, 1), (ME, 1, 0, 0, 0),
        (FO, 1, 0, 1, 0), (FO, 0, 0, 0, 2), (FO, 0, 0, 0, 0),
        (FA, 0, 0, 0, 0), (FA, 1, 0, 1, 0), (FA, 0, 0, 0, 0),
        (CO, 0, 0, 0, 5), (CO, 0, 0, 0, 6),
        (CO, 0, 0, 0, 4),
    ],
}


def main() -> None:
    parcels = []
    next_id = 1
    for number, rows in TABLE.items():
        for landscape, cows, skull, circle, resources in rows:
            parcels.append(
                {"id": next_id, "number": number, "landscape": landscape, "cows": cows,
                 "skull": bool(skull), "circle": bool(circle), "resources": resources}
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
            # Bridge columns are in no source we have (RULES.md §1 Decision for the Camp
            # side, R-LEG-1 for the Legends side): provisional, like every unsourced position.
            "camp": {"bridges": [1, 3, 5], "slots": 3, "provisional": True},
            "mary": {"colour": "purple", "character": "Mary", "bridges": [3], "slots": 4,
                     "provisional": True},
            "wesley": {"colour": "white", "character": "Wesley", "bridges": [1, 4],
                       "slots": 3, "provisional": True},
            "calamity": {"colour": "orange", "character": "Calamity", "bridges": [2, 5],
                         "slots": 3, "provisional": True},
            "big_jo": {"colour": "green", "character": "Big Jo", "bridges": [1, 3, 5],
                       "slots": 2, "provisional": True},
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
