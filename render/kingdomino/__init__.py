"""Kingdomino pictures: pure functions from the public view (or a state, reduced to its
public view first) to Pillow images, in Moon River's style and phone-first sizes."""

from render.kingdomino.board import render_kingdom
from render.kingdomino.files import to_png, write_all
from render.kingdomino.final import render_final
from render.kingdomino.layout import TurnLayout, TurnPicture
from render.kingdomino.lines import line_labels
from render.kingdomino.placement import Position, placement_positions
from render.kingdomino.preview import render_preview
from render.kingdomino.turn import render_turn

__all__ = ["Position", "TurnLayout", "TurnPicture", "line_labels", "placement_positions",
           "render_final", "render_kingdom", "render_preview", "render_turn", "to_png",
           "write_all"]
