"""Logging for the bot: stderr, one format, and no secrets at any level.

discord.py logs whole gateway payloads and request URLs at DEBUG. An interaction's token
(in the payload and in every `/interactions/{id}/{token}` and `/webhooks/{app}/{token}`
URL) lets anyone answer as the bot for 15 minutes, so every record is scrubbed on the way
out, DEBUG included; the bot token is scrubbed too, should anything print it.
"""

from __future__ import annotations

import logging
import re
import sys

REDACTED = "[redacted]"
_SECRETS = (
    (re.compile(r"""(["']token["']\s*:\s*["'])[^"']+(["'])"""), rf"\g<1>{REDACTED}\g<2>"),
    (re.compile(r"(/interactions/\d+/)[^/\s'\"?]+"), rf"\g<1>{REDACTED}"),
    (re.compile(r"(/webhooks/\d+/)[^/\s'\"?]+"), rf"\g<1>{REDACTED}"),
)
#: Notices about voice support this bot never uses: they would be the only lines of a
#: refusal that is promised to be one line.
_NOISE = ("voice will NOT be supported",)


class SecretFilter(logging.Filter):
    """Rewrites each record's text without interaction tokens or the bot token."""

    def __init__(self, bot_token: str | None = None) -> None:
        super().__init__()
        self.bot_token = bot_token

    def scrub(self, text: str) -> str:
        for pattern, replacement in _SECRETS:
            text = pattern.sub(replacement, text)
        if self.bot_token:
            text = text.replace(self.bot_token, REDACTED)
        return text

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        if any(noise in message for noise in _NOISE):
            return False
        clean = self.scrub(message)
        if clean != message:
            record.msg, record.args = clean, None
        return True


def configure_logging(level: int, bot_token: str | None = None) -> logging.Handler:
    """One stderr handler on the root logger, its filter applied to every record."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)-7s %(name)s: %(message)s"))
    handler.addFilter(SecretFilter(bot_token))
    root = logging.getLogger()
    root.addHandler(handler)
    root.setLevel(level)
    return handler
