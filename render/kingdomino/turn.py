"""The phone-first Kingdomino turn picture: what the decision needs first, the rest compact.

Drawn 800 px wide for Discord's ~400 px display on phones (scale 1/2): the banner (round
x of y, who moves, dominoes left; Dynasty game n of 3 with the series so far, Mighty
Duel), both lines with kings and labels ①–④, the mover's kingdom in big cells with
coordinates, the other kingdoms compact beside it or in a row below. Once the game is
over the picture is the standings and the score sheet (render_final). The picture
reports its geometry (`TurnLayout`), so tests check sizes at phone scale.
"""

from __future__ import annotations

from collections.abc import Iterable

from PIL import Image

from engine.games.events import Event
from engine.games.i18n import t
from engine.kingdomino.state import GameState, Phase
from engine.kingdomino.view import PlayerView, TableView
from render.kingdomino.changes import TurnChanges, changes_of
from render.kingdomino.final import render_final
from render.kingdomino.layout import TurnLayout, TurnPicture
from render.kingdomino.lines import LineSizes, draw_lines
from render.kingdomino.panel import PanelSizes, draw_kingdom
from render.kingdomino.sidebar import MIN_WIDTH, draw_score_now
from render.kingdomino.source import kingdom_size, view_of
from render.kingdomino.window import KingdomGeometry, kingdom_window, reach_window
from render.plural import counted
from render.stamps import draw_text, drawn_texts
from render.theme import Theme

WIDTH = 800          # native width; Discord shows it at ~400 px on a phone
TEXT = 22            # smallest text: 11 px at phone size
TITLE = 28
PAD = 12
SQUARE = 80          # a line domino's square: 40 px at phone size
MOVER_CELL = 60      # 30 px at phone size (>= 28)
BESIDE_CELLS = (48, 44, 40, 36)           # others beside the mover: 24 down to 18 px
ROW_CELLS = (56, 52, 48, 44, 40, 36, 32)  # others in a row below: as big as fits
ALONE_CELL = 44      # the one other kingdom below the mover's (Mighty Duel): 22 px


def status(view: TableView, locale: str) -> str:
    """"Round 3 of 12 · Ann to move" (K-ROUNDS); "Setup" before round 1 (K-SETUP-3)."""
    if view.phase is Phase.SETUP:
        parts = [t("render.setup", locale)]
    else:
        parts = [t("kd.pic.round_of", locale, round=view.round, rounds=view.rounds)]
    if view.active_seat is not None:
        parts.append(t("render.to_move", locale, name=view.players[view.active_seat].name))
    return " · ".join(parts)


def subtitle(view: TableView, locale: str) -> str | None:
    """K-DYN: game n of 3 and each player's points in the games already played; Mighty
    Duel's 7×7 kingdoms. None for a plain game."""
    parts = []
    if view.games > 1:
        parts.append(t("kd.pic.dynasty_game", locale, game=view.game, games=view.games))
        if view.series:
            totals = [sum(game[seat] for game in view.series) for seat in range(len(view.players))]
            parts.append(t("kd.pic.series_so_far", locale) + " " + " · ".join(
                f"{p.name} {total}" for p, total in zip(view.players, totals, strict=True)))
    if kingdom_size(view) == 7:
        parts.append(t("kd.pic.mighty_duel", locale))
    return " · ".join(parts) if parts else None


def banner_height(view: TableView) -> int:
    return PAD + TITLE + 16 + (TEXT + 10 if subtitle(view, "en") is not None else 0)


def draw_banner(image: Image.Image, view: TableView, theme: Theme, locale: str,
                width: int) -> None:
    """Status on the left, the dominoes left in the pile on the right (a count only:
    their order is hidden)."""
    middle = PAD + TITLE // 2 + 4
    pile = counted("kd.pic.pile", view.pile_size, locale)
    x = width - PAD - draw_text(image, (width - PAD, middle), pile, TEXT, theme.muted,
                                bold=True, anchor="rm")
    draw_text(image, (PAD, middle), status(view, locale), TITLE, theme.text, bold=True,
              anchor="lm", max_width=x - 2 * PAD)
    extra = subtitle(view, locale)
    if extra is not None:
        draw_text(image, (PAD, PAD + TITLE + 12 + TEXT / 2), extra, TEXT, theme.muted,
                  bold=True, anchor="lm", max_width=width - 2 * PAD)


def _has_footer(view: TableView) -> bool:
    return any(p.discards for p in view.players)


