"""The end-of-game picture for phones: standings, the kingdoms, then the score sheet.

The winner's kingdom is large (32 px cells at phone size), the others beside it in a
column of one or two, best first (at least 16 px cells).

K-SCORE-1…4 and K-DYN: each terrain's row lists its properties as squares × crowns,
then the Middle Kingdom and Harmony bonuses, the game's total and, in a Dynasty, each
game's points and the series total. Every text is at least `TEXT` native pixels (11 px
at phone size); formulas are shortened from the left so a row never loses its total
(render.score_card.fit_formula), and the card is drawn by render.score_card: both shared
with Moon River.
"""

from __future__ import annotations

from collections.abc import Collection

from PIL import Image

from engine.games.i18n import t
from engine.kingdomino.dominoes import Terrain
from engine.kingdomino.scoring import HARMONY, MIDDLE_KINGDOM
from engine.kingdomino.state import GameState
from engine.kingdomino.view import TableView
from render import score_card as card
from render.kingdomino import sprites
from render.kingdomino.changes import TurnChanges
from render.kingdomino.layout import TurnLayout, TurnPicture
from render.kingdomino.panel import PanelSizes, draw_kingdom
from render.kingdomino.source import kingdom_size, view_of
from render.kingdomino.style import TERRAIN_STYLE, king_rgb
from render.kingdomino.window import KingdomGeometry, kingdom_window
from render.score_card import fit_formula
from render.stamps import drawn_texts
from render.theme import Theme

LABEL_W = 216
TEXT = card.TEXT  # the smallest text of the picture
WINNER_CELLS = (64, 48)  # 32 px at phone size (a Mighty Duel's 7×7 kingdom: 24 px)
KINGDOM_CELLS = (56, 52, 48, 44, 40, 36, 32)
GAP = 12

Row = tuple[str, list[str], Terrain | None]


def series_totals(view: TableView) -> list[int]:
    """K-DYN: each seat's points over the games played, this one included."""
    return [p.score.total + sum(game[p.seat] for game in view.series) for p in view.players]


def ranking(view: TableView) -> list[tuple[int, int]]:
    """(rank, seat), best first. The engine's winners (K-SCORE-4 tie-breaks, summed over
    a Dynasty) come first; the others by points, largest property, crowns; equal players
    share a rank."""
    totals = series_totals(view)
    winners = set(view.winners)

    def key(seat: int) -> tuple[bool, int, int, int]:
        score = view.players[seat].score
        return (seat in winners, totals[seat], score.largest_property, score.crowns)

    return card.ranked(len(view.players), key)


def sheet_rows(view: TableView, locale: str, width: int, bonuses: tuple[str, ...]
               ) -> list[Row]:
    """Per terrain `squares×crowns` terms (K-SCORE-1), then the bonuses (K-SCORE-2, -3),
    the game's total and, in a Dynasty, each game's points (K-DYN); each cell fitted to
    `width` pixels at TEXT without losing its total."""
    rows: list[Row] = []
    for terrain in Terrain:
        cells = []
        for p in view.players:
            own = [x for x in p.score.properties if x.terrain is terrain and x.points]
            cells.append(fit_formula([f"{x.size}×{x.crowns}" for x in own],
                                     sum(x.points for x in own), TEXT, width))
        rows.append((t(f"kd.pic.terrain.{terrain.label}", locale), cells, terrain))
    for bonus in bonuses:
        rows.append((t(f"kd.pic.bonus.{bonus}", locale),
                     [str(dict(p.score.bonuses).get(bonus, 0)) for p in view.players], None))
    if view.games > 1:
        for game, points in enumerate(view.series, start=1):
            rows.append((t("kd.pic.game_n", locale, game=game),
                         [str(x) for x in points], None))
        rows.append((t("kd.pic.game_n", locale, game=view.game),
                     [str(p.score.total) for p in view.players], None))
    return rows


def _bonuses(view_or_state: TableView | GameState, view: TableView) -> tuple[str, ...]:
    """The bonus rows: the table's options when known (a state), else those earned."""
    if isinstance(view_or_state, GameState):
        config = view_or_state.config
        return tuple(name for name, on in ((MIDDLE_KINGDOM, config.middle_kingdom),
                                           (HARMONY, config.harmony)) if on)
    earned = {name for p in view.players for name, _ in p.score.bonuses}
    return tuple(name for name in (MIDDLE_KINGDOM, HARMONY) if name in earned)


