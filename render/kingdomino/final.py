"""The end-of-game picture for phones: standings, the kingdoms, then the score sheet.

K-SCORE-1…4 and K-DYN: each terrain's row lists its properties as squares × crowns,
then the Middle Kingdom and Harmony bonuses, the game's total and, in a Dynasty, each
game's points and the series total. Every text is at least `TEXT` native pixels (11 px
at phone size); formulas are shortened from the left so a row never loses its total
(render.scores.fit_formula, shared with Moon River).
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from engine.i18n import t
from engine.kingdomino.dominoes import Terrain
from engine.kingdomino.scoring import HARMONY, MIDDLE_KINGDOM
from engine.kingdomino.state import GameState
from engine.kingdomino.view import TableView
from render.kingdomino import sprites
from render.kingdomino.changes import TurnChanges
from render.kingdomino.layout import TurnLayout, TurnPicture
from render.kingdomino.panel import PanelSizes, draw_kingdom
from render.kingdomino.source import kingdom_size, view_of
from render.kingdomino.style import TERRAIN_STYLE, king_rgb
from render.kingdomino.window import KingdomGeometry, kingdom_window
from render.scores import fit_formula
from render.stamps import draw_text, drawn_texts
from render.theme import Theme

WIDTH = 800
PAD = 16
TEXT = 22
TITLE = 30
STANDING_H = 56
ROW_H = 38
LABEL_W = 216
KINGDOM_CELLS = (56, 52, 48, 44, 40, 36, 32)

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

    order = sorted(range(len(view.players)), key=key, reverse=True)
    ranked: list[tuple[int, int]] = []
    for place, seat in enumerate(order):
        same = ranked and key(ranked[-1][1]) == key(seat)
        ranked.append((ranked[-1][0] if same else place + 1, seat))
    return ranked


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
                 theme: Theme) -> TurnPicture:
    """The standings, best first (winners outlined), the kingdoms, then the score sheet."""
    view = view_of(view_or_state)
    bonuses = _bonuses(view_or_state, view)
    with drawn_texts() as texts:
        image, kingdoms = _draw(view, bonuses, theme, locale)
    smallest = min((size for _, size in texts), default=TEXT)
    return TurnPicture(image, TurnLayout(image.width, image.height, smallest,
                                         kingdoms=tuple(kingdoms)))


def _kingdom_sizes(view: TableView) -> PanelSizes:
    count, size = len(view.players), kingdom_size(view)
    slot_w = (WIDTH - 2 * PAD - (count - 1) * 12) // count
    cell = next((c for c in KINGDOM_CELLS
                 if PanelSizes(c, size, size, TEXT, False).natural_width <= slot_w),
                KINGDOM_CELLS[-1])
    return PanelSizes(cell, size, size, TEXT, detailed=False, min_width=slot_w, name=False)


def _draw(view: TableView, bonuses: tuple[str, ...], theme: Theme, locale: str
          ) -> tuple[Image.Image, list[KingdomGeometry]]:
    players = view.players
    column_w = (WIDTH - 2 * PAD - LABEL_W) // len(players)
    rows = sheet_rows(view, locale, column_w - 10, bonuses)
    standings_h = TITLE + 24 + STANDING_H * len(players)
    panels = _kingdom_sizes(view)
    kingdoms_y = PAD + standings_h + PAD
    sheet_y = kingdoms_y + panels.height + PAD
    height = sheet_y + ROW_H + 24 + ROW_H * (len(rows) + 1) + PAD + 10
    image = Image.new("RGB", (WIDTH, height), theme.background)
    d = ImageDraw.Draw(image)
    d.rounded_rectangle((PAD // 2, PAD // 2, WIDTH - PAD // 2, height - PAD // 2), radius=12,
                        fill=theme.panel, outline=theme.panel_edge)
    title = t("render.final_scores", locale)
    if view.games > 1:
        title += " · " + t("kd.pic.dynasty", locale)
    draw_text(image, (PAD, PAD + TITLE / 2 + 4), title, TITLE, theme.text, bold=True,
              anchor="lm", max_width=WIDTH - 2 * PAD)
    _standings(image, view, PAD + TITLE + 20, theme, locale)
    geometry: list[KingdomGeometry] = []
    for i, p in enumerate(players):
        geometry.append(draw_kingdom(image, p, PAD + i * (panels.width + 12), kingdoms_y,
                                     window=kingdom_window(p.kingdom), sizes=panels,
                                     theme=theme, locale=locale, changes=TurnChanges()))
    _sheet(image, view, rows, sheet_y, column_w, theme, locale)
    return image, geometry


def _standings(image: Image.Image, view: TableView, y: int, theme: Theme, locale: str) -> None:
    d = ImageDraw.Draw(image)
    winners = set(view.winners)
    totals = series_totals(view)
    for rank, seat in ranking(view):
        p = view.players[seat]
        middle = y + STANDING_H / 2
        if seat in winners:
            d.rounded_rectangle((PAD, y + 2, WIDTH - PAD, y + STANDING_H - 2), radius=8,
                                outline=theme.highlight, width=3)
        draw_text(image, (PAD + 44, middle), f"{rank}.", TITLE, theme.text, bold=True,
                  anchor="rm")
        icon = sprites.king(king_rgb(seat, theme), 44)
        image.paste(icon, (PAD + 54, y + 6), icon)
        total = draw_text(image, (WIDTH - PAD - 14, middle),
                          t("render.score", locale, points=totals[seat]), TITLE, theme.text,
                          bold=True, anchor="rm")
        note = t("render.winner", locale) if seat in winners else ""
        note_w = draw_text(image, (WIDTH - PAD - 34 - total, middle), note, TEXT,
                           theme.highlight, bold=True, anchor="rm") if note else 0
        name_x = PAD + 108
        name_w = draw_text(image, (name_x, middle), p.name, TITLE - 2, theme.text, bold=True,
                           anchor="lm", max_width=WIDTH - name_x - total - note_w - 70)
        d.rectangle((name_x, middle + 18, name_x + name_w, middle + 21),
                    fill=king_rgb(seat, theme))
        y += STANDING_H


def _sheet(image: Image.Image, view: TableView, rows: list[Row], y: int, column_w: int,
           theme: Theme, locale: str) -> None:
    d = ImageDraw.Draw(image)
    players = view.players
    for i, p in enumerate(players):
        cx = PAD + LABEL_W + column_w * i + column_w // 2
        icon = sprites.king(king_rgb(p.seat, theme), 30)
        image.paste(icon, (cx - 15, y), icon)
        draw_text(image, (cx, y + 32 + TEXT), p.name, TEXT, theme.text, bold=True,
                  anchor="ms", max_width=column_w - 8)
    y += ROW_H + 24
    for label, cells, swatch in rows:
        if swatch is not None:
            d.rectangle((PAD, y + 10, PAD + 18, y + 28), fill=TERRAIN_STYLE[swatch][0],
                        outline=theme.panel_edge)
        draw_text(image, (PAD + 26, y + ROW_H / 2), label, TEXT, theme.text, anchor="lm",
                  max_width=LABEL_W - 30)
        for i, text in enumerate(cells):
            cx = PAD + LABEL_W + column_w * i + column_w // 2
            draw_text(image, (cx, y + ROW_H / 2), text, TEXT, theme.muted, anchor="mm")
        d.line((PAD, y + ROW_H, WIDTH - PAD, y + ROW_H), fill=theme.panel_edge)
        y += ROW_H
    totals = ([("render.total", [p.score.total for p in players])] if view.games == 1 else
              [("kd.pic.series_total", series_totals(view))])
    for key, values in totals:
        draw_text(image, (PAD + 26, y + ROW_H / 2 + 2), t(key, locale), TEXT + 2, theme.text,
                  bold=True, anchor="lm", max_width=LABEL_W - 30)
        for i, value in enumerate(values):
            cx = PAD + LABEL_W + column_w * i + column_w // 2
            draw_text(image, (cx, y + ROW_H / 2 + 2), str(value), TITLE, theme.text,
                      bold=True, anchor="mm")
        y += ROW_H