def _others_beside(count: int, room_w: int, room_h: int, rows: int, footer: bool
                   ) -> PanelSizes | None:
    """Compact panels stacked beside the mover's kingdom, if they fit at a readable size."""
    for cell in BESIDE_CELLS:
        sizes = PanelSizes(cell, rows, rows, TEXT, detailed=False, footer=footer,
                           min_width=room_w)
        if sizes.natural_width <= room_w and count * sizes.height + (count - 1) * PAD <= room_h:
            return sizes
    return None


def _others_in_a_row(count: int, rows: int, footer: bool) -> PanelSizes:
    """Compact panels side by side below the mover's kingdom. A single one (Mighty Duel's
    7×7) stays at ALONE_CELL and leaves the rest of the row to the mover's score."""
    if count == 1:
        return PanelSizes(ALONE_CELL, rows, rows, TEXT, detailed=False, footer=footer)
    slot_w = (WIDTH - PAD) // count - PAD
    cell = next((c for c in ROW_CELLS if PanelSizes(c, rows, rows, TEXT, False).natural_width
                 <= slot_w), ROW_CELLS[-1])
    return PanelSizes(cell, rows, rows, TEXT, detailed=False, footer=footer, min_width=slot_w)


def render_turn(view_or_state: TableView | GameState, *, events: Iterable[Event] = (),
                locale: str = "en", theme: Theme) -> TurnPicture:
    """The picture posted after a turn, for phones first. `events` are those of the turn
    just played (what `apply` returned, for each decision of that turn: a placement and
    a claim); they mark what changed, nothing else does."""
    view = view_of(view_or_state)
    if view.phase is Phase.OVER:
        return render_final(view, locale=locale, theme=theme)
    changes = changes_of(events, kingdom_size(view))
    with drawn_texts() as texts:
        image, lines, kingdoms, mover = _draw(view, theme, locale, changes)
    smallest = min((size for _, size in texts), default=TEXT)
    layout = TurnLayout(image.width, image.height, smallest, tuple(lines), tuple(kingdoms),
                        mover)
    return TurnPicture(image, layout)


def _draw(view: TableView, theme: Theme, locale: str, changes: TurnChanges
          ) -> tuple[Image.Image, list[tuple[int, int, int, int]], list[KingdomGeometry], int]:
    mover = view.active_seat if view.active_seat is not None else 0
    player = view.players[mover]
    footer = _has_footer(view)
    window = reach_window(player.kingdom)
    big = PanelSizes(MOVER_CELL, window.columns, window.rows, TEXT, detailed=True,
                     footer=footer)
    others = [p for p in view.players if p.seat != mover]
    size = kingdom_size(view)
    side_w = WIDTH - 3 * PAD - big.width
    small = _others_beside(len(others), side_w, big.height, size, footer)
    beside = small is not None
    if small is None:
        small = _others_in_a_row(len(others), size, footer)
    lines = LineSizes(WIDTH - 2 * PAD, SQUARE, TEXT, len(view.line))
    top = banner_height(view)
    middle_y = top + lines.height + PAD
    height = middle_y + big.height + PAD + (0 if beside else small.height + PAD)
    image = Image.new("RGB", (WIDTH, height), theme.background)
    draw_banner(image, view, theme, locale, WIDTH)
    boxes = draw_lines(image, view, PAD, top, sizes=lines, theme=theme, locale=locale,
                       changes=changes)
    kingdoms = [draw_kingdom(image, player, PAD, middle_y, window=window, sizes=big,
                             theme=theme, locale=locale, changes=changes)]
    side_x = 2 * PAD + big.width
    row_y = middle_y + big.height + PAD
    if not beside and side_w >= MIN_WIDTH:  # room beside the mover: its score now
        draw_score_now(image, player, (side_x, middle_y, side_x + side_w, middle_y + big.height),
                       text=TEXT, theme=theme, locale=locale)
    elif not beside and len(others) == 1:  # … or in the row below, beside the other
        x = 2 * PAD + small.width
        draw_score_now(image, player, (x, row_y, WIDTH - PAD, row_y + small.height),
                       text=TEXT, theme=theme, locale=locale)
    for i, other in enumerate(others):
        x, y = ((side_x, middle_y + i * (small.height + PAD)) if beside
                else (PAD + i * (small.width + PAD), row_y))
        kingdoms.append(_compact(image, other, x, y, small, theme, locale, changes))
    return image, boxes, kingdoms, mover


def _compact(image: Image.Image, player: PlayerView, x: int, y: int, sizes: PanelSizes,
             theme: Theme, locale: str, changes: TurnChanges) -> KingdomGeometry:
    return draw_kingdom(image, player, x, y, window=kingdom_window(player.kingdom),
                        sizes=sizes, theme=theme, locale=locale, changes=changes)


__all__ = ["render_turn"]
