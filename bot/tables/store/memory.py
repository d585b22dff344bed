"""An in-memory `GameStore`: the same contract as SQLite, for tests and the sandbox."""

from __future__ import annotations

import copy
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Any

import bot.tables.store.rating_sql as rq
from bot.tables.domain import (
    OPEN_STATUSES,
    Game,
    GameOptions,
    GameResult,
    LoggedAction,
    NewPost,
    NewReminder,
    Post,
    PostKind,
    PostState,
    Reminder,
    Seat,
    Snapshot,
    Status,
    TableSettings,
    UserPrefs,
)
from bot.tables.errors import GameAlreadyOpen, NoGameHere, StaleActionError
from bot.tables.ratings import (
    TREND_GAMES,
    Board,
    PlayerRecord,
    RatedGame,
    Rating,
    counted,
    rate,
)
from bot.tables.store.base import (
    POST_LEASE,
    REMINDER_LEASE,
    ActionEntry,
    LobbyLimits,
    OneProcess,
    too_many_lobbies,
)


@dataclass(slots=True)
class _Rated:
    """One identity's ratings row (as SQLite's `ratings`)."""

    user_id: int | None
    name: str
    rating: Rating
    games: int
    wins: int


@dataclass(frozen=True, slots=True)
class _Line:
    """One rated game of an identity (as SQLite's `rating_history`)."""

    game_id: int
    score: int
    ordinal: float
    at: datetime


