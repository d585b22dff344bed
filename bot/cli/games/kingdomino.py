"""Kingdomino on the command line: a kingdom scored (KINGDOMINO.md's kingdom notation),
the variants as flags (K-VAR) and the pictures of a recorded moment.

Kingdomino's pictures are drawn from a game only (a kingdom alone has no lines or kings
to show), and `render.kingdomino` loads only when one is drawn.
"""

from __future__ import annotations

import argparse
from dataclasses import replace
from pathlib import Path
from typing import Any

from bot.cli.common import UsageError
from bot.cli.peer import SANDBOX, SCORE, SIMULATE, CliGame, Flag, Flags
from engine.games import Record
from engine.kingdomino.notation import parse_kingdom
from engine.kingdomino.rules import HARMONY, MIDDLE_KINGDOM, MIGHTY_DUEL, VARIANTS
from engine.kingdomino.scoring import score_kingdom
from engine.registry import Replay
from render.theme import Theme


def score(position: str, args: argparse.Namespace) -> dict[str, Any]:
    """K-SCORE-1…3, bonuses only when asked for; Harmony assumes no domino was discarded
    (a kingdom does not show it); K-PLACE-2: Mighty Duel kingdoms are 7×7."""
    kingdom = parse_kingdom(position, 7 if args.mighty_duel else 5)
    return score_kingdom(kingdom, middle_kingdom=args.middle_kingdom,
                         harmony=args.harmony).to_dict()


def table_options(args: argparse.Namespace) -> dict[str, Any]:
    """--variants, comma-separated (K-VAR); the game's own `options` checks the names."""
    return {"variants": [v.strip() for v in (args.variants or "").split(",") if v.strip()]}


def draw_record(record: Record, moment: Replay, folder: Path, theme: Theme,
                locale: str) -> list[Path]:
    """turn.png (final.png once over), preview.png when a domino is to be placed, and
    kingdom-N.png per seat: the record up to this moment, its last action marked."""
    from render.kingdomino import write_all

    played = replace(record, actions=record.actions[:len(moment.events)], result=None)
    try:
        return write_all(played, folder, locale, theme)
    except OSError as exc:
        raise UsageError(f"cannot write to {folder}: {exc.strerror}") from None


_TABLE_FLAGS = Flags((Flag("--variants", f"comma-separated: {', '.join(VARIANTS)}"),))

CLI = CliGame(
    position="kingdom",
    score=score,
    table_options=table_options,
    draw_record=draw_record,
    flags={
        SCORE: Flags((
            Flag(f"--{MIDDLE_KINGDOM}", "+10 with the castle in the centre (K-SCORE-2)",
                 switch=True),
            Flag(f"--{HARMONY}", "+5 for a complete kingdom (K-SCORE-3)", switch=True),
            Flag(f"--{MIGHTY_DUEL}", "a 7×7 kingdom (K-PLACE-2)", switch=True),
        )),
        SIMULATE: _TABLE_FLAGS,
        SANDBOX: _TABLE_FLAGS,
    },
)
