"""The end-of-game picture for phones: the standings, every final ranch, then the score
sheet (R-SCORE-*).

Replaces the turn picture once the game is over: an empty draft says nothing then. The
winner's ranch is large (32 px cells at phone size), the others beside it in a column
of one or two (at least 16 px cells), each the one ranch panel (render.moonriver.ranch)
without marks. The card is drawn by render.score_card, as Kingdomino's; formulas are
shortened so a row never loses its total.
"""

from __future__ import annotations

from collections.abc import Collection

from PIL import Image

from engine.games.i18n import t
from engine.moonriver.view import TableView
from render import score_card as card
from render.moonriver import sprites
from render.moonriver.layout import TurnLayout, TurnPicture
from render.moonriver.ranch import RanchGeometry, RanchSizes, draw_ranch
from render.moonriver.scores import landscape_rows
from render.moonriver.style import LANDSCAPE_STYLE, seat_rgb
from render.stamps import drawn_texts
from render.theme import Theme

LABEL_W = 200
WINNER_CELL = 64                        # 32 px at phone size
OTHER_CELLS = (56, 48, 44, 40, 36, 32)  # 28 px down to 16 px at phone size
GAP = 12


def _ranking(view: TableView) -> list[tuple[int, int]]:
    """(rank, seat) best first; R-SCORE-4 tie-breaks decide, equal players share a rank."""
    def key(seat: int) -> tuple[int, int, int]:
        score = view.players[seat].score
        return (score.total, score.largest_territory, score.cows)
    return card.ranked(len(view.players), key)


def render_final(view: TableView, *, theme: Theme, locale: str = "en",
                 resigned: Collection[int] = ()) -> TurnPicture:
    """The standings, best first (winners outlined; `resigned` seats last and marked),
    then the score sheet."""
    with drawn_texts() as texts:
        image, ranches = _draw(view, theme, locale, resigned)
    smallest = min((size for _, size in texts), default=card.TEXT)
    layout = TurnLayout(image.width, image.height, smallest, ranches=tuple(ranches))
    return TurnPicture(image, layout)


def _ranch_sizes(view: TableView) -> tuple[RanchSizes, RanchSizes, int]:
    """The winner's panel, the others' panel and how many of them share a row: one
    column beside the winner for a single other ranch, else two, each as large as fits."""
    rows = max(p.ranch.height for p in view.players)
    big = RanchSizes(WINNER_CELL, rows, card.TEXT, detailed=False)
    room = card.WIDTH - 2 * card.PAD - big.width - GAP
    per_row = 1 if len(view.players) <= 2 else 2
    slot_w = (room - (per_row - 1) * GAP) // per_row
    cell = next((c for c in OTHER_CELLS
                 if RanchSizes(c, rows, card.TEXT, False).natural_width <= slot_w),
                OTHER_CELLS[-1])
    return big, RanchSizes(cell, rows, card.TEXT, detailed=False, min_width=slot_w), per_row


def _ranches_height(view: TableView) -> int:
    big, small, per_row = _ranch_sizes(view)
    others = len(view.players) - 1
    lines = (others + per_row - 1) // per_row
    return max(big.height, lines * small.height + (lines - 1) * GAP)


def _draw_ranches(image: Image.Image, view: TableView, order: list[int], y: int,
                  theme: Theme, locale: str) -> list[RanchGeometry]:
    """The best-ranked ranch large on the left, the others in ranking order beside it."""
    big, small, per_row = _ranch_sizes(view)
    out = [draw_ranch(image, view.players[order[0]], card.PAD,
                           y, sizes=big, theme=theme,
                           locale=locale)]
    x0 = card.PAD + big.width + GAP
    for i, seat in enumerate(order[1:]):
        x = x0 + (i % per_row) * (small.width + GAP)
        out.append(draw_ranch(image, view.players[seat], x,
                                   y + (i // per_row) * (small.height + GAP), sizes=small,
                                   theme=theme, locale=locale))
    return out


def _draw(view: TableView, theme: Theme, locale: str, resigned: Collection[int] = ()
          ) -> tuple[Image.Image, list[RanchGeometry]]:
    players = view.players
    rows = landscape_rows(view, locale, card.TEXT, card.column_width(len(players), LABEL_W) - 10)
    ranches_y = card.PAD + card.standings_height(len(players)) + card.PAD
    sheet_y = ranches_y + _ranches_height(view) + card.PAD + 8
    height = sheet_y + card.ROW_H * (len(rows) + 3) + card.PAD + 10
    title = t("render.final_scores", locale)
    if view.scenario is not None:  # R-LEG-2: which scenario this game scored
        title += " · " + t(f"scenario.{view.scenario}", locale)
    image = card.new_card(height, title, theme)
    ranking = card.resigned_last(_ranking(view), resigned)
    winners = card.winners_of(ranking, resigned, view.winners)
    card.draw_standings(image, [
        card.Standing(rank, players[seat].name, players[seat].score.total, seat in winners,
                 sprites.ranchero(players[seat].colour, card.STANDINGS_ICON, theme),
                 seat_rgb(players[seat].colour, theme), seat in resigned)
        for rank, seat in ranking], theme, locale)
    ranches = _draw_ranches(image, view, [seat for _, seat in ranking], ranches_y, theme,
                            locale)
    card.draw_sheet(image, sheet_y,
               [card.SheetColumn(p.name, sprites.ranchero(p.colour, card.COLUMN_ICON, theme))
                for p in players],
               [card.SheetRow(label, cells, None if swatch is None else LANDSCAPE_STYLE[swatch][0])
                for label, cells, swatch in rows],
               [(t("render.total", locale), [p.score.total for p in players])],
               label_w=LABEL_W, theme=theme, order=[seat for _, seat in ranking])
    return image, ranches
