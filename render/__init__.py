"""Pictures of the game: pure functions from the engine's public view to Pillow images."""

from render.encode import to_png_bytes
from render.layout import TurnLayout, TurnPicture
from render.ranch import render_grid, render_ranch
from render.scores import render_scores
from render.table import render_preview, render_table
from render.theme import DARK, LIGHT, Theme, theme_named
from render.turn import render_turn

__all__ = ["DARK", "LIGHT", "Theme", "TurnLayout", "TurnPicture", "render_grid",
           "render_preview", "render_ranch", "render_scores", "render_table", "render_turn",
           "theme_named", "to_png_bytes"]
