"""The storage contract. SQL lives only in the SQLite store; both stores return domain
objects and pass the same contract tests (tests/bot/test_store_contract.py).

Every write takes the `Game` it expects (its id and version) and raises
`StaleActionError` when the stored game moved on; a write is all-or-nothing and returns
the updated game, so callers need not read it back.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Protocol

from bot.tables.domain import (
    Game,
    GameOptions,
    GameResult,
    LoggedAction,
    NewReminder,
    Reminder,
    Seat,
    Snapshot,
    Status,
    TableSettings,
    UserPrefs,
)


@dataclass(frozen=True, slots=True)
class ActionEntry:
    seat: int
    text: str


class GameStore(Protocol):
    async def open(self) -> None: ...

    async def close(self) -> None: ...

    async def checkpoint(self) -> None:
        """Housekeeping to run every few seconds (SQLite: fold the WAL into the file)."""
        ...

    async def create_game(self, *, guild_id: int | None, channel_id: int, host: Seat,
                          options: GameOptions, settings: TableSettings, seed: int,
                          components: str, now: datetime, parent_id: int | None = None) -> Game:
        """A new lobby; `GameAlreadyOpen` if the channel has an open game. `parent_id`:
        the channel whose thread it is in (default: its own channel)."""
        ...

    async def open_lobbies(self, *, host_id: int | None = None,
                           parent_id: int | None = None) -> int:
        """How many lobbies `host_id` hosts, or were opened from channel `parent_id`."""
        ...

    async def open_game_in(self, channel_id: int) -> Game | None: ...

    async def game(self, game_id: int) -> Game | None: ...

    async def games_with_status(self, status: Status) -> list[Game]: ...

    async def update_lobby(self, game: Game, *,
                           seats: Sequence[Seat], host_id: int, settings: TableSettings,
                           now: datetime) -> Game: ...

    async def set_status(self, game: Game, status: Status, now: datetime) -> Game: ...

    async def start_game(self, game: Game, *, seats: Sequence[Seat],
                         state: dict[str, Any], reminders: Sequence[NewReminder],
                         now: datetime) -> Game: ...

    async def record_actions(self, game: Game, *,
                             entries: Sequence[ActionEntry], state: dict[str, Any],
                             reminders: Sequence[NewReminder] | None, now: datetime,
                             result: GameResult | None = None) -> Game:
        """One transaction: log rows, snapshot, version, reminders (None: keep), result."""
        ...

    async def truncate_actions(self, game: Game, *, keep: int,
                               state: dict[str, Any], reminders: Sequence[NewReminder],
                               now: datetime) -> Game:
        """Drop log rows after `keep` (undo) with the state they lead back to."""
        ...

    async def actions(self, game_id: int) -> list[LoggedAction]: ...

    async def action_count(self, game_id: int) -> int:
        """How many actions the log holds (the seq of the last one)."""
        ...

    async def snapshot(self, game_id: int) -> Snapshot | None: ...

    async def replace_snapshot(self, game_id: int, seq: int, state: dict[str, Any]) -> None: ...

    async def snapshot_mismatches(self) -> list[int]:
        """Active games whose snapshot is missing or behind their action log."""
        ...

    async def claim_due_reminders(self, now: datetime) -> list[Reminder]:
        """Reminders due by `now`, each returned once ever (claimed in the same step)."""
        ...

    async def results(self, guild_id: int | None) -> list[GameResult]: ...

    async def user_prefs(self, user_id: int) -> UserPrefs: ...

    async def set_user_prefs(self, prefs: UserPrefs) -> None: ...
