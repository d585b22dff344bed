"""The end-of-game picture for phones: the standings, then the score sheet (R-SCORE-*).

Replaces the turn picture once the game is over: an empty draft says nothing then. Every
text is at least `TEXT` native pixels (11 px at phone size); formulas are shortened so a
row never loses its total.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from engine.components import Landscape
from engine.i18n import t
from engine.view import TableView
from render import sprites
from render.layout import TurnLayout, TurnPicture
from render.scores import landscape_rows
from render.stamps import draw_text, drawn_texts
from render.theme import LANDSCAPE_STYLE, Theme, seat_rgb

WIDTH = 800
PAD = 16
TEXT = 22
TITLE = 30
STANDING_H = 56
ROW_H = 38
LABEL_W = 200


def _ranking(view: TableView) -> list[tuple[int, int]]:
    """(rank, seat) best first; R-SCORE-4 tie-breaks decide, equal players share a rank."""
    def key(seat: int) -> tuple[int, int, int]:
        score = view.players[seat].score
        return (score.total, score.largest_territory, score.cows)
    order = sorted(range(len(view.players)), key=key, reverse=True)
    ranked: list[tuple[int, int]] = []
    for place, seat in enumerate(order):
        same = ranked and key(ranked[-1][1]) == key(seat)
        ranked.append((ranked[-1][0] if same else place + 1, seat))
    return ranked


def render_final(view: TableView, *, theme: Theme, locale: str = "en") -> TurnPicture:
    """The standings, best first (winners outlined), then the score sheet."""
    with drawn_texts() as texts:
        image = _draw(view, theme, locale)
    smallest = min((size for _, size in texts), default=TEXT)
    layout = TurnLayout(image.width, image.height, smallest)
    return TurnPicture(image, layout)


def _draw(view: TableView, theme: Theme, locale: str) -> Image.Image:
    players = view.players
    column_w = (WIDTH - 2 * PAD - LABEL_W) // len(players)
    rows = landscape_rows(view, locale, TEXT, column_w - 10)
    standings_h = TITLE + 24 + STANDING_H * len(players)
    sheet_y = PAD + standings_h + PAD
    height = sheet_y + ROW_H * (len(rows) + 3) + PAD + 10
    image = Image.new("RGB", (WIDTH, height), theme.background)
    d = ImageDraw.Draw(image)
    d.rounded_rectangle((PAD // 2, PAD // 2, WIDTH - PAD // 2, height - PAD // 2), radius=12,
                        fill=theme.panel, outline=theme.panel_edge)
    title = t("render.final_scores", locale)
    if view.scenario is not None:  # R-LEG-2: which scenario this game scored
        title += " · " + t(f"scenario.{view.scenario}", locale)
    draw_text(image, (PAD, PAD + TITLE / 2 + 4), title, TITLE, theme.text, bold=True,
              anchor="lm", max_width=WIDTH - 2 * PAD)
    winners = set(view.winners)
    y = PAD + TITLE + 20
    for rank, seat in _ranking(view):
        p = players[seat]
        middle = y + STANDING_H / 2
        if seat in winners:
            d.rounded_rectangle((PAD, y + 2, WIDTH - PAD, y + STANDING_H - 2), radius=8,
                                outline=theme.highlight, width=3)
        draw_text(image, (PAD + 44, middle), f"{rank}.", TITLE, theme.text, bold=True,
                  anchor="rm")
        meeple = sprites.ranchero(p.colour, 44, theme)
        image.paste(meeple, (PAD + 54, y + 6), meeple)
        total = draw_text(image, (WIDTH - PAD - 14, middle),
                          t("render.score", locale, points=p.score.total), TITLE, theme.text,
                          bold=True, anchor="rm")
        note = t("render.winner", locale) if seat in winners else ""
        note_w = draw_text(image, (WIDTH - PAD - 34 - total, middle), note, TEXT,
                           theme.highlight, bold=True, anchor="rm") if note else 0
        name_x = PAD + 108
        name_w = draw_text(image, (name_x, middle), p.name, TITLE - 2, theme.text, bold=True,
                           anchor="lm", max_width=WIDTH - name_x - total - note_w - 70)
        d.rectangle((name_x, middle + 18, name_x + name_w, middle + 21),
                    fill=seat_rgb(p.colour, theme))
        y += STANDING_H
    _sheet(image, view, rows, sheet_y, column_w, theme, locale)
    return image


def _sheet(image: Image.Image, view: TableView, rows: list[tuple[str, list[str], Landscape | None]],
           y: int, column_w: int, theme: Theme, locale: str) -> None:
    d = ImageDraw.Draw(image)
    players = view.players
    for i, p in enumerate(players):
        cx = PAD + LABEL_W + column_w * i + column_w // 2
        meeple = sprites.ranchero(p.colour, 30, theme)
        image.paste(meeple, (cx - 15, y), meeple)
        draw_text(image, (cx, y + 32 + TEXT), p.name, TEXT, theme.text, bold=True,
                  anchor="ms", max_width=column_w - 8)
    y += ROW_H + 24
    for label, cells, swatch in rows:
        if swatch is not None:
            d.rectangle((PAD, y + 10, PAD + 18, y + 28), fill=LANDSCAPE_STYLE[swatch][0],
                        outline=theme.panel_edge)
        draw_text(image, (PAD + 26, y + ROW_H / 2), label, TEXT, theme.text, anchor="lm",
                  max_width=LABEL_W - 30)
        for i, text in enumerate(cells):
            cx = PAD + LABEL_W + column_w * i + column_w // 2
            draw_text(image, (cx, y + ROW_H / 2), text, TEXT, theme.muted, anchor="mm")
        d.line((PAD, y + ROW_H, WIDTH - PAD, y + ROW_H), fill=theme.panel_edge)
        y += ROW_H
    draw_text(image, (PAD + 26, y + ROW_H / 2 + 2), t("render.total", locale), TEXT + 2,
              theme.text, bold=True, anchor="lm")
    for i, p in enumerate(players):
        cx = PAD + LABEL_W + column_w * i + column_w // 2
        draw_text(image, (cx, y + ROW_H / 2 + 2), str(p.score.total), TITLE, theme.text,
                  bold=True, anchor="mm")
