"""The one place the command line names its games: what each brings (`peer.CliGame`).

A new game adds one line here; `score`, `simulate`, `render` and `sandbox` take its
flags, options, scoring and pictures from this table.
"""

from bot.cli.games import kingdomino, moonlight, moonriver
from bot.cli.peer import CliGame

GAMES: dict[str, CliGame] = {"moonriver": moonriver.CLI,
                             "kingdomino": kingdomino.CLI,
                             "moonlight": moonlight.CLI}

__all__ = ["GAMES"]
