"""Checks shared by the games' adapters (options, records): one wording for one mistake."""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from typing import Any

from engine.games.errors import GameError, RecordError, UnknownOptionError


def refuse_unknown_options(raw: Mapping[str, Any], known: Collection[str], title: str) -> None:
    """A table option the game does not have is refused by name, with the ones it has
    (or that it has none)."""
    unknown = sorted(set(raw) - set(known))
    if unknown and not known:
        raise UnknownOptionError(f"{title} has no options (got {unknown[0]!r})")
    if unknown:
        raise UnknownOptionError(f"unknown {title} option {unknown[0]!r} (available: "
                        f"{', '.join(sorted(known))})")


def recorded_options(options: Callable[[Mapping[str, Any]], dict[str, Any]],
                     raw: Mapping[str, Any]) -> dict[str, Any]:
    """A record's options checked by the game (`GameRules.options`), as a RecordError:
    "options: …" before a bad value; an unknown option's words already say "option"."""
    try:
        return options(raw)
    except UnknownOptionError as exc:
        raise RecordError(str(exc)) from None
    except GameError as exc:
        raise RecordError(f"options: {exc}") from None


def record_fields(data: Any, record_format: str
                  ) -> tuple[int, list[str], list[str], dict[str, Any]]:
    """seed, players, actions and options of a record object, or a RecordError."""
    if not isinstance(data, dict):
        raise RecordError("a game record is a JSON object")
    if data.get("format") != record_format:
        raise RecordError(f"not a {record_format} record (format is {data.get('format')!r})")
    seed, players, actions = data.get("seed"), data.get("players"), data.get("actions")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise RecordError("seed must be a whole number")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise RecordError("players must be a list of names")
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise RecordError("actions must be a list of action texts")
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise RecordError("options must be an object")
    return seed, players, actions, options
