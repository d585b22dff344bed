"""Component data: parcels, partner chips, supply boards, bonus tiles.

Loaded once from `data/components/<name>.json` and validated at load time, with errors
that name the file and the entry. The engine takes any valid set, so a transcription of
the printed parcel list (rulebook p. 14) drops in as a new file (RULES.md §1).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

from engine.games.component_files import read_document, require
from engine.games.errors import ComponentError
from engine.games.land import LandKind
from engine.games.resources import data_file

DEFAULT_COMPONENTS = "provisional-1"


class Landscape(LandKind):
    """The six landscapes (R-COMP-2); the value indexes per-landscape masks. Code, label
    and parsing are engine.games.land's, shared with Kingdomino's terrains."""

    DESERT = 0
    CANYON = 1
    MEADOW = 2
    FOREST = 3
    FARM = 4
    CORNFIELD = 5

    @property
    def resource(self) -> str | None:
        """The resource symbol this landscape carries (R-COMP-3), if any."""
        return _RESOURCES[self]


_RESOURCES: dict[Landscape, str | None] = {
    Landscape.DESERT: "gold", Landscape.CANYON: "gold", Landscape.MEADOW: "gold",
    Landscape.FOREST: "beaver", Landscape.FARM: None, Landscape.CORNFIELD: "corn",
}

#: Specialist kinds (R-COMP-5) and the face name of a chip's other side.
SPECIALISTS = ("desperado", "thief", "golddigger", "trapper", "farmer")
COWBOY = "cowboy"
FACES = (COWBOY, *SPECIALISTS)
#: Which resource each scoring specialist counts (R-PART-5).
SPECIALIST_RESOURCE = {"golddigger": "gold", "trapper": "beaver", "farmer": "corn"}


@dataclass(frozen=True, slots=True)
class Parcel:
    """One half-domino (R-COMP-1, R-COMP-3)."""

    id: int
    number: int
    landscape: Landscape
    cows: int
    skull: bool
    circle: bool
    resources: int

    @property
    def name(self) -> str:
        return f"p{self.id}"


@dataclass(frozen=True, slots=True)
class Board:
    """A supply board side: where its bridges are and how many storage slots it has
    (R-COMP-8; the Legends side names its character, R-LEG-1)."""

    name: str
    bridges: tuple[int, ...]
    slots: int
    colour: str | None
    provisional: bool
    character: str | None = None  # "Mary", "Big Jo" …; None on the Camp side


@dataclass(frozen=True, slots=True)
class BonusTile:
    """A two-player landscape bonus tile (R-COMP-9): one landscape per side, a circle."""

    id: int
    sides: tuple[Landscape, Landscape]
    provisional: bool


@dataclass(frozen=True, slots=True)
class ComponentSet:
    name: str
    provisional: bool
    cows: int
    saloon_size: int
    parcels: tuple[Parcel, ...]
    partners: tuple[str, ...]  # chip id - 1 -> specialist kind
    boards: dict[str, Board]
    bonus_tiles: tuple[BonusTile, ...]

    def parcel(self, parcel_id: int) -> Parcel:
        return self.parcels[parcel_id - 1]

    @property
    def parcel_ids(self) -> list[int]:
        return [p.id for p in self.parcels]


def _int(value: Any, where: str, low: int, high: int) -> int:
    require(
        isinstance(value, int) and not isinstance(value, bool) and low <= value <= high,
        where, f"expected a whole number {low}–{high}, got {value!r}",
    )
    return int(value)


def _bool(value: Any, where: str) -> bool:
    require(isinstance(value, bool), where, f"expected true or false, got {value!r}")
    return bool(value)


def _parse_parcel(raw: Any, where: str, expected_id: int) -> Parcel:
    require(isinstance(raw, dict), where, "expected an object")
    keys = {"id", "number", "landscape", "cows", "skull", "circle", "resources"}
    require(set(raw) == keys, where, f"expected exactly the keys {sorted(keys)}")
    parcel_id = _int(raw["id"], f"{where}.id", 1, 10_000)
    require(parcel_id == expected_id, where, f"ids must run 1, 2, 3 …; expected {expected_id}")
    landscape = raw["landscape"]
    require(isinstance(landscape, str), f"{where}.landscape", "expected a landscape name")
    try:
        land = Landscape[landscape.upper()]
    except KeyError:
        raise ComponentError(f"{where}.landscape: unknown landscape {landscape!r}") from None
    parcel = Parcel(
        id=parcel_id,
        number=_int(raw["number"], f"{where}.number", 1, 6),
        landscape=land,
        cows=_int(raw["cows"], f"{where}.cows", 0, 2),
        skull=_bool(raw["skull"], f"{where}.skull"),
        circle=_bool(raw["circle"], f"{where}.circle"),
        resources=_int(raw["resources"], f"{where}.resources", 0, 9),
    )
    require(
        not (land is Landscape.CORNFIELD and parcel.cows), where,
        "a cornfield cannot carry a cow symbol (cows never stand on cornfields)",
    )
    require(
        not (land is Landscape.FARM and parcel.resources), where, "farms carry no resources"
    )
    return parcel


def parse_components(document: Any, source: str = "<components>") -> ComponentSet:
    """Validate a component document; `source` names the file in error messages."""
    require(isinstance(document, dict), source, "expected a JSON object")
    for key in ("name", "provisional", "cows", "saloon_size", "partners", "boards",
                "bonus_tiles", "parcels"):
        require(key in document, source, f"missing key {key!r}")
    name = document["name"]
    require(isinstance(name, str) and bool(name), f"{source}: name", "expected a string")
    raw_parcels = document["parcels"]
    require(isinstance(raw_parcels, list), f"{source}: parcels", "expected a list")
    parcels = tuple(
        _parse_parcel(raw, f"{source}: parcels[{i}]", i + 1) for i, raw in enumerate(raw_parcels)
    )
    require(
        len(parcels) >= 8 and len(parcels) % 4 == 0, f"{source}: parcels",
        f"a column holds 4 parcels, so the count must be a multiple of 4 (at least 8), "
        f"got {len(parcels)}",
    )
    raw_partners = document["partners"]
    require(isinstance(raw_partners, dict), f"{source}: partners", "expected an object")
    partners: list[str] = []
    for kind, count in raw_partners.items():
        require(kind in SPECIALISTS, f"{source}: partners.{kind}", "unknown specialist kind")
        partners += [kind] * _int(count, f"{source}: partners.{kind}", 0, 50)
    saloon_size = _int(document["saloon_size"], f"{source}: saloon_size", 1, 10)
    boards: dict[str, Board] = {}
    raw_boards = document["boards"]
    require(isinstance(raw_boards, dict) and "camp" in raw_boards, f"{source}: boards",
             "expected an object with at least the 'camp' board")
    for board_name, raw in raw_boards.items():
        where = f"{source}: boards.{board_name}"
        require(isinstance(raw, dict), where, "expected an object")
        bridges = raw.get("bridges")
        require(
            isinstance(bridges, list) and len(bridges) >= 1
            and len(set(map(str, bridges))) == len(bridges), where,
            "bridges must be a non-empty list of distinct columns 1–5",
        )
        colour = raw.get("colour")
        require(colour is None or isinstance(colour, str), where, "colour must be a string")
        character = raw.get("character")
        require(character is None or (isinstance(character, str) and bool(character)), where,
                 "character must be a name")
        boards[board_name] = Board(
            name=board_name,
            bridges=tuple(sorted(_int(b, f"{where}.bridges", 1, 5) for b in bridges)),
            slots=_int(raw.get("slots"), f"{where}.slots", 1, 6),
            colour=colour,
            provisional=_bool(raw.get("provisional", False), f"{where}.provisional"),
            character=character,
        )
    colours = [b.colour for b in boards.values() if b.colour is not None]
    require(len(colours) == len(set(colours)), f"{source}: boards",
             "each colour has at most one Legends board (R-LEG-1)")
    tiles = []
    for i, raw in enumerate(document["bonus_tiles"]):
        where = f"{source}: bonus_tiles[{i}]"
        require(isinstance(raw, dict), where, "expected an object")
        sides = raw.get("sides")
        require(isinstance(sides, list) and len(sides) == 2, where, "expected two sides")
        tiles.append(BonusTile(
            id=_int(raw.get("id"), f"{where}.id", 1, 99),
            sides=(Landscape.from_label(sides[0]), Landscape.from_label(sides[1])),
            provisional=_bool(raw.get("provisional", False), f"{where}.provisional"),
        ))
    require([t.id for t in tiles] == list(range(1, len(tiles) + 1)), f"{source}: bonus_tiles",
             "tile ids must run 1, 2 …")
    return ComponentSet(
        name=name,
        provisional=_bool(document["provisional"], f"{source}: provisional"),
        cows=_int(document["cows"], f"{source}: cows", 0, 500),
        saloon_size=saloon_size,
        parcels=parcels,
        partners=tuple(partners),
        boards=boards,
        bonus_tiles=tuple(tiles),
    )


def load_components_file(path: Path | Traversable) -> ComponentSet:
    document = read_document(path)
    components = parse_components(document, str(path))
    if components.name != path.name.removesuffix(".json"):
        raise ComponentError(f"{path}: name {components.name!r} must match the file name")
    return components


@cache
def load_components(name: str = DEFAULT_COMPONENTS) -> ComponentSet:
    """The named component set from `data/components/`, loaded and validated once."""
    if not name.replace("-", "").replace("_", "").isalnum():
        raise ComponentError(f"{name!r} is not a component set name")
    path = data_file("components", f"{name}.json")
    if not path.is_file():
        raise ComponentError(f"unknown component set {name!r} (no file components/{name}.json "
                             "in the data package)")
    return load_components_file(path)
