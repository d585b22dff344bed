"""The ratings pictures (leaderboard, profile): golden images in both themes and three
languages, and their geometry: readable at phone width, rows in order, the asker's row
marked, the chart's scale."""

from __future__ import annotations

import pytest
from PIL import Image

from render.ratings import (
    MINE_H,
    ROW_H,
    TEXT,
    draw_chart,
    leaderboard_height,
    render_leaderboard,
    render_profile,
    trend_text,
)
from render.registry import SHARED, check
from render.request import DrawRequest
from render.stamps import drawn_texts
from render.theme import DARK, LIGHT, PHONE_WIDTH
from tests.render.golden import assert_like_golden
from tests.render.ratings.golden import (
    BEST_GAMES,
    MINE,
    PICTURES,
    RATINGS_DIR,
    best_final,
    board,
    profile,
)


def test_goldens_cover_both_kinds_both_themes_and_three_languages() -> None:
    for kind in ("leaderboard", "profile"):
        ours = {n for n in PICTURES if n.startswith(kind + "-")}
        assert any("-dark-" in n for n in ours) and any("-light-" in n for n in ours), kind
        assert {n.rsplit("-", 1)[1] for n in ours} == {"en", "de", "ja"}, kind
    assert {p.stem for p in RATINGS_DIR.glob("*.png")} == set(PICTURES)


@pytest.mark.parametrize("name", sorted(PICTURES))
def test_golden_image(name: str) -> None:
    assert_like_golden(PICTURES[name](), RATINGS_DIR / f"{name}.png",
                       "tests.render.ratings.golden")


def test_every_game_draws_them_and_an_unknown_kind_is_refused() -> None:
    for game in ("moonriver", "kingdomino", "moonlight"):
        assert check(DrawRequest(game, "leaderboard", {})) is SHARED
    with pytest.raises(ValueError, match="leaderboard"):
        check(DrawRequest("moonriver", "scoreboard", {}))


@pytest.mark.parametrize("theme", [DARK, LIGHT])
def test_the_leaderboard_reads_at_phone_width_best_first(theme) -> None:
    state = board(10, "en", me=3)
    with drawn_texts() as texts:
        image = render_leaderboard(state, locale="en", theme=theme)
    assert image.getpixel((2, 2)) == theme.background
    assert image.size == (image.width, leaderboard_height(10))
    # every text at least 11 px once the picture is shown PHONE_WIDTH wide
    assert min(size for _, size in texts) * PHONE_WIDTH / image.width >= 11
    written = [text for text, _ in texts]
    ratings = [written.index(str(row["rating"]), written.index(f"{row['rank']}."))
               for row in state["rows"]]
    assert ratings == sorted(ratings)  # drawn top to bottom in the board's order
    assert "▲ +3" in written and "▼ −2" in written and "–" in written
    assert any(w.endswith("…") and w.startswith("Dmitri") for w in written)  # fitted, not cut
    # the asker's row (the fourth) is outlined in the highlight colour, no other
    top = 20 + 32 + 24 + 40
    def outlined(row: int) -> bool:
        return image.getpixel((21, top + row * ROW_H + ROW_H // 2)) == theme.highlight
    assert [outlined(row) for row in range(10)] == [row == 3 for row in range(10)]


@pytest.mark.parametrize("theme", [DARK, LIGHT])
def test_an_asker_below_the_top_ten_sees_their_place_under_it(theme) -> None:
    state = board(10, "en", me=-1, mine=MINE)
    with drawn_texts() as texts:
        image = render_leaderboard(state, locale="en", theme=theme)
    assert image.size == (image.width, leaderboard_height(10, mine=True))
    assert leaderboard_height(10, mine=True) == leaderboard_height(10) + MINE_H + ROW_H
    assert min(size for _, size in texts) * PHONE_WIDTH / image.width >= 11
    written = [text for text, _ in texts]
    # under the tenth row: "Your place", then the asker's row with their own rank
    assert written.index("10.") < written.index("Your place") < written.index("37.")
    assert written.index("37.") < written.index("Mallory") < written.index("▼ −3")
    # only the asker's row is outlined: none of the top ten, their own below
    top = 20 + 32 + 24 + 40
    def outlined(y: int) -> bool:
        return image.getpixel((21, y)) == theme.highlight
    assert not any(outlined(top + row * ROW_H + ROW_H // 2) for row in range(10))
    assert outlined(top + 10 * ROW_H + MINE_H + ROW_H // 2)


def test_an_empty_leaderboard_says_so() -> None:
    with drawn_texts() as texts:
        render_leaderboard({"title": "x", "rated": 0, "me": -1, "rows": []}, locale="de",
                           theme=DARK)
    assert "Noch keine gewerteten Partien" in [text for text, _ in texts]


def test_trend_is_told_by_sign_and_arrow_not_colour_alone() -> None:
    assert (trend_text(4), trend_text(-3), trend_text(0)) == ("▲ +4", "▼ −3", "–")


def test_the_profile_shows_its_figures_and_a_hidden_rank() -> None:
    with drawn_texts() as texts:
        image = render_profile(profile("en", 12, None), locale="en", theme=LIGHT)
    written = [text for text, _ in texts]
    assert {"Rating", "Rank", "Games", "Wins", "Average score", "Best score", "hidden",
            "12", "4", "41.2", "63", "Rating over time"} <= set(written)
    assert min(size for _, size in texts) >= TEXT - 2
    assert image.width == 800


def test_the_chart_puts_the_highest_rating_at_the_top_and_games_evenly() -> None:
    """The profile's chart is the game-free line chart (render.chart): one point per
    game, evenly from left to right, higher ratings higher, on gridlines with round
    values, and the newest rating written beside the last point."""
    image = Image.new("RGB", (800, 300), LIGHT.panel)
    with drawn_texts() as texts:
        geometry = draw_chart(image, (20, 10, 780, 290), [3, 10, -2, 10], "en", LIGHT)
    [points] = geometry.points
    xs, ys = [x for x, _ in points], [y for _, y in points]
    assert len(points) == 4 and abs((xs[1] - xs[0]) - (xs[3] - xs[2])) <= 1
    assert ys[1] == ys[3] < ys[0] < ys[2]
    left, top, right, bottom = geometry.plot
    assert left < xs[0] < xs[-1] <= right and top <= ys[1] and ys[2] <= bottom
    written = [text for text, _ in texts]
    assert {"1", "4", "Rating over time", "-5", "0", "5", "10"} <= set(written)  # round steps
    assert written[-1] == "10"  # the newest rating, last, beside its point
    assert geometry.marker * PHONE_WIDTH / 800 >= 8  # a game's marker shows on a phone
    with drawn_texts():
        [[(x, _)]] = draw_chart(image, (20, 10, 780, 290), [7], "en", LIGHT).points
    assert left < x < right  # one game: a single point


@pytest.mark.parametrize("game", sorted(BEST_GAMES))
def test_the_best_final_board_reads_at_phone_width(game: str) -> None:
    """The profile's second picture, each game's own final board of the player's seat:
    every text at least 11 px once shown 400 px wide (or smaller, as it is), and it is
    the asked seat's (its name written; the other seat's board is another picture)."""
    with drawn_texts() as texts:
        image = best_final(game, "dark", "en", seat=1)
    scale = min(1.0, PHONE_WIDTH / image.width)
    assert image.width <= 800 and min(size for _, size in texts) * scale >= 11
    assert "ボブ" in [text for text, _ in texts]  # seat 1 of the golden games
    if game != "moonlight":  # Moonlight has one area for both seats
        assert best_final(game, "dark", "en", seat=0).tobytes() != image.tobytes()
