"""Legends of the West (RULES.md §9): supply boards by colour and the common scenario.

The boards themselves are component data (`boards` in `data/components/*.json`, each with
its colour); this module only decides who gets which board and names the scenarios, so a
transcription of the printed boards changes data, not code.
"""

from __future__ import annotations

from engine.games.errors import GameError
from engine.moonriver.components import ComponentSet
from engine.moonriver.rules import BASE_BOARD, COLOURS

LEGENDS = "legends"

#: R-LEG-2: the four scenarios, numbered 1–4 as in the rulebook, by their short names
#: (NOTATION.md: `timber`, `gold`, `outlaws`, `city`).
SCENARIOS = ("timber", "gold", "outlaws", "city")


def scenario_number(text: str | int) -> int:
    """`timber` / `1` … `city` / `4` -> 1–4; anything else is a GameError."""
    if isinstance(text, int) and not isinstance(text, bool):
        if 1 <= text <= len(SCENARIOS):
            return text
    elif isinstance(text, str):
        key = text.strip().lower()
        if key in SCENARIOS:
            return SCENARIOS.index(key) + 1
        if key.isdigit() and len(key) <= 3 and 1 <= int(key) <= len(SCENARIOS):
            return int(key)
    raise GameError(f"unknown scenario {text!r} (expected {', '.join(SCENARIOS)} "
                         f"or 1–{len(SCENARIOS)})")


def scenario_name(number: int) -> str:
    """1 -> `timber` … 4 -> `city`."""
    return SCENARIOS[scenario_number(number) - 1]


def legends_board(components: ComponentSet, colour: str) -> str:
    """R-LEG-1: the Legends board of a player's colour (Mary purple, Calamity orange …)."""
    for name, board in components.boards.items():
        if name != BASE_BOARD and board.colour == colour:
            return name
    raise GameError(f"component set {components.name!r} has no Legends board for "
                         f"{colour}")


def boards_for(variant: str, components: ComponentSet, colours: tuple[str, ...]
               ) -> tuple[str, ...]:
    """The supply board of each seat: Camp side in the base game (R-SETUP-1), else the
    Legends side of the player's colour (R-LEG-1)."""
    if variant == LEGENDS:
        return tuple(legends_board(components, colour) for colour in colours)
    return (BASE_BOARD,) * len(colours)


def seat_colours(colours: object, players: int) -> tuple[str, ...]:
    """R-COMP-6, R-LEG-1: the colour each seat chose (so, in Legends, its board), checked:
    one of the four colours per seat, none twice; () (None) keeps the seat-order colours."""
    if colours is None or colours == () or colours == []:
        return ()
    if not isinstance(colours, (list, tuple)) or not all(isinstance(c, str) for c in colours):
        raise GameError(f"colours must be a list of colour names ({', '.join(COLOURS)})")
    chosen = tuple(c.strip().lower() for c in colours)
    unknown = [c for c in chosen if c not in COLOURS]
    if unknown:
        raise GameError(f"unknown colour {unknown[0]!r} (expected {', '.join(COLOURS)})")
    if len(set(chosen)) != len(chosen):
        raise GameError("two seats cannot have the same colour")
    if players and len(chosen) != players:
        raise GameError(f"one colour per player: {players} players, {len(chosen)} colours")
    return chosen
