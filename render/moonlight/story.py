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
from render.plural import counted
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
        round_steps(view, len(rounds), locale),
        tuple(StoryPlayer(view.players[seat], seat_rgb(seat), seat in winners)
              for seat in (0, 1)),
        tuple(tuple(row[seat] for row in rounds) for seat in (0, 1)),
        t("render.story.sources", locale),
        (Part(t("ml.pic.story.moons", locale), MOON, moons),
         Part(t("ml.pic.story.cards", locale), TIE, cards)),
        results=tuple(counted("ml.pic.rounds", view.wins[seat], locale) for seat in (0, 1)))


def round_steps(view: MoonlightView, scored: int, locale: str) -> tuple[str, ...]:
    """The chart's rounds as the posts and the end picture number them (M-SCORE-4): a
    tied deal is played again under the same number, so it reads '2 tied', then '2'.
    Plain 1, 2, 3 … if the deals and the scored rounds do not pair up."""
    if len(view.rounds) != scored:
        return tuple(str(n) for n in range(1, scored + 1))
    steps, number = [], 1
    for winner in view.rounds:
        steps.append(t("ml.pic.story.tied", locale, round=number) if winner is None
                     else str(number))
        number += winner is not None
    return tuple(steps)


def render_moonlight_story(view: MoonlightView | dict[str, Any],
                           rounds: Sequence[Sequence[int]], *, theme: Theme,
                           locale: str = "en") -> StoryPicture:
    return render_story(story_of(view_of(view), rounds, locale), theme=theme)
