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


#: The letters of places, without i, l and o: beside a cell name on a button ("l) F1",
#: "o) B10") they read as the digits 1 and 0 (a play-test took "l)" for "1)").
LETTERS = "".join(c for c in ascii_lowercase if c not in "ilo")


def letter(index: int) -> str:
    """a … z without i, l and o, then aa, ab … (more places than letters happen on an
    empty 10-row ranch)."""
    if index < len(LETTERS):
        return LETTERS[index]
    return letter(index // len(LETTERS) - 1) + LETTERS[index % len(LETTERS)]
