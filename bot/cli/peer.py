"""What a game brings to the `moonriver` command line: its own flags on each subcommand,
its table options, its scoring and its pictures. Each game's `bot/cli/games/<game>.py`
builds one `CliGame`; the registry (`bot.cli.games`) lists them, and the shared
subcommands (score, simulate, render, sandbox) offer every game's flags and refuse one
given to another game (`bot.cli.flags`), so no shared module branches on a game.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine.games import Record
from engine.registry import Replay
from render.theme import Theme

if TYPE_CHECKING:  # the pictures' type only: Pillow loads when a picture is drawn
    from PIL import Image

#: The subcommands a game can give flags of its own.
SCORE = "score"
SIMULATE = "simulate"
SANDBOX = "sandbox"


@dataclass(frozen=True, slots=True)
class Flag:
    """One flag of a game's own: `--scenario`, or a switch such as `--harmony`."""

    name: str  # "--scenario"
    help: str  # the shared parser prefixes the game's title
    choices: tuple[str, ...] | None = None
    switch: bool = False  # store_true

    @property
    def dest(self) -> str:
        """The attribute argparse gives it ("--middle-kingdom" -> "middle_kingdom")."""
        return self.name.lstrip("-").replace("-", "_")


@dataclass(frozen=True, slots=True)
class Flags:
    """A game's own flags on one subcommand, and how a refusal points to them: after
    the flags, in brackets, `hint` (default "--game KEY")."""

    flags: tuple[Flag, ...]
    hint: str | None = None


#: `score`: the position as typed and the parsed flags -> the JSON report (NOTATION.md).
Score = Callable[[str, argparse.Namespace], dict[str, Any]]
#: `simulate`/`sandbox`: the parsed flags -> the raw options for `GameRules.options`.
TableOptions = Callable[[argparse.Namespace], dict[str, Any]]
#: `render POSITION`: the position as typed, theme and locale -> the picture.
DrawPosition = Callable[[str, Theme, str], "Image.Image"]
#: `render --record`: the record, its replayed moment, the folder, theme and locale ->
#: the files written, in the order they are printed.
DrawRecord = Callable[[Record, Replay, Path, Theme, str], list[Path]]


@dataclass(frozen=True, slots=True)
class CliGame:
    """One game's hooks; the registry key and title come from `engine.registry`."""

    position: str  # what `score` reads, in the game's notation: "ranch", "kingdom"
    score: Score
    table_options: TableOptions
    draw_record: DrawRecord
    #: None: the game draws pictures from a recorded game only.
    draw_position: DrawPosition | None = None
    #: The game's own flags by subcommand (SCORE, SIMULATE, SANDBOX).
    flags: Mapping[str, Flags] = field(default_factory=dict)
