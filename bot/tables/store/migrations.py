"""The numbered migrations, once for both engines.

Each migration is written once, in PostgreSQL's types; `for_sqlite` and `for_postgres`
derive what each engine runs by a short, explicit translation (the only differences
between the two schemas):

* PostgreSQL's `BIGINT` (Discord snowflakes and row ids are 64-bit) is SQLite's
  `INTEGER` (its integers are 64-bit anyway), `DOUBLE PRECISION` is SQLite's `REAL`
  (8 bytes on both: PostgreSQL's own REAL has 4);
* a `BIGSERIAL PRIMARY KEY` is SQLite's `INTEGER PRIMARY KEY` (the rowid, numbered one
  past the largest id likewise); a BIGSERIAL is never anything but a primary key here;
* `WITHOUT ROWID` (a table stored in its primary key's order) is SQLite's alone;
  PostgreSQL's statements leave it out.

Times and JSON are TEXT on both engines, partial indexes (`WHERE …`) and `ALTER TABLE …
ADD/DROP COLUMN` are written the same for both. Number n is `MIGRATIONS[n - 1]` on both
engines, and a number means the same schema on both; SQLite keeps its number in
`PRAGMA user_version`, PostgreSQL in the `schema_version` table. Never change a migration
that has shipped: add the next one.
"""

from __future__ import annotations

import re

#: The meta table (migration 6): facts about the database itself. A restore also writes
#: it into a copy whose schema may predate it (guard.py).
META_TABLE = "CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)"

