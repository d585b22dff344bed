"""The ratings' pictures, the same for every game: a server's leaderboard and one
player's profile (record and rating over time). Drawn in the worker like any picture;
`request.state` is plain data the bot prepared (names already shown as they should be,
ratings already rounded), so nothing here knows a store, Discord or a game's rules.

Every text is at least `TEXT` native pixels (11 px at phone width, 400 px).

leaderboard state: {"title", "rated", "me" (row index or -1), "rows": [{"rank", "name",
"rating", "games", "wins", "trend"}], "mine" (optional: the asker's own row, a row
like the others, when they rank below the top rows)}
profile state: {"title", "rating", "rank" (None: hidden), "games", "wins", "average",
"best", "history": [ratings after each game, oldest first]}
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PIL import Image, ImageDraw

from engine.games.i18n import t
from render import chart
from render.encode import to_png_bytes
from render.request import DrawRequest
from render.stamps import draw_text, text_width
from render.theme import Theme, theme_named

#: The pictures any game's ratings draw.
KINDS = ("leaderboard", "profile")

WIDTH = 800
PAD = 20
TITLE = 32
TEXT = 24        # 12 px at phone width
SMALL = 22       # the smallest text: 11 px at phone width
ROW_H = 50
HEAD_H = 40
#: Column anchors of the leaderboard, as fractions of the card's inner width: rank
#: (right-aligned), name (left), then rating, games, wins, trend (right-aligned).
COLUMNS = (0.07, 0.10, 0.58, 0.74, 0.86, 0.985)
TILE_H = 96
CHART_H = 260


def _card(height: int, title: str, theme: Theme) -> Image.Image:
    image = Image.new("RGB", (WIDTH, height), theme.background)
    ImageDraw.Draw(image).rounded_rectangle((PAD // 2, PAD // 2, WIDTH - PAD // 2,
                                             height - PAD // 2), radius=12,
                                            fill=theme.panel, outline=theme.panel_edge)
    draw_text(image, (PAD + 4, PAD + 6), title, TITLE, theme.text, bold=True, anchor="la",
              max_width=WIDTH - 2 * PAD - 8)
    return image


def _x(fraction: float) -> int:
    return PAD + round((WIDTH - 2 * PAD) * fraction)


def trend_text(trend: int) -> str:
    """▲ +3, ▼ −2, or – for no change (a sign beside the arrow: not colour alone)."""
    if trend > 0:
        return f"▲ +{trend}"
    if trend < 0:
        return f"▼ −{-trend}"
    return "–"


MINE_H = SMALL + 22  # the "your place" line above the asker's own row


def leaderboard_height(rows: int, mine: bool = False) -> int:
    return (PAD + TITLE + 24 + HEAD_H + ROW_H * max(rows, 1) + 2 * (SMALL + 10) + 2 * PAD
            + (MINE_H + ROW_H if mine else 0))


def _board_row(image: Image.Image, y: int, row: dict[str, Any], mine: bool,
               theme: Theme) -> None:
    """One row: rank, name, rating, games, wins, trend; the asker's outlined."""
    middle = y + ROW_H / 2
    if mine:
        ImageDraw.Draw(image).rounded_rectangle((PAD, y + 3, WIDTH - PAD, y + ROW_H - 3),
                                                radius=8, outline=theme.highlight, width=3)
    draw_text(image, (_x(COLUMNS[0]), middle), f"{row['rank']}.", TEXT, theme.text,
              bold=True, anchor="rm")
    draw_text(image, (_x(COLUMNS[1]), middle), row["name"], TEXT, theme.text, bold=True,
              anchor="lm", max_width=_x(COLUMNS[2]) - _x(COLUMNS[1]) - 70)
    draw_text(image, (_x(COLUMNS[2]), middle), str(row["rating"]), TEXT + 4, theme.text,
              bold=True, anchor="rm")
    for column, value in ((3, row["games"]), (4, row["wins"])):
        draw_text(image, (_x(COLUMNS[column]), middle), str(value), TEXT, theme.muted,
                  anchor="rm")
    trend = int(row["trend"])
    draw_text(image, (_x(COLUMNS[5]), middle), trend_text(trend), TEXT,
              theme.legal if trend > 0 else theme.muted, bold=trend > 0, anchor="rm")


