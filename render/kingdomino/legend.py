"""Kingdomino's symbols for the legend card (render.legend): the crown (K-SCORE-1), the
castle (K-COMP-2) and the six terrains, each as the pictures draw it."""

from __future__ import annotations

from PIL import Image

from engine.games.i18n import t
from engine.kingdomino.dominoes import Terrain
from render.kingdomino import sprites
from render.legend import ICON, render_legend
from render.theme import Theme


def legend_entries(locale: str) -> list[tuple[Image.Image, str]]:
    entries = [(sprites.crown(ICON), t("legend.crown", locale)),
               (sprites.castle(ICON), t("legend.castle", locale))]
    entries += [(sprites.terrain(terrain, ICON).convert("RGBA"),
                 t(f"kd.pic.terrain.{terrain.label}", locale)) for terrain in Terrain]
    return entries


def render_kingdomino_legend(*, theme: Theme, locale: str = "en") -> tuple[Image.Image, int]:
    return render_legend(t("legend.title", locale, game="Kingdomino"),
                         legend_entries(locale), theme=theme)
