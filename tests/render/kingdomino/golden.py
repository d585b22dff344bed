"""Kingdomino's golden images, kept beside Moon River's, and how to regenerate them.

    python -m tests.render.kingdomino.golden   # rewrite tests/golden/kingdomino/*.png
    python -m tests.render.golden              # Moon River's, then these too

Every picture kind in both themes and the three languages. Look at every regenerated
picture (full size and at 400 px wide) before committing it.
"""

from __future__ import annotations

from collections.abc import Callable

from PIL import Image

from render.kingdomino import render_final, render_kingdom, render_preview, render_turn, to_png
from render.theme import DARK, LIGHT
from tests.render.golden import DOCS_DIR, GOLDEN_DIR, write_goldens
from tests.render.kingdomino.games import places, played

KINGDOMINO_DIR = GOLDEN_DIR / "kingdomino"
THEMES = {"dark": DARK, "light": LIGHT}


def turn(players: int, seed: int, until: int, theme: str, locale: str,
         variants: tuple[str, ...] = (), game: int = 0) -> Image.Image:
    state, events = played(players, seed, until, variants=variants, game=game)
    return render_turn(state, events=events, locale=locale, theme=THEMES[theme]).image


def preview(theme: str, locale: str) -> Image.Image:
    state, _ = played(3, 5, 6)
    assert state.active_seat is not None
    return render_preview(state, state.active_seat, places(state), locale=locale,
                          theme=THEMES[theme])[0]


def final(players: int, seed: int, theme: str, locale: str,
          variants: tuple[str, ...] = ()) -> Image.Image:
    state, _ = played(players, seed, None, variants=variants)
    return render_final(state, locale=locale, theme=THEMES[theme]).image


def kingdom(seed: int, until: int | None, theme: str, locale: str) -> Image.Image:
    state, _ = played(4, seed, until)
    return render_kingdom(state, 1, locale=locale, theme=THEMES[theme])


def _pictures() -> dict[str, Callable[[], Image.Image]]:
    out: dict[str, Callable[[], Image.Image]] = {}
    for theme, locale in (("dark", "en"), ("light", "de"), ("light", "ja")):
        out[f"preview-{theme}-{locale}"] = lambda th=theme, lo=locale: preview(th, lo)
        out[f"kingdom-{theme}-{locale}"] = lambda th=theme, lo=locale: kingdom(3, 8, th, lo)
    for name, players, seed, until, theme, locale, variants, game in (
            ("turn-4p", 4, 3, 7, "dark", "en", (), 0),
            ("turn-4p", 4, 3, 7, "light", "en", (), 0),
            ("turn-3p", 3, 5, 9, "light", "de", (), 0),
            ("turn-2p", 2, 7, 4, "dark", "ja", (), 0),
            ("turn-setup", 4, 9, 0, "dark", "de", (), 0),
            ("turn-last-round", 3, 2, 12, "light", "en", (), 0),
            ("turn-mighty-duel", 2, 4, 10, "light", "ja", ("mighty-duel",), 0),
            ("turn-dynasty", 3, 6, 5, "dark", "en", ("dynasty", "harmony"), 1)):
        out[f"{name}-{theme}-{locale}"] = (
            lambda p=players, s=seed, u=until, th=theme, lo=locale, v=variants, g=game:
            turn(p, s, u, th, lo, v, g))
    for name, players, seed, theme, locale, variants in (
            ("final-4p", 4, 3, "dark", "en", ("harmony", "middle-kingdom")),
            ("final-3p", 3, 8, "light", "de", ()),
            ("final-2p", 2, 2, "dark", "ja", ()),
            ("final-dynasty", 3, 6, "light", "ja", ("dynasty",))):
        out[f"{name}-{theme}-{locale}"] = (
            lambda p=players, s=seed, th=theme, lo=locale, v=variants: final(p, s, th, lo, v))
    out["kingdom-over-dark-ja"] = lambda: kingdom(3, None, "dark", "ja")
    return out


PICTURES: dict[str, Callable[[], Image.Image]] = _pictures()
#: README pictures: docs name → golden picture (written as the bot sends them).
DOCS = {"kingdomino-turn": ("turn-4p-dark-en", DARK),
        "kingdomino-final": ("final-3p-light-de", LIGHT)}


def main() -> None:
    write_goldens(KINGDOMINO_DIR, PICTURES)
    for doc, (name, theme) in DOCS.items():
        path = DOCS_DIR / f"{doc}.png"
        path.write_bytes(to_png(Image.open(KINGDOMINO_DIR / f"{name}.png"), theme))
        print(path)


if __name__ == "__main__":
    main()
