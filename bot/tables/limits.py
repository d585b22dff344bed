"""What one user or channel may ask of the table service (abuse limits).

The bot fills these from the environment (`bot.config`); the defaults are the same.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class TableLimits:
    lobbies_per_user: int = 2       # open lobbies one user hosts at once
    lobbies_per_channel: int = 5    # open lobbies in one channel and its threads
    min_remind_hours: float = 0.25  # the shortest reminder a host may set
