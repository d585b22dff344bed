"""Golden images with a tolerance, coordinates that match the action text, names that fit."""

from __future__ import annotations

from dataclasses import replace

import pytest
from PIL import Image

from engine.moonriver.actions import Build
from engine.moonriver.components import Landscape, load_components
from engine.moonriver.game import apply, legal_actions
from engine.moonriver.grid import parse_cell
from engine.moonriver.ranch import parse_ranch
from engine.moonriver.view import public_view
from render.encode import to_png_bytes
from render.fonts import REPLACEMENT, fit, runs, text_width
from render.moonriver import render_table
from render.moonriver.ranch import (
    MARGIN,
    RanchGeometry,
    board_sizes,
    player_from_grid,
    ranch_picture,
    render_ranch,
)
from render.moonriver.style import LANDSCAPE_STYLE
from render.theme import DARK, LIGHT
from tests.helpers import Spec, build_turn, start_game
from tests.render.golden import GOLDEN_DIR, NAMES, PICTURES, assert_like_golden, played


@pytest.mark.parametrize("name", sorted(PICTURES))
def test_golden_image(name: str) -> None:
    assert_like_golden(PICTURES[name](), GOLDEN_DIR / f"{name}.png", "tests.render.golden")


def centre_colour(image: Image.Image, geometry: RanchGeometry, cell: str):
    x0, y0, _x1, y1 = geometry.cell_box(parse_cell(cell))
    return image.getpixel((x0 + 6, (y0 + y1) // 2))


def close(a, b, tolerance: int = 40) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a, b, strict=False))


def test_picture_coordinates_match_the_action_text() -> None:
    """A domino built with `build pX pY C3 up` appears in the cells labelled C3 and C4."""
    state, (desert, canyon) = build_turn(start_game(), 0, [Spec(Landscape.DESERT),
                                                           Spec(Landscape.CANYON)])
    state, _ = apply(state, Build(desert, canyon, parse_cell("C1"), "up"))
    image = render_ranch(public_view(state), 0, theme=DARK)
    _, layout = ranch_picture(public_view(state).players[0], theme=DARK)  # where it went
    assert close(centre_colour(image, layout, "C1"), LANDSCAPE_STYLE[Landscape.DESERT][0], 60)
    assert close(centre_colour(image, layout, "C2"), LANDSCAPE_STYLE[Landscape.CANYON][0], 60)
    for empty in ("B1", "D1", "C3", "A5"):
        assert close(centre_colour(image, layout, empty), DARK.grid, 8)


def test_grid_picture_follows_ranch_notation_rows() -> None:
    grid = parse_ranch(". . . . . / . . . . . / . . . . . / . . . . . / fo . . . co1")
    image, layout = ranch_picture(player_from_grid(grid, "", load_components().boards["camp"]),
                                  theme=LIGHT)
    assert close(centre_colour(image, layout, "A1"), LANDSCAPE_STYLE[Landscape.FOREST][0], 60)
    assert close(centre_colour(image, layout, "E1"),
                 LANDSCAPE_STYLE[Landscape.CORNFIELD][0], 60)
    assert close(centre_colour(image, layout, "A5"), LIGHT.grid, 8)


def test_two_player_ranch_and_the_longest_names_fit() -> None:
    state = played(2, 5, 20)
    view = public_view(state)
    renamed = state.copy()
    renamed.config = replace(state.config, players=(NAMES[3] * 3, "長い名前" * 20))
    long_names = public_view(renamed)
    image = render_ranch(view, 0, theme=DARK)
    sizes = board_sizes(10)
    assert image.size == (sizes.width + 2 * MARGIN, sizes.height + 2 * MARGIN)
    assert render_table(view, theme=DARK).size == render_table(long_names, theme=DARK).size
    assert render_ranch(long_names, 1, theme=DARK).size == image.size
    name = NAMES[3] * 3
    assert text_width(fit(name, 18, 150, bold=True), 18, bold=True) <= 150


def test_japanese_and_emoji_names_never_crash() -> None:
    parts = runs("ボブ 🤠 Zoë \U000f0000", 16)
    text = "".join(p for p, _ in parts)
    assert "ボブ" in text and "🤠" in text and "Zoë" in text
    assert text.endswith(REPLACEMENT)  # a character no bundled font has
    for locale in ("en", "de", "ja"):
        render_table(public_view(played(4, 3, 3)), theme=LIGHT, locale=locale)


def test_table_png_is_small() -> None:
    data = to_png_bytes(render_table(public_view(played(4, 3, 20)), theme=DARK))
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) <= 400_000


def test_rendering_does_not_touch_the_state() -> None:
    state = played(3, 2, 6)
    before = state.to_dict()
    render_table(public_view(state), theme=DARK)
    assert state.to_dict() == before and legal_actions(state)


