"""What every `moonriver` command shares: the one-line refusal (exit 2), bounded JSON
input, JSON output, argument types and the `--game` choice (NOTATION.md contract)."""

from __future__ import annotations

import argparse
import json
import math
from collections.abc import Callable
from pathlib import Path
from typing import Any, NoReturn

from PIL import Image

from engine.games import GameRules, Record
from engine.registry import GAMES, game_named, read_record
from render.encode import to_png_bytes

EXIT_BAD_INPUT = 2
#: Input bounds: a real game record is a few kilobytes and four levels deep.
MAX_JSON_BYTES = 4 * 1024 * 1024
MAX_JSON_DEPTH = 32
#: `--game` offers every registered game (engine.registry.GAMES), Moon River first.
GAME_CHOICES = tuple(GAMES)


class UsageError(Exception):
    """Bad input on the command line: one line on stderr, exit status 2."""


class Parser(argparse.ArgumentParser):
    """An argument parser whose mistakes are UsageErrors, not argparse's usage dump."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


def print_json(data: Any) -> None:
    print(json.dumps(data, ensure_ascii=False, indent=2))


def add_game_option(parser: argparse.ArgumentParser, *, detected: bool = False) -> None:
    """`--game NAME`; with `detected`, no default: the record's format names the game."""
    parser.add_argument("--game", choices=GAME_CHOICES, default=None if detected else
                        GAME_CHOICES[0], help="which game (default: " +
                        ("the record's own" if detected else GAME_CHOICES[0]) + ")")


def json_depth(text: str) -> int:
    """The deepest nesting of arrays and objects, counted outside strings, so a hostile
    file is refused before the recursive parser can overflow the stack."""
    depth = deepest = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


def read_json(path: str) -> Any:
    """A JSON file within the size and depth bounds, else a one-line `UsageError`."""
    try:
        with Path(path).open("rb") as file:
            data = file.read(MAX_JSON_BYTES + 1)
    except OSError as exc:
        raise UsageError(f"cannot read {path}: {exc.strerror}") from None
    if len(data) > MAX_JSON_BYTES:
        raise UsageError(f"{path} is larger than {MAX_JSON_BYTES // (1024 * 1024)} MiB: "
                         "not a game record")
    try:
        text = data.decode("utf-8")
        if json_depth(text) > MAX_JSON_DEPTH:
            raise UsageError(f"{path} is nested deeper than {MAX_JSON_DEPTH} levels: "
                             "not a game record")
        return json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise UsageError(f"{path} is not JSON: {exc}") from None
    except ValueError:  # an integer of thousands of digits (Python's conversion limit)
        raise UsageError(f"{path} holds a number too long to be part of a game record") \
            from None


def read_game_record(path: str, expected: str | None) -> tuple[GameRules, Record]:
    """The record in `path`, its game told by its format; `expected` (a `--game`) is
    then a check, so a Kingdomino record is never read as Moon River's or back."""
    record = read_record(read_json(path))
    game = game_named(record.game)
    if expected is not None and expected != record.game:
        raise UsageError(f"{path} is a {game.title} record, not {game_named(expected).title}"
                         f" (--game {expected})")
    return game, record


def save_png(image: Image.Image, path: Path) -> None:
    try:
        path.write_bytes(to_png_bytes(image))
    except OSError as exc:
        raise UsageError(f"cannot write {path}: {exc.strerror}") from None


def make_folder(folder: Path) -> None:
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UsageError(f"cannot create {folder}: {exc.strerror}") from None


def positive(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number >= 1, got {text!r}")
    return int(text)


def whole(text: str) -> int:
    if not text.isdigit():
        raise argparse.ArgumentTypeError(f"expected a whole number >= 0, got {text!r}")
    return int(text)


def positive_seconds(text: str) -> float:
    """An argument type for a finite number of seconds > 0 (nan and inf are refused:
    every comparison with nan is false, so a stale heartbeat would read as fresh)."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(f"expected a number of seconds > 0, got {text!r}")
    return value


def bounded(limit: int, unit: str) -> Callable[[str], int]:
    """An argument type for a whole number from 1 to `limit`."""

    def parse(text: str) -> int:
        value = positive(text)
        if value > limit:
            raise argparse.ArgumentTypeError(f"at most {limit} {unit}, got {text!r}")
        return value

    return parse


#: What each command family's `add_parser` receives: the `moonriver` subcommands.
Subcommands = argparse._SubParsersAction  # argparse names no public type for it
