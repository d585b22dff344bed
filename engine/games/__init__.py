"""The game-free core every game plugs into: the rules protocol (`GameRules`), records,
results, errors, events, computer levels, seeded randomness, square-grid geometry,
component files and the translation layer.

Nothing here imports a game: the games are registered in `engine.registry`.
"""

from engine.games.base import GameRules, Player, Record, Result

__all__ = ["GameRules", "Player", "Record", "Result"]
