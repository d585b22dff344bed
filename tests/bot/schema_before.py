"""The migrations 1-11 as each engine ran them before they were written once
(bot/tables/store/migrations.py): a frozen copy of the two per-engine lists, so
tests/bot/test_migrations.py can check that the one list builds the same schema."""

SQLITE: tuple[tuple[str, ...], ...] = (('CREATE TABLE games (\n'
  '            id INTEGER PRIMARY KEY,\n'
  '            guild_id INTEGER,\n'
  '            channel_id INTEGER NOT NULL,\n'
  "            status TEXT NOT NULL CHECK (status IN ('lobby', 'active', 'finished', "
  "'abandoned')),\n"
  '            host_id INTEGER NOT NULL,\n'
  '            options TEXT NOT NULL,\n'
  '            settings TEXT NOT NULL,\n'
  '            seed INTEGER NOT NULL,\n'
  '            components TEXT NOT NULL,\n'
  '            version INTEGER NOT NULL,\n'
  '            created_at TEXT NOT NULL,\n'
  '            updated_at TEXT NOT NULL)',
  'CREATE UNIQUE INDEX games_one_open_per_channel ON games (channel_id)\n'
  "            WHERE status IN ('lobby', 'active')",
  'CREATE INDEX games_status ON games (status)',
  'CREATE TABLE seats (\n'
  '            game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,\n'
  '            seat INTEGER NOT NULL,\n'
  '            user_id INTEGER,\n'
  '            name TEXT NOT NULL,\n'
  '            ai TEXT,\n'
  '            PRIMARY KEY (game_id, seat))',
  'CREATE UNIQUE INDEX seats_one_per_user ON seats (game_id, user_id)\n'
  '            WHERE user_id IS NOT NULL',
  'CREATE TABLE actions (\n'
  '            game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,\n'
  '            seq INTEGER NOT NULL,\n'
  '            seat INTEGER NOT NULL,\n'
  '            action TEXT NOT NULL,\n'
  '            created_at TEXT NOT NULL,\n'
  '            PRIMARY KEY (game_id, seq)) WITHOUT ROWID',
  'CREATE TABLE snapshots (\n'
  '            game_id INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,\n'
  '            seq INTEGER NOT NULL,\n'
  '            state TEXT NOT NULL)',
  'CREATE TABLE reminders (\n'
  '            id INTEGER PRIMARY KEY,\n'
  '            game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,\n'
  '            user_id INTEGER,\n'
  '            kind TEXT NOT NULL,\n'
  '            due_at TEXT NOT NULL,\n'
  '            turn_version INTEGER NOT NULL,\n'
  '            claimed_at TEXT)',
  'CREATE INDEX reminders_due ON reminders (due_at) WHERE claimed_at IS NULL',
  'CREATE TABLE results (\n'
  '            game_id INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,\n'
  '            guild_id INTEGER,\n'
  '            finished_at TEXT NOT NULL,\n'
  '            scores TEXT NOT NULL,\n'
  '            winners TEXT NOT NULL)',
  'CREATE TABLE user_prefs (\n'
  '            user_id INTEGER PRIMARY KEY,\n'
  '            dm_reminders INTEGER NOT NULL DEFAULT 0,\n'
  '            locale TEXT)'),
 ('ALTER TABLE games ADD COLUMN parent_id INTEGER',
  "CREATE INDEX games_lobbies_by_host ON games (host_id) WHERE status = 'lobby'",
  "CREATE INDEX games_lobbies_by_parent ON games (parent_id) WHERE status = 'lobby'"),
 ('CREATE TABLE outbox (\n'
  '            id INTEGER PRIMARY KEY,\n'
  '            game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,\n'
  '            version INTEGER NOT NULL,\n'
  "            kind TEXT NOT NULL CHECK (kind IN ('table', 'reminder', 'dm')),\n"
  '            text TEXT NOT NULL,\n'
  '            pings TEXT NOT NULL,\n'
  '            target INTEGER,\n'
  "            state TEXT NOT NULL DEFAULT 'pending'\n"
  "                CHECK (state IN ('pending', 'sent', 'superseded', 'failed')),\n"
  '            attempts INTEGER NOT NULL DEFAULT 0,\n'
  '            next_try TEXT NOT NULL,\n'
  "            outcome TEXT NOT NULL DEFAULT '',\n"
  '            created_at TEXT NOT NULL)',
  "CREATE INDEX outbox_pending ON outbox (next_try) WHERE state = 'pending'",
  'CREATE INDEX outbox_game ON outbox (game_id, state)',
  'ALTER TABLE reminders ADD COLUMN nth INTEGER NOT NULL DEFAULT 0',
  'CREATE INDEX reminders_due_at ON reminders (due_at)'),
 ("ALTER TABLE games ADD COLUMN game TEXT NOT NULL DEFAULT 'moonriver'",),
 ('ALTER TABLE outbox ADD COLUMN seq INTEGER',),
 ('CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)',),
 ('ALTER TABLE actions ADD COLUMN events TEXT', 'ALTER TABLE actions ADD COLUMN said TEXT'),
 ('CREATE INDEX seats_by_user ON seats (user_id) WHERE user_id IS NOT NULL',),
 ('CREATE TABLE ratings (\n'
  '        guild_id INTEGER NOT NULL,\n'
  '        game TEXT NOT NULL,\n'
  '        player TEXT NOT NULL,\n'
  '        user_id INTEGER,\n'
  '        name TEXT NOT NULL,\n'
  '        mu REAL NOT NULL,\n'
  '        sigma REAL NOT NULL,\n'
  '        ordinal REAL NOT NULL,\n'
  '        games INTEGER NOT NULL,\n'
  '        wins INTEGER NOT NULL,\n'
  '        updated_at TEXT NOT NULL,\n'
  '        PRIMARY KEY (guild_id, game, player))',
  'CREATE INDEX ratings_board ON ratings (guild_id, game, ordinal DESC, games DESC, player)',
  'CREATE INDEX ratings_by_user ON ratings (guild_id, game, user_id, ordinal)',
  'CREATE TABLE rated_games (\n'
  '        game_id INTEGER PRIMARY KEY,\n'
  '        guild_id INTEGER NOT NULL,\n'
  '        game TEXT NOT NULL,\n'
  '        rated_at TEXT NOT NULL)',
  'CREATE TABLE rating_history (\n'
  '        game_id INTEGER NOT NULL,\n'
  '        guild_id INTEGER NOT NULL,\n'
  '        game TEXT NOT NULL,\n'
  '        player TEXT NOT NULL,\n'
  '        place INTEGER NOT NULL,\n'
  '        score INTEGER NOT NULL,\n'
  '        won INTEGER NOT NULL,\n'
  '        ordinal REAL NOT NULL,\n'
  '        at TEXT NOT NULL,\n'
  '        PRIMARY KEY (game_id, player))',
  'CREATE INDEX rating_history_player ON rating_history (guild_id, game, player, at)',
  'CREATE TABLE leaderboard_hidden (\n'
  '        guild_id INTEGER NOT NULL,\n'
  '        game TEXT NOT NULL,\n'
  '        user_id INTEGER NOT NULL,\n'
  '        PRIMARY KEY (guild_id, game, user_id))'),
 ('ALTER TABLE seats ADD COLUMN colour TEXT',),
 ('DROP INDEX reminders_due',
  'ALTER TABLE reminders DROP COLUMN claimed_at',
  'ALTER TABLE reminders ADD COLUMN claimed_by TEXT',
  'ALTER TABLE reminders ADD COLUMN claimed_until TEXT',
  'ALTER TABLE outbox ADD COLUMN claimed_by TEXT',
  'ALTER TABLE outbox ADD COLUMN claimed_until TEXT',
  'CREATE INDEX outbox_claimed ON outbox (game_id) WHERE claimed_until IS NOT NULL'))

