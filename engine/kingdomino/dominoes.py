"""The 48 Kingdomino dominoes (K-COMP-1), from `kingdomino/dominoes.json` of the data package.

The data file is checked when it is loaded, with errors that name the file and the entry,
so a typo in a terrain code or a crown count stops the engine at start-up rather than
surfacing as a strange score in the middle of a game.
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

DOMINO_COUNT = 48  # K-COMP-1
MAX_CROWNS = 3  # K-COMP-1: 0–3 crowns per half


class Terrain(LandKind):
    """The six terrains (K-COMP-1); the value indexes the per-terrain masks of a kingdom.
    Code, label and parsing are engine.games.land's, shared with Moon River's landscapes."""

    WHEAT = 0
    FOREST = 1
    WATER = 2
    GRASSLAND = 3
    SWAMP = 4
    MINE = 5


@dataclass(frozen=True, slots=True)
class Square:
    """One half of a domino, or one square of a kingdom."""

    terrain: Terrain
    crowns: int

    @property
    def code(self) -> str:
        """`wh`, `mi2`: the notation of this square (no digit for no crowns)."""
        return self.terrain.code + (str(self.crowns) if self.crowns else "")

    @classmethod
    def from_code(cls, text: str) -> Square:
        """Parse `fo`, `mi2` (a trailing 0 is accepted and means no crowns)."""
        terrain = Terrain.from_code(text[:2])
        digits = text[2:]
        if digits and not (len(digits) == 1 and digits.isdigit()):
            raise ComponentError(f"{text!r}: crowns are one digit after the terrain, e.g. mi2")
        crowns = int(digits) if digits else 0
        if crowns > MAX_CROWNS:
            raise ComponentError(f"{text!r}: a square carries at most {MAX_CROWNS} crowns")
        return cls(terrain, crowns)


@dataclass(frozen=True, slots=True)
class Domino:
    """A domino: its back number and its two halves A and B, as printed in the table."""

    number: int
    a: Square
    b: Square

    @property
    def crowns(self) -> int:
        return self.a.crowns + self.b.crowns

    @property
    def symmetric(self) -> bool:
        """Both halves alike, so turning it round changes nothing."""
        return self.a == self.b


def parse_dominoes(document: Any, source: str = "<dominoes>") -> tuple[Domino, ...]:
    """Validate a domino document; `source` names the file in error messages."""
    require(isinstance(document, dict), source, "expected a JSON object")
    raw = document.get("dominoes")
    require(isinstance(raw, list), f"{source}: dominoes", "expected a list")
    require(len(raw) == DOMINO_COUNT, f"{source}: dominoes",
             f"Kingdomino has {DOMINO_COUNT} dominoes, the file lists {len(raw)} (K-COMP-1)")
    out = []
    for i, entry in enumerate(raw):
        where = f"{source}: dominoes[{i}]"
        require(isinstance(entry, dict) and set(entry) == {"number", "halves"}, where,
                 "expected exactly the keys 'number' and 'halves'")
        number = entry["number"]
        require(number == i + 1 and not isinstance(number, bool), where,
                 f"numbers must run 1, 2, 3 …; expected {i + 1}, got {number!r}")
        halves = entry["halves"]
        require(isinstance(halves, list) and len(halves) == 2
                 and all(isinstance(h, str) for h in halves), where,
                 "halves must be two square codes such as \"wh\" and \"mi2\"")
        try:
            a, b = Square.from_code(halves[0]), Square.from_code(halves[1])
        except ComponentError as exc:
            raise ComponentError(f"{where}: {exc}") from None
        out.append(Domino(number, a, b))
    return tuple(out)


def load_dominoes_file(path: Path | Traversable) -> tuple[Domino, ...]:
    return parse_dominoes(read_document(path), str(path))


@cache
def dominoes() -> tuple[Domino, ...]:
    """The 48 dominoes, index = number - 1; loaded and validated once."""
    return load_dominoes_file(data_file("kingdomino", "dominoes.json"))


def domino(number: int) -> Domino:
    if not 1 <= number <= DOMINO_COUNT:
        raise ComponentError(f"there is no domino {number} (1–{DOMINO_COUNT})")
    return dominoes()[number - 1]
