"""Beside the mover's kingdom, when the other kingdoms went below: its score right now.

K-SCORE-1: each scoring property as squares × crowns = points, with a terrain swatch;
the bonuses it would earn if the game ended now (K-SCORE-2, -3). Rows that do not fit
are summed into a last "… +n" row, so the total is never lost.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from engine.games.i18n import t
from engine.kingdomino.view import PlayerView
from render.kingdomino.style import TERRAIN_STYLE
from render.stamps import draw_text
from render.theme import Theme

Box = tuple[int, int, int, int]
MIN_WIDTH = 200


def draw_score_now(image: Image.Image, player: PlayerView, box: Box, *, text: int,
                   theme: Theme, locale: str) -> None:
    x0, y0, x1, y1 = box
    d = ImageDraw.Draw(image)
    d.rounded_rectangle(box, radius=10, fill=theme.panel, outline=theme.panel_edge)
    row_h = text + 14
    draw_text(image, (x0 + 12, y0 + 8 + row_h / 2), t("kd.pic.score_now", locale), text,
              theme.muted, bold=True, anchor="lm", max_width=x1 - x0 - 24)
    rows: list[tuple[tuple[int, int, int] | None, str, str]] = [
        (TERRAIN_STYLE[p.terrain][0], f"{p.size}×{p.crowns}", str(p.points))
        for p in player.score.properties if p.points]
    rows += [(None, t(f"kd.pic.bonus.{name}", locale), f"+{points}")
             for name, points in player.score.bonuses]
    room = (y1 - y0 - 8 - 2 * row_h - 12) // row_h  # title and total rows kept
    if len(rows) > room:
        hidden = rows[room - 1:]
        rest = sum(int(points.lstrip("+")) for _, _, points in hidden)
        rows = [*rows[:room - 1], (None, "…", str(rest))]
    y = y0 + 8 + row_h
    for swatch, label, points in rows:
        middle = y + row_h / 2
        if swatch is not None:
            d.rectangle((x0 + 12, middle - 10, x0 + 32, middle + 10), fill=swatch,
                        outline=theme.panel_edge)
        right = draw_text(image, (x1 - 12, middle), points, text, theme.text, bold=True,
                          anchor="rm")
        draw_text(image, (x0 + 42, middle), label, text, theme.text, anchor="lm",
                  max_width=x1 - x0 - 66 - right)
        y += row_h
    d.line((x0 + 12, y + 4, x1 - 12, y + 4), fill=theme.panel_edge, width=2)
    middle = y + 8 + row_h / 2
    draw_text(image, (x0 + 12, middle), t("render.total", locale), text, theme.text, bold=True,
              anchor="lm")
    draw_text(image, (x1 - 12, middle), str(player.score.total), text + 4, theme.text,
              bold=True, anchor="rm")
