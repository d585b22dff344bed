"""Public names every game's pictures and buttons share: slots ①–⑧ and letters a, b, c.

A dialogue names what a picture shows by these labels instead of internal ids, so a
player reads the same mark on the button and in the picture.
"""

from __future__ import annotations

from string import ascii_lowercase

SLOT_LABELS = "①②③④⑤⑥⑦⑧"


def slot_label(index: int) -> str:
    """The label of the `index`-th slot (0-based) of a draft column, top to bottom."""
    if not 0 <= index < len(SLOT_LABELS):
        raise ValueError(f"no draft slot {index}")
    return SLOT_LABELS[index]


def letter(index: int) -> str:
    """a … z, then aa, ab … (more than 26 positions happen on an empty 10-row ranch)."""
    if index < len(ascii_lowercase):
        return ascii_lowercase[index]
    return letter(index // len(ascii_lowercase) - 1) + ascii_lowercase[index % 26]
