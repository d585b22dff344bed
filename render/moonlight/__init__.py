"""Moonlight's pictures: the public turn, the mover's hand with lettered cells, the end.

Every picture reads a MoonlightView (engine.moonlight.view), never the game state, so a
hidden card cannot reach one: the public view holds no hand at all.
"""

from render.moonlight.files import to_png, write_all
from render.moonlight.final import render_final
from render.moonlight.hand import render_hand
from render.moonlight.placement import cell_letters
from render.moonlight.turn import render_turn

__all__ = ["cell_letters", "render_final", "render_hand", "render_turn", "to_png", "write_all"]
