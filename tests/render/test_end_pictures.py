"""The end's pictures at phone width (400 px): Moon River's end picture with every final
ranch (the winner's large), every game's story picture (scores round by round, where
the points came from) and the symbol legends of /help. Sizes come from the geometry the
pictures report, checked against the scaled pixels."""

from __future__ import annotations

import itertools

import pytest
from PIL import Image

from bot.tables.fronts.story import rounds_of
from engine.moonriver.state import Phase
from engine.moonriver.view import public_view
from engine.registry import game_named
from render import chart, registry
from render.kingdomino.final import render_final as render_kingdomino_final
from render.kingdomino.legend import render_kingdomino_legend
from render.moonlight.legend import render_moonlight_legend
from render.moonriver.legend import render_moonriver_legend
from render.moonriver.turn import render_turn
from render.registry import draw
from render.request import DrawRequest
from render.stamps import drawn_texts
from render.story import StoryPicture
from render.theme import DARK, LIGHT, PHONE_WIDTH, Theme
from tests.render.golden import played
from tests.render.kingdomino.games import played as kingdomino_played
from tests.render.story_games import finished, story


def phone(image: Image.Image) -> Image.Image:
    return image.resize((PHONE_WIDTH, round(image.height * PHONE_WIDTH / image.width)),
                        Image.Resampling.LANCZOS)


@pytest.mark.parametrize(("players", "seed"), [(2, 8), (3, 8), (4, 8), (4, 3)])
def test_r_score_the_end_picture_shows_every_ranch_the_winners_large(players: int,
                                                                   seed: int) -> None:
    view = public_view(played(players, seed, None))
    assert view.phase is Phase.OVER
    picture = render_turn(view, theme=DARK)
    layout, image = picture.layout, picture.image
    scale = PHONE_WIDTH / image.width
    assert sorted(r.seat for r in layout.ranches) == list(range(players))
    winner = layout.ranches[0]
    assert winner.seat in view.winners
    assert winner.cell * scale >= 28  # the winner's: 32 px cells on a phone
    assert all(r.cell * scale >= 16 for r in layout.ranches)
    assert all(r.cell < winner.cell for r in layout.ranches[1:])
    assert layout.min_text * scale >= 11
    boxes = [r.panel for r in layout.ranches]  # side by side, never over each other
    for i, a in enumerate(boxes):
        assert a[0] >= 0 and a[2] <= image.width and a[3] <= image.height
        for b in boxes[i + 1:]:
            assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]
    # where the geometry says a built cell is, the scaled picture shows it, not the grid
    small = phone(image)
    for ranch in layout.ranches:
        cells = view.players[ranch.seat].ranch.cells
        built = next(c for c, content in enumerate(cells) if content is not None)
        x0, y0, x1, y1 = ranch.cell_box(built)
        pixel = small.getpixel((int((x0 + x1) / 2 * scale), int((y0 + y1) / 2 * scale)))
        assert max(abs(a - b) for a, b in zip(pixel, DARK.grid, strict=True)) > 12


@pytest.mark.parametrize(("players", "seed", "variants"), [
    (2, 2, ()), (3, 8, ()), (4, 3, ("harmony",)), (2, 4, ("mighty-duel",))])
def test_k_score_the_end_picture_shows_every_kingdom_the_winners_large(
        players: int, seed: int, variants: tuple[str, ...]) -> None:
    state, _ = kingdomino_played(players, seed, None, variants=variants)
    picture = render_kingdomino_final(state, theme=LIGHT, locale="de")
    layout, image = picture.layout, picture.image
    scale = PHONE_WIDTH / image.width
    kingdoms = layout.kingdoms
    assert sorted(k.seat for k in kingdoms) == list(range(players))
    assert kingdoms[0].seat in game_named("kingdomino").result(state).winners
    assert kingdoms[0].cell * scale >= (24 if "mighty-duel" in variants else 32)
    assert all(k.cell * scale >= 16 and k.cell < kingdoms[0].cell for k in kingdoms[1:])
    assert layout.min_text * scale >= 11
    for i, a in enumerate(k.panel for k in kingdoms):
        assert a[2] <= image.width
        for b in [k.panel for k in kingdoms][i + 1:]:
            assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]


