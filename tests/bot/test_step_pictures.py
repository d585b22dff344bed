"""A private step is built on the event loop and its picture awaited from the drawing
worker (`screens.built`); a step that does more with a picture than show it, and any step
without a running worker, is built on the private lane as before. A table post's turn
picture likewise (`drawing.post_picture`), its fallback the public lane."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from concurrent.futures import Future

import pytest

from bot.discord import drawing
from bot.discord.components import Components
from bot.discord.screens import Screen, built
from render.pool import DrawingError, DrawingPool, DrawRequest, picture
from tests.render.golden import played_with_events

REQUEST = DrawRequest.of("moonriver", "turn", played_with_events(2, 3, 9)[0])


@pytest.fixture
def worker() -> Iterator[DrawingPool]:
    pool = DrawingPool()
    drawing.use_worker(pool)
    try:
        assert not drawing.sharing_a_worker()  # its worker starts on a lane, off the loop
        pool.submit(REQUEST).result()
        assert drawing.sharing_a_worker()
        yield pool
    finally:
        drawing.use_worker(None)
        pool.close()


def step(where: list[str], pictures: int = 1) -> Screen:
    where.append(threading.current_thread().name)
    pngs = [picture(REQUEST) for _ in range(pictures)]
    return Screen("text", Components(), ("turn.png", pngs[-1]) if pngs else None)


async def test_a_step_is_built_here_and_its_picture_comes_from_the_worker(
        worker: DrawingPool) -> None:
    where: list[str] = []
    screen = await built(step, where)
    assert where == [threading.current_thread().name]  # no lane thread in between
    assert screen.picture is not None and screen.picture[1].startswith(b"\x89PNG")
    assert len(worker.worker_pids()) == 1
    assert (await built(step, where, pictures=0)).picture is None


async def test_a_step_with_two_pictures_is_built_again_on_the_lane(
        worker: DrawingPool) -> None:
    where: list[str] = []
    screen = await built(step, where, pictures=2)
    assert where[0] == threading.current_thread().name
    assert where[1].startswith("moonriver-private")
    assert screen.picture is not None and screen.picture[1].startswith(b"\x89PNG")


async def test_without_a_worker_a_step_is_built_on_the_lane() -> None:
    where: list[str] = []
    screen = await built(step, where)
    assert len(where) == 1 and where[0].startswith("moonriver-private")
    assert screen.picture is not None and screen.picture[1].startswith(b"\x89PNG")


def turn_picture(where: list[str], pictures: int = 1) -> bytes:
    where.append(threading.current_thread().name)
    pngs = [picture(REQUEST) for _ in range(pictures)]
    return pngs[-1]


async def test_a_post_picture_is_asked_here_and_drawn_in_the_worker(
        worker: DrawingPool) -> None:
    where: list[str] = []
    png = await drawing.post_picture(turn_picture, where)
    assert where == [threading.current_thread().name]  # no public lane in between
    assert png == picture(REQUEST) and png.startswith(b"\x89PNG")
    png = await drawing.post_picture(turn_picture, where, pictures=2)  # more: on the lane
    assert where[1:] == [threading.current_thread().name, where[2]]
    assert where[2].startswith("moonriver-public") and png.startswith(b"\x89PNG")


async def test_without_a_worker_a_post_picture_is_drawn_on_the_public_lane() -> None:
    where: list[str] = []
    png = await drawing.post_picture(turn_picture, where)
    assert len(where) == 1 and where[0].startswith("moonriver-public")
    assert png.startswith(b"\x89PNG")


async def test_a_post_picture_the_worker_failed_is_drawn_on_the_lane(
        worker: DrawingPool, monkeypatch: pytest.MonkeyPatch) -> None:
    """A worker that died between the look and the request (DrawingError), or a pool
    closed meanwhile: the post still gets its picture, from the public lane."""
    for failure in (DrawingError("the drawing worker stopped"), RuntimeError("closed")):
        def failing(request: DrawRequest, *, urgent: bool = False,
                    failure: Exception = failure) -> Future[bytes]:
            future: Future[bytes] = Future()
            future.set_exception(failure)
            return future

        monkeypatch.setattr(worker, "submit", failing)
        where: list[str] = []
        png = await drawing.post_picture(turn_picture, where)
        assert where[0] == threading.current_thread().name
        assert where[1].startswith("moonriver-public") and png.startswith(b"\x89PNG")
