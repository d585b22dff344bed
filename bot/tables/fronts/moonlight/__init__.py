"""Moonlight's front end: its labels, narration and pictures for the table."""

from bot.tables.fronts.moonlight.front import MoonlightFront

__all__ = ["MoonlightFront"]
