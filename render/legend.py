"""The symbol legend, game-free: a card of the symbols a game's pictures draw, each as
drawn there beside its name (`/help` and an @mention of the bot attach one per game).

A game gives the entries (render.<game>.legend: its own sprites and words); this lays
them out in two columns on the shared card, 800 px wide, so at 400 px the symbols are
20 px and no text is under 11 px.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

from render import score_card as card
from render.stamps import draw_text, drawn_texts, text_width
from render.theme import Theme

ICON = 40   # native px: 20 px at phone size
ROW_H = 52
TEXT = card.TEXT


def render_legend(title: str, entries: Sequence[tuple[Image.Image, str]], *,
                  theme: Theme) -> tuple[Image.Image, int]:
    """The card with `entries` (an ICON-sized symbol, its name) in two columns, or one
    where a name would not fit half the width; returns the picture and its smallest
    text size."""
    columns = 2
    half = (card.WIDTH - 2 * card.PAD) // 2 - ICON - 28
    short = [label for _, label in entries if text_width(label, TEXT) <= half]
    long = [(icon, label) for icon, label in entries if text_width(label, TEXT) > half]
    ordered = [*long, *[(icon, label) for icon, label in entries if label in short]]
    rows = len(long) + (len(ordered) - len(long) + 1) // columns
    top = card.PAD + card.TITLE + 24
    with drawn_texts() as texts:
        image = card.new_card(top + rows * ROW_H + card.PAD, title, theme)
        column_w = (card.WIDTH - 2 * card.PAD) // columns
        for index, (icon, label) in enumerate(ordered):
            wide = index < len(long)  # a long name has a row to itself
            at = index - len(long)
            x = card.PAD + 8 + (0 if wide else (at % columns) * column_w)
            y = top + (index if wide else len(long) + at // columns) * ROW_H
            icon = icon.convert("RGBA")
            image.paste(icon, (x, y + (ROW_H - ICON) // 2), icon)
            room = card.WIDTH - 2 * card.PAD - ICON - 28 if wide else column_w - ICON - 28
            draw_text(image, (x + ICON + 12, y + ROW_H / 2), label, TEXT, theme.text,
                      anchor="lm", max_width=room)
    return image, min((size for _, size in texts), default=TEXT)
