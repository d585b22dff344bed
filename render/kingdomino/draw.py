"""Kingdomino's pictures by request kind: what the drawing worker calls for this game.

Each routine takes the state and reduces it to the public view itself (nothing hidden
reaches a drawing routine).
"""

from __future__ import annotations

from engine.kingdomino.state import GameState
from render.kingdomino.board import render_kingdom
from render.kingdomino.files import to_png
from render.kingdomino.final import render_final
from render.kingdomino.legend import render_kingdomino_legend
from render.kingdomino.preview import render_preview
from render.kingdomino.story import render_kingdomino_story
from render.kingdomino.turn import render_turn
from render.request import DrawRequest
from render.theme import theme_named

#: The pictures a Kingdomino request may ask for.
KINDS = ("turn", "preview", "final", "kingdom", "story", "legend")


def draw(request: DrawRequest) -> bytes:
    """Draw and encode one Kingdomino picture."""
    theme, locale = theme_named(request.theme), request.locale
    if request.kind == "legend":  # no game in it: the symbols (its state is empty)
        return to_png(render_kingdomino_legend(theme=theme, locale=locale)[0], theme)
    state = GameState.from_dict(request.state)
    if request.kind == "turn":
        image = render_turn(state, events=request.events, locale=locale, theme=theme).image
    elif request.kind == "preview":
        image = render_preview(state, request.seat, request.choices, locale=locale,
                               theme=theme)[0]
    elif request.kind == "story":  # the end's second picture: the rounds and the sources
        image = render_kingdomino_story(state, request.rounds, locale=locale,
                                        theme=theme).image
    elif request.kind == "final":
        image = render_final(state, locale=locale, theme=theme,
                             resigned=request.resigned).image
    else:
        image = render_kingdom(state, request.seat, locale=locale, theme=theme)
    return to_png(image, theme)
