"""Fitting text to a width: the longest prefix that fits, found by a binary search."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from render.fonts import shorten
from render.stamps import fit, text_width


def _measure(text: str) -> int:
    """A stand-in font with uneven widths: wide capitals, narrow spaces."""
    return sum(3 if c == " " else 9 if c.isupper() else 6 for c in text)


def _shorten_one_by_one(text: str, width: int) -> str:
    """The obvious way: cut a character at a time (what `fit` did before)."""
    if _measure(text) <= width:
        return text
    while text and _measure(text + "…") > width:
        text = text[:-1]
    return text.rstrip() + "…"


@given(st.text(alphabet="aB ü", max_size=40), st.integers(min_value=0, max_value=300))
def test_shorten_keeps_the_longest_prefix_that_fits(text: str, width: int) -> None:
    assert shorten(text, width, _measure) == _shorten_one_by_one(text, width)


def test_shorten_measures_a_long_line_a_dozen_times_not_once_per_cut() -> None:
    calls: list[str] = []

    def counting(text: str) -> int:
        calls.append(text)
        return _measure(text)

    line = "Annika built a meadow next to the river and took the cow " * 4
    fitted = shorten(line, 120, counting)
    assert fitted.endswith("…") and _measure(fitted) <= 120
    assert len(calls) <= 10  # a cut one character at a time would measure ~200 times


def test_no_space_before_the_ellipsis() -> None:
    name = "Moon River Ranchers Club"
    for width in range(10, text_width(name, 18, True)):
        fitted = fit(name, 18, width, True)
        assert not fitted[:-1].endswith(" ") and text_width(fitted, 18, True) <= max(
            width, text_width("…", 18, True))
