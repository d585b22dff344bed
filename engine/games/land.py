"""Kinds of land on a domino's halves, and their two-letter notation codes.

Moon River's six landscapes (R-COMP-2, `engine.moonriver.components.Landscape`) and Kingdomino's
six terrains (K-COMP-1, `engine.kingdomino.dominoes.Terrain`) are the same idea: an int
that indexes one bit mask per kind of a ranch or kingdom, a two-letter code in the
game's notation (the first two letters of the name, in NOTATION.md and KINGDOMINO.md
alike) and a label for locale keys. That behaviour lives here once.

They stay two enums on this base rather than one: the kinds differ (landscapes carry
resources, R-COMP-3, and a cornfield stops cows; a Kingdomino forest is not a Moon River
forest), and each game's records and notation keep their own codes.
"""

from __future__ import annotations

from enum import IntEnum
from functools import cache
from typing import Self

from engine.games.errors import ComponentError


class LandKind(IntEnum):
    """Base of a game's kinds of land; members are declared by the game."""

    @property
    def code(self) -> str:
        """Two-letter notation code: `Landscape.DESERT.code == "de"`."""
        return _codes(type(self))[self]

    @property
    def label(self) -> str:
        """The name in lower case, as locale keys and component files spell it."""
        return self.name.lower()

    @classmethod
    def from_code(cls, code: str) -> Self:
        """The kind `code` names (parsing only: six kinds are quickly searched)."""
        for member in cls:
            if member.code == code:
                return member
        raise ComponentError(f"{code!r} is not a {cls.__name__.lower()} code "
                             f"({', '.join(member.code for member in cls)})")

    @classmethod
    def from_label(cls, label: str) -> Self:
        try:
            return cls[label.upper()]
        except KeyError:
            raise ComponentError(f"unknown {cls.__name__.lower()} {label!r}") from None


@cache
def _codes(kind: type[LandKind]) -> dict[LandKind, str]:
    codes = {member: member.name[:2].lower() for member in kind}
    if len(set(codes.values())) != len(codes):  # a new kind must not reuse a code
        raise ComponentError(f"{kind.__name__}: two kinds share a notation code: {codes}")
    return codes

