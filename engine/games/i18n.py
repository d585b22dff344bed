"""The one translation layer for user-facing text (English, German, Japanese).

Strings live in `data/locale/<locale>.json`; `t(key, locale, **params)` formats them.
Pictures (render/), the table service, the Discord adapter and the command line all use
it, so a word is translated in one place. It sits on the engine floor because every
other part may import the engine; it uses nothing of the rules, only the standard
library and the data package.
"""

from __future__ import annotations

import json
import string
from collections.abc import Iterable
from functools import cache, lru_cache

from engine.games.resources import data_file

LOCALES = ("en", "de", "ja")
DEFAULT_LOCALE = "en"


@cache
def strings(locale: str) -> dict[str, str]:
    """The table of one locale, loaded once."""
    if locale not in LOCALES:
        raise ValueError(f"unknown locale {locale!r} (available: {', '.join(LOCALES)})")
    data = json.loads(data_file("locale", f"{locale}.json").read_text(encoding="utf-8"))
    if not isinstance(data, dict) or not all(isinstance(v, str) for v in data.values()):
        raise ValueError(f"locale/{locale}.json must map keys to strings")
    return data


@lru_cache(maxsize=64)  # every text asks: a handful of distinct values in practice
def normalise_locale(locale: str | None) -> str:
    """Discord locales ('en-US', 'de', 'ja') to ours; anything else is English."""
    if not locale:
        return DEFAULT_LOCALE
    base = locale.split("-")[0].lower()
    return base if base in LOCALES else DEFAULT_LOCALE


def t(key: str, locale: str = DEFAULT_LOCALE, **params: object) -> str:
    """The text for `key` in `locale` (falling back to English), with `params` filled in."""
    table = strings(normalise_locale(locale))
    template = table.get(key) or strings(DEFAULT_LOCALE).get(key)
    if template is None:
        raise KeyError(f"no text for {key!r}")
    return template.format(**params) if params else template


def list_of(items: Iterable[str], locale: str = DEFAULT_LOCALE) -> str:
    """Items joined as the language lists them ("a, b" in English, "a、b" in Japanese)."""
    return t("list.separator", locale).join(items)


def placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}
