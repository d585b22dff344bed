"""The ratings' SQL, once for both engines: written with `?` for SQLite, numbered
(`$1`, `$2` …) for PostgreSQL by `numbered`. Both run it inside the transaction that
records a game's end (`GameStore.record_actions`), so a rating and its result commit
together or not at all.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from bot.tables.ratings import (
    START_ORDINAL,
    TREND_GAMES,
    Board,
    BoardRow,
    PlayerRecord,
    RatedGame,
    Rating,
    counted,
    rate,
)

#: Claims a game for rating; a second claim of the same id changes nothing (one row).
CLAIM = ("INSERT INTO rated_games (game_id, guild_id, game, rated_at) VALUES (?, ?, ?, ?) "
         "ON CONFLICT (game_id) DO NOTHING")
CURRENT = "SELECT mu, sigma FROM ratings WHERE guild_id = ? AND game = ? AND player = ?"
UPSERT = ("INSERT INTO ratings (guild_id, game, player, user_id, name, mu, sigma, ordinal, "
          "games, wins, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?) "
          "ON CONFLICT (guild_id, game, player) DO UPDATE SET user_id = EXCLUDED.user_id, "
          "name = EXCLUDED.name, mu = EXCLUDED.mu, sigma = EXCLUDED.sigma, "
          "ordinal = EXCLUDED.ordinal, games = ratings.games + 1, "
          "wins = ratings.wins + EXCLUDED.wins, updated_at = EXCLUDED.updated_at")
HISTORY = ("INSERT INTO rating_history (game_id, guild_id, game, player, place, score, won, "
           "ordinal, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")

_SHOWN = ("NOT EXISTS (SELECT 1 FROM leaderboard_hidden x WHERE x.guild_id = r.guild_id "
          "AND x.game = r.game AND x.user_id = r.user_id)")
#: The top rows (guild, game, limit), each with its ordinal before its last TREND_GAMES
#: games (NULL: fewer games than that, the trend starts from a newcomer's).
BOARD = (
    "SELECT t.player, t.name, t.user_id, t.ordinal, t.games, t.wins, "
    "(SELECT h.ordinal FROM rating_history h WHERE h.guild_id = t.guild_id AND "
    "h.game = t.game AND h.player = t.player ORDER BY h.at DESC, h.game_id DESC "
    f"LIMIT 1 OFFSET {TREND_GAMES}) FROM (SELECT r.guild_id, r.game, r.player, r.name, "
    "r.user_id, r.ordinal, r.games, r.wins FROM ratings r WHERE r.guild_id = ? AND "
    f"r.game = ? AND {_SHOWN} ORDER BY r.ordinal DESC, r.games DESC, r.player LIMIT ?) t "
    "ORDER BY t.ordinal DESC, t.games DESC, t.player")
#: The hidden players' rows of a board (guild, game), read from the few hidden players
#: (CROSS JOIN keeps SQLite from probing the hidden for every rated row instead).
_HIDDEN_ROWS = ("SELECT COUNT(*) FROM leaderboard_hidden x CROSS JOIN ratings r WHERE "
                "x.guild_id = ? AND x.game = ? AND r.guild_id = x.guild_id AND "
                "r.game = x.game AND r.user_id = x.user_id")
#: How many shown identities are rated (guild, game, guild, game): all of them less the
#: hidden ones, each count read off an index (a NOT EXISTS per row read every row).
RATED = (f"SELECT (SELECT COUNT(*) FROM ratings WHERE guild_id = ? AND game = ?) - "
         f"({_HIDDEN_ROWS})")
#: How many shown rows rate above (guild, game, ordinal, guild, game, ordinal): a place
#: is that plus one.
ABOVE = (f"SELECT (SELECT COUNT(*) FROM ratings WHERE guild_id = ? AND game = ? AND "
         f"ordinal > ?) - ({_HIDDEN_ROWS} AND +r.ordinal > ?)")  # +: by user, not order
PLAYER = ("SELECT r.player, r.name, r.ordinal, r.games, r.wins, " + _SHOWN + " FROM ratings r "
          "WHERE r.guild_id = ? AND r.game = ? AND r.player = ?")
#: (guild, game, player) twice: the average and best score, and the game of the best (the
#: latest of equals), whose final board the profile shows.
SCORES = ("SELECT AVG(score), MAX(score), (SELECT game_id FROM rating_history WHERE "
          "guild_id = ? AND game = ? AND player = ? ORDER BY score DESC, game_id DESC "
          "LIMIT 1) FROM rating_history WHERE guild_id = ? AND game = ? AND player = ?")
TIMELINE = ("SELECT at, ordinal FROM rating_history WHERE guild_id = ? AND game = ? AND "
            "player = ? ORDER BY at, game_id")
HIDE = ("INSERT INTO leaderboard_hidden (guild_id, game, user_id) VALUES (?, ?, ?) "
        "ON CONFLICT (guild_id, game, user_id) DO NOTHING")
SHOW = "DELETE FROM leaderboard_hidden WHERE guild_id = ? AND game = ? AND user_id = ?"
HIDDEN = "SELECT 1 FROM leaderboard_hidden WHERE guild_id = ? AND game = ? AND user_id = ?"
#: A reset forgets the ratings and their history, never which games were rated.
RESET = ("DELETE FROM rating_history WHERE guild_id = ? AND game = ?",
         "DELETE FROM ratings WHERE guild_id = ? AND game = ?")


def numbered(sql: str) -> str:
    """PostgreSQL's placeholders: each `?` becomes `$1`, `$2` … in order."""
    count = iter(range(1, sql.count("?") + 1))
    return re.sub(r"\?", lambda _m: f"${next(count)}", sql)


