"""The translation layer: every locale has every key, with the same placeholders."""

import pytest

from engine.games.i18n import LOCALES, normalise_locale, placeholders, strings, t


def test_every_locale_has_every_key_with_the_same_placeholders() -> None:
    english = strings("en")
    for locale in LOCALES:
        table = strings(locale)
        assert set(table) == set(english), f"{locale}: keys differ"
        for key, text in table.items():
            assert placeholders(text) == placeholders(english[key]), f"{locale}: {key}"
            assert text.strip(), f"{locale}: {key} is empty"


def test_formatting_and_fallbacks() -> None:
    assert t("render.round", "de", round=3) == "Runde 3"
    assert t("render.round", "ja-JP", round=3) == "ラウンド 3"
    assert t("render.round", "pt-BR", round=3) == "Round 3"  # unknown locale: English
    assert normalise_locale(None) == "en" and normalise_locale("en-GB") == "en"
    with pytest.raises(KeyError):
        t("no.such.key")
    with pytest.raises(ValueError):
        strings("xx")
