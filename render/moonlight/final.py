"""The end-of-game picture: standings by rounds won (M-WIN), each deal's winner (a tied
round replayed, M-SCORE-4), and the final area with its rows and the last round's
result (or, when a resignation ended a round half played, that round as it lay). Drawn
on the shared end card (render.score_card) like the other games'."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

from PIL import Image, ImageDraw

from engine.games.i18n import t
from engine.moonlight.state import Phase
from engine.moonlight.view import MoonlightView
from render import score_card as card
from render.moonlight import parts
from render.moonlight.area import AreaGeometry
from render.moonlight.layout import Layout, Picture
from render.moonlight.parts import LINE, PAD, TEXT
from render.moonlight.source import stacks_of, view_of
from render.moonlight.style import seat_rgb
from render.moonlight.turn import draw_area_with_rows
from render.plural import counted
from render.stamps import draw_text, drawn_texts
from render.theme import OUTLINE, Theme

LABEL_W = 300


def ranking(view: MoonlightView) -> list[tuple[int, int]]:
    """(rank, seat), best first: the winner, then by rounds won."""
    winners = set(view.winners)
    return card.ranked(2, lambda seat: (seat in winners, view.wins[seat]))


def deal_rows(view: MoonlightView, locale: str) -> list[card.SheetRow]:
    """One row per deal: its round number (a replayed deal keeps it) and who won."""
    rows = []
    number = 1
    for winner in view.rounds:
        if winner is None:
            label = t("ml.pic.round_replayed", locale, round=number)
        else:
            label = t("ml.pic.round_n", locale, round=number)
            number += 1
        cells = [t("ml.pic.won", locale) if winner == seat else t("render.nothing", locale)
                 for seat in (0, 1)]
        rows.append(card.SheetRow(label, cells))
    return rows


def _icon(seat: int, size: int) -> Image.Image:
    """A blank card in the seat's colour (a value on it would read as a card played)."""
    icon = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    ImageDraw.Draw(icon).rounded_rectangle((size // 6, 1, size - size // 6, size - 2),
                                           radius=size // 8, fill=seat_rgb(seat),
                                           outline=OUTLINE, width=2)
    return icon


def render_final(view: MoonlightView | dict[str, Any], *, locale: str = "en",
                 theme: Theme, resigned: Collection[int] = ()) -> Picture:
    """The standings (a `resigned` seat last and marked, never the winner), each
    deal's winner and the area."""
    seen = view_of(view)
    with drawn_texts():  # measured once, then drawn on a card of the height it needs
        _, height, _ = _draw(seen, theme, locale, None, resigned)
    with drawn_texts() as texts:
        image, _, geometry = _draw(seen, theme, locale, height, resigned)
    smallest = min((size for _, size in texts), default=TEXT)
    return Picture(image, Layout(image.width, image.height, smallest, area=geometry))


def _standings(image: Image.Image, view: MoonlightView, theme: Theme, locale: str,
               y: int, order: Sequence[tuple[int, int]], resigned: Collection[int] = ()
               ) -> int:
    """The seats as ranked (`order`: rank, seat; a resigned seat last)."""
    d = ImageDraw.Draw(image)
    winners = card.winners_of(order, resigned, view.winners)
    for rank, seat in order:
        middle = y + card.STANDING_H / 2
        if seat in winners:
            d.rounded_rectangle((PAD, y + 2, card.WIDTH - PAD, y + card.STANDING_H - 2),
                                radius=8, outline=theme.highlight, width=3)
        draw_text(image, (PAD + 44, middle), f"{rank}.", card.TITLE, theme.text, bold=True,
                  anchor="rm")
        icon = _icon(seat, card.STANDINGS_ICON)
        image.paste(icon, (PAD + 54, y + 6), icon)
        total = draw_text(image, (card.WIDTH - PAD - 14, middle),
                          counted("ml.pic.rounds", view.wins[seat], locale), TEXT + 2,
                          theme.text, bold=True, anchor="rm")
        note = t("render.resigned", locale) if seat in resigned else \
            t("render.winner", locale) if seat in winners else ""
        note_w = draw_text(image, (card.WIDTH - PAD - 30 - total, middle), note, TEXT,
                           theme.muted if seat in resigned else theme.highlight, bold=True,
                           anchor="rm") if note else 0
        name_x = PAD + 108
        draw_text(image, (name_x, middle), view.players[seat], card.TITLE - 2, theme.text,
                  bold=True, anchor="lm", max_width=card.WIDTH - name_x - total - note_w - 60)
        y += card.STANDING_H
    return y


def _draw(view: MoonlightView, theme: Theme, locale: str, height: int | None,
          resigned: Collection[int] = ()) -> tuple[Image.Image, int, AreaGeometry]:
    title = t("render.final_scores", locale)
    image = card.new_card(height or 2400, title, theme)
    order = card.resigned_last(ranking(view), resigned)
    y = _standings(image, view, theme, locale, PAD + card.TITLE + 20, order, resigned) + PAD
    rows = deal_rows(view, locale)
    card.draw_sheet(image, y, [card.SheetColumn(view.players[seat], _icon(seat, card.COLUMN_ICON))
                               for seat in (0, 1)],
                    rows, [(t("ml.pic.rounds_total", locale), list(view.wins))],
                    label_w=LABEL_W, theme=theme, order=[seat for _, seat in order])
    y += card.ROW_H + 24 + card.ROW_H * (len(rows) + 1) + PAD
    # a resignation during a round (M-WIN) ends the game with that round's cards down
    # but never scored: drawn as they lay, no discards crossed, no row or round won
    unfinished = view.phase in (Phase.PLAY, Phase.HOWL)
    area_rows: list[tuple[tuple[int, int], int | None]] = \
        [(sums, None) for sums, _ in parts.rows_of(view.score)] if unfinished \
        else parts.rows_of(view.score)
    geometry = draw_area_with_rows(image, y, stacks_of(view), area_rows, theme, locale,
                                   coords=True, scored=not unfinished)
    y += geometry.height + PAD
    if unfinished:
        draw_text(image, (PAD, y + LINE / 2),
                  t("ml.pic.round_unfinished", locale, round=view.round), TEXT + 4,
                  theme.text, bold=True, anchor="lm", max_width=card.WIDTH - 2 * PAD)
        y += LINE + 4
    else:
        y = parts.result(image, view, view.score, theme, locale, y,
                         scored=len([r for r in view.rounds if r is not None]))
    y = parts.powers(image, view, theme, locale, y + 4)
    y = parts.legend(image, theme, locale, y + 6) + LINE // 2
    return image, y, geometry
