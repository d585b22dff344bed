"""Moonlight's pictures by request kind: what the drawing worker calls for this game.

`request.state` is a MoonlightView as a dict (`GameRules.player_view`): the public view
(seat None, no hand card in it) for "turn", "final" and "story", the mover's own for "hand".
"""

from __future__ import annotations

from render.moonlight.files import to_png
from render.moonlight.final import render_final
from render.moonlight.hand import render_hand
from render.moonlight.legend import render_moonlight_legend
from render.moonlight.story import render_moonlight_story
from render.moonlight.turn import render_turn
from render.request import DrawRequest
from render.theme import theme_named

#: The pictures a Moonlight request may ask for.
KINDS = ("turn", "hand", "final", "story", "legend")


def draw(request: DrawRequest) -> bytes:
    """Draw and encode one Moonlight picture."""
    theme, locale = theme_named(request.theme), request.locale
    if request.kind == "legend":  # no game in it: the symbols (its state is empty)
        return to_png(render_moonlight_legend(theme=theme, locale=locale)[0], theme)
    if request.kind == "turn":
        picture = render_turn(request.state, events=request.events, locale=locale, theme=theme)
    elif request.kind == "hand":
        picture = render_hand(request.state, choices=request.choices,
                              proposed=request.proposed, locale=locale, theme=theme)
    elif request.kind == "story":  # the end's second picture: the rounds and the sources
        story = render_moonlight_story(request.state, request.rounds, locale=locale,
                                       theme=theme)
        return to_png(story.image, theme)
    else:
        picture = render_final(request.state, locale=locale, theme=theme,
                               resigned=request.resigned)
    return to_png(picture.image, theme)
