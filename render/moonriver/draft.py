"""The draft for the phone turn picture: two columns of big tiles labelled ①–④.

R-ORDER-1: a column is played from the top; the same order gives the labels, which are
the names the turn dialogue uses for the parcels (render.moonriver.labels). A tile with a ranchero
on it is outlined in that seat's colour, with the ranchero above it. Only a column with
a parcel left is drawn (`shown_columns`): once this round's parcels are all taken, and
in the last round (R-END-1, no next column), the picture gives that room to the ranches.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from PIL import Image, ImageDraw

from engine.games.i18n import t
from engine.moonriver.view import SlotView, TableView
from render.canvas import Canvas, Ink
from render.labels import slot_label
from render.moonriver import sprites
from render.moonriver.cells import draw_parcel, parcel_fits, parcel_image
from render.moonriver.style import seat_rgb
from render.stamps import draw_text
from render.theme import OUTLINE, RGB, Theme

Box = tuple[int, int, int, int]
COLUMN_SLOTS = 4
NOW, NEXT = "now", "next"  # this round's column, the next round's (R-ORDER-1)
TITLES = {NOW: "render.column_now", NEXT: "render.column_next"}


def shown_columns(view: TableView) -> tuple[str, ...]:
    """The columns with a parcel left to show, this round's first: a column whose
    parcels are all taken is only empty boxes, and the last round has no next column."""
    return tuple(key for key in (NOW, NEXT)
                 if any(slot.parcel is not None for slot in _column(view, key)))


def _column(view: TableView, key: str) -> tuple[SlotView, ...]:
    return view.column if key == NOW else view.next_column


@dataclass(frozen=True, slots=True)
class DraftSizes:
    width: int
    tile: int
    text: int
    columns: tuple[str, ...] = (NOW, NEXT)

    @property
    def gap(self) -> int:
        return max(4, (self.column_width - COLUMN_SLOTS * self.tile) // (COLUMN_SLOTS - 1))

    @property
    def column_width(self) -> int:
        count = len(self.columns)
        return (self.width - (count + 1) * 12) // count

    @property
    def title_h(self) -> int:
        return self.text + 14

    @property
    def label_h(self) -> int:
        return self.text + 16

    @property
    def height(self) -> int:
        return 8 + self.title_h + self.label_h + self.tile + 14


def _tile_box(x: int, y: int, i: int, sizes: DraftSizes) -> Box:
    """The i-th tile of a column whose label row starts at (x, y)."""
    tx, ty = x + i * (sizes.tile + sizes.gap), y + sizes.label_h
    return tx, ty, tx + sizes.tile, ty + sizes.tile


def _origins(x: int, y: int, sizes: DraftSizes) -> tuple[list[int], int]:
    """Left edges of the columns drawn and the top of their label rows."""
    lefts = [x + 12 + i * (12 + sizes.column_width) for i in range(len(sizes.columns))]
    return lefts, y + 8 + sizes.title_h


def tile_boxes(view: TableView, x: int, y: int, sizes: DraftSizes) -> list[Box]:
    """Where `draw_draft(image, view, x, y, …)` puts each tile (left to right), without
    drawing: a draft pasted from the piece cache still reports its geometry."""
    lefts, top = _origins(x, y, sizes)
    return [_tile_box(column_x, top, i, sizes) for column_x, i, _slot in _slots(view, lefts,
                                                                                 sizes)]


def _frame(image: Image.Image, x: int, y: int, sizes: DraftSizes, theme: Theme,
           locale: str) -> None:
    """The panel and the column titles (they touch no tile, so they can go first)."""
    d = ImageDraw.Draw(image)
    d.rounded_rectangle((x, y, x + sizes.width, y + sizes.height), radius=10, fill=theme.panel,
                        outline=theme.panel_edge)
    lefts, _top = _origins(x, y, sizes)
    title_y = y + 8 + sizes.title_h / 2
    for left, key in zip(lefts, sizes.columns, strict=True):
        draw_text(image, (left, title_y), t(TITLES[key], locale), sizes.text, theme.muted,
                  bold=True, anchor="lm", max_width=sizes.column_width)


def _label(image: Image.Image, x: int, y: int, i: int, ranchero: str | None,
           sizes: DraftSizes, theme: Theme) -> None:
    """A slot's ①–④ and the ranchero (by colour) standing on it, in the label row."""
    label_w = draw_text(image, (x, y + sizes.label_h / 2), slot_label(i), sizes.text + 4,
                        theme.text, bold=True, anchor="lm")
    if ranchero is not None:
        meeple = sprites.ranchero(ranchero, sizes.label_h - 2, theme)
        image.paste(meeple, (x + label_w + 4, y), meeple)


