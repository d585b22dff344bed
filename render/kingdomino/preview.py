"""The private placement preview: the mover's kingdom with every candidate lettered.

Each position the claimed domino can take (K-PLACE-1…3) is outlined with its letter
(a, b, c …); the same letters, with their action texts, are returned for the placement
menu. The domino itself is drawn above the kingdom, half A first, so the player sees
which terrain lies where.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from engine.games.i18n import t
from engine.kingdomino.actions import Place
from engine.kingdomino.dominoes import domino
from engine.kingdomino.state import GameState
from engine.kingdomino.view import TableView
from render.fonts import text_width
from render.kingdomino.changes import TurnChanges
from render.kingdomino.panel import PanelSizes, draw_kingdom
from render.kingdomino.placement import Position, placement_positions
from render.kingdomino.source import kingdom_size, view_of
from render.kingdomino.squares import draw_domino
from render.kingdomino.window import KingdomGeometry, reach_window
from render.stamps import draw_text
from render.theme import LEGAL_TINT_ALPHA, OUTLINE, Theme

CELL = 60
TEXT = 22
LETTER = 22
PAD = 10
SQUARE = 56  # the domino drawn above the kingdom


def _outline(image: Image.Image, position: Position, geometry: KingdomGeometry,
             theme: Theme) -> None:
    """One candidate: an outline round both cells and its letter where they meet."""
    boxes = [box for c in position.cells if (box := geometry.cell_box(c)) is not None]
    x0, y0 = min(b[0] for b in boxes), min(b[1] for b in boxes)
    x1, y1 = max(b[2] for b in boxes), max(b[3] for b in boxes)
    d = ImageDraw.Draw(image)
    d.rounded_rectangle((x0 + 5, y0 + 5, x1 - 5, y1 - 5), radius=8, outline=theme.legal,
                        width=2)
    cx, cy, r = (x0 + x1) / 2, (y0 + y1) / 2, LETTER // 2 + 6
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=theme.legal, outline=OUTLINE, width=2)
    draw_text(image, (cx, cy), position.letter, LETTER, OUTLINE, bold=True, anchor="mm")


def render_preview(view_or_state: TableView | GameState, seat: int, places: Sequence[Place],
                   *, locale: str = "en", theme: Theme
                   ) -> tuple[Image.Image, dict[str, tuple[str, ...]]]:
    """The kingdom of `seat` with each position of `places` (the legal placements, from
    `legal_actions`) lettered; returns the picture and letter → action texts (one per
    orientation of the halves on those two cells, canonical first)."""
    view = view_of(view_or_state)
    player = view.players[seat]
    size = kingdom_size(view)
    positions = placement_positions(places, size)
    window = reach_window(player.kingdom)
    sizes = PanelSizes(CELL, window.columns, window.rows, TEXT, detailed=True,
                       footer=bool(player.discards))
    head = SQUARE + 2 * PAD
    image = Image.new("RGB", (sizes.width + 2 * PAD, head + sizes.height + PAD),
                      theme.background)
    if places:
        piece = domino(places[0].number)
        draw_domino(image, piece, PAD, PAD, SQUARE, vertical=False, text=TEXT)
        room = image.width - 3 * PAD - 2 * SQUARE - 4
        title = t("kd.pic.preview", locale, name=player.name, number=piece.number)
        if text_width(title, TEXT, True) > room:  # the kingdom's panel names the player:
            title = t("kd.pic.preview_short", locale, number=piece.number)  # not cut
        draw_text(image, (2 * PAD + 2 * SQUARE + 4, PAD + SQUARE / 2), title, TEXT, theme.text,
                  bold=True, anchor="lm", max_width=room)
    geometry = draw_kingdom(image, player, PAD, head, window=window, sizes=sizes, theme=theme,
                            locale=locale, changes=TurnChanges(), points=False)
    overlay = Image.new("RGBA", image.size, (0, 0, 0, 0))
    od = ImageDraw.Draw(overlay)
    for cell in {c for p in positions for c in p.cells}:
        box = geometry.cell_box(cell)
        if box is not None:
            od.rectangle(box, fill=(*theme.legal, LEGAL_TINT_ALPHA))
    picture = Image.alpha_composite(image.convert("RGBA"), overlay).convert("RGB")
    for position in positions:
        _outline(picture, position, geometry, theme)
    return picture, {p.letter: p.actions for p in positions}
