"""What the store keeps and the service returns: plain frozen dataclasses, no SQL."""

from __future__ import annotations

import json
import logging
import math
import re
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from datetime import datetime
from enum import StrEnum
from typing import Any

from bot import APP_NAME
from bot.tables.errors import BadInput, BadRemindHours
from engine.games.errors import GameError
from engine.games.i18n import LOCALES
from engine.games.levels import AI_LEVELS
from engine.registry import DEFAULT_GAME, game_named
from render.theme import THEMES


class Status(StrEnum):
    LOBBY = "lobby"
    ACTIVE = "active"
    FINISHED = "finished"
    ABANDONED = "abandoned"


OPEN_STATUSES = (Status.LOBBY, Status.ACTIVE)
@dataclass(frozen=True, slots=True)
class Seat:
    seat: int              # join order in the lobby; turn order once started
    user_id: int | None    # None for a computer player
    name: str
    ai: str | None = None  # a name from engine.games.levels.AI_NAMES for computer players
    #: The colour chosen in the lobby (`Front.colours`: a Legends board, R-LEG-1), given
    #: at start to a seat that chose none; None in games without colours to choose.
    colour: str | None = None

    @property
    def is_ai(self) -> bool:
        return self.ai is not None


log = logging.getLogger(APP_NAME)

#: The grammar of `remind_hours`: 1 to 5 numbers of hours (at most 6 decimals), commas
#: between them. The values are then checked: more than 0 and at most 336 each.
REMIND_HOURS = re.compile(r"\s*\d{1,3}(?:\.\d{1,6})?(?:\s*,\s*\d{1,3}(?:\.\d{1,6})?){0,4}\s*")
DEFAULT_REMIND_HOURS = (12.0, 24.0)
_BAD_STORED: set[tuple[str, str]] = set()  # stored settings rows already reported (logged once)


def parse_remind_hours(text: str) -> tuple[float, ...]:
    """`/moonriver settings remind_hours:` as typed, or a refusal naming the setting and
    its form (`BadRemindHours`)."""
    if REMIND_HOURS.fullmatch(text) is None:
        raise BadRemindHours(f"remind_hours must be 1 to 5 numbers of hours separated by "
                             f"commas, e.g. 12,24 (got {text[:40]!r})")
    return tuple(float(h) for h in text.split(","))


def _valid_hours(hours: tuple[float, ...]) -> bool:
    return 1 <= len(hours) <= 5 and all(math.isfinite(h) and 0 < h <= 24 * 14 for h in hours)


@dataclass(frozen=True, slots=True)
class TableSettings:
    """Per-table settings the host may change (`/moonriver settings`)."""

    remind_after_hours: tuple[float, ...] = (12.0, 24.0)
    autoplay_after_hours: float | None = None  # a computer move for a silent player
    locale: str = "en"
    theme: str = "dark"
    # the level (engine.games.levels.AI_LEVELS) of the computer that stands in for a silent player
    # or one who left; settings stored before it existed load with the default
    standin_level: str = "normal"

    def __post_init__(self) -> None:
        if not _valid_hours(self.remind_after_hours):
            raise BadRemindHours("reminder hours must be 1–5 values between 0 and 336",
                                 field="remind_after_hours")
        if self.autoplay_after_hours is not None and not 1 <= self.autoplay_after_hours <= 336:
            raise BadInput("auto-play hours must be between 1 and 336", field="autoplay")
        if self.locale not in LOCALES:
            raise BadInput(f"unknown language {self.locale!r}", field="locale")
        if self.theme not in THEMES:
            raise BadInput(f"unknown theme {self.theme!r}", field="theme")
        if self.standin_level not in AI_LEVELS:
            raise BadInput(f"unknown stand-in level {self.standin_level!r} "
                           f"({', '.join(AI_LEVELS)})", field="standin_level")

    def to_json(self) -> str:
        return json.dumps(asdict(self))

    @classmethod
    def from_json(cls, text: str, where: str = "a table") -> TableSettings:
        """A stored row; reminder hours that break today's grammar (an empty list was once
        accepted, and made every scheduled reminder fail) read as the default, with one
        warning per row: a bad row must not fail, and be retried, forever."""
        data: dict[str, Any] = json.loads(text)
        hours = data.get("remind_after_hours", DEFAULT_REMIND_HOURS)
        try:
            hours = tuple(float(h) for h in hours)
        except (TypeError, ValueError):
            hours = ()
        if not _valid_hours(hours):
            if (where, text) not in _BAD_STORED:
                _BAD_STORED.add((where, text))
                log.warning("%s: stored reminder hours %r break the grammar; read as the "
                            "default %s", where, data.get("remind_after_hours"),
                            ",".join(f"{h:g}" for h in DEFAULT_REMIND_HOURS))
            hours = DEFAULT_REMIND_HOURS
        data["remind_after_hours"] = hours
        return cls(**data)


