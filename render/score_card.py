"""The end-of-game card both games draw: the frame and title, the standings, the score sheet.

Moon River (render.moonriver.final, R-SCORE-*) and Kingdomino (render.kingdomino.final, K-SCORE-*)
rank and score differently, but show the result the same way: each caller says what
goes in (ranks, points, rows of text, its own player icons and colours) and this module
says how it looks, so the two final pictures cannot drift apart. Every text is at least
`TEXT` native pixels (11 px at phone size).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, replace

from PIL import Image, ImageDraw

from engine.games.i18n import t
from render.plural import counted
from render.stamps import draw_text, text_width
from render.theme import RGB, Theme, readable_size

WIDTH = 800
PAD = 16
TEXT = 22
TITLE = 30
STANDING_H = 56
ROW_H = 38
STANDINGS_ICON = 44  # px, the player's icon beside a standing
COLUMN_ICON = 30     # px, the player's icon above a sheet column


def fit_formula(terms: list[str], total: int, size: int, width: int) -> str:
    """`a + b + c = total`, dropping terms from the left ("… + c = 9") until it fits:
    the total is never cut."""
    if not terms:
        return str(total)
    for start in range(len(terms)):
        shown = " + ".join(terms[start:])
        text = f"{'… + ' if start else ''}{shown} = {total}"
        if text_width(text, size) <= width:
            return text
    return str(total)


@dataclass(frozen=True)
class Standing:
    """One line of the standings: `icon` is STANDINGS_ICON px, `colour` underlines the name."""

    rank: int
    name: str
    points: int
    winner: bool
    icon: Image.Image
    colour: RGB
    resigned: bool = False  # marked, and never outlined as a winner


@dataclass(frozen=True)
class SheetColumn:
    """One player's column of the score sheet: `icon` is COLUMN_ICON px."""

    name: str
    icon: Image.Image


@dataclass(frozen=True)
class SheetRow:
    """A row of the sheet: its label, one text per column, and a colour swatch (or None)."""

    label: str
    cells: Sequence[str]
    swatch: RGB | None = None


def ranked(players: int, key: Callable[[int], tuple[int, ...]]) -> list[tuple[int, int]]:
    """(rank, seat) best first by `key` (the game's tie-breaks); equal keys share a rank."""
    order = sorted(range(players), key=key, reverse=True)
    out: list[tuple[int, int]] = []
    for place, seat in enumerate(order):
        same = out and key(out[-1][1]) == key(seat)
        out.append((out[-1][0] if same else place + 1, seat))
    return out


def resigned_last(ranking: Sequence[tuple[int, int]], resigned: Collection[int]
                  ) -> list[tuple[int, int]]:
    """`ranking` (rank, seat) with the seats whose player resigned moved below everyone
    else, in their own order, and the ranks closed up (ties kept): as the ratings rank
    them, so the end post never names a resigned player the winner."""
    kept = [pair for pair in ranking if pair[1] not in resigned]
    gone = [pair for pair in ranking if pair[1] in resigned]
    out: list[tuple[int, int]] = []
    for group in (kept, gone):
        for i, (rank, seat) in enumerate(group):
            same = i > 0 and group[i - 1][0] == rank
            out.append((out[-1][0] if same else len(out) + 1, seat))
    return out


def winners_of(ranking: Sequence[tuple[int, int]], resigned: Collection[int],
               engine_winners: Collection[int]) -> set[int]:
    """Who is outlined as a winner: the engine's winners, or with a resignation, whoever
    is first once resigned seats are last (a resigned seat never)."""
    if not resigned:
        return set(engine_winners)
    return {seat for rank, seat in ranking if rank == 1 and seat not in resigned}


def standings_height(players: int) -> int:
    """The title and one standing per player."""
    return TITLE + 24 + STANDING_H * players


