"""User-given text inside the bot's messages, made inert.

A display name is chosen by its owner: `**[click](https://evil)**`, `<@123>` or
`@everyone` in a name must show as typed, never format, link or ping. Every text the bot
builds from a name goes through `safe_name`; `allowed_mentions` on each send and edit is
the second guard (the client's default is none; pings name their users).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from discord.utils import escape_markdown, escape_mentions


@lru_cache(maxsize=4096)  # the same few names, escaped for every post and button
def safe_name(name: str) -> str:
    """A name as literal text: markdown (masked links included) and mentions escaped."""
    return escape_mentions(escape_markdown(name))


def safe_names(names: Iterable[str], separator: str = ", ") -> str:
    return separator.join(safe_name(name) for name in names)
