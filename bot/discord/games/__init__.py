"""The one place the Discord adapter names its games: what each brings (`peer.DiscordGame`).

A new game adds one line here; the client registers every group, step and click kind
from this table.
"""

from bot.discord.games import kingdomino, moonlight, moonriver
from bot.discord.peer import DiscordGame

GAMES: dict[str, DiscordGame] = {"moonriver": moonriver.DISCORD,
                                 "kingdomino": kingdomino.DISCORD,
                 "moonlight": moonlight.DISCORD}

__all__ = ["GAMES"]
