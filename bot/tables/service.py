"""The table service: games over days, with no Discord in it.

The Discord cogs, the offline sandbox and the tests all call this. Each game has one
lock; every write also names the version it expects, so of two clicks on the same
version exactly one applies (DESIGN.md lesson 8). Games in different channels never wait
for each other's locks.
"""

from __future__ import annotations

import asyncio
import functools
import json
import logging
import secrets
from collections import Counter, OrderedDict
from collections.abc import AsyncIterator, Awaitable, Callable, Collection, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta
from typing import Any, Concatenate, ParamSpec, TypeVar

from bot import APP_NAME
from bot.tables.computers import ComputerSeats
from bot.tables.domain import (
    Game,
    GameOptions,
    GameResult,
    LoggedAction,
    NewPost,
    NewReminder,
    PostKind,
    PostState,
    Reminder,
    Seat,
    Status,
    TableSettings,
)
from bot.tables.errors import (
    AlreadySeated,
    BadInput,
    CannotUndo,
    ColourTaken,
    IllegalMove,
    LeaveUnderWay,
    LobbyFull,
    NoColours,
    NoGameHere,
    NotAllowed,
    NotSeated,
    NotYourTurn,
    RemindTooOften,
    Resigned,
    ShuttingDown,
    StaleActionError,
    TooFewPlayers,
    WrongStatus,
)
from bot.tables.fronts import front_of
from bot.tables.limits import TableLimits
from bot.tables.narration import Told, story, told_turns, words_of
from bot.tables.ratings import (
    Board,
    PlayerRecord,
    RatedGame,
    person,
    placings_of,
    row_of,
    winners_of,
)
from bot.tables.store.base import (
    REMINDER_LEASE,
    ActionEntry,
    GameStore,
    LobbyLimits,
    too_many_lobbies,
)
from bot.tables.words import Segment, first_turn, turn_lines
from engine.games import GameRules, Record
from engine.games.base import Result
from engine.games.errors import GameError
from engine.games.events import Event
from engine.games.i18n import LOCALES, t
from engine.games.levels import AI_LEVELS, ai_name
from engine.games.rng import Rng
from engine.registry import game_named, replay

#: A game's state and actions are its own types; the service only hands them back to the
#: same game's `GameRules`.
GameState = Any
Action = Any

MAX_NAME = 32
#: Actions read back, in turn, to find the previous turn's end when no post bounds a
#: narration (the last call or two nearly always hold it); then the whole log.
TURN_WINDOWS = (8, 32)
#: The log's end read, in turn, for "since your last turn": a player's last move is
#: nearly always in the first (a 4-player round is a dozen actions or so); then the
#: whole log. Each row carries its words in every language: read no more than needed.
SINCE_WINDOWS = (12, 64)
STATE_CACHE = 2048
#: At most this many channel reminders per decision (the scheduled ones, then repeats).
REMINDER_CAP = 6
#: Repeats come at the table's last reminder gap, but never more often than this.
MIN_REPEAT_HOURS = 12.0
#: The rows a leaderboard shows.
BOARD_ROWS = 10

log = logging.getLogger(APP_NAME)


#: The outcome of an outbox row the channel refused (403/404) and that waits to be tried
#: again: "refused since <ISO time>: <status text>" (delivery keeps the first time).
REFUSED_PREFIX = "refused since "


def utc_now() -> datetime:
    return datetime.now(UTC)


@dataclass(frozen=True, slots=True)
class User:
    """Who is asking: a Discord user (or a sandbox player) and their display name."""

    id: int
    name: str
    is_manager: bool = False  # may manage any table in the server (Manage Server/Channels)
    manages_server: bool = False  # Manage Server itself: may reset a leaderboard


@dataclass(frozen=True, slots=True)
class Played:
    seat: int
    action: Action
    events: tuple[Event, ...]


@dataclass(frozen=True, slots=True)
class ActResult:
    """What an action did and what to announce."""

    game: Game
    state: GameState
    played: tuple[Played, ...]          # the player's action, then any computer moves
    next_user: int | None               # whom to ping (None: a computer or nobody)
    finished: bool
    # the states just before and after the acting player's own move (set by `act`): the
    # game's `ends_turn` over that move says whether their turn goes on
    state_before_first: GameState | None = None
    state_after_first: GameState | None = None

    @property
    def events(self) -> list[Event]:
        return [e for p in self.played for e in p.events]

    @property
    def rules(self) -> GameRules:
        return rules_of(self.game)

    @property
    def turn_is_over(self) -> bool:
        """The acting player's turn ended: the turn passed on, or the game is over."""
        if self.finished or not self.played:
            return True
        first = self.played[0]
        return self.state_before_first is None or self.rules.ends_turn(
            self.state_before_first, self.state_after_first, first.events)


def computer_name(number: int, ai: str, locale: str) -> str:
    """A computer seat's name, in the table's language and by its level, as the lobby
    offers it ("Bot 1 (easy)", "Bot 1 (leicht)"), never the player's internal name."""
    level = next((lv for lv, name in AI_LEVELS.items() if name == ai_name(ai)), ai)
    return t("seat.computer", locale, number=number, level=t(f"level.{level}", locale))


def rules_of(game: Game) -> GameRules:
    """The table's game behind the one interface (engine.games)."""
    return game_named(game.options.game)


def turn_passes_on(rules: GameRules, before: GameState, after: GameState,
                   played: Sequence[Played]) -> bool:
    """Whether a commit ends a player turn, and so owes the channel a table post (
    one post per player turn, not one per decision): the game says when its turn passes
    on (`GameRules.ends_turn`) over the whole commit, computer moves included."""
    if rules.is_over(after) or not played:
        return True
    return rules.ends_turn(before, after, [e for p in played for e in p.events])


@dataclass(frozen=True, slots=True)
class Fired:
    """One due reminder's own outcome ("reminded", "played", "moot" or "error: …")."""

    reminder: Reminder
    outcome: str
    result: ActResult | None = None


@dataclass(frozen=True, slots=True)
class TableStatus:
    game: Game
    state: GameState | None  # None in the lobby


@dataclass(frozen=True, slots=True)
class Story:
    """A table's finished turns in words (`narration.story`), the language they are in
    and the players' names to join them with (`words.turn_lines`)."""

    segments: list[Segment]
    locale: str
    names: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class OpenTable:
    """One of a player's open games: who it waits for and since when."""

    game: Game
    title: str               # the game's printed name
    to_move: str | None      # the seat's name; None in the lobby or once over
    yours: bool              # the asking player is to move
    since: datetime          # its last change (a move, a join, a setting)


_P = ParamSpec("_P")
_T = TypeVar("_T")


def _revalidating(method: Callable[Concatenate[TableService, int, _P], Awaitable[_T]]
                  ) -> Callable[Concatenate[TableService, int, _P], Awaitable[_T]]:
    """A call on a channel's open game that was refused as stale, when the cached game
    was behind the store (another process, or another service on the store, moved it),
    is made once more with the game read afresh: the cache is never a truth."""
    @functools.wraps(method)
    async def call(self: TableService, channel_id: int, /, *args: _P.args,
                   **kwargs: _P.kwargs) -> _T:
        try:
            return await method(self, channel_id, *args, **kwargs)
        except StaleActionError:
            if not await self._revalidate(channel_id):
                raise
        return await method(self, channel_id, *args, **kwargs)
    return call


def _clean_name(name: str) -> str:
    name = " ".join(name.split())[:MAX_NAME]
    return name or "player"


def _unique_names(seats: Sequence[Seat]) -> list[str]:
    """Engine player names must differ (results are keyed by name): 'Alex', 'Alex (2)'.

    The first seat with a name keeps it; a repeat gets the lowest free ' (n)' that is
    neither taken nor another seat's own name, so 'Alex', 'Alex (2)', 'Alex' gives
    'Alex', 'Alex (2)', 'Alex (3)'.
    """
    taken = {seat.name for seat in seats}
    seen: set[str] = set()
    out = []
    for seat in seats:
        name = seat.name
        if name in seen:
            number = 2
            while f"{name} ({number})" in taken:
                number += 1
            name = f"{name} ({number})"
            taken.add(name)
        seen.add(name)
        out.append(name)
    return out


