"""Pictures are drawn off the event loop, on two lanes, and in the drawing worker.

A player waiting for the next step of their private message must not queue behind the
table pictures of a hundred other tables, so the private steps (previews, status, board)
are built on one thread and the public turn posts on another. Once the bot has started
its drawing worker (`use_worker`), every game's pictures are drawn there (the front
ends call `render.pool.picture`): a private step's as an urgent request, ahead of
waiting table posts, a post's as a routine one. The lane thread waits for the answer
while the drawing runs in the worker's process, so the bot's own process never draws.
A private turn's step, once the worker runs, is built on the event loop instead and its
picture awaited (`urgent_picture`, `screens.built`): no thread waits in between. So is a
table post's turn picture (`post_picture`), as a routine request.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import ParamSpec, TypeVar

from render import pool as pictures
from render.pool import DrawingError, DrawingPool, DrawRequest

P = ParamSpec("P")
R = TypeVar("R")

_PRIVATE = ThreadPoolExecutor(max_workers=1, thread_name_prefix="moonriver-private")
_PUBLIC = ThreadPoolExecutor(max_workers=1, thread_name_prefix="moonriver-public")


def use_worker(pool: DrawingPool | None) -> None:
    """Draw every game's pictures in `pool` from now on (None: here, as tools and tests
    do)."""
    pictures.use_pool(pool)


def picture(request: DrawRequest) -> bytes:
    """Draw now and wait (call it off the event loop): in the worker when there is one."""
    return pictures.picture(request)


def _on_lane(urgent: bool, draw: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> R:
    with pictures.urgency(urgent):
        return draw(*args, **kwargs)


async def drawn(draw: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> R:
    """A private step's picture: someone is waiting for this answer."""
    loop = asyncio.get_running_loop()
    return await loop.run_in_executor(_PRIVATE, lambda: _on_lane(True, draw, *args, **kwargs))


def sharing_a_worker() -> bool:
    """Whether pictures are drawn in the bot's worker (not in place, as in tools), and it
    is running: starting one (a new interpreter) is left to the lanes' threads."""
    pool = pictures.shared_pool()
    return pool is not None and pool.started


async def urgent_picture(request: DrawRequest) -> bytes:
    """A private step's picture from the worker, awaited on the event loop: no thread
    waits for it (call only while `sharing_a_worker`)."""
    pool = pictures.shared_pool()
    if pool is None:
        raise RuntimeError("no drawing worker")
    return await asyncio.wrap_future(pool.submit(request, urgent=True))


async def drawn_for_post(draw: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> R:
    """A public turn post's picture: nobody's click waits on it."""
    loop = asyncio.get_running_loop()
    return await loop.run_in_executor(_PUBLIC, lambda: _on_lane(False, draw, *args, **kwargs))


def asked_here(picture_of: Callable[[R], bytes | None], draw: Callable[P, R],
               *args: P.args, **kwargs: P.kwargs) -> tuple[R, DrawRequest | None] | None:
    """`draw` run here on the event loop with its pictures only asked for
    (`render.pool.deferring`): what it made and the one request whose stand-in it holds
    where `picture_of` looks (None: it asked for no picture). None when it asked for more,
    or did more with its picture than hold it: let a lane draw it whole instead."""
    with pictures.deferring() as asked:
        made = draw(*args, **kwargs)
    if not asked:
        return made, None
    png = picture_of(made)
    if len(asked) == 1 and png is not None and pictures.deferred_index(png) == 0:
        return made, asked[0]
    return None


async def post_picture(draw: Callable[P, bytes], *args: P.args, **kwargs: P.kwargs) -> bytes:
    """A table post's turn picture: its request built here on the event loop (a few
    hundred microseconds) and the worker's answer awaited as a routine one, so no lane
    thread waits in between; on the public lane (`drawn_for_post`) without a running
    worker, or when `draw` does more than ask for one picture and return it."""
    pool = pictures.shared_pool()
    if pool is not None and pool.started:
        here = asked_here(lambda png: png, draw, *args, **kwargs)
        if here is not None:
            png, request = here
            if request is None:
                return png
            try:
                return await asyncio.wrap_future(pool.submit(request))
            except (DrawingError, RuntimeError):  # the worker died, or the pool closed:
                pass  # the lane draws it (in a fresh worker, or in place) as before
    return await drawn_for_post(draw, *args, **kwargs)
