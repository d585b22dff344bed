"""Moonlight's components (M-COMP-1…4), from `moonlight/cards.json` of the data package.

The file is checked when it is loaded, with errors naming the file and the entry. The
printed facts (values and counts of M-COMP-1, the powers of the 1 and the 3) are checked
against the specification; the provisional ones (which cards carry a moon, the Lone
Wolf, the Alpha Powers) are data: the file flags them `"provisional": true`, and a
transcription of the real cards replaces them without a code change.

A card is told apart by value and moon (`4`, `4m`), so its *id* is `value * 2 + moon`:
small integers the rules machine indexes tables with. Cards of one seat that share an
id are interchangeable.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

from engine.games.component_files import read_document, require
from engine.games.errors import ComponentError
from engine.games.resources import data_file

#: M-COMP-1: the printed deck, value -> copies (11 cards).
PRINTED_COUNTS = {1: 2, 2: 2, 3: 4, 4: 2, 5: 1}
DECK_SIZE = 11
MAX_VALUE = 9  # a card id must stay below 2 * (MAX_VALUE + 1)
CARD_IDS = 2 * (MAX_VALUE + 1)

#: M-POWER-1 and M-POWER-2: the hooks a card's power may name.
CORNER_TRIPLE = "corner-triple"  # majority power: a visible 1 on a corner counts 3
ROW_BONUS = "row-bonus"  # counting power: one more point in a row its owner won
CARD_POWERS = {CORNER_TRIPLE: 1, ROW_BONUS: 3}  # and the value that carries it (seed)

#: M-COMP-4: the Alpha Powers the rules machine has hooks for, and their kind.
FULL_MOON, PACK_LEADER, AMBUSH, DEN, HOWL = "full-moon", "pack-leader", "ambush", "den", "howl"
ONGOING, ONCE_A_ROUND = "ongoing", "once-a-round"
POWER_KINDS = {FULL_MOON: ONGOING, PACK_LEADER: ONGOING, AMBUSH: ONCE_A_ROUND, DEN: ONGOING,
               HOWL: ONCE_A_ROUND}


@dataclass(frozen=True, slots=True)
class Card:
    """One kind of wolf card: value, moon and its power (None for most cards)."""

    value: int
    moon: bool
    power: str | None
    lone_wolf: bool = False
    provisional: bool = False

    @property
    def id(self) -> int:
        return card_id(self.value, self.moon)

    @property
    def code(self) -> str:
        """`3`, `4m`: the card in area notation and action text (M-COMP-2)."""
        return card_code(self.id)


@dataclass(frozen=True, slots=True)
class AlphaPower:
    key: str
    kind: str  # ONGOING or ONCE_A_ROUND
    effect: str
    provisional: bool


@dataclass(frozen=True, slots=True)
class Components:
    deck: tuple[int, ...]  # the 11 card ids of one player's deck, ascending
    lone_wolf: int  # the Lone Wolf's card id (M-COMP-3)
    cards: dict[int, Card]  # every card id of the game
    powers: tuple[AlphaPower, ...]  # in the file's order
    provisional: tuple[str, ...]  # which facts the file marks provisional

    def power(self, key: str) -> AlphaPower:
        for power in self.powers:
            if power.key == key:
                return power
        raise ComponentError(f"there is no Alpha Power {key!r} (available: "
                             f"{', '.join(p.key for p in self.powers)})")


def card_id(value: int, moon: bool) -> int:
    return value * 2 + (1 if moon else 0)


def card_code(cid: int) -> str:
    return f"{cid >> 1}{'m' if cid & 1 else ''}"


def _bool(entry: dict[str, Any], key: str, where: str) -> bool:
    value = entry.get(key)
    require(isinstance(value, bool), where, f"{key!r} must be true or false")
    assert isinstance(value, bool)
    return value


def _card(entry: Any, where: str, *, lone_wolf: bool) -> tuple[Card, int]:
    keys = {"value", "moon", "power", "provisional"} | (set() if lone_wolf else {"count"})
    require(isinstance(entry, dict) and set(entry) == keys, where,
            f"expected exactly the keys {', '.join(sorted(keys))}")
    value = entry["value"]
    require(isinstance(value, int) and not isinstance(value, bool)
            and 1 <= value <= MAX_VALUE, where, f"value must be 1–{MAX_VALUE}, got {value!r}")
    count = 1 if lone_wolf else entry["count"]
    require(isinstance(count, int) and not isinstance(count, bool) and count >= 1, where,
            f"count must be a whole number >= 1, got {count!r}")
    power = entry["power"]
    require(power is None or power in CARD_POWERS, where,
            f"power must be null or one of {', '.join(CARD_POWERS)}, got {power!r}")
    if power is not None:
        require(CARD_POWERS[power] == value, where,
                f"{power} belongs to the {CARD_POWERS[power]} (M-POWER-1, M-POWER-2)")
    card = Card(value, _bool(entry, "moon", where), power, lone_wolf,
                _bool(entry, "provisional", where))
    return card, count


def parse_components(document: Any, source: str = "<cards>") -> Components:
    """Validate a cards document; `source` names the file in error messages."""
    require(isinstance(document, dict), source, "expected a JSON object")
    provisional = document.get("provisional")
    require(isinstance(provisional, list) and all(isinstance(p, str) for p in provisional),
            f"{source}: provisional", "expected a list of the provisional facts")
    raw = document.get("deck")
    require(isinstance(raw, list) and raw != [], f"{source}: deck", "expected a list")
    cards: dict[int, Card] = {}
    deck: list[int] = []
    for i, entry in enumerate(raw):
        where = f"{source}: deck[{i}]"
        card, count = _card(entry, where, lone_wolf=False)
        require(card.id not in cards, where,
                f"two entries for card {card.code}: cards are told apart by value and moon")
        cards[card.id] = card
        deck += [card.id] * count
    counts = {v: sum(1 for c in deck if c >> 1 == v) for v in range(1, MAX_VALUE + 1)}
    counts = {v: n for v, n in counts.items() if n}
    require(counts == PRINTED_COUNTS and len(deck) == DECK_SIZE, f"{source}: deck",
            f"a deck holds 1 ×2, 2 ×2, 3 ×4, 4 ×2, 5 ×1 (M-COMP-1), the file {counts}")
    for power, value in CARD_POWERS.items():
        require(all((c.power == power) == (c.value == value) for c in cards.values()),
                f"{source}: deck", f"every {value} and only the {value}s carry {power}")
    where = f"{source}: lone_wolf"
    lone, _ = _card(document.get("lone_wolf"), where, lone_wolf=True)
    require(lone.id not in cards, where, f"the Lone Wolf {lone.code} must differ from every "
            "deck card in value or moon")
    cards[lone.id] = lone
    raw_powers = document.get("alpha_powers")
    require(isinstance(raw_powers, list) and raw_powers != [], f"{source}: alpha_powers",
            "expected a list")
    powers: list[AlphaPower] = []
    for i, entry in enumerate(raw_powers):
        where = f"{source}: alpha_powers[{i}]"
        require(isinstance(entry, dict)
                and set(entry) == {"key", "kind", "effect", "provisional"}, where,
                "expected exactly the keys effect, key, kind, provisional")
        key, kind, effect = entry["key"], entry["kind"], entry["effect"]
        require(key in POWER_KINDS, where, f"no rule hook for Alpha Power {key!r} "
                f"(hooks: {', '.join(POWER_KINDS)})")
        require(kind == POWER_KINDS[key], where, f"{key} is {POWER_KINDS[key]}, not {kind!r}")
        require(isinstance(effect, str) and effect != "", where, "effect must be a text")
        require(all(p.key != key for p in powers), where, f"{key} is listed twice")
        powers.append(AlphaPower(key, kind, effect, _bool(entry, "provisional", where)))
    return Components(tuple(sorted(deck)), lone.id, cards, tuple(powers), tuple(provisional))


def load_components_file(path: Path | Traversable) -> Components:
    return parse_components(read_document(path), str(path))


@cache
def components() -> Components:
    """The game's cards and Alpha Powers; loaded and validated once."""
    return load_components_file(data_file("moonlight", "cards.json"))


def parse_card_code(text: str) -> int:
    """The card id of a code such as `4m` (ComponentError if no such card exists)."""
    cards = components().cards
    body = text.lower()
    moon = body.endswith("m")
    digits = body[:-1] if moon else body
    if not (len(digits) == 1 and digits.isdigit()):
        raise ComponentError(f"{text!r} is not a card: a value and an optional m, e.g. 4m")
    cid = card_id(int(digits), moon)
    if cid not in cards:
        known = ", ".join(card_code(c) for c in sorted(cards))
        raise ComponentError(f"there is no card {text!r} (cards: {known})")
    return cid
