"""The two lines of the turn picture: this round's and the next, labelled ①–④.

K-TURN-1: a line is played from its lowest number, top of the list in the box; here
left to right, and the same order gives the labels, which are the public names the
turn dialogue uses (`line_labels`). A domino with a king on it is outlined in that
seat's colour, with the king beside its label; a played domino is drawn faded, and
a discarded one crossed out (K-PLACE-4).
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw

from engine.games.i18n import t
from engine.kingdomino.state import Phase
from engine.kingdomino.view import SlotView, TableView
from render.kingdomino import sprites
from render.kingdomino.changes import TurnChanges
from render.kingdomino.squares import draw_domino
from render.kingdomino.style import DISCARD, king_rgb
from render.labels import slot_label
from render.stamps import draw_text
from render.theme import OUTLINE, Theme

Box = tuple[int, int, int, int]
FADE_ALPHA = 150  # how much of the panel covers a domino already played
FULL_LINE = 4  # dominoes in a line of three or four kings (K-SETUP-2)


def line_labels(view: TableView) -> dict[int, str]:
    """Domino number → slot label, for this round's line and the next (①–④ each, left to
    right). A number is in one line only, so the mapping is unambiguous."""
    return {slot.domino.number: slot_label(i)
            for line in (view.line, view.next_line) for i, slot in enumerate(line)}


@dataclass(frozen=True, slots=True)
class LineSizes:
    width: int
    square: int
    text: int
    slots: int  # dominoes in a line (K-SETUP-2: 4, or 3 with three players)

    @property
    def column_width(self) -> int:
        return (self.width - 3 * 12) // 2

    @property
    def gap(self) -> int:
        """Spaced as a line of four (K-SETUP-2): a three-player line leaves the fourth
        place empty, so its ③ never sits against the next line's ①."""
        return max(6, (self.column_width - FULL_LINE * self.square) // (FULL_LINE - 1))

    @property
    def title_h(self) -> int:
        return self.text + 14

    @property
    def label_h(self) -> int:
        return self.text + 16

    @property
    def height(self) -> int:
        return 8 + self.title_h + self.label_h + 2 * self.square + 20


def _discarded(view: TableView) -> frozenset[int]:
    return frozenset(piece.number for p in view.players for piece in p.discards)


def _line(image: Image.Image, view: TableView, slots: tuple[SlotView, ...], x: int, y: int,
          sizes: LineSizes, theme: Theme, changes: TurnChanges, acting: int | None
          ) -> list[Box]:
    d = ImageDraw.Draw(image)
    boxes: list[Box] = []
    square, text = sizes.square, sizes.text
    discarded = _discarded(view)
    for i, slot in enumerate(slots):
        sx = x + i * (square + sizes.gap)
        sy = y + sizes.label_h
        label_w = draw_text(image, (sx, y + sizes.label_h / 2), slot_label(i), text + 4,
                            theme.highlight if i == acting else theme.text, bold=True,
                            anchor="lm")
        if slot.king is not None:
            icon_size = sizes.label_h - 4
            icon = sprites.king(king_rgb(slot.king, theme), icon_size)
            image.paste(icon, (sx + label_w + 4, y + 1), icon)
        box = draw_domino(image, slot.domino, sx, sy, square, vertical=True, text=text)
        boxes.append(box)
        if slot.played:  # placed in a kingdom, or discarded: faded
            veil = Image.new("RGB", (box[2] - box[0], box[3] - box[1]), theme.panel)
            image.paste(veil, box[:2], Image.new("L", veil.size, FADE_ALPHA))
        if slot.king is not None:
            d.rectangle((box[0] - 3, box[1] - 3, box[2] + 2, box[3] + 2),
                        outline=king_rgb(slot.king, theme), width=4)
        if slot.domino.number in changes.dominoes:  # placed, discarded or claimed now
            d.rectangle((box[0] - 8, box[1] - 8, box[2] + 7, box[3] + 7),
                        outline=theme.highlight, width=3)
        if slot.domino.number in discarded:  # K-PLACE-4
            for line in ((box[0] + 6, box[1] + 6, box[2] - 6, box[3] - 6),
                         (box[2] - 6, box[1] + 6, box[0] + 6, box[3] - 6)):
                d.line(line, fill=OUTLINE, width=9)
                d.line(line, fill=DISCARD, width=5)
        if i == acting:  # the king playing now: a pointer under its domino
            cx, ty = (box[0] + box[2]) / 2, box[3] + 6
            d.polygon([(cx - 10, ty + 10), (cx + 10, ty + 10), (cx, ty)], fill=theme.highlight)
    return boxes


def draw_lines(image: Image.Image, view: TableView, x: int, y: int, *, sizes: LineSizes,
               theme: Theme, locale: str, changes: TurnChanges) -> list[Box]:
    """Both lines side by side; returns the box of every domino drawn (left to right)."""
    d = ImageDraw.Draw(image)
    d.rounded_rectangle((x, y, x + sizes.width, y + sizes.height), radius=10, fill=theme.panel,
                        outline=theme.panel_edge)
    left, right = x + 12, x + 24 + sizes.column_width
    title_y = y + 8 + sizes.title_h / 2
    setup = view.phase is Phase.SETUP
    now = t("kd.pic.line_first" if setup else "kd.pic.line_now", locale)
    draw_text(image, (left, title_y), now, sizes.text, theme.muted, bold=True, anchor="lm",
              max_width=sizes.column_width)
    top = y + 8 + sizes.title_h
    acting = view.acting_slot if view.phase is Phase.PLACE else None
    boxes = _line(image, view, view.line, left, top, sizes, theme, changes, acting)
    if view.next_line:
        draw_text(image, (right, title_y), t("kd.pic.line_next", locale), sizes.text,
                  theme.muted, bold=True, anchor="lm", max_width=sizes.column_width)
        boxes += _line(image, view, view.next_line, right, top, sizes, theme, changes, None)
    elif not setup and view.phase is not Phase.OVER:  # K-TURN-2: nothing left to claim
        draw_text(image, (right, title_y), t("kd.pic.last_round", locale), sizes.text,
                  theme.highlight, bold=True, anchor="lm", max_width=sizes.column_width)
    return boxes
