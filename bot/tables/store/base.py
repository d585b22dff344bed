"""The storage contract. SQL lives only in the SQLite and PostgreSQL stores; every store
returns domain objects and passes the same contract tests (tests/bot/test_store_contract.py).

Every write takes the `Game` it expects (its id and version) and raises
`StaleActionError` when the stored game moved on; a write is all-or-nothing and returns
the updated game, so callers need not read it back.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, Protocol

from bot.tables.domain import (
    Game,
    GameOptions,
    GameResult,
    LoggedAction,
    NewPost,
    NewReminder,
    Post,
    PostState,
    Reminder,
    Seat,
    Snapshot,
    Status,
    TableSettings,
    UserPrefs,
)
from bot.tables.ratings import Board, PlayerRecord, RatedGame

#: How long a claimed reminder is held before another round may claim it again (a crash
#: between the claim and its firing must not lose it).
REMINDER_LEASE = timedelta(minutes=5)


@dataclass(frozen=True, slots=True)
class ActionEntry:
    """One action to log, with what it did as JSON: `events` (its events' `to_dict()`s)
    and, on the last action of a service call, `said` (that call's narration in the
    table's language), so any process tells and marks a turn from the log alone."""

    seat: int
    text: str
    events: str = "[]"
    said: str = ""


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

    async def open_games_of(self, guild_id: int, user_id: int) -> list[Game]:
        """The open games (lobby or active) in server `guild_id` where `user_id` holds a
        seat, oldest first: a player's own tables across the server's channels."""
        ...

    async def update_lobby(self, game: Game, *,
                           seats: Sequence[Seat], host_id: int, settings: TableSettings,
                           now: datetime) -> Game: ...

    async def set_status(self, game: Game, status: Status, now: datetime) -> Game:
        """A closed game (finished, abandoned) also loses its reminders and pending posts."""
        ...

    async def start_game(self, game: Game, *, seats: Sequence[Seat],
                         state: dict[str, Any], reminders: Sequence[NewReminder],
                         now: datetime, posts: Sequence[NewPost] = ()) -> Game: ...

    async def record_actions(self, game: Game, *,
                             entries: Sequence[ActionEntry], state: dict[str, Any],
                             reminders: Sequence[NewReminder] | None, now: datetime,
                             result: GameResult | None = None,
                             posts: Sequence[NewPost] = (),
                             rated: RatedGame | None = None,
                             seats: Sequence[Seat] | None = None) -> Game:
        """One transaction: log rows, snapshot, version, reminders (None: keep), result,
        the posts announcing it (the transactional outbox) and, with the result, the
        ratings it changes (`rated`: once per game id, as `rate_game`). `seats`: the
        table's seats as they now are (a resignation hands one to a computer in the same
        write as its moves and its line; None: unchanged)."""
        ...

    async def truncate_actions(self, game: Game, *, keep: int,
                               state: dict[str, Any], reminders: Sequence[NewReminder],
                               now: datetime, posts: Sequence[NewPost] = ()) -> Game:
        """Drop log rows after `keep` (undo) with the state they lead back to."""
        ...

    async def actions(self, game_id: int, after: int = 0) -> list[LoggedAction]:
        """The logged actions with a seq above `after` (all by default), oldest first."""
        ...

    async def action_count(self, game_id: int) -> int:
        """How many actions the log holds (the seq of the last one)."""
        ...

    async def snapshot(self, game_id: int) -> Snapshot | None: ...

    async def replace_snapshot(self, game_id: int, seq: int, state: dict[str, Any]) -> None: ...

    async def snapshot_mismatches(self) -> list[int]:
        """Active games whose snapshot is missing or behind their action log."""
        ...

    async def claim_due_reminders(self, now: datetime,
                                  lease: timedelta = REMINDER_LEASE) -> list[Reminder]:
        """Reminders due by `now` and not claimed within `lease`; each is claimed (leased,
        not deleted), so a crash before it is fired hands it out again after the lease."""
        ...

    async def fire_reminder(self, reminder: Reminder, *, posts: Sequence[NewPost],
                            repeat: NewReminder | None, now: datetime) -> bool:
        """One transaction: the reminder row goes, its posts enter the outbox and the next
        reminder (if any) is scheduled. False if the row is gone (the player moved)."""
        ...

    async def reminders(self, game_id: int) -> list[Reminder]:
        """The game's scheduled reminders, claimed or not, by due time."""
        ...

    # --- the outbox ----------------------------------------------------------------------

    async def due_posts(self, now: datetime, limit: int = 100) -> list[Post]:
        """Pending posts whose next try is due, oldest first."""
        ...

    async def posts(self, game_id: int) -> list[Post]:
        """Every outbox row of a game, oldest first (for tests and diagnostics)."""
        ...

    async def reminders_since_last_table(self, game_id: int, before_post: int) -> list[Post]:
        """The game's reminder rows sent after its newest sent table row older than row
        `before_post` (all of them if none), oldest first."""
        ...

    async def last_told_seq(self, game_id: int, before_post: int) -> int | None:
        """Where in the action log the game's newest table row older than row
        `before_post` that went out (sent, or refused for good) stood; None if none is
        left (the first post, or the rows were pruned)."""
        ...

    async def post_state(self, post_id: int) -> PostState | None:
        """A row's state now (None: no such row): the delivery asks once more right
        before it posts, so a row superseded while it was being drawn stays unposted."""
        ...

    async def settle_post(self, post_id: int, state: PostState, outcome: str = "",
                          retry_at: datetime | None = None) -> None:
        """Record a delivery attempt: sent, failed or superseded; or, with `retry_at` and
        state PENDING, one more failed attempt and when to try again."""
        ...

    async def prune_posts(self, before: datetime) -> int:
        """Delete settled rows (sent, superseded, failed) last tried before `before`, so
        a bot left running for months keeps a small database; pending rows always stay,
        and post ids are never used again (they make the message nonces). Returns how
        many went."""
        ...

    async def results(self, guild_id: int | None) -> list[GameResult]: ...

    async def user_prefs(self, user_id: int) -> UserPrefs: ...

    async def set_user_prefs(self, prefs: UserPrefs) -> None: ...

    # --- ratings (bot/tables/ratings.py) -------------------------------------------------

    async def rate_game(self, rated: RatedGame) -> bool:
        """Rate a finished game in a transaction of its own: claim its id, read the
        ratings of its identities, write their new ratings and history lines. False (and
        nothing changed) if that id was rated before."""
        ...

    async def leaderboard(self, guild_id: int, game: str, limit: int) -> Board:
        """The best `limit` rows of a server's game by ordinal, players hiding left out,
        each with its trend, and how many shown identities are rated."""
        ...

    async def player_record(self, guild_id: int, game: str, player: str
                            ) -> PlayerRecord | None:
        """An identity's record (None: never rated since the last reset)."""
        ...

    async def set_hidden(self, guild_id: int, game: str, user_id: int, hidden: bool) -> None:
        """A player hides from (or shows again on) a server's leaderboard of a game."""
        ...

    async def is_hidden(self, guild_id: int, game: str, user_id: int) -> bool: ...

    async def reset_ratings(self, guild_id: int, game: str) -> int:
        """Forget a server's ratings of a game (the games rated stay rated: never again);
        returns how many identities were dropped."""
        ...
