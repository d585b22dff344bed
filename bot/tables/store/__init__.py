"""Game storage: the `GameStore` protocol, an SQLite store and an in-memory store."""

from bot.tables.store.base import ActionEntry, GameStore
from bot.tables.store.memory import MemoryStore
from bot.tables.store.sqlite import SqliteStore

__all__ = ["ActionEntry", "GameStore", "MemoryStore", "SqliteStore"]
