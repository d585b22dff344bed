"""Pictures of the game: pure functions from the engine's public view to Pillow images."""

from render.encode import to_png_bytes
from render.moonriver.layout import TurnLayout, TurnPicture
from render.moonriver.ranch import render_grid, render_ranch
from render.moonriver.scores import render_scores
from render.moonriver.table import render_preview, render_table
from render.moonriver.turn import render_turn
from render.theme import DARK, LIGHT, Theme, theme_named

__all__ = ["DARK", "LIGHT", "Theme", "TurnLayout", "TurnPicture", "render_grid",
           "render_preview", "render_ranch", "render_scores", "render_table", "render_turn",
           "theme_named", "to_png_bytes"]
