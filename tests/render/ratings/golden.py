"""The ratings pictures' golden images (leaderboard, profile), game-free, kept in
tests/golden/ratings/ and regenerated with the others:

    python -m tests.render.ratings.golden    # rewrite tests/golden/ratings/*.png

Both kinds in both themes and the three languages, and each game's best final board
as the profile attaches it (`best-<game>-…`). Look at every regenerated picture
(full size and at 400 px wide) before committing it.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import Any

from PIL import Image

from bot.tables.fronts import front_of
from bot.tables.fronts.story import rounds_of
from engine.games.i18n import t
from render.registry import draw
from render.request import DrawRequest
from tests.render.golden import GOLDEN_DIR, write_goldens
from tests.render.story_games import finished

RATINGS_DIR = GOLDEN_DIR / "ratings"
NAMES = ("Alice", "ボブ", "Carol 🤠", "Dmitri Alexandrovich Karamazov-Smerdyakov", "Eve",
         "Frank", "Grace", "Heidi", "Ivan", "Judy")


#: The asker's own row below the top ten (`bot.tables.ratings.row_of`).
MINE = {"rank": 37, "name": "Mallory", "rating": 1, "games": 9, "wins": 2, "trend": -3}


def board(rows: int, locale: str, me: int = 1,
          mine: dict[str, Any] | None = None) -> dict[str, Any]:
    """A leaderboard's data as the bot prepares it (`bot.discord.ratings.board_state`)."""
    names = list(NAMES[:rows])
    if rows > 2:
        names[2] = t("ratings.computer", locale, level="hard")
    trends = (3, -2, 0, 5, -1, 0, 2, 1, -4, 0)
    return {"title": t("ratings.board_title", locale, game="Moon River"), "rated": 40 + rows,
            "me": me, "mine": mine, "rows": [{"rank": i + 1 if i != 2 else 2, "name": name,
                                "rating": 31 - 3 * i if i != 2 else 28, "games": 120 - 7 * i,
                                "wins": 40 - 3 * i, "trend": trends[i]}
                               for i, name in enumerate(names)]}


def profile(locale: str, games: int = 12, rank: int | None = 2) -> dict[str, Any]:
    history = [round(8 * (i / max(games - 1, 1)) ** 0.7 * 3) - (i % 3) for i in range(games)]
    return {"title": t("ratings.profile_title", locale, player=NAMES[1], game="Kingdomino"),
            "rating": history[-1], "rank": rank, "games": games, "wins": games // 3,
            "average": 41.25, "best": 63, "history": history}


def picture(kind: str, state: dict[str, Any], theme: str, locale: str) -> Image.Image:
    """As the worker sends it: drawn, encoded, decoded."""
    png = draw(DrawRequest("moonriver", kind, state, theme=theme, locale=locale))
    return Image.open(io.BytesIO(png))


#: The profile's best final board of each game: (players, seed) of a whole random game.
BEST_GAMES = {"moonriver": (3, 5), "kingdomino": (3, 5), "moonlight": (2, 5)}


def best_final(game: str, theme: str, locale: str, seat: int = 1) -> Image.Image:
    """A finished game's final board of `seat` as the profile attaches it, drawn by the
    game's own renderer (`Front.best_png`)."""
    players, seed = BEST_GAMES[game]
    state, _ = rounds_of(finished(game, players, seed))
    return Image.open(io.BytesIO(front_of(game).best_png(state, seat, locale, theme)))


def _pictures() -> dict[str, Callable[[], Image.Image]]:
    out: dict[str, Callable[[], Image.Image]] = {}
    for theme, locale, rows in (("dark", "en", 10), ("light", "de", 4), ("light", "ja", 7)):
        out[f"leaderboard-{theme}-{locale}"] = (
            lambda th=theme, lo=locale, r=rows: picture("leaderboard", board(r, lo), th, lo))
    out["leaderboard-yours-dark-de"] = lambda: picture(  # the asker 37th, below the top ten
        "leaderboard", board(10, "de", me=-1, mine=MINE), "dark", "de")
    for theme, locale, games, rank in (("dark", "en", 12, 2), ("light", "de", 1, None),
                                       ("dark", "ja", 30, 1)):
        out[f"profile-{theme}-{locale}"] = (
            lambda th=theme, lo=locale, g=games, r=rank: picture("profile",
                                                                 profile(lo, g, r), th, lo))
    for game, theme, locale in (("moonriver", "dark", "en"), ("moonriver", "light", "ja"),
                                ("kingdomino", "light", "de"), ("kingdomino", "dark", "en"),
                                ("moonlight", "dark", "de"), ("moonlight", "light", "ja")):
        out[f"best-{game}-{theme}-{locale}"] = (
            lambda g=game, th=theme, lo=locale: best_final(g, th, lo))
    return out


PICTURES: dict[str, Callable[[], Image.Image]] = _pictures()


def main() -> None:
    write_goldens(RATINGS_DIR, PICTURES)


if __name__ == "__main__":
    main()
