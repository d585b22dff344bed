"""Every game's own flags on a shared subcommand: offered all at once (argparse reads
one command line for any game), and refused by name when given to another game, so a
Kingdomino variant is never silently dropped from a Moon River game or back."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from dataclasses import dataclass, field

from bot.cli.common import UsageError
from bot.cli.games import GAMES
from bot.cli.peer import CliGame, Flag, Flags
from engine.registry import game_named


def hooks_of(key: str) -> CliGame:
    """The command line hooks of the game with registry key `key`."""
    return GAMES[key]


def _own(key: str, command: str) -> Flags:
    return GAMES[key].flags.get(command, Flags(()))


def words(items: Sequence[str], last: str = "and") -> str:
    """"a", "a and b", "a, b and c" (or "a, b or c")."""
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} {last} {items[-1]}"


@dataclass
class _Offered:
    """One flag as the parser offers it: games may share a flag's name."""

    flag: Flag
    helps: list[str] = field(default_factory=list)
    choices: list[str] = field(default_factory=list)


def add_game_flags(parser: argparse.ArgumentParser, command: str) -> None:
    """Every game's flags for `command`, each help led by its game's title. A flag is
    unset (None, or False for a switch) unless typed, so a typed one can be told apart
    from a default and checked against the chosen game."""
    offered: dict[str, _Offered] = {}
    for key in GAMES:
        for flag in _own(key, command).flags:
            entry = offered.setdefault(flag.name, _Offered(flag))
            if entry.flag.switch != flag.switch:
                raise ValueError(f"{flag.name} is a switch for one game and not another")
            entry.helps.append(f"{game_named(key).title}: {flag.help}")
            entry.choices += [c for c in flag.choices or () if c not in entry.choices]
    for name, entry in offered.items():
        help_text = "; ".join(entry.helps)
        if entry.flag.switch:
            parser.add_argument(name, action="store_true", help=help_text)
        else:
            parser.add_argument(name, default=None, help=help_text,
                                choices=entry.choices or None)


def _given(args: argparse.Namespace, flag: Flag) -> bool:
    return getattr(args, flag.dest, None) not in (None, False)


def refuse_other_games_flags(args: argparse.Namespace, key: str, command: str) -> None:
    """A UsageError naming the game a typed flag belongs to, and what game `key` takes
    instead (NOTATION.md: one line, exit 2)."""
    mine = [f.name for f in _own(key, command).flags]
    for other in GAMES:
        group = _own(other, command)
        if other == key or not any(_given(args, f) for f in group.flags
                                   if f.name not in mine):
            continue
        names = [f.name for f in group.flags]
        title = game_named(other).title
        owned = f"is a {title} option" if len(names) == 1 else f"are {title} options"
        text = f"{words(names)} {owned} ({group.hint or f'--game {other}'})"
        if mine:
            text += f"; {game_named(key).title} takes {words(mine)}"
        raise UsageError(text)
