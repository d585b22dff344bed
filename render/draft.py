"""The draft for the phone turn picture: two columns of big tiles labelled ①–④.

R-ORDER-1: a column is played from the top; the same order gives the labels, which are
the names the turn dialogue uses for the parcels (render.labels). A tile with a ranchero
on it is outlined in that seat's colour, with the ranchero above it.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw

from engine.i18n import t
from engine.view import SlotView, TableView
from render import sprites
from render.cells import draw_parcel
from render.labels import slot_label
from render.stamps import draw_text
from render.theme import OUTLINE, Theme, seat_rgb

Box = tuple[int, int, int, int]
COLUMN_SLOTS = 4


@dataclass(frozen=True, slots=True)
class DraftSizes:
    width: int
    tile: int
    text: int

    @property
    def gap(self) -> int:
        return max(6, (self.column_width - COLUMN_SLOTS * self.tile) // (COLUMN_SLOTS - 1))

    @property
    def column_width(self) -> int:
        return (self.width - 3 * 12) // 2

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


def _origins(x: int, y: int, sizes: DraftSizes) -> tuple[int, int, int]:
    """Left edges of both columns and the top of their label rows."""
    return x + 12, x + 24 + sizes.column_width, y + 8 + sizes.title_h


def tile_boxes(view: TableView, x: int, y: int, sizes: DraftSizes) -> list[Box]:
    """Where `draw_draft(image, view, x, y, …)` puts each tile (left to right), without
    drawing: a draft pasted from the piece cache still reports its geometry."""
    left, right, top = _origins(x, y, sizes)
    boxes = [_tile_box(left, top, i, sizes) for i in range(len(view.column))]
    if view.next_column:
        boxes += [_tile_box(right, top, i, sizes) for i in range(len(view.next_column))]
    return boxes


def _column(image: Image.Image, view: TableView, slots: tuple[SlotView, ...], x: int, y: int,
            sizes: DraftSizes, theme: Theme, chosen: frozenset[int]) -> list[Box]:
    d = ImageDraw.Draw(image)
    boxes: list[Box] = []
    tile, text = sizes.tile, sizes.text
    for i, slot in enumerate(slots):
        box = _tile_box(x, y, i, sizes)
        tx, ty = box[0], box[1]
        boxes.append(box)
        label_w = draw_text(image, (tx, y + sizes.label_h / 2), slot_label(i), text + 4,
                            theme.text, bold=True, anchor="lm")
        if slot.ranchero is not None:
            player = view.players[slot.ranchero]
            meeple_size = sizes.label_h - 2
            meeple = sprites.ranchero(player.colour, meeple_size, theme)
            image.paste(meeple, (tx + label_w + 4, y), meeple)
        if slot.parcel is None:  # taken this round: it lies in its owner's storage now
            d.rectangle(box, outline=theme.grid_line, width=2)
            continue
        draw_parcel(image, slot.parcel, tx, ty, tile, text=text)
        if slot.ranchero is not None:
            colour = seat_rgb(view.players[slot.ranchero].colour, theme)
            d.rectangle((tx - 2, ty - 2, tx + tile + 1, ty + tile + 1), outline=colour, width=4)
        else:
            d.rectangle(box, outline=OUTLINE)
        if slot.parcel.id in chosen:  # R-TURN-3: the choice made this turn
            d.rectangle((tx - 6, ty - 6, tx + tile + 5, ty + tile + 5), outline=theme.highlight,
                        width=3)
    return boxes


def draw_draft(image: Image.Image, view: TableView, x: int, y: int, *, sizes: DraftSizes,
               theme: Theme, locale: str, chosen: frozenset[int]) -> list[Box]:
    """Both columns side by side; returns the box of every tile drawn (left to right)."""
    d = ImageDraw.Draw(image)
    d.rounded_rectangle((x, y, x + sizes.width, y + sizes.height), radius=10, fill=theme.panel,
                        outline=theme.panel_edge)
    left, right, top = _origins(x, y, sizes)
    title_y = y + 8 + sizes.title_h / 2
    draw_text(image, (left, title_y), t("render.column_now", locale), sizes.text, theme.muted,
              bold=True, anchor="lm", max_width=sizes.column_width)
    boxes = _column(image, view, view.column, left, top, sizes, theme, chosen)
    if view.next_column:
        draw_text(image, (right, title_y), t("render.column_next", locale), sizes.text,
                  theme.muted, bold=True, anchor="lm", max_width=sizes.column_width)
        boxes += _column(image, view, view.next_column, right, top, sizes, theme, chosen)
    elif view.last_round:  # R-END-1: no next column in the last round
        draw_text(image, (right, title_y), t("render.last_round", locale), sizes.text,
                  theme.highlight, bold=True, anchor="lm", max_width=sizes.column_width)
    return boxes