class MemoryStore(OneProcess):
    """One process's store: every lease it sees is its own, and its jobs are always held."""

    def __init__(self) -> None:
        super().__init__()
        self._games: dict[int, Game] = {}
        self._parents: dict[int, int] = {}  # game id → the channel it was opened from
        self._actions: dict[int, list[LoggedAction]] = {}
        self._snapshots: dict[int, Snapshot] = {}
        self._reminders: dict[int, Reminder] = {}
        self._claimed: dict[int, datetime] = {}  # reminder id -> until when it is leased
        self._outbox: dict[int, Post] = {}
        self._post_claims: dict[int, datetime] = {}  # outbox row id -> leased until
        self._next_post = 1
        self._results: dict[int, GameResult] = {}
        self._prefs: dict[int, UserPrefs] = {}
        # ratings by (guild, game): identity → row, identity → lines oldest first
        self._ratings: dict[tuple[int, str], dict[str, _Rated]] = {}
        self._lines: dict[tuple[int, str], dict[str, list[_Line]]] = {}
        self._rated: set[int] = set()
        self._hidden: set[tuple[int, str, int]] = set()
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
                          components: str, now: datetime, parent_id: int | None = None,
                          limits: LobbyLimits | None = None) -> Game:
        if await self.open_game_in(channel_id) is not None:
            raise GameAlreadyOpen("this channel already has an open game")
        parent = parent_id if parent_id is not None else channel_id
        if limits is not None:
            if await self.open_lobbies(host_id=host.user_id or 0) >= limits.per_host:
                raise too_many_lobbies(by_host=True, limit=limits.per_host)
            if await self.open_lobbies(parent_id=parent) >= limits.per_channel:
                raise too_many_lobbies(by_host=False, limit=limits.per_channel)
        game = Game(self._next_game, guild_id, channel_id, Status.LOBBY, host.user_id or 0,
                    options, settings, seed, components, 1, (host,), now, now)
        self._games[game.id] = game
        self._parents[game.id] = parent
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

    async def announced_from(self, channel_id: int) -> int | None:
        games = [g for g in self._games.values() if self._parents.get(g.id) == channel_id
                 and g.channel_id != channel_id and g.status is not Status.ABANDONED]
        return max(games, key=lambda g: g.id).channel_id if games else None

    async def open_version(self, channel_id: int) -> tuple[int, int] | None:
        game = await self.open_game_in(channel_id)
        return None if game is None else (game.id, game.version)

    async def game(self, game_id: int) -> Game | None:
        return self._games.get(game_id)

    async def games_with_status(self, status: Status) -> list[Game]:
        return sorted((g for g in self._games.values() if g.status is status),
                      key=lambda g: g.id)

    async def open_games_of(self, guild_id: int, user_id: int) -> list[Game]:
        return sorted((g for g in self._games.values()
                       if g.guild_id == guild_id and g.status in OPEN_STATUSES
                       and any(s.user_id == user_id for s in g.seats)), key=lambda g: g.id)

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
            self._supersede(game.id, "the game closed", everything=True)
        return self._bump(game, now, status=status)

    def _drop_reminders(self, game_id: int) -> None:
        for rid in [r.id for r in self._reminders.values() if r.game_id == game_id]:
            del self._reminders[rid]

    def _add_reminders(self, game: Game, reminders: Sequence[NewReminder]) -> None:
        self._drop_reminders(game.id)
        for r in reminders:
            self._add_reminder(game.id, game.channel_id, r, game.version)

    def _add_reminder(self, game_id: int, channel_id: int, r: NewReminder,
                      version: int) -> None:
        self._reminders[self._next_reminder] = Reminder(
            self._next_reminder, game_id, channel_id, r.user_id, r.kind, r.due_at, version,
            r.nth)
        self._next_reminder += 1

    def _supersede(self, game_id: int, why: str, *, everything: bool = False) -> None:
        for post in list(self._outbox.values()):
            if post.game_id == game_id and post.state is PostState.PENDING and (
                    everything or post.kind is not PostKind.DM):
                self._outbox[post.id] = replace(post, state=PostState.SUPERSEDED, outcome=why)

    def _add_posts(self, game_id: int, version: int, posts: Sequence[NewPost],
                   now: datetime) -> None:
        """Queue posts; a new table post supersedes older pending table posts and
        reminders of the game (never post a stale table)."""
        if any(p.kind is PostKind.TABLE for p in posts):
            self._supersede(game_id, f"replaced by version {version}")
        channel = self._games[game_id].channel_id
        seq = len(self._actions.get(game_id, ()))
        for p in posts:
            self._outbox[self._next_post] = Post(self._next_post, game_id, channel, version,
                                                 p.kind, p.text, tuple(p.pings), p.target, 0,
                                                 now, seq=seq)
            self._next_post += 1
        if posts:
            self._woken()

    async def start_game(self, game: Game, *, seats: Sequence[Seat],
                         state: dict[str, Any], reminders: Sequence[NewReminder],
                         now: datetime, posts: Sequence[NewPost] = ()) -> Game:
        expected = self._checked(game)
        game = self._bump(expected, now, seats=tuple(seats), status=Status.ACTIVE)
        self._snapshots[game.id] = Snapshot(game.id, 0, copy.deepcopy(state))
        self._add_reminders(game, reminders)
        self._add_posts(game.id, game.version, posts, now)
        return game

    async def record_actions(self, game: Game, *,
                             entries: Sequence[ActionEntry], state: dict[str, Any],
                             reminders: Sequence[NewReminder] | None, now: datetime,
                             result: GameResult | None = None,
                             posts: Sequence[NewPost] = (),
                             rated: RatedGame | None = None,
                             seats: Sequence[Seat] | None = None) -> Game:
        game = self._checked(game)
        game_id = game.id
        log = self._actions[game_id]
        seq = len(log)
        new = [LoggedAction(seq + i + 1, e.seat, e.text, now, e.events, e.said)
               for i, e in enumerate(entries)]
        status = Status.FINISHED if result is not None else game.status
        game = self._bump(game, now, status=status,
                          seats=tuple(seats) if seats is not None else game.seats)
        log.extend(new)
        self._snapshots[game_id] = Snapshot(game_id, len(log), copy.deepcopy(state))
        if result is not None:
            self._results[game_id] = result
            self._drop_reminders(game_id)
            if rated is not None:
                await self.rate_game(rated)
        elif reminders is not None:
            self._add_reminders(game, reminders)
        self._add_posts(game_id, game.version, posts, now)
        return game

    async def truncate_actions(self, game: Game, *, keep: int,
                               state: dict[str, Any], reminders: Sequence[NewReminder],
                               now: datetime, posts: Sequence[NewPost] = ()) -> Game:
        expected = self._checked(game)
        game_id = expected.id
        game = self._bump(expected, now)
        del self._actions[game_id][keep:]
        self._snapshots[game_id] = Snapshot(game_id, keep, copy.deepcopy(state))
        self._add_reminders(game, reminders)
        self._add_posts(game_id, game.version, posts, now)
        return game

    async def actions(self, game_id: int, after: int = 0) -> list[LoggedAction]:
        return list(self._actions.get(game_id, [])[after:])

    async def action_count(self, game_id: int) -> int:
        return len(self._actions.get(game_id, []))

    async def recent_actions(self, game_id: int, count: int) -> list[LoggedAction]:
        return list(self._actions.get(game_id, [])[-count:]) if count > 0 else []

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

    async def claim_due_reminders(self, now: datetime,
                                  lease: timedelta = REMINDER_LEASE) -> list[Reminder]:
        due = sorted((r for r in self._reminders.values()
                      if r.due_at <= now and self._claimed.get(r.id, now) <= now),
                     key=lambda r: (r.due_at, r.id))
        self._claimed.update((r.id, now + lease) for r in due)
        return due

    async def fire_reminder(self, reminder: Reminder, *, posts: Sequence[NewPost],
                            repeat: NewReminder | None, now: datetime) -> bool:
        if self._reminders.pop(reminder.id, None) is None:
            return False
        self._claimed.pop(reminder.id, None)
        self._add_posts(reminder.game_id, reminder.turn_version, posts, now)
        if repeat is not None:
            self._add_reminder(reminder.game_id, reminder.channel_id, repeat,
                               reminder.turn_version)
        return True

    async def reminders(self, game_id: int) -> list[Reminder]:
        return sorted((r for r in self._reminders.values() if r.game_id == game_id),
                      key=lambda r: (r.due_at, r.id))

    async def due_posts(self, now: datetime, limit: int = 100) -> list[Post]:
        return [p for p in sorted(self._outbox.values(), key=lambda p: p.id)
                if p.state is PostState.PENDING and p.next_try <= now][:limit]

    async def posts(self, game_id: int) -> list[Post]:
        return sorted((p for p in self._outbox.values() if p.game_id == game_id),
                      key=lambda p: p.id)

    async def reminders_since_last_table(self, game_id: int, before_post: int) -> list[Post]:
        rows = await self.posts(game_id)
        since = max((p.id for p in rows if p.kind is PostKind.TABLE and p.id < before_post
                     and p.state is PostState.SENT), default=0)
        return [p for p in rows if p.kind is PostKind.REMINDER and since < p.id < before_post
                and p.state is PostState.SENT]

    async def last_told_seq(self, game_id: int, before_post: int) -> int | None:
        told = [p for p in await self.posts(game_id) if p.id < before_post
                and p.kind is PostKind.TABLE and p.seq is not None
                and p.state in (PostState.SENT, PostState.FAILED)]
        return told[-1].seq if told else None

    async def told_log(self, game_id: int, before_post: int
                       ) -> tuple[int | None, list[LoggedAction]]:
        since = await self.last_told_seq(game_id, before_post)
        return (None, []) if since is None else \
            (since, await self.actions(game_id, after=max(0, since - 1)))

    async def claim_posts(self, now: datetime, limit: int = 100,
                          lease: timedelta = POST_LEASE) -> list[Post]:
        held = {self._outbox[pid].game_id for pid, until in self._post_claims.items()
                if until > now}
        rows = [p for p in await self.due_posts(now, len(self._outbox))
                if p.game_id not in held][:limit]
        self._post_claims.update((p.id, now + lease) for p in rows)
        return rows

    async def recheck_post(self, post_id: int, now: datetime,
                           lease: timedelta = POST_LEASE) -> bool:
        post = self._outbox.get(post_id)
        if post is None or post.state is not PostState.PENDING \
                or post_id not in self._post_claims:
            self._post_claims.pop(post_id, None)
            return False
        self._post_claims[post_id] = now + lease
        return True

    async def release_posts(self, post_ids: Sequence[int]) -> None:
        for pid in post_ids:
            self._post_claims.pop(pid, None)
        if post_ids:
            self._woken()

    async def last_sent_table(self, game_id: int, before_post: int) -> Post | None:
        return next((p for p in reversed(await self.posts(game_id)) if p.id < before_post
                     and p.kind is PostKind.TABLE and p.state is PostState.SENT), None)

    async def settle_post(self, post_id: int, state: PostState, outcome: str = "",
                          retry_at: datetime | None = None) -> None:
        self._post_claims.pop(post_id, None)
        post = self._outbox[post_id]
        if retry_at is not None:
            if post.state is PostState.PENDING:
                self._outbox[post_id] = replace(post, attempts=post.attempts + 1,
                                                next_try=retry_at, outcome=outcome)
            return
        self._outbox[post_id] = replace(post, state=state, outcome=outcome,
                                        attempts=post.attempts + 1)

    async def prune_posts(self, before: datetime) -> int:
        newest = max(self._outbox, default=0)  # as SQLite's (ids are never reused anyway)
        settled = [pid for pid, p in self._outbox.items()
                   if p.state is not PostState.PENDING and p.next_try < before
                   and pid != newest]
        for pid in settled:
            del self._outbox[pid]
        return len(settled)

    async def results(self, guild_id: int | None) -> list[GameResult]:
        return [r for r in self._results.values() if guild_id is None or r.guild_id == guild_id]

    async def user_prefs(self, user_id: int) -> UserPrefs:
        return self._prefs.get(user_id, UserPrefs(user_id))

    async def set_user_prefs(self, prefs: UserPrefs) -> None:
        self._prefs[prefs.user_id] = prefs

    # --- ratings ---------------------------------------------------------------------------

    async def rate_game(self, rated: RatedGame) -> bool:
        if rated.game_id in self._rated:
            return False
        self._rated.add(rated.game_id)
        where = (rated.guild_id, rated.game)
        rows = self._ratings.setdefault(where, {})
        lines = self._lines.setdefault(where, {})
        after = rate({p: r.rating for p, r in rows.items()}, rated.placings)
        for p in counted(rated.placings):
            old = rows.get(p.player)
            rows[p.player] = _Rated(p.user_id, p.name, after[p.player],
                                    (old.games if old else 0) + 1,
                                    (old.wins if old else 0) + int(p.won))
            lines.setdefault(p.player, []).append(
                _Line(rated.game_id, p.score, after[p.player].ordinal, rated.finished_at))
            lines[p.player].sort(key=lambda line: (line.at, line.game_id))
        return True

    def _shown(self, guild_id: int, game: str) -> list[tuple[str, _Rated]]:
        """The shown rows of a board, best first (as `rating_sql.BOARD` orders them)."""
        rows = [(p, r) for p, r in self._ratings.get((guild_id, game), {}).items()
                if r.user_id is None or (guild_id, game, r.user_id) not in self._hidden]
        return sorted(rows, key=lambda pr: (-pr[1].rating.ordinal, -pr[1].games, pr[0]))

    async def leaderboard(self, guild_id: int, game: str, limit: int) -> Board:
        shown = self._shown(guild_id, game)
        lines = self._lines.get((guild_id, game), {})
        rows = []
        for player, r in shown[:limit]:
            mine = lines.get(player, [])
            before = mine[-TREND_GAMES - 1].ordinal if len(mine) > TREND_GAMES else None
            rows.append((player, r.name, r.user_id, r.rating.ordinal, r.games, r.wins, before))
        return rq.board_rows(rows, len(shown))

    async def player_record(self, guild_id: int, game: str, player: str
                            ) -> PlayerRecord | None:
        r = self._ratings.get((guild_id, game), {}).get(player)
        if r is None:
            return None
        shown = r.user_id is None or (guild_id, game, r.user_id) not in self._hidden
        above = sum(1 for _p, other in self._shown(guild_id, game)
                    if other.rating.ordinal > r.rating.ordinal) if shown else None
        mine = self._lines[(guild_id, game)][player]
        best = max(mine, key=lambda line: (line.score, line.game_id))
        scores = (sum(line.score for line in mine) / len(mine), best.score, best.game_id)
        return rq.player_record(
            (player, r.name, r.rating.ordinal, r.games, r.wins, shown), above, scores,
            [(line.at.isoformat(), line.ordinal) for line in mine])

    async def set_hidden(self, guild_id: int, game: str, user_id: int, hidden: bool) -> None:
        if hidden:
            self._hidden.add((guild_id, game, user_id))
        else:
            self._hidden.discard((guild_id, game, user_id))

    async def is_hidden(self, guild_id: int, game: str, user_id: int) -> bool:
        return (guild_id, game, user_id) in self._hidden

    async def reset_ratings(self, guild_id: int, game: str) -> int:
        self._lines.pop((guild_id, game), None)
        return len(self._ratings.pop((guild_id, game), {}))