def test_render_is_deterministic() -> None:
    view = public_view(played(4, 9, 9))
    first = render_table(view, theme=DARK).tobytes()
    assert render_table(view, theme=DARK).tobytes() == first


def test_render_imports_neither_discord_nor_bot() -> None:
    import ast
    from pathlib import Path

    for path in (Path(__file__).resolve().parents[2] / "render").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else (
                [node.module] if isinstance(node, ast.ImportFrom) and node.module else [])
            for name in names:
                assert name.split(".")[0] not in {"discord", "bot", "sqlite3", "aiosqlite",
                                                  "asyncio"}, f"{path.name} imports {name}"


def _colourful(image: Image.Image) -> int:
    """How many pixels are clearly coloured (not grey: the text ink is grey or white)."""
    data = image.convert("RGB").tobytes()
    pixels = zip(data[0::3], data[1::3], data[2::3], strict=True)
    return sum(1 for r, g, b in pixels if max(r, g, b) - min(r, g, b) > 60)


@pytest.mark.parametrize("name", ["🤠", "Ed 👍🏽", "🇯🇵 Aki", "🌵 Cactus"])
def test_emoji_in_names_are_drawn_in_colour_not_as_squares(name: str) -> None:
    """Noto Color Emoji (bundled) draws a name's emoji in colour, sequences (skin tone,
    flag, family) as one picture each, about as high as the text and no square."""
    from render.fonts import emoji_image, is_emoji
    from render.stamps import draw_text
    parts = runs(name, 22)
    assert REPLACEMENT not in "".join(p for p, _ in parts)
    emoji = [p for p, f in parts if is_emoji(f)]
    assert len(emoji) == 1 and 18 <= emoji_image(emoji[0], 22).height <= 26
    image = Image.new("RGB", (200, 40), (30, 30, 40))
    width = draw_text(image, (4, 20), name, 22, (240, 240, 240), anchor="lm")
    assert width == text_width(name, 22) and _colourful(image) > 60
    assert [p for p, f in runs("👨‍👩‍👧 fam", 22) if is_emoji(f)] == ["👨‍👩‍👧"]  # one
    plain = Image.new("RGB", (200, 40), (30, 30, 40))
    draw_text(plain, (4, 20), REPLACEMENT, 22, (240, 240, 240), anchor="lm")
    assert _colourful(plain) == 0


def test_four_seat_names_fit_whole_where_they_can() -> None:
    """In a 4-seat turn picture a computer's name ('Bot 2 (strong)') and an emoji name
    show whole: a long name takes the room of its score's unit (the bare number), then
    goes from bold to regular, and a Legends character shows whole or not at all; only a
    name too long for any room is cut. Names never shrink below what reads at phone
    width."""
    from engine.games.rng import Rng
    from engine.moonriver.game import new_game
    from render.moonriver import render_turn
    from render.stamps import drawn_texts
    names = ["carol the cattle queen of the west", "Bot 2 (strong)", "Ed 🤠🇯🇵", "Dana"]
    state = new_game(names, 3, variant="legends", scenario=1)
    rng = Rng(1)
    for _ in range(60):
        legal = legal_actions(state)
        state, _ = apply(state, legal[rng.below(len(legal))])
    with drawn_texts() as texts:
        render_turn(public_view(state), theme=DARK)
    written = [text for text, _ in texts]
    assert "Bot 2 (strong)" in written and "Ed 🤠🇯🇵" in written, written
    assert not [text for text in written if text.endswith("…") and len(text) <= 2]
    assert any(text.startswith("carol the") and text.endswith("…") for text in written)
    assert min(size for _, size in texts) >= 22


def test_kingdomino_four_seat_names_fit_whole_where_they_can() -> None:
    """Kingdomino's small kingdoms' headers do the same: 'Bot 2 (strong)' whole."""
    from engine.games.rng import Rng
    from engine.registry import game_named
    from render.registry import draw
    from render.request import DrawRequest
    from render.stamps import drawn_texts
    rules = game_named("kingdomino")
    names = ["Ann", "Bot 2 (strong)", "Cy", "Dmitri Alexandrovich Karamazov-Smerdyakov"]
    state, _ = rules.new_game(names, 4, rules.options({}))
    rng = Rng(2)
    for _ in range(30):
        legal = rules.legal_actions(state)
        state, _ = rules.apply(state, legal[rng.below(len(legal))])
    with drawn_texts() as texts:
        draw(DrawRequest.of("kingdomino", "turn", state, theme="dark"))
    written = [text for text, _ in texts]
    assert "Bot 2 (strong)" in written, written
    assert any(text.startswith("Dmitri") and text.endswith("…") for text in written)