def _tile_marks(d: ImageDraw.ImageDraw, box: Box, ranchero: RGB | None, chosen: bool,
                theme: Theme, ink: Callable[[RGB], Ink]) -> None:
    """The seat's outline round a tile with a ranchero on it, the highlight of this
    turn's choice (R-TURN-3)."""
    tx, ty, _x1, _y1 = box
    tile = box[2] - box[0]
    if ranchero is not None:
        d.rectangle((tx - 2, ty - 2, tx + tile + 1, ty + tile + 1), outline=ink(ranchero),
                    width=4)
    else:
        d.rectangle(box, outline=ink(OUTLINE))
    if chosen:
        d.rectangle((tx - 6, ty - 6, tx + tile + 5, ty + tile + 5), outline=ink(theme.highlight),
                    width=3)


def _slots(view: TableView, lefts: list[int],
           sizes: DraftSizes) -> list[tuple[int, int, SlotView]]:
    """(column x, index, slot) of every slot of the columns drawn, in drawing order."""
    return [(left, i, slot) for left, key in zip(lefts, sizes.columns, strict=True)
            for i, slot in enumerate(_column(view, key))]


def _colour(view: TableView, slot: SlotView) -> str | None:
    return None if slot.ranchero is None else view.players[slot.ranchero].colour


def draw_draft(image: Image.Image, view: TableView, x: int, y: int, *, sizes: DraftSizes,
               theme: Theme, locale: str, chosen: frozenset[int]) -> list[Box]:
    """Both columns side by side; returns the box of every tile drawn (left to right)."""
    _frame(image, x, y, sizes, theme, locale)
    d = ImageDraw.Draw(image)
    lefts, top = _origins(x, y, sizes)
    boxes: list[Box] = []
    for column_x, i, slot in _slots(view, lefts, sizes):
        box = _tile_box(column_x, top, i, sizes)
        boxes.append(box)
        colour = _colour(view, slot)
        _label(image, box[0], top, i, colour, sizes, theme)
        if slot.parcel is None:  # taken this round: it lies in its owner's storage now
            d.rectangle(box, outline=theme.grid_line, width=2)
            continue
        draw_parcel(image, slot.parcel, box[0], box[1], sizes.tile, text=sizes.text)
        _tile_marks(d, box, None if colour is None else seat_rgb(colour, theme),
                    slot.parcel.id in chosen, theme, _rgb)
    return boxes


def _rgb(colour: RGB) -> Ink:
    return colour


def _draft_image(view: TableView, sizes: DraftSizes, theme: Theme, locale: str,
                 chosen: frozenset[int]) -> Image.Image:
    image = Image.new("RGB", (sizes.width + 1, sizes.height + 1), theme.background)
    draw_draft(image, view, 0, 0, sizes=sizes, theme=theme, locale=locale, chosen=chosen)
    return image


def compose_draft(view: TableView, sizes: DraftSizes, theme: Theme, locale: str,
                  chosen: frozenset[int], canvas: Canvas) -> Image.Image:
    """The draft panel on the background at the origin, as `draw_draft` draws it, but
    composed on the canvas from cached pieces (the panel with its titles, each slot's
    label row, each tile) with the outlines drawn between, in the same order. A tile is
    self-contained (`parcel_fits`); if one were not, the draft is drawn in one go."""
    lefts, top = _origins(0, 0, sizes)
    slots = _slots(view, lefts, sizes)
    if not all(parcel_fits(s.parcel, sizes.tile) for _, _, s in slots if s.parcel is not None):
        return canvas.piece(("draft", view, sizes, theme, locale, chosen),
                            lambda: _draft_image(view, sizes, theme, locale, chosen))
    image = canvas.piece(("draft-frame", sizes, theme, locale),
                         lambda: _frame_image(sizes, theme, locale)).copy()
    d = ImageDraw.Draw(image)
    for column_x, i, slot in slots:
        box = _tile_box(column_x, top, i, sizes)
        colour = _colour(view, slot)
        image.paste(canvas.piece(("draft-label", i, colour, sizes, theme),
                                 partial(_label_image, i, colour, sizes, theme)), (box[0], top))
        if slot.parcel is None:
            d.rectangle(box, outline=canvas.ink(theme.grid_line), width=2)
            continue
        image.paste(canvas.piece(("tile", slot.parcel, sizes.tile, sizes.text),
                                 partial(parcel_image, slot.parcel, sizes.tile,
                                         text=sizes.text)), (box[0], box[1]))
        _tile_marks(d, box, None if colour is None else seat_rgb(colour, theme),
                    slot.parcel.id in chosen, theme, canvas.ink)
    return image


def _frame_image(sizes: DraftSizes, theme: Theme, locale: str) -> Image.Image:
    image = Image.new("RGB", (sizes.width + 1, sizes.height + 1), theme.background)
    _frame(image, 0, 0, sizes, theme, locale)
    return image


def _label_image(i: int, ranchero: str | None, sizes: DraftSizes,
                 theme: Theme) -> Image.Image:
    """The label row over one tile, on the panel."""
    image = Image.new("RGB", (sizes.tile, sizes.label_h), theme.panel)
    _label(image, 0, 0, i, ranchero, sizes, theme)
    return image