def render_final(view_or_state: TableView | GameState, *, locale: str = "en",
                 theme: Theme, resigned: Collection[int] = ()) -> TurnPicture:
    """The standings, best first (winners outlined; `resigned` seats last and marked),
    the kingdoms, then the score sheet."""
    view = view_of(view_or_state)
    bonuses = _bonuses(view_or_state, view)
    with drawn_texts() as texts:
        image, kingdoms = _draw(view, bonuses, theme, locale, resigned)
    smallest = min((size for _, size in texts), default=TEXT)
    return TurnPicture(image, TurnLayout(image.width, image.height, smallest,
                                         kingdoms=tuple(kingdoms)))


def _kingdom_sizes(view: TableView) -> tuple[PanelSizes, PanelSizes, int]:
    """The winner's panel, the others' panel and how many of them share a row: one
    column beside the winner for a single other kingdom, else two."""
    size = kingdom_size(view)
    big = PanelSizes(WINNER_CELLS[0] if size <= 5 else WINNER_CELLS[1], size, size, TEXT,
                     False, name=False)
    room = card.WIDTH - 2 * card.PAD - big.width - GAP
    per_row = 1 if len(view.players) <= 2 else 2
    slot_w = (room - (per_row - 1) * GAP) // per_row
    cell = next((c for c in KINGDOM_CELLS if c < big.cell
                 and PanelSizes(c, size, size, TEXT, False).natural_width <= slot_w),
                KINGDOM_CELLS[-1])
    return big, PanelSizes(cell, size, size, TEXT, detailed=False, min_width=slot_w,
                           name=False), per_row


def _kingdoms_height(view: TableView) -> int:
    big, small, per_row = _kingdom_sizes(view)
    lines = (len(view.players) - 1 + per_row - 1) // per_row
    return max(big.height, lines * small.height + (lines - 1) * GAP)


def _draw(view: TableView, bonuses: tuple[str, ...], theme: Theme, locale: str,
          resigned: Collection[int] = ()) -> tuple[Image.Image, list[KingdomGeometry]]:
    players = view.players
    rows = sheet_rows(view, locale, card.column_width(len(players), LABEL_W) - 10, bonuses)
    big, small, per_row = _kingdom_sizes(view)
    kingdoms_y = card.PAD + card.standings_height(len(players)) + card.PAD
    sheet_y = kingdoms_y + _kingdoms_height(view) + card.PAD
    height = sheet_y + card.ROW_H + 24 + card.ROW_H * (len(rows) + 1) + card.PAD + 10
    title = t("render.final_scores", locale)
    if view.games > 1:
        title += " · " + t("kd.pic.dynasty", locale)
    image = card.new_card(height, title, theme)
    totals = series_totals(view)
    order = card.resigned_last(ranking(view), resigned)
    winners = card.winners_of(order, resigned, view.winners)
    card.draw_standings(image, [
        card.Standing(rank, players[seat].name, totals[seat], seat in winners,
                 sprites.king(king_rgb(seat, theme), card.STANDINGS_ICON), king_rgb(seat, theme),
                 seat in resigned)
        for rank, seat in order], theme, locale)
    first = players[order[0][1]]
    geometry = [draw_kingdom(image, first, card.PAD, kingdoms_y,
                             window=kingdom_window(first.kingdom), sizes=big, theme=theme,
                             locale=locale, changes=TurnChanges())]
    x0 = card.PAD + big.width + GAP
    for i, (_, seat) in enumerate(order[1:]):
        p = players[seat]
        geometry.append(draw_kingdom(image, p, x0 + (i % per_row) * (small.width + GAP),
                                     kingdoms_y + (i // per_row) * (small.height + GAP),
                                     window=kingdom_window(p.kingdom), sizes=small,
                                     theme=theme, locale=locale, changes=TurnChanges()))
    total_row = ((t("render.total", locale), [p.score.total for p in players])
                 if view.games == 1 else (t("kd.pic.series_total", locale), totals))
    card.draw_sheet(image, sheet_y,
               [card.SheetColumn(p.name, sprites.king(king_rgb(p.seat, theme), card.COLUMN_ICON))
                for p in players],
               [card.SheetRow(label, cells, None if swatch is None else TERRAIN_STYLE[swatch][0])
                for label, cells, swatch in rows],
               [total_row], label_w=LABEL_W, theme=theme, order=[seat for _, seat in order])
    return image, geometry
