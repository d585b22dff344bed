"""Ratings per server and game: who counts, in what order, and the update itself.

The update is openskill's Plackett-Luce model (Weng-Lin's Bayesian approximation): a
maintained library that rates any number of players from one finishing order, ties
included, so no hand-written Elo here. Every store calls `rate` inside the transaction
that records a game's end, so a rating never runs ahead of, or behind, the results.

Who counts: people by their Discord id; each computer level (easy, normal, hard) is one
identity of its own per server and game, so beating "hard" is worth more than beating
"easy". A seat whose player resigned keeps its player's identity and finishes last.
What is shown: the openskill ordinal (mu - 3 sigma), rounded: 0 for a newcomer, rising
as the rating firms up.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

from openskill.models import PlackettLuce

from engine.games.base import Result, ranks_of
from engine.games.levels import AI_LEVELS

#: The one model every server and game is rated with (openskill's defaults: mu 25,
#: sigma 25/3, so a newcomer's ordinal is 0).
MODEL = PlackettLuce()
#: How many rated games back a leaderboard's trend looks.
TREND_GAMES = 5
#: The ordinal of a newcomer (the trend of a player with fewer games starts here).
START_ORDINAL = 0.0
#: Computer player names (engine.games.levels.AI_NAMES) → the level they are offered as.
LEVEL_OF_AI = {name: level for level, name in AI_LEVELS.items()}
COMPUTER_PREFIX = "ai:"


@dataclass(frozen=True, slots=True)
class Rating:
    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """What leaderboards show (rounded): mu - 3 sigma, openskill's conservative
        estimate."""
        return self.mu - 3 * self.sigma


NEWCOMER = Rating(MODEL.mu, MODEL.sigma)


def person(user_id: int) -> str:
    """A person's identity in the ratings tables."""
    return f"u:{user_id}"


def computer(ai: str) -> str:
    """A computer level's identity ("ai:hard"): one per server and game."""
    return COMPUTER_PREFIX + LEVEL_OF_AI.get(ai, ai)


def level_of(player: str) -> str | None:
    """The level behind a computer identity, None for a person."""
    return player[len(COMPUTER_PREFIX):] if player.startswith(COMPUTER_PREFIX) else None


@dataclass(frozen=True, slots=True)
class Placing:
    """One seat of a finished game as the ratings see it."""

    player: str          # `person(...)` or `computer(...)`
    name: str            # the seat's name then (a computer's: its level)
    user_id: int | None  # None for a computer seat
    place: int           # 0 first; equal places are ties; a resigned seat is last
    score: int
    won: bool


@dataclass(frozen=True, slots=True)
class RatedGame:
    """A finished game to rate, keyed by its id: a store rates each id once."""

    game_id: int
    guild_id: int
    game: str
    finished_at: datetime
    placings: tuple[Placing, ...]


def resigned_last(places: Sequence[int], resigned: Collection[int]) -> list[int]:
    """The game's places (0 first, ties equal) with the `resigned` seats below everyone
    who did not resign and the others closed up: whoever is then 0 won."""
    return list(ranks_of([(seat not in resigned, -place) for seat, place in enumerate(places)]))


def winners_of(result: Result, resigned: Collection[int]) -> tuple[int, ...]:
    """The seats that won: the game's winners, or with resigned seats whoever is first
    without them (a resigned seat never wins)."""
    if not resigned:
        return result.winners
    places = resigned_last(result.places(), resigned)
    return tuple(seat for seat, place in enumerate(places) if place == 0)


def placings_of(seats: Sequence[tuple[int | None, str | None, str]], places: Sequence[int],
                scores: Sequence[int]) -> tuple[Placing, ...] | None:
    """The seats (user id, computer name, seat name) of a finished game with the game's
    places (`engine.games.base.Result.places`). A resigned seat (a person's seat a
    computer played out) goes below everyone who did not resign, and the others close
    up: whoever is then first won. None when the game does not count: no person at the
    table, or fewer than two identities."""
    final = resigned_last(places, {i for i, (user, ai, _name) in enumerate(seats)
                                   if user is not None and ai is not None})
    out = []
    for i, (user, ai, name) in enumerate(seats):
        player = person(user) if user is not None else computer(ai or "")
        out.append(Placing(player, name if user is not None else LEVEL_OF_AI.get(ai or "", ""),
                           user, final[i], scores[i], final[i] == 0))
    if not any(p.user_id is not None for p in out):
        return None
    if len({p.player for p in out}) < 2:
        return None
    return tuple(out)


def counted(placings: Sequence[Placing]) -> list[Placing]:
    """The seats the update reads: one per identity, its best place (two "normal"
    computers at one table are one identity: it is rated once, at its better seat)."""
    best: dict[str, Placing] = {}
    for p in placings:
        if p.player not in best or p.place < best[p.player].place:
            best[p.player] = p
    return sorted(best.values(), key=lambda p: (p.place, p.player))


def rate(current: Mapping[str, Rating], placings: Sequence[Placing]) -> dict[str, Rating]:
    """Every counted identity's rating after the game (a missing one starts as
    `NEWCOMER`): openskill's Plackett-Luce update over the finishing places."""
    seats = counted(placings)
    teams = [[MODEL.rating(mu=r.mu, sigma=r.sigma, name=p.player)]
             for p in seats for r in (current.get(p.player, NEWCOMER),)]
    after = MODEL.rate(teams, ranks=[float(p.place) for p in seats])
    return {p.player: Rating(team[0].mu, team[0].sigma)
            for p, team in zip(seats, after, strict=True)}


# --- what the store hands back ---------------------------------------------------------

@dataclass(frozen=True, slots=True)
class BoardRow:
    """One line of a leaderboard."""

    rank: int
    player: str
    name: str
    user_id: int | None
    ordinal: float
    games: int
    wins: int
    trend: float  # the ordinal's change over the last TREND_GAMES rated games


@dataclass(frozen=True, slots=True)
class Board:
    """A server's leaderboard of one game: the top rows and how many are rated (hidden
    players neither shown nor counted)."""

    rows: tuple[BoardRow, ...]
    rated: int
    mine: BoardRow | None = None  # the asker's own row when below the top rows (shown)


@dataclass(frozen=True, slots=True)
class PlayerRecord:
    """A player's record in one game on one server (`/<game> profile`)."""

    player: str
    name: str
    games: int
    wins: int
    average_score: float
    best_score: int
    ordinal: float
    rank: int | None                    # None while hidden from the leaderboard
    history: tuple[tuple[datetime, float], ...]  # (game's end, ordinal after it), oldest first
    best_game: int | None = None        # the game of the best score (the latest of equals)


def row_of(record: PlayerRecord) -> BoardRow | None:
    """A player's leaderboard row from their record (the asker's place below the top
    rows), its trend as a board computes it; None while they hide from the board."""
    if record.rank is None:
        return None
    before = record.history[-TREND_GAMES - 1][1] if len(record.history) > TREND_GAMES \
        else START_ORDINAL
    user = int(record.player[2:]) if record.player.startswith("u:") else None
    return BoardRow(record.rank, record.player, record.name, user, record.ordinal,
                    record.games, record.wins, record.ordinal - before)


def shown(ordinal: float) -> int:
    """The rating as displayed: the ordinal, rounded."""
    return round(ordinal)
