"""Encoding: one fixed palette per theme that keeps the theme's colours apart,
and the drawing worker that returns PNG bytes from a picklable request."""

from __future__ import annotations

import io
import pickle
from pathlib import Path

import pytest
from PIL import Image

from engine.moonriver.actions import Build
from engine.moonriver.game import legal_actions
from engine.moonriver.view import public_view
from render.encode import theme_of, to_png_bytes
from render.moonriver import render_table
from render.moonriver.changes import changes_of
from render.moonriver.sprites import ranchero
from render.moonriver.style import PLAYER_COLOURS, moonriver_theme
from render.moonriver.turn import render_turn
from render.palette import palette_colours, theme_colours
from render.pool import DrawingPool, DrawRequest, draw
from render.registry import check
from render.stamps import STAMP_CACHE_SIZE, fit, stamp, text_width
from render.theme import DARK, LIGHT
from tests.render.golden import at_build_decision, played, played_with_events


def ui_colours(theme):
    return (theme.background, theme.panel, theme.panel_edge, theme.text, theme.muted,
            theme.grid, theme.grid_line, theme.highlight, theme.legal)


@pytest.mark.parametrize("theme", [DARK, LIGHT])
def test_palette_keeps_the_theme_colours_through_encoding(theme) -> None:
    """Every colour the art uses on purpose comes back exactly from the PNG (the
    farm's near-white ink may become white); nothing moves by more than 8 levels."""
    colours = palette_colours(theme)
    assert len(colours) == len(set(colours)) == 256
    seeds = theme_colours(theme)
    strip = Image.new("RGB", (len(seeds), 1))
    strip.putdata(seeds)
    strip.putpixel((0, 0), theme.background)
    decoded = Image.open(io.BytesIO(to_png_bytes(strip, theme=theme))).convert("RGB")
    for i, colour in enumerate(seeds):
        back = decoded.getpixel((i, 0))
        assert max(abs(a - b) for a, b in zip(back, colour, strict=True)) <= 8
        if colour in (*ui_colours(theme), *PLAYER_COLOURS.values()):
            assert back == colour, f"{colour} came back as {back}"


def test_light_theme_background_and_panels_stay_apart_after_encoding() -> None:
    """A bug once found: an adaptive palette merged the light background and panels."""
    image = render_table(public_view(played(4, 3, 12)), theme=LIGHT)
    decoded = Image.open(io.BytesIO(to_png_bytes(image))).convert("RGB")
    assert decoded.getpixel((2, 2)) == LIGHT.background
    panel = (30, 120)  # inside the draft panel, below its title
    assert image.getpixel(panel) == LIGHT.panel
    assert decoded.getpixel(panel) == LIGHT.panel != LIGHT.background


def test_theme_found_from_the_background() -> None:
    assert theme_of(Image.new("RGB", (4, 4), LIGHT.background)) is LIGHT
    assert theme_of(Image.new("RGBA", (4, 4), (*DARK.background, 255))) is DARK
    assert theme_of(Image.new("RGB", (4, 4), (1, 2, 3))) is None
    odd = to_png_bytes(Image.new("RGB", (8, 8), (1, 2, 3)))  # no theme: own palette
    assert Image.open(io.BytesIO(odd)).convert("RGB").getpixel((0, 0)) == (1, 2, 3)


def test_white_ranchero_stands_out_on_the_light_theme() -> None:
    """Its body is a grey darker than the white panels on light, white on dark."""
    body_light = ranchero("white", 40, LIGHT).getpixel((20, 30))
    body_dark = ranchero("white", 40, DARK).getpixel((20, 30))
    assert body_dark[:3] == PLAYER_COLOURS["white"]
    assert max(abs(a - b) for a, b in zip(body_light[:3], LIGHT.panel, strict=True)) >= 40


def test_text_stamps_are_cached_and_bounded() -> None:
    assert stamp("Round 3", 22, True) is stamp("Round 3", 22, True)
    assert stamp.cache_info().maxsize == STAMP_CACHE_SIZE


def test_fitting_text_measures_without_drawing_stamps() -> None:
    """Issue 10 (memory): `fit` tries many shortened strings; measuring them must not
    fill the bounded stamp cache with masks nobody draws."""
    long = "Ein sehr langer und einmaliger Spielername " * 3
    misses = stamp.cache_info().misses
    fitted = fit(long, 18, 90, True)
    assert stamp.cache_info().misses == misses
    assert fitted.endswith("…") and text_width(fitted, 18, True) <= 90
    assert text_width(fitted, 18, True) == stamp(fitted, 18, True).width


def test_draw_requests_pickle_and_draw_every_kind() -> None:
    state, events = played_with_events(3, 7, 9)
    build_state = at_build_decision(11)
    builds = tuple(a for a in legal_actions(build_state) if isinstance(a, Build))[:4]
    assert build_state.turn is not None
    requests = [DrawRequest.of("moonriver", "turn", state, theme="light", locale="de",
                               events=tuple(events)),
                DrawRequest.of("moonriver", "table", state),
                DrawRequest.of("moonriver", "ranch", state, seat=1),
                DrawRequest.of("moonriver", "scores", state, locale="ja"),
                DrawRequest.of("moonriver", "preview", build_state, seat=build_state.turn.seat,
                               choices=builds, proposed=builds[0])]
    for request in requests:
        assert pickle.loads(pickle.dumps(request)) == request
        png = draw(request)
        assert png[:8] == b"\x89PNG\r\n\x1a\n"
        assert Image.open(io.BytesIO(png)).mode == "P"
    seen = requests[0].state  # what anyone at the table may see: the hidden orders sorted
    assert seen == {**state.to_dict(), "pile": sorted(state.pile), "stack": sorted(state.stack)}
    turn = render_turn(public_view(state), theme=LIGHT, locale="de", changes=changes_of(events))
    assert draw(requests[0]) == to_png_bytes(turn.image, theme=moonriver_theme(LIGHT))
    with pytest.raises(ValueError):
        check(DrawRequest.of("moonriver", "poster", state))


@pytest.mark.system
def test_drawing_pool_draws_in_another_process_and_shuts_down() -> None:
    state, events = played_with_events(4, 3, 9)
    request = DrawRequest.of("moonriver", "turn", state, events=tuple(events))
    with DrawingPool() as pool:
        png = pool.submit(request).result(timeout=60)
        assert png == draw(request)  # same bytes as drawing here
        assert len(pool.draw_many([request, request])) == 2
        pids = pool.worker_pids()
    assert len(pids) == 1
    assert not Path(f"/proc/{pids[0]}").exists()  # the worker exited and was reaped
    with pytest.raises(RuntimeError):
        pool.submit(request)