def claim_row(rated: RatedGame) -> tuple[Any, ...]:
    return (rated.game_id, rated.guild_id, rated.game, rated.finished_at.isoformat())


def current_keys(rated: RatedGame) -> list[tuple[Any, ...]]:
    """`CURRENT`'s parameters for each identity the game rates."""
    return [(rated.guild_id, rated.game, p.player) for p in counted(rated.placings)]


def rows_to_write(rated: RatedGame, current: Mapping[str, Rating]
                  ) -> tuple[list[tuple[Any, ...]], list[tuple[Any, ...]]]:
    """`UPSERT`'s and `HISTORY`'s rows for a game claimed for rating, from the counted
    identities' ratings before it (`ratings.rate`)."""
    after = rate(current, rated.placings)
    at = rated.finished_at.isoformat()
    upserts, history = [], []
    for p in counted(rated.placings):
        new = after[p.player]
        upserts.append((rated.guild_id, rated.game, p.player, p.user_id, p.name, new.mu,
                        new.sigma, new.ordinal, int(p.won), at))
        history.append((rated.game_id, rated.guild_id, rated.game, p.player, p.place, p.score,
                        int(p.won), new.ordinal, at))
    return upserts, history


def board_rows(rows: Sequence[Sequence[Any]], rated: int) -> Board:
    """`BOARD`'s rows as a `Board` (ranks 1, 2 … in its order; equal ordinals share)."""
    out: list[BoardRow] = []
    for player, name, user_id, ordinal, games, wins, before in rows:
        rank = out[-1].rank if out and out[-1].ordinal == ordinal else len(out) + 1
        start = START_ORDINAL if before is None else float(before)
        out.append(BoardRow(rank, player, name, user_id, float(ordinal), int(games), int(wins),
                            float(ordinal) - start))
    return Board(tuple(out), rated)


def player_record(row: Sequence[Any], above: int | None, scores: Sequence[Any],
                  timeline: Sequence[Sequence[Any]]) -> PlayerRecord:
    """`PLAYER`'s row, how many shown rows rate above it (None: hidden), `SCORES`' row
    and `TIMELINE`'s rows as a `PlayerRecord`."""
    player, name, ordinal, games, wins, _shown = row
    average, best, best_game = scores
    return PlayerRecord(player, name, int(games), int(wins),
                        float(average) if average is not None else 0.0,
                        int(best) if best is not None else 0, float(ordinal),
                        None if above is None else above + 1,
                        tuple((datetime.fromisoformat(at), float(o)) for at, o in timeline),
                        int(best_game) if best_game is not None else None)
