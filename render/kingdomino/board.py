"""`/kingdomino board`: one kingdom in full detail, with its score sheet underneath.

The reach window (every cell the next domino could use, coordinates as in the action
text), crowns, properties outlined with their points, discards, and the properties
listed as squares × crowns (K-SCORE-1) with the bonuses earned (K-SCORE-2, -3).
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from engine.games.i18n import t
from engine.kingdomino.state import GameState, Phase
from engine.kingdomino.view import TableView
from render.kingdomino.changes import TurnChanges
from render.kingdomino.panel import PanelSizes, draw_kingdom
from render.kingdomino.source import view_of
from render.kingdomino.style import TERRAIN_STYLE
from render.kingdomino.window import kingdom_window, reach_window
from render.stamps import draw_text
from render.theme import Theme

CELL = 64
TEXT = 22
PAD = 10
ROW_H = 34


def render_kingdom(view_or_state: TableView | GameState, seat: int, *, locale: str = "en",
                   theme: Theme) -> Image.Image:
    view = view_of(view_or_state)
    player = view.players[seat]
    over = view.phase is Phase.OVER  # the whole kingdom; else where it can still grow
    window = kingdom_window(player.kingdom) if over else reach_window(player.kingdom)
    sizes = PanelSizes(CELL, window.columns, window.rows, TEXT, detailed=True,
                       footer=bool(player.discards))
    scoring = [p for p in player.score.properties if p.points]
    lines = len(scoring) + len(player.score.bonuses)
    height = PAD + sizes.height + PAD + ROW_H * lines + PAD
    image = Image.new("RGB", (sizes.width + 2 * PAD, height), theme.background)
    draw_kingdom(image, player, PAD, PAD, window=window, sizes=sizes, theme=theme,
                 locale=locale, changes=TurnChanges())
    d = ImageDraw.Draw(image)
    y = PAD + sizes.height + PAD
    for prop in scoring:
        d.rectangle((PAD + 4, y + 7, PAD + 24, y + 27), fill=TERRAIN_STYLE[prop.terrain][0],
                    outline=theme.panel_edge)
        name = t(f"kd.pic.terrain.{prop.terrain.label}", locale)
        draw_text(image, (PAD + 34, y + ROW_H / 2), name, TEXT, theme.text, anchor="lm",
                  max_width=sizes.width // 2)
        draw_text(image, (image.width - PAD - 4, y + ROW_H / 2),
                  f"{prop.size}×{prop.crowns} = {prop.points}", TEXT, theme.text, bold=True,
                  anchor="rm")
        y += ROW_H
    for bonus, points in player.score.bonuses:
        draw_text(image, (PAD + 34, y + ROW_H / 2), t(f"kd.pic.bonus.{bonus}", locale), TEXT,
                  theme.text, anchor="lm", max_width=sizes.width // 2)
        draw_text(image, (image.width - PAD - 4, y + ROW_H / 2), f"+{points}", TEXT,
                  theme.text, bold=True, anchor="rm")
        y += ROW_H
    return image
