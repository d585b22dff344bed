"""The final score sheet: each player's breakdown and the winner(s) (R-SCORE-*)."""

from __future__ import annotations

from PIL import Image, ImageDraw

from engine.games.i18n import t
from engine.moonriver.components import Landscape
from engine.moonriver.view import TableView
from render.moonriver import sprites
from render.moonriver.style import LANDSCAPE_STYLE
from render.score_card import fit_formula
from render.stamps import draw_text
from render.theme import Theme, readable_size

PAD = 18
LABEL_W = 190
COLUMN_W = 150
ROW_H = 30


def landscape_rows(view: TableView, locale: str, size: int,
                   width: int) -> list[tuple[str, list[str], Landscape | None]]:
    """Score-sheet rows (R-SCORE-*): per landscape `size×cows` terms, then resources and
    partners, then the Legends scenario's points if one is played (R-LEG-2); each cell
    fitted to `width` pixels at `size`."""
    rows: list[tuple[str, list[str], Landscape | None]] = []
    for landscape in Landscape:
        cells = []
        for p in view.players:
            own = [x for x in p.score.territories if x.landscape is landscape and x.points]
            cells.append(fit_formula([f"{x.size}×{x.cows}" for x in own],
                                     sum(x.points for x in own), size, width))
        rows.append((t(f"landscape.{landscape.label}", locale), cells, landscape))
    rows.append((t("render.resources", locale),
                 [str(p.score.resource_points) for p in view.players], None))
    rows.append((t("render.partners", locale),
                 [str(p.score.partner_points) for p in view.players], None))
    if view.scenario is not None:  # R-LEG-2: the scenario's points, as resources and partners
        rows.append((t("render.scenario_row", locale),  # the title names which one
                     [str(p.score.scenario_points) for p in view.players], None))
    return rows


def render_scores(view: TableView, *, theme: Theme, locale: str = "en") -> Image.Image:
    players = view.players
    rows = landscape_rows(view, locale, 13, COLUMN_W - 12)
    width = PAD * 2 + LABEL_W + COLUMN_W * len(players)
    header = 96
    height = PAD * 2 + header + ROW_H * (len(rows) + 1) + 56
    image = Image.new("RGB", (width, height), theme.background)
    d = ImageDraw.Draw(image)
    d.rounded_rectangle((PAD // 2, PAD // 2, width - PAD // 2, height - PAD // 2), radius=12,
                        fill=theme.panel, outline=theme.panel_edge)
    title = t("render.final_scores", locale)
    if view.scenario is not None:  # R-LEG-2: which scenario this game scored
        title += " · " + t(f"scenario.{view.scenario}", locale)
    draw_text(d, (PAD, PAD + 16), title, 22, theme.text, bold=True,
              anchor="lm", max_width=width - 2 * PAD)
    winners = set(view.winners)
    for i, p in enumerate(players):
        cx = PAD + LABEL_W + COLUMN_W * i + COLUMN_W // 2
        if i in winners:
            d.rounded_rectangle((cx - COLUMN_W // 2 + 4, PAD + 36, cx + COLUMN_W // 2 - 4,
                                 height - PAD - 10), radius=8, outline=theme.highlight, width=3)
            draw_text(d, (cx, PAD + 48), t("render.winner" if len(winners) == 1
                                           else "render.winners", locale),
                      12, theme.highlight, bold=True, anchor="mm")
        meeple = sprites.ranchero(p.colour, 28, theme)
        image.paste(meeple, (cx - 14, PAD + 58), meeple)
        draw_text(d, (cx, PAD + header + 2), p.name, 14, theme.text, bold=True, anchor="ms",
                  max_width=COLUMN_W - 12, shrink=readable_size(image.width))
    y = PAD + header + 6
    for label, cells, swatch in rows:
        if swatch is not None:
            d.rectangle((PAD, y + 7, PAD + 14, y + 21), fill=LANDSCAPE_STYLE[swatch][0],
                        outline=theme.panel_edge)
        draw_text(d, (PAD + 22, y + ROW_H / 2), label, 14, theme.text, anchor="lm",
                  max_width=LABEL_W - 26)
        for i, text in enumerate(cells):
            cx = PAD + LABEL_W + COLUMN_W * i + COLUMN_W // 2
            draw_text(d, (cx, y + ROW_H / 2), text, 13, theme.muted, anchor="mm",
                      max_width=COLUMN_W - 12, shrink=readable_size(image.width))
        d.line((PAD, y + ROW_H, width - PAD, y + ROW_H), fill=theme.panel_edge)
        y += ROW_H
    draw_text(d, (PAD + 22, y + ROW_H / 2 + 4), t("render.total", locale), 17, theme.text,
              bold=True, anchor="lm")
    for i, p in enumerate(players):
        cx = PAD + LABEL_W + COLUMN_W * i + COLUMN_W // 2
        draw_text(d, (cx, y + ROW_H / 2 + 4), str(p.score.total), 20, theme.text, bold=True,
                  anchor="mm")
        draw_text(d, (cx, y + ROW_H + 20),
                  t("render.tiebreak", locale, size=p.score.largest_territory,
                    cows=p.score.cows), 10, theme.muted, anchor="mm", max_width=COLUMN_W - 8)
    return image
