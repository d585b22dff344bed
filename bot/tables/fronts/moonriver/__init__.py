"""Moon River's front end: its labels, narration and pictures for the table."""

from bot.tables.fronts.moonriver.front import MoonRiverFront

__all__ = ["MoonRiverFront"]