GAMES = [("moonriver", 4, 8, DARK, "en"), ("moonriver", 3, 5, LIGHT, "de"),
         ("kingdomino", 3, 5, DARK, "en"), ("kingdomino", 4, 6, LIGHT, "ja"),
         ("moonlight", 2, 5, LIGHT, "ja"), ("moonlight", 2, 3, DARK, "de")]


@pytest.mark.parametrize(("game", "players", "seed", "theme", "locale"), GAMES)
def test_the_story_picture_reads_at_phone_width(game: str, players: int, seed: int,
                                                theme: Theme, locale: str) -> None:
    record = finished(game, players, seed)
    state, rows = rounds_of(record)
    picture: StoryPicture = story(record, theme, locale)
    layout, image = picture.layout, picture.image
    assert (image.width, image.height) == (layout.width, layout.height) == (800, image.height)
    assert image.height <= 1.3 * image.width
    scale = layout.scale()
    assert layout.min_text * scale >= 11
    assert layout.lines.line_width * scale >= 3 and layout.lines.marker * scale >= 9
    # one line per player, a point per round, the last at the player's final score
    assert len(layout.lines.points) == players
    assert all(len(points) == len(rows) for points in layout.lines.points)
    result = game_named(game).result(state)
    assert result is not None
    px0, py0, px1, py1 = layout.lines.plot
    for points in layout.lines.points:
        assert all(px0 <= x <= px1 and py0 <= y <= py1 for x, y in points)
        assert points[-1][0] == px1  # the end is the last step
    if game != "moonlight":  # the running totals end at the result
        assert tuple(rows[-1][:players]) == result.scores
    for a in range(players):  # more points, higher up
        for b in range(players):
            if rows[-1][a] > rows[-1][b]:
                assert layout.lines.points[a][-1][1] < layout.lines.points[b][-1][1]
    # the bars: one per player, best first (the winners, then by final score, as the end
    # post ranks them), longer for more points
    assert len(layout.bars.bars) == players
    totals = [sum(row[s] for row in rows) if game == "moonlight" else rows[-1][s]
              for s in range(players)]
    order = sorted(range(players), key=lambda s: (s not in result.winners,
                                                  0 if game == "moonlight" else -totals[s]))
    assert all(a[1] < b[1] for a, b in itertools.pairwise(layout.bars.bars))  # top down
    widths = [0] * players
    for bar, seat in zip(layout.bars.bars, order, strict=True):
        widths[seat] = bar[2] - bar[0]
    for a in range(players):
        for b in range(players):
            if totals[a] > totals[b]:
                assert widths[a] > widths[b]
    # the strong (winner's) line is drawn where the geometry says, in its colour
    small = phone(image)
    winner = result.winners[0]
    x, y = layout.lines.points[winner][-1]
    pixel = small.getpixel((round(x * scale), round(y * scale)))
    assert pixel != small.getpixel((round((px0 + 4) * scale), round((py0 + 4) * scale)))


def test_the_story_of_a_game_is_its_rounds_as_the_engine_counts_them() -> None:
    """R-ROUND-*, K-TURN-2, M-SCORE-4: a row per round that ended (the last one together
    with the game), the setup none; Moonlight a row per scored round, replays too."""
    for game, players, seed in (("moonriver", 2, 8), ("kingdomino", 2, 4), ("moonlight", 2, 5)):
        record = finished(game, players, seed)
        state, rows = rounds_of(record)
        rules = game_named(game)
        assert rules.is_over(state)
        if game == "moonlight":
            view = rules.player_view(state, None)
            assert len(rows) == len(view["rounds"])
            assert all(row[2] + row[3] in (0, 2) for row in rows)  # M-SCORE-1's 2 or none
        else:
            assert 2 <= len(rows) <= state.round
        if game == "kingdomino":  # a kingdom only grows: its points never fall (K-SCORE-1)
            assert all(a <= b for row_a, row_b in itertools.pairwise(rows)
                       for a, b in zip(row_a, row_b, strict=True))