@dataclass(frozen=True, slots=True)
class GameOptions:
    """How a table is played, for any game of the registry: the game's key,
    that game's own options (validated and made canonical by `GameRules.options`, so a
    bad value is refused when the table is opened, not when it starts) and the most
    players the lobby seats."""

    game: str = DEFAULT_GAME
    max_players: int = 4
    rules: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        try:
            game = game_named(self.game)
            canonical = game.options(self.rules)
        except GameError as exc:
            raise BadInput(str(exc), field="options") from None
        object.__setattr__(self, "rules", canonical)
        counts = game.player_counts
        if self.max_players not in counts:
            words = ", ".join(map(str, counts[:-1])) + f" or {counts[-1]}"
            raise BadInput(f"a table seats {words} players", field="players")

    def to_json(self) -> str:
        """The options column; the game's key also has a column of its own."""
        return json.dumps({"game": self.game, "max_players": self.max_players,
                           "rules": dict(self.rules)})

    @classmethod
    def from_json(cls, text: str, game: str = DEFAULT_GAME) -> GameOptions:
        """Options as stored, also those written before tables knew their game (the
        default game's options beside `max_players`, which its `options` reads)."""
        data: dict[str, Any] = json.loads(text)
        if "rules" in data:
            return cls(str(data.get("game", game)), int(data["max_players"]), data["rules"])
        # Before tables knew their game, the game's options sat beside max_players.
        rules = {key: value for key, value in data.items() if key != "max_players"}
        return cls(game, int(data.get("max_players", 4)), rules)


@dataclass(frozen=True, slots=True)
class Game:
    id: int
    guild_id: int | None
    channel_id: int
    status: Status
    host_id: int
    options: GameOptions
    settings: TableSettings
    seed: int
    components: str
    version: int
    seats: tuple[Seat, ...]
    created_at: datetime
    updated_at: datetime

    def seat_of(self, user_id: int) -> Seat | None:
        return next((s for s in self.seats if s.user_id == user_id), None)

    @property
    def resigned(self) -> tuple[int, ...]:
        """The seats whose player resigned: a person's seat a computer plays out."""
        return tuple(s.seat for s in self.seats if s.user_id is not None and s.is_ai)


@dataclass(frozen=True, slots=True)
class LoggedAction:
    """A logged action; `events` and `said` as `store.base.ActionEntry` wrote them ("" in
    rows logged before the log kept them)."""

    seq: int
    seat: int
    text: str
    at: datetime
    events: str = ""
    said: str = ""


@dataclass(frozen=True, slots=True)
class Snapshot:
    game_id: int
    seq: int                 # the last action the state includes
    state: dict[str, Any] = field(repr=False)


@dataclass(frozen=True, slots=True)
class Reminder:
    id: int
    game_id: int
    channel_id: int
    user_id: int | None
    kind: str                # "remind" | "autoplay"
    due_at: datetime
    turn_version: int        # the game version the reminder belongs to
    nth: int = 0             # how many reminders of this kind came before it this decision


@dataclass(frozen=True, slots=True)
class NewReminder:
    user_id: int | None
    kind: str
    due_at: datetime
    nth: int = 0


@dataclass(frozen=True, slots=True)
class GameResult:
    game_id: int
    guild_id: int | None
    finished_at: datetime
    scores: dict[str, int]
    winners: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class UserPrefs:
    user_id: int
    dm_reminders: bool = False
    locale: str | None = None


class PostKind(StrEnum):
    """What an outbox row announces (the picture is drawn when it is delivered)."""

    TABLE = "table"        # the table after a move, the start of a game or its end
    REMINDER = "reminder"  # "your move" in the table's channel
    DM = "dm"              # a reminder or notice by direct message (best effort)


class PostState(StrEnum):
    PENDING = "pending"
    SENT = "sent"
    SUPERSEDED = "superseded"  # a newer table post of the same game replaced it
    FAILED = "failed"          # undeliverable (403, deleted channel): see `outcome`


@dataclass(frozen=True, slots=True)
class NewPost:
    """A post to make once the transaction that asks for it commits."""

    kind: PostKind
    text: str = ""                # what happened, already in the table's language
    pings: tuple[int, ...] = ()   # the users to mention (the player to move, winners)
    target: int | None = None     # the DM recipient for PostKind.DM (else the game's channel)


@dataclass(frozen=True, slots=True)
class Post:
    """An outbox row: small and declarative; the message is built from it at delivery."""

    id: int
    game_id: int
    channel_id: int
    version: int                  # the game version it announces
    kind: PostKind
    text: str
    pings: tuple[int, ...]
    target: int | None
    attempts: int
    next_try: datetime
    state: PostState = PostState.PENDING
    outcome: str = ""
    #: How many actions the game's log held when the row was written: where the turns a
    #: table post narrates end (None: rows written before schema 5).
    seq: int | None = None
    #: The database's restore generation (a few random characters each `moonriver
    #: restore` writes; empty before the first): post ids restart from a backup's, the
    #: nonces made from them must not.
    salt: str = ""

    @property
    def nonce(self) -> str:
        """Discord's message nonce (≤ 25 characters): a retry after a crash re-sends the
        same one, and Discord (with enforce_nonce) returns the first message instead."""
        if self.salt:
            return f"r{self.salt}{self.id}g{self.game_id}"[:25]
        return f"mr{self.id}g{self.game_id}"[:25]
