"""Moon River's story picture: each player's points after every round (R-ORDER-*), and
where the final points came from (R-SCORE-1…3: each landscape's territories, resources,
partners; a Legends scenario's points, R-LEG-2), drawn by the shared render.story."""

from __future__ import annotations

from collections.abc import Sequence

from engine.games.i18n import t
from engine.moonriver.components import Landscape
from engine.moonriver.view import TableView
from render.chart import Part
from render.moonriver.style import LANDSCAPE_STYLE, STORY_PART_COLOURS, seat_rgb
from render.story import Story, StoryPicture, StoryPlayer, render_story, running_totals
from render.theme import Theme


def story_of(view: TableView, rounds: Sequence[Sequence[int]], locale: str,
             theme: Theme) -> Story:
    """`rounds`: the players' totals after each round, seat order (the last is the end)."""
    players = view.players
    winners = set(view.winners)
    parts = [Part(t(f"landscape.{landscape.label}", locale), LANDSCAPE_STYLE[landscape][0],
                  tuple(sum(x.points for x in p.score.territories
                            if x.landscape is landscape) for p in players))
             for landscape in Landscape]
    parts.append(Part(t("render.resources", locale), STORY_PART_COLOURS["resources"],
                      tuple(p.score.resource_points for p in players)))
    parts.append(Part(t("render.partners", locale), STORY_PART_COLOURS["partners"],
                      tuple(p.score.partner_points for p in players)))
    if view.scenario is not None:  # R-LEG-2
        parts.append(Part(t(f"scenario.{view.scenario}", locale),
                          STORY_PART_COLOURS["scenario"],
                          tuple(p.score.scenario_points for p in players)))
    return running_totals([StoryPlayer(p.name, seat_rgb(p.colour, theme), p.seat in winners)
                           for p in players], rounds, parts, locale)


def render_moonriver_story(view: TableView, rounds: Sequence[Sequence[int]], *,
                           theme: Theme, locale: str = "en") -> StoryPicture:
    return render_story(story_of(view, rounds, locale, theme), theme=theme)
