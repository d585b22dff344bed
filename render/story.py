"""The game's story, the second end picture, game-free: each player's score after every
round as a line chart, then where each player's points came from as stacked bars.

A game says what goes in (`Story`: names, seat colours, the scores by round, the
sources of points with their colours and words) from its own pictures module
(render.<game>.story); this module lays it out on the shared end card, for phones:
800 px wide, so at 400 px no text is under 11 px, the lines are 3 px and the markers
9 px (the picture reports its layout, and tests check these after scaling).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from PIL import Image

from engine.games.i18n import t
from render import chart
from render import score_card as card
from render.chart import BarGeometry, LineGeometry, Part
from render.stamps import draw_text, drawn_texts
from render.theme import RGB, Theme

TEXT = card.TEXT   # 11 px at phone size
HEAD = TEXT + 4
CHART_H = 400
BAR_H = 46


@dataclass(frozen=True, slots=True)
class StoryPlayer:
    name: str
    colour: RGB
    winner: bool = False


@dataclass(frozen=True, slots=True)
class Story:
    """What a game's story picture shows, in words already translated. `scores`: each
    player's points after each of `steps` (seat order); `parts`: the sources of the final
    points, one value per player each."""

    title: str
    chart_title: str
    steps: tuple[str, ...]
    players: tuple[StoryPlayer, ...]
    scores: tuple[tuple[int, ...], ...]
    parts_title: str
    parts: tuple[Part, ...]
    #: What the legend says after each name; none: the last of its scores (a game whose
    #: points add up to the result)
    results: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class StoryLayout:
    """Where things went, in native pixels; `scale(width)` converts to a display size."""

    width: int
    height: int
    min_text: int
    lines: LineGeometry
    bars: BarGeometry

    def scale(self, display_width: int = 400) -> float:
        return display_width / self.width


@dataclass(frozen=True, slots=True)
class StoryPicture:
    image: Image.Image
    layout: StoryLayout


def steps(count: int, locale: str) -> tuple[str, ...]:
    """The chart's steps: round 1, 2 … and the end last (the last round may end in the
    same move as the game, so the last point is named as what it is: the final score)."""
    return (*(str(n) for n in range(1, count)), t("render.story.end", locale))[-count:] \
        if count else ()


def running_totals(players: Sequence[StoryPlayer], rounds: Sequence[Sequence[int]],
                   parts: Sequence[Part], locale: str) -> Story:
    """The story of a game scored as running totals (`rounds`: every player's points
    after each round, seat order; the last is the end), in the shared words."""
    return Story(t("render.story.title", locale), t("render.story.by_round", locale),
                 steps(len(rounds), locale), tuple(players),
                 tuple(tuple(row[seat] for row in rounds) for seat in range(len(players))),
                 t("render.story.sources", locale), tuple(parts))


def standings_order(story: Story) -> list[int]:
    """The players best first: the winners, then by their last score (ties keep seat
    order). The legend and the lines keep seat order, which their markers follow."""
    return sorted(range(len(story.players)),
                  key=lambda i: (not story.players[i].winner,
                                 -(story.scores[i][-1] if story.scores[i] else 0)))


def _lines(story: Story) -> list[chart.Line]:
    return [chart.Line(player.name, player.colour, values,
                       chart.MARKERS[seat % len(chart.MARKERS)], player.winner)
            for seat, (player, values) in enumerate(zip(story.players, story.scores,
                                                        strict=True))]


def render_story(story: Story, *, theme: Theme) -> StoryPicture:
    """The story card: the title, the players' legend (marker, name, result), the
    chart, then where the points came from with its legend of sources."""
    with drawn_texts():  # measured once, then drawn on a card of the height it needs
        height, _, _ = _draw(story, theme, None)
    with drawn_texts() as texts:
        image_height, image, (lines, bars) = _draw(story, theme, height)
    smallest = min((size for _, size in texts), default=TEXT)
    assert image is not None
    return StoryPicture(image, StoryLayout(image.width, image_height, smallest, lines, bars))


def _draw(story: Story, theme: Theme, height: int | None
          ) -> tuple[int, Image.Image | None, tuple[LineGeometry, BarGeometry]]:
    image = card.new_card(height or 3000, story.title, theme)
    left, right = card.PAD + 8, card.WIDTH - card.PAD - 8
    y = card.PAD + card.TITLE + 24
    draw_text(image, (left, y), story.chart_title, HEAD, theme.text, bold=True)
    y += HEAD + 14
    results = story.results or tuple(str(values[-1] if values else 0)
                                     for values in story.scores)
    legend = [(f"{p.name} · {result}", p.colour, chart.MARKERS[seat % len(chart.MARKERS)])
              for seat, (p, result) in enumerate(zip(story.players, results, strict=True))]
    y += chart.draw_legend(image, (left, y), right - left, legend, theme=theme,
                           text=TEXT) + 6
    lines = chart.draw_lines(image, (left, y, right, y + CHART_H), _lines(story),
                             story.steps, theme=theme, text=TEXT)
    y += CHART_H + 26
    draw_text(image, (left, y), story.parts_title, HEAD, theme.text, bold=True)
    y += HEAD + 18
    order = standings_order(story)  # the bars read best first, as the end post ranks
    names: Sequence[str] = [story.players[i].name for i in order]
    parts = [replace(part, values=tuple(part.values[i] for i in order)) for part in story.parts]
    bars = chart.draw_bars(image, (left, y, right, y), names, parts, theme=theme,
                           text=TEXT, bar_h=BAR_H)
    y += chart.bars_height(len(names), BAR_H) + 18
    used = [part for part in story.parts if any(v > 0 for v in part.values)]
    y += chart.draw_legend(image, (left, y), right - left,
                           [(part.label, part.colour, None) for part in used], theme=theme,
                           text=TEXT)
    y += card.PAD + 6
    if height is None:
        return y, None, (lines, bars)
    return y, image, (lines, bars)
