"""The front end of every game, by registry key (beside `engine.registry.GAMES`)."""

from __future__ import annotations

from bot.tables.fronts.base import Choice, Decision, Front
from bot.tables.fronts.kingdomino.front import KingdominoFront
from bot.tables.fronts.moonlight.front import MoonlightFront
from bot.tables.fronts.moonriver.front import MoonRiverFront
from engine.games.i18n import strings, t

FRONTS: dict[str, Front] = {front.key: front for front in (MoonRiverFront(), KingdominoFront(),
                                                            MoonlightFront())}


def front_of(game_key: str) -> Front:
    """The words and pictures of the game with registry key `game_key`."""
    return FRONTS[game_key]


def game_text(game_key: str, key: str, locale: str, **params: object) -> str:
    """A table text in the game's own words where it has them ("kd.bot.lobby" names
    Kingdomino), else the shared one."""
    own = front_of(game_key).text_prefix + key
    return t(own if own in strings("en") else key, locale, **params)


__all__ = ["FRONTS", "Choice", "Decision", "Front", "front_of", "game_text"]