def render_leaderboard(state: dict[str, Any], *, locale: str, theme: Theme) -> Image.Image:
    """Rank, name, rating, games, wins and trend, best first; the asker's row outlined,
    or, when they rank below the top rows, their own row under them ("your place")."""
    rows: Sequence[dict[str, Any]] = state["rows"]
    mine: dict[str, Any] | None = state.get("mine")
    image = _card(leaderboard_height(len(rows), mine is not None), state["title"], theme)
    d = ImageDraw.Draw(image)
    y = PAD + TITLE + 24
    heads = ("#", t("render.board_player", locale), t("render.board_rating", locale),
             t("render.board_games", locale), t("render.board_wins", locale),
             t("render.board_trend", locale))
    for i, (head, fraction) in enumerate(zip(heads, COLUMNS, strict=True)):
        draw_text(image, (_x(fraction), y + HEAD_H / 2), head, SMALL, theme.muted,
                  bold=True, anchor="lm" if i == 1 else "rm")
    y += HEAD_H
    d.line((PAD, y, WIDTH - PAD, y), fill=theme.panel_edge, width=2)
    if not rows:
        draw_text(image, (WIDTH / 2, y + ROW_H / 2), t("render.board_empty", locale), TEXT,
                  theme.muted, anchor="mm", max_width=WIDTH - 4 * PAD)
        y += ROW_H
    for index, row in enumerate(rows):
        _board_row(image, y, row, index == state.get("me", -1), theme)
        y += ROW_H
        if index < len(rows) - 1:
            d.line((PAD + 10, y, WIDTH - PAD - 10, y), fill=theme.grid_line)
    if mine is not None:
        d.line((PAD, y, WIDTH - PAD, y), fill=theme.panel_edge, width=2)
        draw_text(image, (_x(COLUMNS[1]), y + MINE_H / 2 + 2), t("render.board_mine", locale),
                  SMALL, theme.muted, bold=True, anchor="lm", max_width=WIDTH - 4 * PAD)
        y += MINE_H
        _board_row(image, y, mine, True, theme)
        y += ROW_H
    for line, text in enumerate((t("render.board_note", locale),
                                 t("render.board_count", locale, count=state["rated"]))):
        draw_text(image, (PAD + 4, y + PAD + line * (SMALL + 10)), text, SMALL, theme.muted,
                  anchor="la", max_width=WIDTH - 2 * PAD - 8)
    return image


def profile_height() -> int:
    return PAD + TITLE + 24 + 2 * (TILE_H + 12) + 20 + CHART_H + 2 * PAD


def render_profile(state: dict[str, Any], *, locale: str, theme: Theme) -> Image.Image:
    """Six figures in tiles (rating, rank, games, wins, average, best score), then the
    rating after each rated game as a line."""
    image = _card(profile_height(), state["title"], theme)
    d = ImageDraw.Draw(image)
    rank = state["rank"]
    tiles = (
        (t("render.board_rating", locale), str(state["rating"])),
        (t("render.profile_rank", locale),
         f"{rank}." if rank is not None else t("render.profile_hidden", locale)),
        (t("render.board_games", locale), str(state["games"])),
        (t("render.board_wins", locale), str(state["wins"])),
        (t("render.profile_average", locale), f"{state['average']:.1f}"),
        (t("render.profile_best", locale), str(state["best"])),
    )
    tile_w = (WIDTH - 2 * PAD - 2 * 12) // 3
    top = PAD + TITLE + 24
    for i, (label, value) in enumerate(tiles):
        x = PAD + (i % 3) * (tile_w + 12)
        y = top + (i // 3) * (TILE_H + 12)
        d.rounded_rectangle((x, y, x + tile_w, y + TILE_H), radius=10, fill=theme.grid,
                            outline=theme.grid_line)
        draw_text(image, (x + tile_w / 2, y + 30), label, SMALL, theme.muted, anchor="mm",
                  max_width=tile_w - 16)
        size = TITLE if text_width(value, TITLE, True) <= tile_w - 16 else TEXT
        draw_text(image, (x + tile_w / 2, y + 66), value, size, theme.text, bold=True,
                  anchor="mm", max_width=tile_w - 16)
    chart_top = top + 2 * (TILE_H + 12) + 20
    draw_chart(image, (PAD, chart_top, WIDTH - PAD, chart_top + CHART_H),
               [int(v) for v in state["history"]], locale, theme)
    return image


def draw_chart(image: Image.Image, box: tuple[int, int, int, int], values: Sequence[int],
               locale: str, theme: Theme) -> chart.LineGeometry:
    """The rating over time on the game-free line chart (render.chart, as the story's
    scores): its title, gridlines with round values at the left, the games numbered
    under the plot, the line with a marker per game, and the newest value at its end."""
    left, top, right, bottom = box
    draw_text(image, (left + 4, top), t("render.profile_chart", locale), TEXT, theme.text,
              bold=True, anchor="la", max_width=right - left - 8)
    lines = [chart.Line("", theme.highlight, tuple(values))] if values else []
    steps = [str(n) for n in range(1, len(values) + 1)]
    newest = text_width(str(values[-1]), SMALL, True) + 12 if values else 0
    geometry = chart.draw_lines(image, (left, top + 46, right - newest, bottom), lines,
                                steps, theme=theme, text=SMALL)
    if values:
        x, y = geometry.points[0][-1]
        draw_text(image, (x + chart.MARKER // 2 + 6, y), str(values[-1]), SMALL, theme.text,
                  bold=True, anchor="lm")
    return geometry


def draw(request: DrawRequest) -> bytes:
    """Draw and encode one ratings picture (any game: the bot fills in its title)."""
    theme = theme_named(request.theme)
    render = render_leaderboard if request.kind == "leaderboard" else render_profile
    return to_png_bytes(render(request.state, locale=request.locale, theme=theme),
                        theme=theme)
