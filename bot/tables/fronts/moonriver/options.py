"""Moon River's table options as the lobby, the sandbox and the command line offer them."""

from __future__ import annotations

from bot.tables.domain import GameOptions
from bot.tables.errors import BadInput
from engine.moonriver.legends import LEGENDS, SCENARIOS, scenario_name
from engine.moonriver.rules import VARIANTS

#: The game's registry key.
GAME = "moonriver"
#: R-LEG-2: a Legends table plays a named scenario or one drawn from the seed.
RANDOM_SCENARIO = "random"
SCENARIO_CHOICES = (*SCENARIOS, RANDOM_SCENARIO)


def table_options(variant: str = "base", scenario: str = RANDOM_SCENARIO,
                  max_players: int = 4) -> GameOptions:
    """A Moon River table; `scenario` ("random": drawn from the seed at start, R-LEG-2)
    only counts in Legends of the West."""
    if scenario not in SCENARIO_CHOICES:
        raise BadInput(f"unknown scenario {scenario!r}", field="scenario")
    if variant not in VARIANTS:
        raise BadInput(f"variant {variant!r} is not available yet", field="variant")
    chosen = None if variant != LEGENDS or scenario == RANDOM_SCENARIO else scenario
    return GameOptions(GAME, max_players, {"variant": variant, "scenario": chosen})


def is_legends(options: GameOptions) -> bool:
    """Whether the table plays Legends of the West (R-LEG-1)."""
    return options.game == GAME and options.rules.get("variant") == LEGENDS


def scenario_of(options: GameOptions) -> str:
    """A Legends scenario's name, or "random" (drawn from the seed at start, R-LEG-2)."""
    number = options.rules.get("scenario")
    return RANDOM_SCENARIO if number is None else scenario_name(int(number))
