"""Kingdomino's story picture: each player's points after every round (a Dynasty's games
one after the other, K-DYN), and where the final points came from (K-SCORE-1…3: each
terrain's properties, Middle Kingdom, Harmony, earlier Dynasty games), drawn by the
shared render.story."""

from __future__ import annotations

from collections.abc import Sequence

from engine.games.i18n import t
from engine.kingdomino.dominoes import Terrain
from engine.kingdomino.scoring import HARMONY, MIDDLE_KINGDOM
from engine.kingdomino.state import GameState
from engine.kingdomino.view import TableView
from render.chart import Part
from render.kingdomino.source import view_of
from render.kingdomino.style import CASTLE_ROOF, CROWN, DISCARD, TERRAIN_STYLE, king_rgb
from render.story import Story, StoryPicture, StoryPlayer, render_story, running_totals
from render.theme import Theme

BONUS_COLOURS = {MIDDLE_KINGDOM: CASTLE_ROOF, HARMONY: CROWN}


def story_of(view: TableView, rounds: Sequence[Sequence[int]], locale: str,
             theme: Theme) -> Story:
    """`rounds`: the players' points after each round, seat order (a Dynasty's earlier
    games included: its series so far)."""
    players = view.players
    winners = set(view.winners)
    parts = [Part(t(f"kd.pic.terrain.{terrain.label}", locale), TERRAIN_STYLE[terrain][0],
                  tuple(sum(x.points for x in p.score.properties if x.terrain is terrain)
                        for p in players))
             for terrain in Terrain]
    for bonus, colour in BONUS_COLOURS.items():
        parts.append(Part(t(f"kd.pic.bonus.{bonus}", locale), colour,
                          tuple(dict(p.score.bonuses).get(bonus, 0) for p in players)))
    if view.games > 1:  # K-DYN: the series' earlier games, together
        parts.append(Part(t("kd.pic.dynasty", locale), DISCARD,
                          tuple(sum(game[p.seat] for game in view.series) for p in players)))
    return running_totals([StoryPlayer(p.name, king_rgb(p.seat, theme), p.seat in winners)
                           for p in players], rounds, parts, locale)


def render_kingdomino_story(state: TableView | GameState, rounds: Sequence[Sequence[int]],
                            *, theme: Theme, locale: str = "en") -> StoryPicture:
    return render_story(story_of(view_of(state), rounds, locale, theme), theme=theme)
