"""Moon River's symbols for the legend card (render.legend): cows (R-SCORE-1), the
printed skull and circle, resources (R-SCORE-2), every partner (R-PARTNER-*) and the six
landscapes, each as the pictures draw it."""

from __future__ import annotations

from PIL import Image

from engine.games.i18n import t
from engine.moonriver.components import Landscape
from render.legend import ICON, render_legend
from render.moonriver import sprites
from render.theme import Theme

PARTNERS = ("cowboy", "desperado", "thief", "golddigger", "trapper", "farmer")


def legend_entries(locale: str) -> list[tuple[Image.Image, str]]:
    entries = [(sprites.cow(ICON), t("legend.cow", locale)),
               (sprites.skull(ICON), t("legend.skull", locale)),
               (sprites.circle_symbol(ICON), t("legend.circle", locale)),
               (sprites.nugget(ICON), t("legend.nugget", locale)),
               (sprites.beaver(ICON), t("legend.beaver", locale)),
               (sprites.corn(ICON), t("legend.corn", locale))]
    entries += [(sprites.partner_token(face, ICON), t(f"partner.{face}", locale))
                for face in PARTNERS]
    entries += [(sprites.tile(landscape, ICON).convert("RGBA"),
                 t(f"landscape.{landscape.label}", locale)) for landscape in Landscape]
    return entries


def render_moonriver_legend(*, theme: Theme, locale: str = "en") -> tuple[Image.Image, int]:
    return render_legend(t("legend.title", locale, game="Moon River"),
                         legend_entries(locale), theme=theme)
