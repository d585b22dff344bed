"""Kingdomino's front end: its labels, narration and pictures for the table."""

from bot.tables.fronts.kingdomino.front import KingdominoFront

__all__ = ["KingdominoFront"]
