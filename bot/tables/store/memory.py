"""An in-memory `GameStore`: the same contract as SQLite, for tests and the sandbox."""

from __future__ import annotations

import copy
from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime
from typing import Any

from bot.tables.domain import (
    OPEN_STATUSES,
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
from bot.tables.errors import GameAlreadyOpen, NoGameHere, StaleActionError
from bot.tables.store.base import ActionEntry


class MemoryStore:
    def __init__(self) -> None:
        self._games: dict[int, Game] = {}
        self._parents: dict[int, int] = {}  # game id → the channel it was opened from
        self._actions: dict[int, list[LoggedAction]] = {}
        self._snapshots: dict[int, Snapshot] = {}
        self._reminders: dict[int, Reminder] = {}
        self._claimed: set[int] = set()
        self._results: dict[int, GameResult] = {}
        self._prefs: dict[int, UserPrefs] = {}
        self._next_game = 1
        self._next_reminder = 1

    async def open(self) -> None:
        return None

    async def close(self) -> None:
        return None

    async def checkpoint(self) -> None:
        return None

    def _checked(self, expected: Game) -> Game:
        game = self._games.get(expected.id)
        if game is None:
            raise NoGameHere(f"no game {expected.id}")
        if game.version != expected.version:
            raise StaleActionError("the table has moved on", version=game.version)
        return game

    async def create_game(self, *, guild_id: int | None, channel_id: int, host: Seat,
                          options: GameOptions, settings: TableSettings, seed: int,
                          components: str, now: datetime, parent_id: int | None = None) -> Game:
        if await self.open_game_in(channel_id) is not None:
            raise GameAlreadyOpen("this channel already has an open game")
        game = Game(self._next_game, guild_id, channel_id, Status.LOBBY, host.user_id or 0,
                    options, settings, seed, components, 1, (host,), now, now)
        self._games[game.id] = game
        self._parents[game.id] = parent_id if parent_id is not None else channel_id
        self._actions[game.id] = []
        self._next_game += 1
        return game

    async def open_lobbies(self, *, host_id: int | None = None,
                           parent_id: int | None = None) -> int:
        lobbies = [g for g in self._games.values() if g.status is Status.LOBBY]
        if host_id is not None:
            return sum(1 for g in lobbies if g.host_id == host_id)
        return sum(1 for g in lobbies if self._parents[g.id] == parent_id)

    async def open_game_in(self, channel_id: int) -> Game | None:
        return next((g for g in self._games.values()
                     if g.channel_id == channel_id and g.status in OPEN_STATUSES), None)

    async def game(self, game_id: int) -> Game | None:
        return self._games.get(game_id)

    async def games_with_status(self, status: Status) -> list[Game]:
        return sorted((g for g in self._games.values() if g.status is status),
                      key=lambda g: g.id)

    def _bump(self, game: Game, now: datetime, **changes: Any) -> Game:
        updated = replace(game, version=game.version + 1, updated_at=now, **changes)
        self._games[game.id] = updated
        return updated

    async def update_lobby(self, game: Game, *,
                           seats: Sequence[Seat], host_id: int, settings: TableSettings,
                           now: datetime) -> Game:
        game = self._checked(game)
        return self._bump(game, now, seats=tuple(seats), host_id=host_id, settings=settings)

    async def set_status(self, game: Game, status: Status, now: datetime) -> Game:
        game = self._checked(game)
        if status not in OPEN_STATUSES:
            self._drop_reminders(game.id)
        return self._bump(game, now, status=status)

    def _drop_reminders(self, game_id: int) -> None:
        for rid in [r.id for r in self._reminders.values() if r.game_id == game_id]:
            del self._reminders[rid]

    def _add_reminders(self, game: Game, reminders: Sequence[NewReminder]) -> None:
        self._drop_reminders(game.id)
        for r in reminders:
            self._reminders[self._next_reminder] = Reminder(
                self._next_reminder, game.id, game.channel_id, r.user_id, r.kind, r.due_at,
                game.version)
            self._next_reminder += 1

    async def start_game(self, game: Game, *, seats: Sequence[Seat],
                         state: dict[str, Any], reminders: Sequence[NewReminder],
                         now: datetime) -> Game:
        game = self._checked(game)
        game = self._bump(game, now, seats=tuple(seats), status=Status.ACTIVE)
        self._snapshots[game.id] = Snapshot(game.id, 0, copy.deepcopy(state))
        self._add_reminders(game, reminders)
        return game

    async def record_actions(self, game: Game, *,
                             entries: Sequence[ActionEntry], state: dict[str, Any],
                             reminders: Sequence[NewReminder] | None, now: datetime,
                             result: GameResult | None = None) -> Game:
        game = self._checked(game)
        game_id = game.id
        log = self._actions[game_id]
        seq = len(log)
        new = [LoggedAction(seq + i + 1, e.seat, e.text, now) for i, e in enumerate(entries)]
        status = Status.FINISHED if result is not None else game.status
        game = self._bump(game, now, status=status)
        log.extend(new)
        self._snapshots[game_id] = Snapshot(game_id, len(log), copy.deepcopy(state))
        if result is not None:
            self._results[game_id] = result
            self._drop_reminders(game_id)
        elif reminders is not None:
            self._add_reminders(game, reminders)
        return game

    async def truncate_actions(self, game: Game, *, keep: int,
                               state: dict[str, Any], reminders: Sequence[NewReminder],
                               now: datetime) -> Game:
        game = self._checked(game)
        game_id = game.id
        game = self._bump(game, now)
        del self._actions[game_id][keep:]
        self._snapshots[game_id] = Snapshot(game_id, keep, copy.deepcopy(state))
        self._add_reminders(game, reminders)
        return game

    async def actions(self, game_id: int) -> list[LoggedAction]:
        return list(self._actions.get(game_id, []))

    async def action_count(self, game_id: int) -> int:
        return len(self._actions.get(game_id, []))

    async def snapshot(self, game_id: int) -> Snapshot | None:
        snap = self._snapshots.get(game_id)
        return None if snap is None else Snapshot(snap.game_id, snap.seq,
                                                  copy.deepcopy(snap.state))

    async def replace_snapshot(self, game_id: int, seq: int, state: dict[str, Any]) -> None:
        self._snapshots[game_id] = Snapshot(game_id, seq, copy.deepcopy(state))

    async def snapshot_mismatches(self) -> list[int]:
        out = []
        for game in await self.games_with_status(Status.ACTIVE):
            snap = self._snapshots.get(game.id)
            if snap is None or snap.seq != len(self._actions[game.id]):
                out.append(game.id)
        return out

    async def claim_due_reminders(self, now: datetime) -> list[Reminder]:
        due = sorted((r for r in self._reminders.values()
                      if r.due_at <= now and r.id not in self._claimed),
                     key=lambda r: (r.due_at, r.id))
        self._claimed.update(r.id for r in due)
        return due

    async def results(self, guild_id: int | None) -> list[GameResult]:
        return [r for r in self._results.values() if guild_id is None or r.guild_id == guild_id]

    async def user_prefs(self, user_id: int) -> UserPrefs:
        return self._prefs.get(user_id, UserPrefs(user_id))

    async def set_user_prefs(self, prefs: UserPrefs) -> None:
        self._prefs[prefs.user_id] = prefs
