"""Moonlight's symbols for the legend card (render.legend): a card of each seat
(M-COMP-1), a card with a moon (M-COMP-2, M-SCORE-1) and the red Lone Wolf (M-COMP-3),
each as the pictures draw it."""

from __future__ import annotations

from PIL import Image, ImageDraw

from engine.games.i18n import t
from render.legend import ICON, render_legend
from render.moonlight.cards import Wolf, draw_moon, draw_wolf
from render.theme import RGB, Theme


def _card(card: Wolf) -> Image.Image:
    icon = Image.new("RGBA", (ICON, ICON), (0, 0, 0, 0))
    draw_wolf(icon, (4, 0, ICON - 4, ICON - 1), card, value_size=22)
    return icon


def _moon(ground: RGB) -> Image.Image:
    """The crescent as a card's corner shows it, large, bitten on the panel's colour."""
    icon = Image.new("RGBA", (ICON, ICON), (0, 0, 0, 0))
    draw_moon(ImageDraw.Draw(icon), ICON / 2 - 2, ICON / 2, ICON * 0.36, ground)
    return icon


def legend_entries(locale: str, theme: Theme) -> list[tuple[Image.Image, str]]:
    return [(_card(Wolf(0, 3, False, None, False)), t("legend.seat_1", locale)),
            (_card(Wolf(1, 3, False, None, False)), t("legend.seat_2", locale)),
            (_moon(theme.panel), t("legend.moon", locale)),
            (_card(Wolf(0, 6, False, None, True)), t("ml.pic.lone_wolf", locale))]


def render_moonlight_legend(*, theme: Theme, locale: str = "en") -> tuple[Image.Image, int]:
    return render_legend(t("legend.title", locale, game="Moonlight"),
                         legend_entries(locale, theme), theme=theme)