def test_ticks_are_round_numbers_covering_the_values() -> None:
    assert chart.ticks(0, 65) == [0, 20, 40, 60, 80]
    assert chart.ticks(0, 10) == [0, 2, 4, 6, 8, 10]
    assert chart.ticks(0, 1) == [0, 1]
    assert chart.ticks(-3, 12) == [-5, 0, 5, 10, 15]


@pytest.mark.parametrize("legend", [render_moonriver_legend, render_kingdomino_legend,
                                    render_moonlight_legend])
@pytest.mark.parametrize(("theme", "locale"), [(DARK, "en"), (LIGHT, "ja")])
def test_the_symbol_legends_read_at_phone_width(legend, theme: Theme, locale: str) -> None:
    image, smallest = legend(theme=theme, locale=locale)
    assert image.width == 800 and smallest * PHONE_WIDTH / image.width >= 11


def test_every_game_draws_its_story_and_legend_through_the_registry() -> None:
    """The end post and /help ask every registered game for these two kinds."""
    for game in registry.GAMES:
        assert {"story", "legend"} <= set(registry.GAMES[game].kinds)
        state, rows = rounds_of(finished(game, 2, 5))
        png = draw(DrawRequest.of(game, "story", state, rounds=rows, theme="light"))
        assert png.startswith(b"\x89PNG") and len(png) > 10_000
        for few in ((), rows[-1:]):  # a game over before any round ended, or in one
            assert draw(DrawRequest.of(game, "story", state, rounds=few)) != png
        legend = draw(DrawRequest(game, "legend", {}, locale="de"))
        assert legend.startswith(b"\x89PNG")


@pytest.mark.parametrize(("game", "kind"), [("moonriver", "turn"), ("kingdomino", "final"),
                                            ("moonlight", "final")])
def test_a_resigned_winner_is_last_in_the_end_picture_and_marked(game: str, kind: str) -> None:
    """The seat whose player resigned is drawn last and "Resigned", never "Winner", even
    when its computer scored best; without a resignation the engine's winner leads."""
    rules = game_named(game)
    for seed in range(5, 40):
        state, _ = rounds_of(finished(game, 2, seed))
        result = rules.result(state)
        assert result is not None
        if len(result.winners) == 1:
            break
    [winner] = result.winners
    names = rules.names(state)
    pictures = {}
    for resigned in ((), (winner,)):
        with drawn_texts() as texts:
            pictures[resigned] = draw(DrawRequest.of(game, kind, state, locale="en",
                                                     resigned=resigned))
        said = [text for text, _ in texts]
        first = sorted(names, key=lambda name: said.index(name))
        if resigned:
            assert first == [names[1 - winner], names[winner]]
            assert "Resigned" in said and "Winner" in said
            assert said.index("Winner") < said.index("Resigned") < said.index(names[winner])
        else:
            assert first[0] == names[winner] and "Resigned" not in said
    assert pictures[()] != pictures[(winner,)]


@pytest.mark.parametrize(("game", "kind", "total"), [
    ("moonriver", "turn", "Total"), ("kingdomino", "final", "Total"),
    ("moonlight", "final", "Rounds won")])
def test_the_end_pictures_score_sheet_lists_the_players_as_the_standings_do(
        game: str, kind: str, total: str) -> None:
    """Standings, boards and the score sheet's columns in one order, best first: the
    sheet's bottom row (each player's total, or rounds won) reads from high to low."""
    rules = game_named(game)
    for seed in range(3):
        state, _ = rounds_of(finished(game, 3 if game != "moonlight" else 2, seed))
        with drawn_texts() as texts:
            draw(DrawRequest.of(game, kind, state, locale="en"))
        said = [text for text, _ in texts]
        players = len(rules.names(state))
        row = said.index(total, len(said) // 2)  # the sheet's, after the standings
        values = [int(x) for x in said[row + 1:row + 1 + players]]
        assert values == sorted(values, reverse=True), (seed, values)
