"""The end-of-game picture for phones: the standings, then the score sheet (R-SCORE-*).

Replaces the turn picture once the game is over: an empty draft says nothing then. The
card is drawn by render.score_card, as Kingdomino's; formulas are shortened so a row
never loses its total.
"""

from __future__ import annotations

from PIL import Image

from engine.games.i18n import t
from engine.moonriver.view import TableView
from render import score_card as card
from render.moonriver import sprites
from render.moonriver.layout import TurnLayout, TurnPicture
from render.moonriver.scores import landscape_rows
from render.moonriver.style import LANDSCAPE_STYLE, seat_rgb
from render.stamps import drawn_texts
from render.theme import Theme

LABEL_W = 200


def _ranking(view: TableView) -> list[tuple[int, int]]:
    """(rank, seat) best first; R-SCORE-4 tie-breaks decide, equal players share a rank."""
    def key(seat: int) -> tuple[int, int, int]:
        score = view.players[seat].score
        return (score.total, score.largest_territory, score.cows)
    return card.ranked(len(view.players), key)


def render_final(view: TableView, *, theme: Theme, locale: str = "en") -> TurnPicture:
    """The standings, best first (winners outlined), then the score sheet."""
    with drawn_texts() as texts:
        image = _draw(view, theme, locale)
    smallest = min((size for _, size in texts), default=card.TEXT)
    layout = TurnLayout(image.width, image.height, smallest)
    return TurnPicture(image, layout)


def _draw(view: TableView, theme: Theme, locale: str) -> Image.Image:
    players = view.players
    rows = landscape_rows(view, locale, card.TEXT, card.column_width(len(players), LABEL_W) - 10)
    sheet_y = card.PAD + card.standings_height(len(players)) + card.PAD
    height = sheet_y + card.ROW_H * (len(rows) + 3) + card.PAD + 10
    title = t("render.final_scores", locale)
    if view.scenario is not None:  # R-LEG-2: which scenario this game scored
        title += " · " + t(f"scenario.{view.scenario}", locale)
    image = card.new_card(height, title, theme)
    winners = set(view.winners)
    card.draw_standings(image, [
        card.Standing(rank, players[seat].name, players[seat].score.total, seat in winners,
                 sprites.ranchero(players[seat].colour, card.STANDINGS_ICON, theme),
                 seat_rgb(players[seat].colour, theme))
        for rank, seat in _ranking(view)], theme, locale)
    card.draw_sheet(image, sheet_y,
               [card.SheetColumn(p.name, sprites.ranchero(p.colour, card.COLUMN_ICON, theme))
                for p in players],
               [card.SheetRow(label, cells, None if swatch is None else LANDSCAPE_STYLE[swatch][0])
                for label, cells, swatch in rows],
               [(t("render.total", locale), [p.score.total for p in players])],
               label_w=LABEL_W, theme=theme)
    return image