MIGRATIONS: tuple[tuple[str, ...], ...] = (
    (  # 1: the first schema
        """CREATE TABLE games (
            id BIGSERIAL PRIMARY KEY,
            guild_id BIGINT,
            channel_id BIGINT NOT NULL,
            status TEXT NOT NULL CHECK (status IN ('lobby', 'active', 'finished', 'abandoned')),
            host_id BIGINT NOT NULL,
            options TEXT NOT NULL,
            settings TEXT NOT NULL,
            seed BIGINT NOT NULL,
            components TEXT NOT NULL,
            version BIGINT NOT NULL,
            created_at TEXT NOT NULL,
            updated_at TEXT NOT NULL)""",
        # at most one open game per channel or thread, enforced by the database itself
        """CREATE UNIQUE INDEX games_one_open_per_channel ON games (channel_id)
            WHERE status IN ('lobby', 'active')""",
        "CREATE INDEX games_status ON games (status)",
        """CREATE TABLE seats (
            game_id BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            seat INTEGER NOT NULL,
            user_id BIGINT,
            name TEXT NOT NULL,
            ai TEXT,
            PRIMARY KEY (game_id, seat))""",
        """CREATE UNIQUE INDEX seats_one_per_user ON seats (game_id, user_id)
            WHERE user_id IS NOT NULL""",
        """CREATE TABLE actions (
            game_id BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            seq INTEGER NOT NULL,
            seat INTEGER NOT NULL,
            action TEXT NOT NULL,
            created_at TEXT NOT NULL,
            PRIMARY KEY (game_id, seq)) WITHOUT ROWID""",
        """CREATE TABLE snapshots (
            game_id BIGINT PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
            seq INTEGER NOT NULL,
            state TEXT NOT NULL)""",
        """CREATE TABLE reminders (
            id BIGSERIAL PRIMARY KEY,
            game_id BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            user_id BIGINT,
            kind TEXT NOT NULL,
            due_at TEXT NOT NULL,
            turn_version BIGINT NOT NULL,
            claimed_at TEXT)""",
        "CREATE INDEX reminders_due ON reminders (due_at) WHERE claimed_at IS NULL",
        """CREATE TABLE results (
            game_id BIGINT PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
            guild_id BIGINT,
            finished_at TEXT NOT NULL,
            scores TEXT NOT NULL,
            winners TEXT NOT NULL)""",
        """CREATE TABLE user_prefs (
            user_id BIGINT PRIMARY KEY,
            dm_reminders INTEGER NOT NULL DEFAULT 0,
            locale TEXT)""",
    ),
    (  # 2: where a table was opened from (the channel of its thread), for lobby limits
        "ALTER TABLE games ADD COLUMN parent_id BIGINT",
        "CREATE INDEX games_lobbies_by_host ON games (host_id) WHERE status = 'lobby'",
        "CREATE INDEX games_lobbies_by_parent ON games (parent_id) WHERE status = 'lobby'",
    ),
    (  # 3: the transactional outbox; reminders count their repeats
        """CREATE TABLE outbox (
            id BIGSERIAL PRIMARY KEY,
            game_id BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            version BIGINT NOT NULL,
            kind TEXT NOT NULL CHECK (kind IN ('table', 'reminder', 'dm')),
            text TEXT NOT NULL,
            pings TEXT NOT NULL,
            target BIGINT,
            state TEXT NOT NULL DEFAULT 'pending'
                CHECK (state IN ('pending', 'sent', 'superseded', 'failed')),
            attempts INTEGER NOT NULL DEFAULT 0,
            next_try TEXT NOT NULL,
            outcome TEXT NOT NULL DEFAULT '',
            created_at TEXT NOT NULL)""",
        "CREATE INDEX outbox_pending ON outbox (next_try) WHERE state = 'pending'",
        "CREATE INDEX outbox_game ON outbox (game_id, state)",
        "ALTER TABLE reminders ADD COLUMN nth INTEGER NOT NULL DEFAULT 0",
        "CREATE INDEX reminders_due_at ON reminders (due_at)",  # leased rows come back too
    ),
    (  # 4: which game a table plays; every table before it played Moon River
        "ALTER TABLE games ADD COLUMN game TEXT NOT NULL DEFAULT 'moonriver'",
    ),
    (  # 5: a post's place in the action log, to narrate its turns again after a restart
        "ALTER TABLE outbox ADD COLUMN seq INTEGER",
    ),
    (  # 6: facts about the database itself: the restore generation (nonce salt), and
        # whether a restore still owes its open games a fresh post (`moonriver restore`)
        META_TABLE,
    ),
    (  # 7: what each action did (events) and said (a call's narration): a post narrates
       # its turns from the log, in any process
        "ALTER TABLE actions ADD COLUMN events TEXT",
        "ALTER TABLE actions ADD COLUMN said TEXT",
    ),
    (  # 8: a player's open games across a server (`open_games_of`), found by their seats
        "CREATE INDEX seats_by_user ON seats (user_id) WHERE user_id IS NOT NULL",
    ),
    (  # 9: ratings per server and game (bot/tables/ratings.py, the SQL in rating_sql.py):
        # each identity's rating, the games already rated (by id: a game is never rated
        # twice, even after a reset), each rated game's line per player (profiles,
        # trends) and who hides from leaderboards
        """CREATE TABLE ratings (
        guild_id BIGINT NOT NULL,
        game TEXT NOT NULL,
        player TEXT NOT NULL,
        user_id BIGINT,
        name TEXT NOT NULL,
        mu DOUBLE PRECISION NOT NULL,
        sigma DOUBLE PRECISION NOT NULL,
        ordinal DOUBLE PRECISION NOT NULL,
        games BIGINT NOT NULL,
        wins BIGINT NOT NULL,
        updated_at TEXT NOT NULL,
        PRIMARY KEY (guild_id, game, player))""",
        # the leaderboard's order, so its top rows are read off the index; and the
        # players by user id (hidden ones are counted through it)
        "CREATE INDEX ratings_board ON ratings (guild_id, game, ordinal DESC, games DESC, "
        "player)",
        "CREATE INDEX ratings_by_user ON ratings (guild_id, game, user_id, ordinal)",
        """CREATE TABLE rated_games (
        game_id BIGINT PRIMARY KEY,
        guild_id BIGINT NOT NULL,
        game TEXT NOT NULL,
        rated_at TEXT NOT NULL)""",
        """CREATE TABLE rating_history (
        game_id BIGINT NOT NULL,
        guild_id BIGINT NOT NULL,
        game TEXT NOT NULL,
        player TEXT NOT NULL,
        place BIGINT NOT NULL,
        score BIGINT NOT NULL,
        won BIGINT NOT NULL,
        ordinal DOUBLE PRECISION NOT NULL,
        at TEXT NOT NULL,
        PRIMARY KEY (game_id, player))""",
        "CREATE INDEX rating_history_player ON rating_history (guild_id, game, player, at)",
        """CREATE TABLE leaderboard_hidden (
        guild_id BIGINT NOT NULL,
        game TEXT NOT NULL,
        user_id BIGINT NOT NULL,
        PRIMARY KEY (guild_id, game, user_id))""",
    ),
    (  # 10: the colour a player chose in the lobby (and so a Legends board, R-LEG-1)
        "ALTER TABLE seats ADD COLUMN colour TEXT",
    ),
    (  # 11: a reminder or an outbox row is claimed by one process until a time
        # (`claimed_by`, `claimed_until`; docs/storage.md, "Claims, leases and locks"); a
        # claim from before is dropped
        "DROP INDEX reminders_due",
        "ALTER TABLE reminders DROP COLUMN claimed_at",
        "ALTER TABLE reminders ADD COLUMN claimed_by TEXT",
        "ALTER TABLE reminders ADD COLUMN claimed_until TEXT",
        "ALTER TABLE outbox ADD COLUMN claimed_by TEXT",
        "ALTER TABLE outbox ADD COLUMN claimed_until TEXT",
        "CREATE INDEX outbox_claimed ON outbox (game_id) WHERE claimed_until IS NOT NULL",
    ),
)
SCHEMA_VERSION = len(MIGRATIONS)

#: SQLite's words for PostgreSQL's, whole words, in this order.
_SQLITE_WORDS = (
    (re.compile(r"\bBIGSERIAL PRIMARY KEY\b"), "INTEGER PRIMARY KEY"),
    (re.compile(r"\bBIGINT\b"), "INTEGER"),
    (re.compile(r"\bDOUBLE PRECISION\b"), "REAL"),
)
#: What SQLite alone has: PostgreSQL's statements leave it out.
_SQLITE_ONLY = re.compile(r" WITHOUT ROWID\b")


def for_sqlite(statement: str) -> str:
    """A migration's statement as SQLite runs it."""
    for word, sqlite in _SQLITE_WORDS:
        statement = word.sub(sqlite, statement)
    if "BIGSERIAL" in statement:
        raise ValueError(f"a BIGSERIAL that is not a primary key: {statement}")
    return statement


def for_postgres(statement: str) -> str:
    """A migration's statement as PostgreSQL runs it."""
    return _SQLITE_ONLY.sub("", statement)


SQLITE_MIGRATIONS: tuple[tuple[str, ...], ...] = tuple(
    tuple(for_sqlite(statement) for statement in migration) for migration in MIGRATIONS)
POSTGRES_MIGRATIONS: tuple[tuple[str, ...], ...] = tuple(
    tuple(for_postgres(statement) for statement in migration) for migration in MIGRATIONS)
