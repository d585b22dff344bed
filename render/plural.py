"""Counted phrases: "1 cow", "2 cows". A locale marks its singular with a
`<key>.one` entry; languages without grammatical number simply repeat the text."""

from __future__ import annotations

from engine.games.i18n import normalise_locale, strings, t


def counted(key: str, count: int, locale: str = "en") -> str:
    """`key` with {count} filled in, in its singular form for one (or minus one: "−1 pt")."""
    singular = f"{key}.one"
    if abs(count) == 1 and singular in strings(normalise_locale(locale)):
        return t(singular, locale, count=count)
    return t(key, locale, count=count)
