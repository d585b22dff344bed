"""Game storage: the `GameStore` protocol, an SQLite store and an in-memory store."""

from bot.store.base import ActionEntry, GameStore
from bot.store.memory import MemoryStore
from bot.store.sqlite import SqliteStore

__all__ = ["ActionEntry", "GameStore", "MemoryStore", "SqliteStore"]