def new_card(height: int, title: str, theme: Theme) -> Image.Image:
    """A WIDTH × `height` picture with the rounded card and its title."""
    image = Image.new("RGB", (WIDTH, height), theme.background)
    ImageDraw.Draw(image).rounded_rectangle(
        (PAD // 2, PAD // 2, WIDTH - PAD // 2, height - PAD // 2), radius=12,
        fill=theme.panel, outline=theme.panel_edge)
    draw_text(image, (PAD, PAD + TITLE / 2 + 4), title, TITLE, theme.text, bold=True,
              anchor="lm", max_width=WIDTH - 2 * PAD)
    return image


def draw_standings(image: Image.Image, standings: Sequence[Standing], theme: Theme,
                   locale: str) -> None:
    """Best first, under the title; winners outlined and marked."""
    d = ImageDraw.Draw(image)
    y = PAD + TITLE + 20
    for s in standings:
        middle = y + STANDING_H / 2
        if s.winner and not s.resigned:
            d.rounded_rectangle((PAD, y + 2, WIDTH - PAD, y + STANDING_H - 2), radius=8,
                                outline=theme.highlight, width=3)
        draw_text(image, (PAD + 44, middle), f"{s.rank}.", TITLE, theme.text, bold=True,
                  anchor="rm")
        image.paste(s.icon, (PAD + 54, y + 6), s.icon)
        total = draw_text(image, (WIDTH - PAD - 14, middle),
                          counted("render.score", s.points, locale), TITLE, theme.text,
                          bold=True, anchor="rm")
        note = t("render.resigned", locale) if s.resigned else \
            t("render.winner", locale) if s.winner else ""
        note_w = draw_text(image, (WIDTH - PAD - 34 - total, middle), note, TEXT,
                           theme.muted if s.resigned else theme.highlight, bold=True,
                           anchor="rm") if note else 0
        name_x = PAD + 108
        name_w = draw_text(image, (name_x, middle), s.name, TITLE - 2, theme.text, bold=True,
                           anchor="lm", max_width=WIDTH - name_x - total - note_w - 70,
                           shrink=max((TITLE - 2) * 3 // 4, readable_size(WIDTH)))
        d.rectangle((name_x, middle + 18, name_x + name_w, middle + 21), fill=s.colour)
        y += STANDING_H


def column_width(players: int, label_w: int) -> int:
    """The width of one player's column of a sheet whose labels take `label_w` px."""
    return (WIDTH - 2 * PAD - label_w) // players


def draw_sheet(image: Image.Image, y: int, columns: Sequence[SheetColumn],
               rows: Sequence[SheetRow], totals: Sequence[tuple[str, Sequence[int]]], *,
               label_w: int, theme: Theme, order: Sequence[int] | None = None) -> None:
    """The score sheet from `y` down: a header of players, the rows (muted), then the
    `totals` rows (label, one number per column), bold. `order`: the columns (given in
    seat order) left to right as the standings rank them."""
    if order is not None:
        columns = [columns[seat] for seat in order]
        rows = [replace(row, cells=[row.cells[seat] for seat in order]) for row in rows]
        totals = [(label, [values[seat] for seat in order]) for label, values in totals]
    d = ImageDraw.Draw(image)
    column_w = column_width(len(columns), label_w)
    centres = [PAD + label_w + column_w * i + column_w // 2 for i in range(len(columns))]
    for cx, column in zip(centres, columns, strict=True):
        image.paste(column.icon, (cx - COLUMN_ICON // 2, y), column.icon)
        draw_text(image, (cx, y + 32 + TEXT), column.name, TEXT, theme.text, bold=True,
                  anchor="ms", max_width=column_w - 8,
                  shrink=max(TEXT * 3 // 4, readable_size(WIDTH)))
    y += ROW_H + 24
    for row in rows:
        if row.swatch is not None:
            d.rectangle((PAD, y + 10, PAD + 18, y + 28), fill=row.swatch,
                        outline=theme.panel_edge)
        draw_text(image, (PAD + 26, y + ROW_H / 2), row.label, TEXT, theme.text, anchor="lm",
                  max_width=label_w - 30)
        for cx, text in zip(centres, row.cells, strict=True):
            draw_text(image, (cx, y + ROW_H / 2), text, TEXT, theme.muted, anchor="mm")
        d.line((PAD, y + ROW_H, WIDTH - PAD, y + ROW_H), fill=theme.panel_edge)
        y += ROW_H
    for label, values in totals:
        draw_text(image, (PAD + 26, y + ROW_H / 2 + 2), label, TEXT + 2, theme.text,
                  bold=True, anchor="lm", max_width=label_w - 30)
        for cx, value in zip(centres, values, strict=True):
            draw_text(image, (cx, y + ROW_H / 2 + 2), str(value), TITLE, theme.text,
                      bold=True, anchor="mm")
        y += ROW_H
