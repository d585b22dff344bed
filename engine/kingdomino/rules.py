"""Kingdomino's numbers and table options (KINGDOMINO.md), in one place."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.games.errors import GameError
from engine.kingdomino.dominoes import DOMINO_COUNT

PLAYER_COUNTS = (2, 3, 4)
MIDDLE_KINGDOM, HARMONY, DYNASTY, MIGHTY_DUEL = (
    "middle-kingdom", "harmony", "dynasty", "mighty-duel")
VARIANTS = (MIDDLE_KINGDOM, HARMONY, DYNASTY, MIGHTY_DUEL)
DYNASTY_GAMES = 3  # K-DYN


@dataclass(frozen=True, slots=True)
class GameConfig:
    """Who plays, the seed, and the optional rules chosen at the table."""

    players: tuple[str, ...]
    seed: int
    variants: tuple[str, ...] = ()  # a sorted subset of VARIANTS

    def __post_init__(self) -> None:
        if len(self.players) not in PLAYER_COUNTS:
            raise GameError(f"Kingdomino is for 2–4 players, not {len(self.players)}")
        if not isinstance(self.seed, int) or isinstance(self.seed, bool) or self.seed < 0:
            raise GameError(f"the seed must be a whole number >= 0, not {self.seed!r}")
        unknown = [v for v in self.variants if v not in VARIANTS]
        if unknown:
            raise GameError(f"unknown variant {unknown[0]!r} (available: "
                                 f"{', '.join(VARIANTS)})")
        if tuple(sorted(set(self.variants))) != self.variants:
            raise GameError("variants must be listed once each, sorted")
        if self.mighty_duel and len(self.players) != 2:
            raise GameError("Mighty Duel is a variant for 2 players")

    @classmethod
    def make(cls, players: tuple[str, ...], seed: int, variants: tuple[str, ...] = ()
             ) -> GameConfig:
        return cls(tuple(players), seed, tuple(sorted(set(variants))))

    @property
    def middle_kingdom(self) -> bool:
        return MIDDLE_KINGDOM in self.variants

    @property
    def harmony(self) -> bool:
        return HARMONY in self.variants

    @property
    def dynasty(self) -> bool:
        return DYNASTY in self.variants

    @property
    def mighty_duel(self) -> bool:
        return MIGHTY_DUEL in self.variants

    @property
    def kingdom_size(self) -> int:
        """K-PLACE-2: 5×5, Mighty Duel 7×7."""
        return 7 if self.mighty_duel else 5

    @property
    def games(self) -> int:
        return DYNASTY_GAMES if self.dynasty else 1

    @property
    def kings_per_player(self) -> int:
        """K-COMP-2: two kings each with 2 players."""
        return 2 if len(self.players) == 2 else 1

    @property
    def line_size(self) -> int:
        """K-SETUP-2: 4 dominoes a line with 2 or 4 players, 3 with 3."""
        return 3 if len(self.players) == 3 else 4

    @property
    def removed(self) -> int:
        """K-SETUP-1: dominoes taken out unseen before the game."""
        if self.mighty_duel:
            return 0
        return {2: 24, 3: 12, 4: 0}[len(self.players)]

    @property
    def rounds(self) -> int:
        """K-ROUNDS: one line a round."""
        return (DOMINO_COUNT - self.removed) // self.line_size

    def to_dict(self) -> dict[str, Any]:
        return {"players": list(self.players), "seed": self.seed,
                "variants": list(self.variants)}