def _with_colours(seats: list[Seat], colours: Sequence[str]) -> list[Seat]:
    """At start, a seat that chose no colour takes the first one nobody chose (in turn
    order); in a game without colours to choose, the seats stay as they are."""
    if not colours:
        return seats
    free = [c for c in colours if c not in {s.colour for s in seats}]
    return [s if s.colour else replace(s, colour=free.pop(0)) for s in seats]


@dataclass(slots=True)
class _GameLock:
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    users: int = 0  # holders and waiters


def _bounded(rows: Sequence[LoggedAction], upto: int, after: int, locale: str
             ) -> Told | None:
    """`told_turns` over the log's actions after action `after` (0: the whole log), or
    None when they do not reach back to the previous turn's end (the turn may have begun
    before them: read wider)."""
    told = told_turns(rows, upto, None, locale)
    if after and (not told.actions or told.actions[0].seq <= after + 1):
        return None
    return told


class TableService:
    def __init__(self, store: GameStore, *, clock: Callable[[], datetime] = utc_now,
                 components: str | None = None,
                 limits: TableLimits | None = None,
                 literal: Callable[[str], str] = str,
                 computers: ComputerSeats | None = None) -> None:
        self.store = store
        # Chooses computer moves off the event loop; in-process (threads) unless given
        # one with a worker process, as the bot does.
        self.computers = computers or ComputerSeats()
        # How a player's name becomes literal text in stored post texts: the Discord
        # front end escapes markdown and mentions, a terminal shows names as they are.
        self.literal = literal
        self.limits = limits or TableLimits()
        self._creating = asyncio.Lock()  # count-then-create must not interleave
        # lobby places held while the bot opens a thread for them (`lobby_reservation`)
        self._reserved_hosts: Counter[int] = Counter()
        self._reserved_parents: Counter[int] = Counter()
        self.clock = clock
        self.components = components
        self._locks: dict[int, _GameLock] = {}  # only games someone holds or waits for
        self._states: OrderedDict[int, tuple[int, GameState]] = OrderedDict()
        # Open games by channel, a cache validated by version: every write names the
        # version it expects, and a write refused as stale drops the entry and re-reads
        # (`_revalidating`); on a store other processes write too (`shared`), each look
        # also compares the stored version first. It saves the reads that dominated an
        # action's cost.
        self._open: dict[int, Game] = {}
        self._shared = bool(getattr(store, "shared", False))
        #: False while the bot shuts down: a new move is refused, one under way finishes.
        self.accepting = True
        #: Games archived at start-up because their log no longer replays (`resume`).
        self.quarantined: list[Game] = []

    # --- helpers -----------------------------------------------------------------------

    @asynccontextmanager
    async def _lock(self, game_id: int) -> AsyncIterator[None]:
        """One writer per game at a time; the entry goes once nobody holds or awaits it,
        so the table stays as small as the number of games being played right now."""
        if not self.accepting:
            raise ShuttingDown("the bot is restarting; try again in a moment")
        entry = self._locks.get(game_id)
        if entry is None:
            entry = self._locks[game_id] = _GameLock()
        entry.users += 1
        try:
            async with entry.lock:
                yield
        finally:
            entry.users -= 1
            if entry.users == 0:
                del self._locks[game_id]

    async def _open_game(self, channel_id: int) -> Game:
        game = self._open.get(channel_id)
        if game is not None and self._shared \
                and await self.store.open_version(channel_id) != (game.id, game.version):
            self._forget(game)
            game = None
        if game is None:
            game = await self.store.open_game_in(channel_id)
            if game is None:
                raise NoGameHere("there is no open game in this channel")
            self._open[channel_id] = game
        return game

    def _forget(self, game: Game) -> None:
        if self._open.get(game.channel_id) == game:
            del self._open[game.channel_id]
        self._states.pop(game.id, None)

    async def _revalidate(self, channel_id: int) -> bool:
        """After a stale refusal: whether the cached open game was behind the store (then
        it is read afresh, and the call is worth making again)."""
        cached = self._open.get(channel_id)
        if cached is None:
            return False
        stored = await self.store.open_game_in(channel_id)
        if stored is not None and (stored.id, stored.version) == (cached.id, cached.version):
            return False  # the cache was right: the refusal stands
        self._forget(cached)
        if stored is not None:
            self._saved(stored)
        return True

    def _newer(self, stored: Game) -> None:
        """A game just read from the store replaces an older cached copy of it."""
        cached = self._open.get(stored.channel_id)
        if cached is not None and (cached.id != stored.id or cached.version < stored.version):
            self._forget(cached)
            self._saved(stored)

    async def _fresh(self, game: Game) -> Game:
        """The game as it is now (call with its lock held)."""
        cached = self._open.get(game.channel_id)
        if cached is not None and cached.id == game.id:
            return cached
        fresh = await self.store.game(game.id)
        if fresh is None:
            raise NoGameHere("the game no longer exists")
        return self._saved(fresh)

    def _saved(self, game: Game) -> Game:
        """Keep the open-games cache in step with what was just written."""
        if game.status in (Status.LOBBY, Status.ACTIVE):
            self._open[game.channel_id] = game
        else:
            self._open.pop(game.channel_id, None)
            self._states.pop(game.id, None)
        return game

    @staticmethod
    def _own_seat(game: Game, user: User) -> Seat:
        """The seat `user` plays at a game under way; refused if the game is not under
        way, they hold no seat, or they resigned (a computer plays it now)."""
        if game.status is not Status.ACTIVE:
            raise WrongStatus("the game has not started yet")
        seat = game.seat_of(user.id)
        if seat is None:
            raise NotSeated("you are not playing at this table")
        if seat.is_ai:
            raise Resigned("you resigned from this game")
        return seat

    def _may_manage(self, game: Game, user: User) -> None:
        if user.id != game.host_id and not user.is_manager:
            raise NotAllowed("only the host or a server manager may do that")

    def _remember(self, game: Game, state: GameState) -> None:
        self._states[game.id] = (game.version, state)
        self._states.move_to_end(game.id)
        while len(self._states) > STATE_CACHE:
            self._states.popitem(last=False)

    @staticmethod
    def engine_options(game: Game) -> dict[str, Any]:
        """The options `GameRules.new_game` gets: the table's, with the component set this
        table was opened with where the game has one (Moon River)."""
        options = dict(game.options.rules)
        if "components" in options and game.components:
            options["components"] = game.components
        if game.seats and all(s.colour for s in game.seats):  # chosen in the lobby
            options["colours"] = [s.colour for s in game.seats]
        return options

    def _record(self, game: Game, actions: Sequence[LoggedAction]) -> Record:
        return Record(game.options.game, game.seed, tuple(_unique_names(game.seats)),
                      self.engine_options(game), tuple(a.text for a in actions))

    async def record_of(self, game: Game) -> Record:
        """The game's record as played so far, from the log (the end's story picture
        plays it back)."""
        return self._record(game, await self.store.actions(game.id))

    async def replayed(self, game: Game) -> GameState:
        """The state the game's whole stored log replays to from its seed, past every
        cache and snapshot (`moonriver db copy` checks a copied game with it)."""
        return replay(await self.record_of(game)).state

    async def state_of(self, game: Game) -> GameState:
        """The current state: memory, else the snapshot, else rebuilt from seed + log."""
        cached = self._states.get(game.id)
        if cached is not None and cached[0] == game.version:
            return cached[1]
        rules = rules_of(game)
        snap = await self.store.snapshot(game.id)
        state: GameState | None = None
        if snap is not None and snap.seq == await self.store.action_count(game.id):
            try:
                state = rules.state_from_dict(snap.state)
            except GameError:
                state = None  # a corrupted cache row: rebuild below
        if state is None:
            actions = await self.store.actions(game.id)
            state = replay(self._record(game, actions)).state
            await self.store.replace_snapshot(game.id, len(actions),
                                              rules.state_to_dict(state))
        self._remember(game, state)
        return state

    async def can_take_back(self, game: Game, user_id: int) -> bool:
        """Whether ↩️ Undo is offered to `user_id` on their current step: the log's last
        action is theirs, within their turn that goes on (its words end no turn, so no
        post told it) and revealed nothing: what `undo` would take back without a post.
        One read of the log's last row."""
        seat = game.seat_of(user_id)
        if seat is None or game.status is not Status.ACTIVE:
            return False
        rules = rules_of(game)
        if rules.active_seat(await self.state_of(game)) != seat.seat:
            return False
        last = await self.store.recent_actions(game.id, 1)
        if not last or last[-1].seat != seat.seat or not last[-1].said:
            return False
        told = json.loads(last[-1].said)
        if any(segment.get("ends_turn") for segments in told.values() for segment in segments):
            return False
        return not rules.reveals(rules.events_from_dicts(json.loads(last[-1].events or "[]")))

    async def state_told(self, game: Game, version: int, seq: int | None) -> GameState:
        """The table as a post of game `version` (at log position `seq`) tells it: the
        current state when nothing was committed since (nearly always), else the log's
        first `seq` actions played back. A post that goes out late (a retry) so never
        shows a move made after it, such as the next player's build taken back since
        with ↩️ Undo: what it shows is where the log stood when it was written."""
        state = await self.state_of(game)
        if seq is None or game.version <= version:
            return state
        actions = await self.store.actions(game.id)
        if seq >= len(actions):
            return state
        return replay(self._record(game, actions[:seq])).state

    async def turn_just_played(self, game: Game, locale: str) -> list[Segment]:
        """The turn that the game's newest call ended, in words (the mover's
        confirmation, in their language): every call of it, from the log; and the whole
        turns the game then played for the same seat by itself, as the post tells them
        (a decision with one option, such as a second king's last free domino, K-SETUP-3,
        K-TURN-1), up to anyone else's move."""
        told = await self._told_at_end(game, locale)
        said = first_turn(told.segments)
        rest = told.segments[len(said):]
        while said and rest:
            turn = first_turn(rest)
            if not turn[-1].ends_turn or any(x.seat != said[0].seat for x in turn):
                break
            said, rest = said + turn, rest[len(turn):]
        return said

    async def told(self, game: Game, upto: int, since: int | None
                   ) -> tuple[list[Segment], tuple[Event, ...]]:
        """What a table post at action `upto` tells (`narration.told_turns`: the turns
        finished since the post at action `since`, from the log alone) and the events of
        the actions it covers, for the picture's marks."""
        return self._with_events(game, await self._told_rows(game, upto, since,
                                                             game.settings.locale))

    async def told_before(self, game: Game, upto: int, before_post: int
                          ) -> tuple[list[Segment], tuple[Event, ...]]:
        """`told` for the table row `before_post` at action `upto`: since where the last
        table row before it that went out stood, found with the log from there on in one
        read (`GameStore.told_log`)."""
        since, rows = await self.store.told_log(game.id, before_post)
        locale = game.settings.locale
        told = told_turns(rows, upto, since, locale) if since is not None \
            else await self._told_rows(game, upto, None, locale)
        return self._with_events(game, told)

    def _with_events(self, game: Game, told: Told) -> tuple[list[Segment], tuple[Event, ...]]:
        """The told turns and the events of the actions they cover (the picture's marks)."""
        rules = rules_of(game)
        events: list[Event] = []
        for row in told.actions:
            if row.events:
                try:
                    events += rules.events_from_dicts(json.loads(row.events))
                except (ValueError, KeyError, TypeError):  # a row this version cannot read
                    log.warning("game %s: the events of action %s do not read", game.id,
                                row.seq)
        return told.segments, tuple(events)

    async def since_last_turn(self, game: Game, seat: int, locale: str, *,
                              played_for_them: bool = False) -> tuple[list[Segment], str]:
        """The turns the others played since `seat`'s last move, in the words their posts
        used (`narration.told_turns` from that move on), and the language they are in:
        `locale` where every one of those calls was told in it (the asker's, as
        `history` does), else the table's. What a player coming back has missed; empty
        before their first move, and only whole turns. A turn the game played for the
        seat itself (one option) counts as their last, unless `played_for_them`: then it
        is told with the others' (news to a player who left after their own move), and a
        seat with no move yet is told the game from its start (a message resumed on its
        first turn: an undo took the turn away and gave it back)."""
        for window in SINCE_WINDOWS:  # the log's end, wider until it holds their move
            rows = await self.store.recent_actions(game.id, window)
            own = [row.seq for row in rows if row.seat == seat]
            if own or len(rows) < window:
                break
        else:  # away longer: the whole log
            rows = await self.store.actions(game.id)
            own = [row.seq for row in rows if row.seat == seat]
        if not own and not played_for_them:
            return [], locale
        since = own[-1] if own else 0  # no move of theirs yet: the game from its start
        told = [words_of(row.said) for row in rows if row.said and row.seq >= since]
        chosen = locale if all(locale in words for words in told) else game.settings.locale
        segments = told_turns(rows, rows[-1].seq if rows else 0, since, chosen).segments
        mine = [i for i, x in enumerate(segments) if x.seat == seat and x.ends_turn]
        if mine and not played_for_them:  # the call of their last move went on into the
            # others' turns
            segments = segments[mine[-1] + 1:]
        ends = [i for i, x in enumerate(segments) if x.ends_turn]  # whole turns only: not
        return (segments[:ends[-1] + 1] if ends else []), chosen  # their own turn going on

    async def _told_rows(self, game: Game, upto: int, since: int | None,
                         locale: str) -> Told:
        """`told_turns` over the end of the log it needs: from `since`, or without it
        back to the previous turn's end (`TURN_WINDOWS`, then the whole log)."""
        if since is not None:
            return told_turns(await self.store.actions(game.id, after=max(0, since - 1)),
                              upto, since, locale)
        for window in TURN_WINDOWS:
            after = max(0, upto - window)
            told = _bounded(await self.store.actions(game.id, after=after), upto, after,
                            locale)
            if told is not None:
                return told
        return told_turns(await self.store.actions(game.id), upto, None, locale)

    async def _told_at_end(self, game: Game, locale: str) -> Told:
        """`_told_rows` for the newest call, whatever its number: the log's end."""
        for window in TURN_WINDOWS:
            rows = await self.store.recent_actions(game.id, window)
            after = rows[0].seq - 1 if len(rows) == window else 0  # fewer: the whole log
            told = _bounded(rows, rows[-1].seq if rows else 0, after, locale)
            if told is not None:
                return told
        rows = await self.store.actions(game.id)
        return told_turns(rows, rows[-1].seq if rows else 0, None, locale)

    def _reminders_for(self, game: Game, state: GameState) -> list[NewReminder]:
        """A deadline per turn from the table settings; none for computers or the end."""
        rules = rules_of(game)
        seat = rules.active_seat(state)
        if rules.is_over(state) or seat is None or game.seats[seat].is_ai:
            return []
        now = self.clock()
        user = game.seats[seat].user_id
        out = [NewReminder(user, "remind", now + timedelta(hours=h), nth)
               for nth, h in enumerate(game.settings.remind_after_hours)]
        if game.settings.autoplay_after_hours is not None:
            out.append(NewReminder(user, "autoplay",
                                   now + timedelta(hours=game.settings.autoplay_after_hours)))
        return out

    # --- lobby -------------------------------------------------------------------------

    @asynccontextmanager
    async def lobby_reservation(self, host: User, parent_id: int) -> AsyncIterator[None]:
        """Hold one lobby place of `host` and channel `parent_id` while the bot prepares a
        lobby (opens its thread): concurrent `/moonriver new` are refused before they
        make a thread, not after. Call `create(..., reserved=True)` inside it."""
        async with self._creating:
            await self.check_new_lobby(host, parent_id)
            self._reserved_hosts[host.id] += 1
            self._reserved_parents[parent_id] += 1
        try:
            yield
        finally:
            self._reserved_hosts[host.id] -= 1
            self._reserved_parents[parent_id] -= 1
            if not self._reserved_hosts[host.id]:
                del self._reserved_hosts[host.id]
            if not self._reserved_parents[parent_id]:
                del self._reserved_parents[parent_id]

    async def create(self, channel_id: int, host: User, options: GameOptions | None = None,
                     *, guild_id: int | None = None, settings: TableSettings | None = None,
                     seed: int | None = None, parent_id: int | None = None,
                     reserved: bool = False) -> Game:
        """A lobby with the host seated. The seed is drawn at random unless given (the
        sandbox takes one to reproduce a game). `parent_id` is the channel a thread was
        opened from: the per-channel lobby limit counts it and its threads."""
        if seed is not None and not 0 <= seed < 2**48:
            raise BadInput("the seed must be a whole number from 0 to 2^48 - 1")
        if settings is not None:
            self._check_settings(settings)
        parent = parent_id if parent_id is not None else channel_id
        async with self._creating:
            if not reserved:  # else its place is held by `lobby_reservation`
                await self.check_new_lobby(host, parent)
            return self._saved(await self.store.create_game(
                guild_id=guild_id, channel_id=channel_id,
                host=Seat(0, host.id, _clean_name(host.name)),
                options=options or GameOptions(), settings=settings or TableSettings(),
                seed=secrets.randbits(48) if seed is None else seed,
                components=self._components_of(options), now=self.clock(),
                parent_id=parent, limits=LobbyLimits(self.limits.lobbies_per_user,
                                                     self.limits.lobbies_per_channel)))

    def _components_of(self, options: GameOptions | None) -> str:
        """The component set a new table is opened with: the service's own where it was
        given one (a deployment's choice), else what the game's options name ("" for a
        game without component sets)."""
        if self.components is not None:
            return self.components
        return str((options.rules if options else {}).get("components", ""))

    async def check_new_lobby(self, host: User, parent_id: int) -> None:
        """`TooManyLobbies` if `host` or channel `parent_id` is at its lobby limit, counting
        lobbies this process has reserved but not yet written (`lobby_reservation`). The
        store checks the limits again in the transaction that writes a lobby, so lobbies
        opened by several processes at once keep them too (this check only saves a
        thread that would be refused)."""
        if await self.store.open_lobbies(host_id=host.id) + self._reserved_hosts[host.id] \
                >= self.limits.lobbies_per_user:
            raise too_many_lobbies(by_host=True, limit=self.limits.lobbies_per_user)
        if await self.store.open_lobbies(parent_id=parent_id) \
                + self._reserved_parents[parent_id] >= self.limits.lobbies_per_channel:
            raise too_many_lobbies(by_host=False, limit=self.limits.lobbies_per_channel)

    def _check_settings(self, settings: TableSettings) -> None:
        """The service's own bounds on top of the settings' (a reminder every few
        seconds would be a ping machine)."""
        shortest = self.limits.min_remind_hours
        if any(h < shortest for h in settings.remind_after_hours):
            raise RemindTooOften(f"reminders must be at least {shortest:g} hours apart",
                                 hours=f"{shortest:g}")

    async def _lobby_change(self, channel_id: int,
                            change: Callable[[Game], tuple[list[Seat], int]]) -> Game:
        game = await self._open_game(channel_id)
        async with self._lock(game.id):
            game = await self._fresh(game)
            if game.status is not Status.LOBBY:
                raise WrongStatus("the game has already started")
            seats, host_id = change(game)
            renumbered = [replace(s, seat=i) for i, s in enumerate(seats)]
            return self._saved(await self.store.update_lobby(
                game, seats=renumbered, host_id=host_id, settings=game.settings,
                now=self.clock()))

    @_revalidating
    async def join(self, channel_id: int, user: User) -> Game:
        def change(game: Game) -> tuple[list[Seat], int]:
            if game.seat_of(user.id) is not None:
                raise AlreadySeated("you are already at this table")
            if len(game.seats) >= game.options.max_players:
                raise LobbyFull("the table is full", seats=game.options.max_players)
            return [*game.seats, Seat(len(game.seats), user.id, _clean_name(user.name))], \
                game.host_id
        return await self._lobby_change(channel_id, change)

    @_revalidating
    async def add_ai(self, channel_id: int, user: User, ai: str = "greedy") -> Game:
        """Seat a computer player: an AI name or level the table's game has."""
        def change(game: Game) -> tuple[list[Seat], int]:
            try:
                rules_of(game).make_player(ai, 0)
            except (GameError, ValueError) as exc:
                raise BadInput(f"unknown computer player {ai!r}: {exc}", field="ai") from None
            self._may_manage(game, user)
            if len(game.seats) >= game.options.max_players:
                raise LobbyFull("the table is full", seats=game.options.max_players)
            count = sum(1 for s in game.seats if s.is_ai) + 1
            return [*game.seats, Seat(len(game.seats), None, computer_name(
                count, ai, game.settings.locale), ai)], game.host_id
        return await self._lobby_change(channel_id, change)

    @_revalidating
    async def choose_colour(self, channel_id: int, user: User, colour: str,
                            seat: int | None = None) -> Game:
        """A seat's colour in the lobby (in Moon River's Legends of the West, its Legend's
        board, R-LEG-1): first come first served for everyone choosing their own (`seat`
        None); the host (or a manager) naming a `seat` may give it any colour, and a
        colour another seat holds then swaps with it. Seats without a colour get the free
        ones at start."""
        def change(game: Game) -> tuple[list[Seat], int]:
            options, locale = dict(game.options.rules), game.settings.locale
            front = front_of(game.options.game)
            choices = front.colours(options)
            if colour not in choices:
                raise NoColours(f"{colour!r} is not a colour of this table"
                                + (f" ({', '.join(choices)})" if choices else ""),
                                colours=", ".join(front.colour_label(c, options, locale)
                                                  for c in choices) or "—")
            seats = list(game.seats)
            if seat is None:
                mine = game.seat_of(user.id)
                if mine is None:
                    raise NotSeated("join the table first, then choose your colour")
                index = seats.index(mine)
            else:
                if not 0 <= seat < len(seats):
                    raise BadInput(f"there is no seat {seat + 1}", seat=seat + 1)
                index = seat
                if seats[index].user_id != user.id:
                    self._may_manage(game, user)  # the host reassigns
            holder = next((i for i, s in enumerate(seats) if s.colour == colour), None)
            if holder is not None and holder != index:
                if seat is None or (user.id != game.host_id and not user.is_manager):
                    raise ColourTaken(
                        f"{colour} is taken by {seats[holder].name}: choose another, or "
                        "ask the host to reassign it",
                        colour=front.colour_label(colour, options, locale),
                        player=seats[holder].name)
                seats[holder] = replace(seats[holder], colour=seats[index].colour)
            seats[index] = replace(seats[index], colour=colour)
            return seats, game.host_id
        return await self._lobby_change(channel_id, change)

    @_revalidating
    async def leave(self, channel_id: int, user: User) -> Game:
        """Leave a lobby; a leaving host hands the table to the next person, and a lobby
        nobody is left in is closed."""
        game = await self._open_game(channel_id)
        if game.seat_of(user.id) is None:
            raise NotSeated("you are not at this table")
        if game.status is Status.ACTIVE:
            raise LeaveUnderWay("the game has started: the host hands the seat over or "
                                "abandons the game")

        def change(game: Game) -> tuple[list[Seat], int]:
            if game.seat_of(user.id) is None:
                raise NotSeated("you are not at this table")
            seats = [s for s in game.seats if s.user_id != user.id]
            humans = [s for s in seats if not s.is_ai]
            host = game.host_id if user.id != game.host_id else (
                humans[0].user_id if humans and humans[0].user_id is not None else 0)
            return seats, host
        game = await self._lobby_change(channel_id, change)
        if not any(not s.is_ai for s in game.seats):
            async with self._lock(game.id):
                game = self._saved(await self.store.set_status(game, Status.ABANDONED,
                                                               self.clock()))
        return game

    @_revalidating
    async def cancel(self, channel_id: int, user: User) -> Game:
        """Close a lobby (host or a server manager)."""
        game = await self._open_game(channel_id)
        async with self._lock(game.id):
            game = await self._fresh(game)
            self._may_manage(game, user)
            if game.status is not Status.LOBBY:
                raise WrongStatus("the game has started: use abandon")
            return self._saved(await self.store.set_status(game, Status.ABANDONED,
                                                           self.clock()))

    @_revalidating
    async def update_settings(self, channel_id: int, user: User,
                              settings: TableSettings) -> Game:
        self._check_settings(settings)
        game = await self._open_game(channel_id)
        async with self._lock(game.id):
            game = await self._fresh(game)
            self._may_manage(game, user)
            return self._saved(await self.store.update_lobby(
                game, seats=game.seats, host_id=game.host_id, settings=settings,
                now=self.clock()))

    @_revalidating
    async def start(self, channel_id: int, user: User) -> ActResult:
        """Start (host or manager; 2–4 seats); seat order is drawn from the game's seed."""
        game = await self._open_game(channel_id)
        async with self._lock(game.id):
            game = await self._fresh(game)
            self._may_manage(game, user)
            if game.status is not Status.LOBBY:
                raise WrongStatus("the game has already started")
            rules = rules_of(game)
            counts = rules.player_counts
            if len(game.seats) not in counts:
                raise TooFewPlayers(f"{rules.title} needs {min(counts)}–{max(counts)} players",
                                    seats=len(game.seats), least=min(counts),
                                    most=max(counts))
            order = list(game.seats)
            Rng(game.seed ^ 0x5EA7).shuffle(order)
            seats = _with_colours([replace(s, seat=i) for i, s in enumerate(order)],
                                  front_of(game.options.game).colours(
                                      dict(game.options.rules)))
            seated = replace(game, seats=tuple(seats))
            try:  # R-LEG-2, K-VAR: the options were checked when the table was opened
                state, _setup = rules.new_game(_unique_names(seats), game.seed,
                                               self.engine_options(seated))
            except GameError as exc:
                raise BadInput(str(exc), field="options") from None
            after, computers = await self._play_computers(seated, state)
            game = self._saved(await self.store.start_game(
                game, seats=seats, state=rules.state_to_dict(state),
                reminders=self._reminders_for(seated, state), now=self.clock(),
                posts=[] if computers else self._announce(seated, state, (), None)))
            self._remember(game, state)
            if computers:
                return await self._commit(game, after, computers)
            return ActResult(game, state, (), self._user_to_move(game, state), False)

    # --- playing -----------------------------------------------------------------------

    async def _play_computers(self, game: Game,
                              state: GameState) -> tuple[GameState, list[Played]]:
        """The computer seats' moves up to the next human decision, chosen off the event
        loop (bot.tables.computers: a searching player in a worker process), applied
        here like anyone's move."""
        after, moves = await self.computers.play(state, [s.ai for s in game.seats],
                                                 game.seed, rules=rules_of(game))
        return after, [Played(m.seat, m.action, m.events) for m in moves]

    @staticmethod
    def _user_to_move(game: Game, state: GameState) -> int | None:
        seat = rules_of(game).active_seat(state)
        return None if seat is None else game.seats[seat].user_id

    @_revalidating
    async def act(self, channel_id: int, user: User, action_text: str,
                  expected_version: int | None = None, *, locale: str | None = None,
                  goes_on: Collection[str] = ()) -> ActResult:
        """Apply one action of the player to move, then any computer players' moves.
        `locale`: the mover's language, in which the log keeps these moves' words too
        (for their confirmation) beside the table's. `goes_on`: the games whose mover's
        private message goes on into their own next turn, so its post does not ping them
        (`_announce`)."""
        game = await self._open_game(channel_id)
        async with self._lock(game.id):
            game = await self._fresh(game)
            if game.status is not Status.ACTIVE:
                raise WrongStatus("the game has not started yet")
            if expected_version is not None and expected_version != game.version:
                raise StaleActionError("the table has moved on since that message",
                                       version=game.version)
            seat = game.seat_of(user.id)
            if seat is None:
                raise NotSeated("you are not playing at this table")
            rules = rules_of(game)
            before = state = await self.state_of(game)
            if rules.active_seat(state) != seat.seat:
                mover = rules.active_seat(state)
                raise NotYourTurn("it is not your turn", player=(
                    game.seats[mover].name if mover is not None else ""))
            try:
                action = rules.parse_action(action_text)
                state, events = rules.apply(state, action)
            except GameError as exc:
                raise IllegalMove(str(exc)) from None
            mine = state
            played = [Played(seat.seat, action, tuple(events))]
            state, computers = await self._play_computers(game, state)
            played += computers
            tapping = user.id if game.options.game in goes_on else None
            result = await self._commit(game, state, played, locale, tapping=tapping)
            return replace(result, state_before_first=before, state_after_first=mine)

    def _announce(self, game: Game, state: GameState, events: Sequence[Event],
                  result: GameResult | None, said: str = "",
                  tapping: int | None = None) -> list[NewPost]:
        """The table post a commit owes the channel, and whom to ping (the player to move,
        or the winners). Written in the commit's own transaction. What happened is told
        from the log at delivery; `said` is the row's own text where the log has nothing
        to tell (an undo). `tapping`: the user whose own move this commit is; when the
        next turn is theirs too (a round boundary, R-ROUND-*), their private message goes
        on with it, so the post names them without a ping."""
        text = said
        if result is not None:
            names = rules_of(game).names(state)
            winners = [game.seats[i].user_id for i, name in enumerate(names)
                       if name in result.winners]
            pings = tuple(u for u in winners if u is not None)
        else:
            user = self._user_to_move(game, state)
            pings = () if user is None or user == tapping else (user,)
        return [NewPost(PostKind.TABLE, text, pings)]

    async def _commit(self, game: Game, state: GameState, played: Sequence[Played],
                      mover_locale: str | None = None, *,
                      tapping: int | None = None, stand_in: int | None = None,
                      said: str = "", seats: Sequence[Seat] | None = None) -> ActResult:
        """Log, snapshot, fresh deadlines (per decision) and the announcement: one write.
        `mover_locale`: the mover's language (`_entries`); `tapping`: the user who made
        the move, if a player did (`_announce`); `stand_in`: the silent seat a computer
        played this call's first turn for, told as such, and its player is told
        privately what was played in their name; `said`: a line the post opens with (a
        resignation); `seats`: written in the same transaction (a resignation's seat). The
        end of a game also rates it, in the same write."""
        rules = rules_of(game)
        result = None
        rated = None
        final = rules.result(state)
        if final is not None:  # stored by name (results before tables knew their game were)
            names = rules.names(state)
            result = GameResult(game.id, game.guild_id, self.clock(),
                                dict(zip(names, final.scores, strict=True)),
                                tuple(names[i] for i in winners_of(final, game.resigned)))
            rated = self._rated(game, names, final)
        events = [e for p in played for e in p.events]
        previous = await self.state_of(game)
        posts = self._announce(game, state, events, result, said, tapping=tapping) \
            if turn_passes_on(rules, previous, state, played) else []
        entries = self._entries(game, previous, state, played, ends=bool(posts),
                                mover_locale=mover_locale, stand_in=stand_in)
        if stand_in is not None:
            posts.append(self._stand_in_note(game, stand_in, entries))
        game = self._saved(await self.store.record_actions(
            game, entries=entries,
            state=rules.state_to_dict(state), reminders=self._reminders_for(game, state),
            now=self.clock(), result=result, posts=posts, rated=rated, seats=seats))
        self._remember(game, state)
        finished = rules.is_over(state)
        return ActResult(game, state, tuple(played), self._user_to_move(game, state), finished)

    def _rated(self, game: Game, names: Sequence[str], final: Result) -> RatedGame | None:
        """What the ratings read of a game's end: its seats, places (the game's own
        standings, ties shared; a resigned seat last) and points. None where it does not
        count (no server, no person at the table)."""
        if game.guild_id is None:
            return None
        placings = placings_of([(s.user_id, s.ai, name) for s, name in zip(
            game.seats, names, strict=True)], final.places(), final.scores)
        if placings is None:
            return None
        return RatedGame(game.id, game.guild_id, game.options.game, self.clock(), placings)

    def _entries(self, game: Game, before: GameState, after: GameState,
                 played: Sequence[Played], *, ends: bool,
                 mover_locale: str | None = None,
                 stand_in: int | None = None) -> list[ActionEntry]:
        """The call's actions for the log, each with its events, and the last with the
        call's narration in every language the bot speaks (the table's for its posts, each
        player's for their confirmation and their "since your last turn", whoever moved):
        the one time a move is put in words (`narration.told_turns` reads it back).
        `ends`: the call passed the turn on, so its last words end a turn unless they
        begin the next player's (an automatic step of the seat now to move)."""
        front, rules = front_of(game.options.game), rules_of(game)
        moves = [(p.seat, p.events) for p in played]
        said: dict[str, list[dict[str, Any]]] = {}
        table = game.settings.locale
        for locale in dict.fromkeys((table, mover_locale or table, *LOCALES)):
            segments = front.segments_of(moves, before, after, locale, self.literal)
            if ends and segments and not segments[-1].ends_turn and (
                    rules.is_over(after) or segments[-1].seat != rules.active_seat(after)):
                segments[-1] = replace(segments[-1], ends_turn=True)
            if stand_in is not None:  # the stand-in's one turn opens the call
                turn = first_turn(segments)
                segments[:len(turn)] = [replace(x, stand_in=x.seat == stand_in) for x in turn]
            said[locale] = [x.to_dict() for x in segments]
        entries = [ActionEntry(p.seat, str(p.action),
                               json.dumps([e.to_dict() for e in p.events])) for p in played]
        if entries:
            entries[-1] = replace(entries[-1], said=json.dumps(said, ensure_ascii=False))
        return entries

    def _stand_in_note(self, game: Game, seat: int, entries: Sequence[ActionEntry]) -> NewPost:
        """The private note to a silent player of the turn a computer played in their
        name (in the table's language, as the post tells it)."""
        locale = game.settings.locale
        said = json.loads(entries[-1].said or "{}") if entries else {}
        segments = [Segment.from_dict(x) for x in said.get(locale, [])]
        names = [self.literal(s.name) for s in game.seats]
        lines = turn_lines([x for x in segments if x.stand_in], names, locale)
        return NewPost(PostKind.DM, "\n".join(lines), target=game.seats[seat].user_id)

    @_revalidating
    async def undo(self, channel_id: int, user: User,
                   expected_version: int | None = None) -> ActResult:
        """Take back your own last move, before anyone else has acted and before it revealed
        a random draw (a new column, partners refilled, the last round, the end). A move
        that had passed the turn on had its table post, so the table is told again; one
        within the turn (a placement before the claim) had none, and nothing is posted.
        `expected_version`: a Take back button's, refused once the table moved on."""
        game = await self._open_game(channel_id)
        async with self._lock(game.id):
            game = await self._fresh(game)
            if expected_version is not None and expected_version != game.version:
                raise StaleActionError("the table has moved on since that message",
                                       version=game.version)
            seat = self._own_seat(game, user)
            actions = await self.store.actions(game.id)
            if not actions or actions[-1].seat != seat.seat:
                raise CannotUndo("only your own last move can be taken back, before anyone "
                                 "else moves", game=game.options.game)
            rules = rules_of(game)
            before = replay(self._record(game, actions[:-1])).state
            action = rules.parse_action(actions[-1].text)
            after, events = rules.apply(before, action)
            if rules.reveals(events):
                raise CannotUndo("that move revealed something new; it stands",
                                 game=game.options.game)
            posted = turn_passes_on(rules, before, after, [Played(seat.seat, action,
                                                                  tuple(events))])
            posts = self._announce(game, before, (), None, said=t(
                "turn.undo", game.settings.locale, player=self.literal(seat.name)),
                tapping=user.id) if posted else []  # no ping for their own turn
            game = self._saved(await self.store.truncate_actions(
                game, keep=len(actions) - 1, state=rules.state_to_dict(before),
                reminders=self._reminders_for(game, before), now=self.clock(),
                posts=posts))
            self._remember(game, before)
            return ActResult(game, before, (), self._user_to_move(game, before), False)

    async def legal(self, channel_id: int, user: User) -> list[Action]:
        """The actions `user` may take now (empty when it is not their turn)."""
        game = await self._open_game(channel_id)
        if game.status is not Status.ACTIVE:
            return []
        seat = game.seat_of(user.id)
        state = await self.state_of(game)
        rules = rules_of(game)
        if seat is None or rules.active_seat(state) != seat.seat:
            return []
        return rules.legal_actions(state)

    async def game(self, game_id: int, channel_id: int, version: int = 0) -> Game | None:
        """The game as stored now, at `version` or later (the outbox asks once for every
        post it sends, with the row's version): an open one from the cache when it is
        that far, any other (or a game another process moved) from the store."""
        cached = self._open.get(channel_id)
        if cached is not None and cached.id == game_id and cached.version >= version \
                and not self._shared:
            return cached
        stored = await self.store.game(game_id)
        if stored is not None:
            self._newer(stored)
        return stored

    async def announced_from(self, channel_id: int) -> int | None:
        """The thread whose table was announced in `channel_id` (the newest), if any."""
        return await self.store.announced_from(channel_id)

    async def status(self, channel_id: int) -> TableStatus:
        game = await self._open_game(channel_id)
        if game.status is Status.LOBBY:
            return TableStatus(game, None)
        return TableStatus(game, await self.state_of(game))

    async def last_table(self, channel_id: int) -> TableStatus:
        """The open game here, else the channel's last finished one (status, board and
        history keep working after the end)."""
        try:
            return await self.status(channel_id)
        except NoGameHere:
            finished = [g for g in await self.store.games_with_status(Status.FINISHED)
                        if g.channel_id == channel_id]
            if not finished:
                raise
            game = max(finished, key=lambda g: g.id)
            return TableStatus(game, await self.state_of(game))

    async def history(self, channel_id: int, locale: str) -> Story:
        """The table's game so far (the open one, else the channel's last finished one)
        in the words its posts used, read from the log: no engine action text."""
        current = await self.last_table(channel_id)
        game = current.game
        if current.state is None:  # the lobby: nothing played yet
            return Story([], game.settings.locale, tuple(_unique_names(game.seats)))
        segments, told_in = story(await self.store.actions(game.id), locale,
                                  game.settings.locale)
        return Story(segments, told_in, tuple(rules_of(game).names(current.state)))

    async def open_tables_of(self, guild_id: int, user_id: int) -> list[OpenTable]:
        """The player's open games in the server, those waiting for them first, then the
        longest waiting: what to come back to."""
        tables = []
        for game in await self.store.open_games_of(guild_id, user_id):
            rules = rules_of(game)
            to_move, yours = None, False
            if game.status is Status.ACTIVE:
                state = await self.state_of(game)
                seat = None if rules.is_over(state) else rules.active_seat(state)
                if seat is not None:
                    to_move = rules.names(state)[seat]
                    yours = game.seats[seat].user_id == user_id
            tables.append(OpenTable(game, rules.title, to_move, yours, game.updated_at))
        return sorted(tables, key=lambda table: (not table.yours, table.since))

    @_revalidating
    async def abandon(self, channel_id: int, user: User) -> Game:
        game = await self._open_game(channel_id)
        async with self._lock(game.id):
            game = await self._fresh(game)
            self._may_manage(game, user)
            return self._saved(await self.store.set_status(game, Status.ABANDONED,
                                                           self.clock()))

    @_revalidating
    async def replace_seat(self, channel_id: int, user: User, seat: int,
                           new_player: User) -> Game:
        """Hand a seat to someone else (host or manager), e.g. for a player who left. The
        seat takes the new player's name: a game under way is replayed under it (the
        rules keep names only to show them), so pictures, narration, confirmations and
        the ranking say who plays it now; the thread is told in one line with a fresh
        table post, and the deadlines go to the new player."""
        game = await self._open_game(channel_id)
        async with self._lock(game.id):
            game = await self._fresh(game)
            self._may_manage(game, user)
            if not 0 <= seat < len(game.seats):
                raise BadInput(f"there is no seat {seat + 1}", seat=seat + 1)
            if game.seat_of(new_player.id) is not None:
                raise AlreadySeated(f"{new_player.name} already plays at this table")
            old = game.seats[seat]
            seats = list(game.seats)
            seats[seat] = Seat(seat, new_player.id, _clean_name(new_player.name), None,
                               old.colour)
            host = new_player.id if old.user_id == game.host_id else game.host_id
            game = self._saved(await self.store.update_lobby(
                game, seats=seats, host_id=host, settings=game.settings, now=self.clock()))
            self._states.pop(game.id, None)
            if game.status is not Status.ACTIVE:
                return game
            kept = await self.store.action_count(game.id)
            state = replay(self._record(game, await self.store.actions(game.id))).state
            said = t("lobby.seat_handed_table", game.settings.locale,
                     seat=self.literal(old.name), player=self.literal(seats[seat].name))
            game = self._saved(await self.store.truncate_actions(
                game, keep=kept, state=rules_of(game).state_to_dict(state),
                reminders=self._reminders_for(game, state), now=self.clock(),
                posts=self._announce(game, state, (), None, said=said)))
            self._remember(game, state)
            return game

    async def may_resign(self, channel_id: int, user: User) -> Game:
        """The table `user` could resign from here (before asking them to confirm)."""
        game = await self._open_game(channel_id)
        self._own_seat(game, user)
        return game

    async def resign(self, channel_id: int, user: User) -> ActResult:
        """A seated player gives up mid-game: a computer of the table's stand-in level
        plays their seat to the end (the seat keeps their name and ranks last for the
        ratings), and the thread is told in one line with the table's next post. One
        write: the seat, the computers' moves up to the next person's decision and the
        post with its line commit together, so no crash leaves a resigned seat untold."""
        game = await self._open_game(channel_id)
        async with self._lock(game.id):
            game = await self._fresh(game)
            seat = self._own_seat(game, user)
            seats = list(game.seats)
            seats[seat.seat] = replace(seat, ai=ai_name(self._standin_level(game)))
            state = await self.state_of(game)
            game = replace(game, seats=tuple(seats))  # as it will be stored
            said = t("ratings.resigned_table", game.settings.locale,
                     player=self.literal(seat.name))
            after, computers = await self._play_computers(game, state)
            if computers:
                return await self._commit(game, after, computers, said=said, seats=seats)
            game = self._saved(await self.store.record_actions(
                game, entries=(), state=rules_of(game).state_to_dict(state),
                reminders=self._reminders_for(game, state), now=self.clock(),
                posts=self._announce(game, state, (), None, said=said), seats=seats))
            self._remember(game, state)
            return ActResult(game, state, (), self._user_to_move(game, state), False)

    # --- ratings (bot/tables/ratings.py) -------------------------------------------------

    async def leaderboard(self, guild_id: int, game: str, limit: int = BOARD_ROWS,
                          asker: int | None = None) -> Board:
        """A server's best players of a game (players hiding left out); with `asker`, their
        own row too when they are rated below the top rows (and not hiding)."""
        board = await self.store.leaderboard(guild_id, game, limit)
        me = person(asker) if asker is not None else None
        if me is None or any(row.player == me for row in board.rows):
            return board
        record = await self.store.player_record(guild_id, game, me)
        return board if record is None else replace(board, mine=row_of(record))

    async def profile(self, guild_id: int, game: str, user_id: int) -> PlayerRecord | None:
        """A member's record in a game on this server; None if never rated here."""
        return await self.store.player_record(guild_id, game, person(user_id))

    async def best_final(self, record: PlayerRecord) -> tuple[Game, GameState, int] | None:
        """The finished game of a player's best score, its final state and their seat in
        it: the profile shows that ranch, kingdom or area. None where it is gone (a
        computer identity, or a game no longer stored)."""
        if record.best_game is None or not record.player.startswith("u:"):
            return None
        game = await self.store.game(record.best_game)
        user = int(record.player[2:])
        seat = None if game is None else game.seat_of(user)
        if game is None or seat is None or game.status is not Status.FINISHED:
            return None
        return game, await self.state_of(game), seat.seat

    async def hide_from_leaderboard(self, guild_id: int, game: str, user: User,
                                    hidden: bool) -> None:
        """A player's own choice: rated as ever, but left off the leaderboard (or back)."""
        await self.store.set_hidden(guild_id, game, user.id, hidden)

    async def reset_leaderboard(self, guild_id: int, game: str, user: User) -> int:
        """A server manager starts a game's leaderboard afresh; returns how many rated
        identities were dropped. Games rated before are never rated again."""
        if not user.manages_server:
            raise NotAllowed("only a server manager (Manage Server) may reset a leaderboard")
        return await self.store.reset_ratings(guild_id, game)

    # --- deadlines and start-up ----------------------------------------------------------

    async def due_reminders(self, now: datetime | None = None) -> list[Reminder]:
        """Claim the reminders due now (leased: a crash before `fire` hands them out again)."""
        return await self.store.claim_due_reminders(now or self.clock(), self.reminder_lease)

    reminder_lease = REMINDER_LEASE

    async def run_deadlines(self) -> list[Fired]:
        """Fire every due reminder, each on its own: one table's failure (a bad row, a
        broken game) is that row's outcome and never touches another table's."""
        out = []
        due, missed = self._catch_up(await self.due_reminders())
        for reminder in missed:  # superseded by the one catch-up reminder
            await self.store.fire_reminder(reminder, posts=[], repeat=None, now=self.clock())
            out.append(Fired(reminder, "moot"))
        for reminder in due:
            try:
                out.append(await self.fire(reminder))
            except ShuttingDown:
                break  # the lease hands it out again after the restart
            except (IndexError, KeyError, TypeError, ValueError) as exc:
                # a row whose stored data cannot fire would fail again after every
                # lease, forever: drop it, say so once
                log.error("reminder %s of game %s cannot fire (%s: %s); dropped",
                          reminder.id, reminder.game_id, type(exc).__name__, exc)
                await self.store.fire_reminder(reminder, posts=[], repeat=None,
                                               now=self.clock())
                out.append(Fired(reminder, f"dropped: {exc}"))
            except Exception as exc:  # the outcome of this row only
                log.exception("reminder %s of game %s failed", reminder.id, reminder.game_id)
                out.append(Fired(reminder, f"error: {exc}"))
        return out

    @staticmethod
    def _catch_up(due: list[Reminder]) -> tuple[list[Reminder], list[Reminder]]:
        """After downtime several reminders of one decision fall due at once: only the
        latest of them fires (one catch-up reminder). Returns (to fire, to drop)."""
        latest: dict[tuple[int, int, int | None], Reminder] = {}
        for r in due:
            key = (r.game_id, r.turn_version, r.user_id)
            if r.kind == "remind" and (key not in latest or r.nth > latest[key].nth):
                latest[key] = r
        fire = [r for r in due if r.kind != "remind"
                or latest[(r.game_id, r.turn_version, r.user_id)] is r]
        return fire, [r for r in due if r not in fire]

    async def fire(self, reminder: Reminder) -> Fired:
        """One claimed reminder: a channel reminder (and a DM if the player asked) goes to
        the outbox with the next repeat scheduled, in one write; an auto-play deadline
        plays the silent player's whole turn."""
        if reminder.kind == "autoplay":
            result = await self.autoplay(reminder)
            if result is None:  # nothing to play: the row must not come back
                await self.store.fire_reminder(reminder, posts=[], repeat=None,
                                               now=self.clock())
                return Fired(reminder, "moot")
            return Fired(reminder, "played", result)
        game = await self.store.game(reminder.game_id)
        user = reminder.user_id
        if game is None or game.status is not Status.ACTIVE or user is None:
            await self.store.fire_reminder(reminder, posts=[], repeat=None, now=self.clock())
            return Fired(reminder, "moot")
        posts = [NewPost(PostKind.REMINDER, pings=(user,))]
        if (await self.store.user_prefs(user)).dm_reminders:
            posts.append(NewPost(PostKind.DM, target=user))
        fired = await self.store.fire_reminder(reminder, posts=posts,
                                               repeat=self._repeat(game, reminder, self.clock()),
                                               now=self.clock())
        return Fired(reminder, "reminded" if fired else "moot")

    @staticmethod
    def _repeat(game: Game, reminder: Reminder, now: datetime) -> NewReminder | None:
        """After the table's last scheduled reminder, keep reminding at its last gap (at
        least MIN_REPEAT_HOURS) until the player moves, at most REMINDER_CAP in all."""
        hours = game.settings.remind_after_hours
        if reminder.nth + 1 < len(hours) or reminder.nth + 1 >= REMINDER_CAP:
            return None
        gap = hours[-1] - hours[-2] if len(hours) > 1 else hours[-1]
        every = timedelta(hours=max(gap, MIN_REPEAT_HOURS))
        # after downtime the next repeat counts from now, not from a due time long past
        # (or every missed repeat would fire back to back)
        return NewReminder(reminder.user_id, "remind", max(reminder.due_at, now) + every,
                           reminder.nth + 1)

    async def autoplay(self, reminder: Reminder) -> ActResult | None:
        """A computer stand-in plays the silent player's one turn (`ComputerSeats.stand_in`),
        told as the stand-in's in the post and to the player privately; the commit sets
        fresh deadlines for whoever is next, the same player's next turn included."""
        stored = await self.store.game(reminder.game_id)
        if stored is None or stored.status is not Status.ACTIVE:
            return None
        self._newer(stored)
        game = await self._open_game(stored.channel_id)
        async with self._lock(game.id):
            game = await self._fresh(game)
            rules = rules_of(game)
            state = await self.state_of(game)
            seat = rules.active_seat(state)
            if seat is None or game.seats[seat].user_id != reminder.user_id:
                return None  # the player moved after all
            state, moves = await self.computers.stand_in(
                state, seat, self._standin_level(game), game.seed + game.version,
                rules=rules)
            played = [Played(m.seat, m.action, m.events) for m in moves]
            state, computers = await self._play_computers(game, state)
            return await self._commit(game, state, played + computers, stand_in=seat)

    @staticmethod
    def _standin_level(game: Game) -> str:
        """The table's stand-in level, or greedy where its game has no player of that
        level (Kingdomino has no search player yet)."""
        level = game.settings.standin_level
        try:
            rules_of(game).make_player(level, 0)
        except (GameError, ValueError):
            return "greedy"
        return level

    async def archive(self, game_id: int) -> Game | None:
        """Close a game whose channel or thread is gone or refuses the bot (a zombie):
        no more reminders, no more posts. None if it was not open."""
        stored = await self.store.game(game_id)
        if stored is None or stored.status not in (Status.LOBBY, Status.ACTIVE):
            return None
        self._newer(stored)
        async with self._lock(game_id):
            game = await self._fresh(stored)
            if game.status not in (Status.LOBBY, Status.ACTIVE):
                return None
            return self._saved(await self.store.set_status(game, Status.ABANDONED,
                                                           self.clock()))

    async def reannounce(self, game: Game) -> Game:
        """A fresh table post for an open game, pinging whoever moves, with fresh
        deadlines: after a restore, or when its host resumes a held or archived table."""
        async with self._lock(game.id):
            game = await self._fresh(game)
            if game.status is not Status.ACTIVE:
                return game
            rules = rules_of(game)
            state = await self.state_of(game)
            posts = self._announce(game, state, (), None)
            game = self._saved(await self.store.truncate_actions(
                game, keep=await self.store.action_count(game.id),
                state=rules.state_to_dict(state), reminders=self._reminders_for(game, state),
                now=self.clock(), posts=posts))
            self._remember(game, state)
            return game

    async def resume_table(self, channel_id: int, user: User) -> Game:
        """The host (or a manager) resumes the table here: the open game, or the last
        game of this channel the bot archived because it could not post there
        (`archived_by_refusal`), which is reopened and announced afresh."""
        try:
            game = await self._open_game(channel_id)
        except NoGameHere:
            archived = [g for g in await self.store.games_with_status(Status.ABANDONED)
                        if g.channel_id == channel_id]
            if not archived:
                raise
            game = max(archived, key=lambda g: g.id)
            self._may_manage(game, user)
            if not any(row.state is PostState.FAILED and row.outcome.startswith(REFUSED_PREFIX)
                       for row in await self.store.posts(game.id)):
                raise NoGameHere("there is no open game in this channel") from None
            async with self._lock(game.id):
                game = self._saved(await self.store.set_status(game, Status.ACTIVE,
                                                               self.clock()))
            return await self.reannounce(game)
        self._may_manage(game, user)
        for post in await self.store.posts(game.id):  # a held post: try again now
            if post.state is PostState.PENDING:
                await self.store.settle_post(post.id, PostState.PENDING, post.outcome,
                                             retry_at=self.clock())
        return game

    async def drain(self, timeout: float) -> bool:
        """Stop taking moves and wait for the moves in flight to commit. True if they all
        did within `timeout` seconds."""
        self.accepting = False
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while self._locks and loop.time() < deadline:
            await asyncio.sleep(0.01)
        return not self._locks

    async def resume(self) -> int:
        """At start-up: rebuild every active game's snapshot that is missing or behind its
        log. Returns how many were rebuilt. A game whose log no longer replays is
        quarantined (archived, listed in `quarantined`, one CRITICAL line naming it and
        the database): one bad game never keeps the others from playing."""
        rebuilt = 0
        for game_id in await self.store.snapshot_mismatches():
            game = await self.store.game(game_id)
            if game is None:
                continue
            actions = await self.store.actions(game_id)
            try:
                state = replay(self._record(game, actions)).state
            except (GameError, ValueError, KeyError, IndexError, TypeError) as exc:
                await self._quarantine(game, exc)
                continue
            await self.store.replace_snapshot(game_id, len(actions),
                                              rules_of(game).state_to_dict(state))
            rebuilt += 1
        for game in await self.store.games_with_status(Status.ACTIVE):
            if any(s.is_ai for s in game.seats):  # a crash may have cut computer turns short
                try:
                    async with self._lock(game.id):
                        state = await self.state_of(game)
                        after, computers = await self._play_computers(game, state)
                        if computers:
                            await self._commit(game, after, computers)
                except (GameError, ValueError, KeyError, IndexError, TypeError) as exc:
                    await self._quarantine(game, exc)
        return rebuilt

    async def _quarantine(self, game: Game, exc: BaseException) -> None:
        """Archive a game whose stored log no longer replays, and say so once."""
        where = getattr(self.store, "path", type(self.store).__name__)
        log.critical("game %s (channel %s) in %s: its action log no longer replays (%s); "
                     "the game is archived, the others play on", game.id, game.channel_id,
                     where, exc)
        archived = await self.archive(game.id)
        if archived is not None:
            self.quarantined.append(archived)