POSTGRES: tuple[tuple[str, ...], ...] = (('CREATE TABLE games (\n'
  '            id BIGSERIAL PRIMARY KEY,\n'
  '            guild_id BIGINT,\n'
  '            channel_id BIGINT NOT NULL,\n'
  "            status TEXT NOT NULL CHECK (status IN ('lobby', 'active', 'finished', "
  "'abandoned')),\n"
  '            host_id BIGINT NOT NULL,\n'
  '            options TEXT NOT NULL,\n'
  '            settings TEXT NOT NULL,\n'
  '            seed BIGINT NOT NULL,\n'
  '            components TEXT NOT NULL,\n'
  '            version BIGINT NOT NULL,\n'
  '            created_at TEXT NOT NULL,\n'
  '            updated_at TEXT NOT NULL)',
  'CREATE UNIQUE INDEX games_one_open_per_channel ON games (channel_id)\n'
  "            WHERE status IN ('lobby', 'active')",
  'CREATE INDEX games_status ON games (status)',
  'CREATE TABLE seats (\n'
  '            game_id BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,\n'
  '            seat INTEGER NOT NULL,\n'
  '            user_id BIGINT,\n'
  '            name TEXT NOT NULL,\n'
  '            ai TEXT,\n'
  '            PRIMARY KEY (game_id, seat))',
  'CREATE UNIQUE INDEX seats_one_per_user ON seats (game_id, user_id)\n'
  '            WHERE user_id IS NOT NULL',
  'CREATE TABLE actions (\n'
  '            game_id BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,\n'
  '            seq INTEGER NOT NULL,\n'
  '            seat INTEGER NOT NULL,\n'
  '            action TEXT NOT NULL,\n'
  '            created_at TEXT NOT NULL,\n'
  '            PRIMARY KEY (game_id, seq))',
  'CREATE TABLE snapshots (\n'
  '            game_id BIGINT PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,\n'
  '            seq INTEGER NOT NULL,\n'
  '            state TEXT NOT NULL)',
  'CREATE TABLE reminders (\n'
  '            id BIGSERIAL PRIMARY KEY,\n'
  '            game_id BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,\n'
  '            user_id BIGINT,\n'
  '            kind TEXT NOT NULL,\n'
  '            due_at TEXT NOT NULL,\n'
  '            turn_version BIGINT NOT NULL,\n'
  '            claimed_at TEXT)',
  'CREATE INDEX reminders_due ON reminders (due_at) WHERE claimed_at IS NULL',
  'CREATE TABLE results (\n'
  '            game_id BIGINT PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,\n'
  '            guild_id BIGINT,\n'
  '            finished_at TEXT NOT NULL,\n'
  '            scores TEXT NOT NULL,\n'
  '            winners TEXT NOT NULL)',
  'CREATE TABLE user_prefs (\n'
  '            user_id BIGINT PRIMARY KEY,\n'
  '            dm_reminders INTEGER NOT NULL DEFAULT 0,\n'
  '            locale TEXT)'),
 ('ALTER TABLE games ADD COLUMN parent_id BIGINT',
  "CREATE INDEX games_lobbies_by_host ON games (host_id) WHERE status = 'lobby'",
  "CREATE INDEX games_lobbies_by_parent ON games (parent_id) WHERE status = 'lobby'"),
 ('CREATE TABLE outbox (\n'
  '            id BIGSERIAL PRIMARY KEY,\n'
  '            game_id BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,\n'
  '            version BIGINT NOT NULL,\n'
  "            kind TEXT NOT NULL CHECK (kind IN ('table', 'reminder', 'dm')),\n"
  '            text TEXT NOT NULL,\n'
  '            pings TEXT NOT NULL,\n'
  '            target BIGINT,\n'
  "            state TEXT NOT NULL DEFAULT 'pending'\n"
  "                CHECK (state IN ('pending', 'sent', 'superseded', 'failed')),\n"
  '            attempts INTEGER NOT NULL DEFAULT 0,\n'
  '            next_try TEXT NOT NULL,\n'
  "            outcome TEXT NOT NULL DEFAULT '',\n"
  '            created_at TEXT NOT NULL)',
  "CREATE INDEX outbox_pending ON outbox (next_try) WHERE state = 'pending'",
  'CREATE INDEX outbox_game ON outbox (game_id, state)',
  'ALTER TABLE reminders ADD COLUMN nth INTEGER NOT NULL DEFAULT 0',
  'CREATE INDEX reminders_due_at ON reminders (due_at)'),
 ("ALTER TABLE games ADD COLUMN game TEXT NOT NULL DEFAULT 'moonriver'",),
 ('ALTER TABLE outbox ADD COLUMN seq INTEGER',),
 ('CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)',),
 ('ALTER TABLE actions ADD COLUMN events TEXT', 'ALTER TABLE actions ADD COLUMN said TEXT'),
 ('CREATE INDEX seats_by_user ON seats (user_id) WHERE user_id IS NOT NULL',),
 ('CREATE TABLE ratings (\n'
  '        guild_id BIGINT NOT NULL,\n'
  '        game TEXT NOT NULL,\n'
  '        player TEXT NOT NULL,\n'
  '        user_id BIGINT,\n'
  '        name TEXT NOT NULL,\n'
  '        mu DOUBLE PRECISION NOT NULL,\n'
  '        sigma DOUBLE PRECISION NOT NULL,\n'
  '        ordinal DOUBLE PRECISION NOT NULL,\n'
  '        games BIGINT NOT NULL,\n'
  '        wins BIGINT NOT NULL,\n'
  '        updated_at TEXT NOT NULL,\n'
  '        PRIMARY KEY (guild_id, game, player))',
  'CREATE INDEX ratings_board ON ratings (guild_id, game, ordinal DESC, games DESC, player)',
  'CREATE INDEX ratings_by_user ON ratings (guild_id, game, user_id, ordinal)',
  'CREATE TABLE rated_games (\n'
  '        game_id BIGINT PRIMARY KEY,\n'
  '        guild_id BIGINT NOT NULL,\n'
  '        game TEXT NOT NULL,\n'
  '        rated_at TEXT NOT NULL)',
  'CREATE TABLE rating_history (\n'
  '        game_id BIGINT NOT NULL,\n'
  '        guild_id BIGINT NOT NULL,\n'
  '        game TEXT NOT NULL,\n'
  '        player TEXT NOT NULL,\n'
  '        place BIGINT NOT NULL,\n'
  '        score BIGINT NOT NULL,\n'
  '        won BIGINT NOT NULL,\n'
  '        ordinal DOUBLE PRECISION NOT NULL,\n'
  '        at TEXT NOT NULL,\n'
  '        PRIMARY KEY (game_id, player))',
  'CREATE INDEX rating_history_player ON rating_history (guild_id, game, player, at)',
  'CREATE TABLE leaderboard_hidden (\n'
  '        guild_id BIGINT NOT NULL,\n'
  '        game TEXT NOT NULL,\n'
  '        user_id BIGINT NOT NULL,\n'
  '        PRIMARY KEY (guild_id, game, user_id))'),
 ('ALTER TABLE seats ADD COLUMN colour TEXT',),
 ('DROP INDEX reminders_due',
  'ALTER TABLE reminders DROP COLUMN claimed_at',
  'ALTER TABLE reminders ADD COLUMN claimed_by TEXT',
  'ALTER TABLE reminders ADD COLUMN claimed_until TEXT',
  'ALTER TABLE outbox ADD COLUMN claimed_by TEXT',
  'ALTER TABLE outbox ADD COLUMN claimed_until TEXT',
  'CREATE INDEX outbox_claimed ON outbox (game_id) WHERE claimed_until IS NOT NULL'))
