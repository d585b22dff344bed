"""Moonlight's story picture: each player's points in every round (M-SCORE-1…4: moons
and cards; a replayed round too), and where the points of all rounds came from: the
moon majority and the cards, drawn by the shared render.story."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.games.i18n import t
from engine.moonlight.view import MoonlightView
from render.chart import Part
from render.moonlight.source import view_of
from render.moonlight.style import MOON, TIE, seat_rgb
from render.story import Story, StoryPicture, StoryPlayer, render_story
from render.theme import Theme


def story_of(view: MoonlightView, rounds: Sequence[Sequence[int]], locale: str) -> Story:
    """`rounds`: per scored round (M-SCORE-4) the two players' points, then the moon
    majority's points of each (M-SCORE-1): (points 1, points 2, moons 1, moons 2)."""
    winners = set(view.winners)
    moons = tuple(sum(row[2 + seat] for row in rounds) for seat in (0, 1))
    cards = tuple(sum(row[seat] for row in rounds) - moons[seat] for seat in (0, 1))
    return Story(
        t("render.story.title", locale), t("ml.pic.story.by_round", locale),
        tuple(str(n) for n in range(1, len(rounds) + 1)),
        tuple(StoryPlayer(view.players[seat], seat_rgb(seat), seat in winners)
              for seat in (0, 1)),
        tuple(tuple(row[seat] for row in rounds) for seat in (0, 1)),
        t("render.story.sources", locale),
        (Part(t("ml.pic.story.moons", locale), MOON, moons),
         Part(t("ml.pic.story.cards", locale), TIE, cards)))


def render_moonlight_story(view: MoonlightView | dict[str, Any],
                           rounds: Sequence[Sequence[int]], *, theme: Theme,
                           locale: str = "en") -> StoryPicture:
    return render_story(story_of(view_of(view), rounds, locale), theme=theme)
