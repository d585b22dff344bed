"""Kingdomino's pictures in the drawing worker: the same PNG bytes as drawn
in place, every kind; the front end's picture functions use the pool the bot shares,
urgent on a private lane, and draw in place without one or when it is closed."""

from __future__ import annotations

from concurrent.futures import Future

import pytest

from bot.tables.fronts.kingdomino import pictures as pictures
from render.kingdomino import render_final, render_kingdom, render_preview, render_turn, to_png
from render.pool import DrawingPool, DrawRequest, draw, picture, urgency, use_pool
from render.registry import check
from render.theme import DARK, LIGHT
from tests.render.kingdomino.games import places, played


@pytest.mark.system
def test_every_kingdomino_kind_draws_in_the_worker_as_in_place() -> None:
    """K-…: turn (with this turn's marks), preview, final and kingdom, as bytes equal to
    `render.kingdomino` drawn and encoded here."""
    state, events = played(3, 5, 6)
    seat = state.active_seat
    assert seat is not None
    over, _ = played(2, 4, None)
    expected = {
        "turn": to_png(render_turn(state, events=events, locale="de", theme=LIGHT).image,
                       LIGHT),
        "preview": to_png(render_preview(state, seat, places(state), locale="de",
                                         theme=LIGHT)[0], LIGHT),
        "final": to_png(render_final(over, locale="de", theme=LIGHT).image, LIGHT),
        "kingdom": to_png(render_kingdom(state, 1, locale="de", theme=LIGHT), LIGHT)}
    requests = [
        DrawRequest.of("kingdomino", "turn", state, theme="light", locale="de",
                       events=tuple(events)),
        DrawRequest.of("kingdomino", "preview", state, theme="light", locale="de",
                       seat=seat, choices=tuple(places(state))),
        DrawRequest.of("kingdomino", "final", over, theme="light", locale="de"),
        DrawRequest.of("kingdomino", "kingdom", state, theme="light", locale="de",
                       seat=1)]
    with DrawingPool() as pool:
        drawn = pool.draw_many(requests)
    for request, png in zip(requests, drawn, strict=True):
        assert png == expected[request.kind] == draw(request), request.kind


def test_requests_name_a_game_and_one_of_its_kinds() -> None:
    state, _ = played(2, 1, 2)
    with pytest.raises(ValueError, match="kind"):
        check(DrawRequest.of("kingdomino", "scores", state))  # a Moon River kind
    with pytest.raises(ValueError, match="game"):
        check(DrawRequest.of("chess", "turn", state))


class Recording(DrawingPool):
    """A real pool that remembers how each request was submitted."""

    def __init__(self) -> None:
        super().__init__()
        self.submitted: list[tuple[str, bool]] = []

    def submit(self, request: DrawRequest, *, urgent: bool = False) -> Future[bytes]:
        self.submitted.append((request.kind, urgent))
        return super().submit(request, urgent=urgent)


@pytest.mark.system
def test_the_front_end_draws_in_the_shared_worker_urgent_on_a_private_lane() -> None:
    """The bot's process does not draw Kingdomino: a table post is a routine request,
    the private preview an urgent one, and the letters come without drawing."""
    state, events = played(3, 5, 6)
    seat = state.active_seat
    assert seat is not None
    pool = Recording()
    use_pool(pool)
    try:
        post = pictures.turn_png(state, events, "en", "dark")
        with urgency(True):
            png, letters = pictures.preview_png(state, seat, places(state), "en", "dark")
        board = pictures.kingdom_png(state, 0, "en", "dark")
        assert pool.worker_pids()  # the worker started for these
    finally:
        use_pool(None)
        pool.close()
    assert pool.submitted == [("turn", False), ("preview", True), ("kingdom", False)]
    image, expected_letters = render_preview(state, seat, places(state), theme=DARK)
    assert png == to_png(image, DARK) and letters == expected_letters
    assert post == to_png(render_turn(state, events=events, theme=DARK).image, DARK)
    assert board == to_png(render_kingdom(state, 0, theme=DARK), DARK)


def test_without_a_pool_or_with_a_closed_one_pictures_are_drawn_in_place() -> None:
    state, _ = played(2, 2, 3)
    request = DrawRequest.of("kingdomino", "kingdom", state, seat=0)
    expected = draw(request)
    assert picture(request) == expected  # no pool shared: tools, tests, the sandbox
    pool = DrawingPool()
    pool.close()
    use_pool(pool)
    try:
        assert picture(request) == expected
    finally:
        use_pool(None)
