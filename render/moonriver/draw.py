"""Moon River's pictures by request kind: what the drawing worker calls for this game."""

from __future__ import annotations

from engine.moonriver.state import GameState
from engine.moonriver.view import public_view
from render.encode import to_png_bytes
from render.moonriver.changes import changes_of
from render.moonriver.legend import render_moonriver_legend
from render.moonriver.ranch import render_ranch
from render.moonriver.scores import render_scores
from render.moonriver.story import render_moonriver_story
from render.moonriver.style import moonriver_theme
from render.moonriver.table import render_preview, render_table
from render.moonriver.turn import render_turn
from render.request import DrawRequest
from render.theme import theme_named

#: The pictures a Moon River request may ask for.
KINDS = ("turn", "table", "ranch", "preview", "scores", "story", "legend")


def draw(request: DrawRequest) -> bytes:
    """Draw and encode one Moon River picture from the public view (nothing hidden
    reaches a drawing routine)."""
    theme = moonriver_theme(theme_named(request.theme))
    if request.kind == "legend":  # no game in it: the symbols (its state is empty)
        legend, _ = render_moonriver_legend(theme=theme, locale=request.locale)
        return to_png_bytes(legend, theme=theme)
    view, locale = public_view(GameState.from_dict(request.state)), request.locale
    if request.kind == "turn":
        picture = render_turn(view, theme=theme, locale=locale,
                              changes=changes_of(request.events), palette=True,
                              resigned=request.resigned)
        return to_png_bytes(picture.image, theme=theme)
    if request.kind == "story":  # the end's second picture: the rounds and the sources
        story = render_moonriver_story(view, request.rounds, theme=theme, locale=locale)
        return to_png_bytes(story.image, theme=theme)
    if request.kind == "table":
        image = render_table(view, theme=theme, locale=locale)
    elif request.kind == "ranch":
        image = render_ranch(view, request.seat, theme=theme, locale=locale)
    elif request.kind == "preview":
        image = render_preview(view, request.seat, request.choices, request.proposed,
                               theme=theme, locale=locale)
    else:
        image = render_scores(view, theme=theme, locale=locale)
    return to_png_bytes(image, theme=theme)
