"""Pictures are drawn off the event loop, on two lanes.

A player waiting for the next step of their private message must not queue behind the
table pictures of a hundred other tables, so the private steps (previews, status, board)
are built on one thread and the public turn posts on another. Once the bot has started
its drawing worker (`use_worker`), a private step's preview is drawn there as an urgent
request, ahead of waiting table posts: the drawing leaves the bot's process (and its
GIL) while the private thread waits for it.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import CancelledError, ThreadPoolExecutor
from typing import ParamSpec, TypeVar

from render.pool import DrawingPool, DrawRequest, draw

P = ParamSpec("P")
R = TypeVar("R")

_PRIVATE = ThreadPoolExecutor(max_workers=1, thread_name_prefix="moonriver-private")
_PUBLIC = ThreadPoolExecutor(max_workers=1, thread_name_prefix="moonriver-public")
_worker: DrawingPool | None = None


def use_worker(pool: DrawingPool | None) -> None:
    """Draw private pictures in `pool` from now on (None: here, as tools and tests do)."""
    global _worker
    _worker = pool


def picture(request: DrawRequest) -> bytes:
    """Draw now and wait (call it off the event loop): in the worker when there is one."""
    pool = _worker
    if pool is not None:
        try:
            return pool.submit(request, urgent=True).result()
        except (RuntimeError, CancelledError):  # closed, stopping or crashed: draw here
            pass
    return draw(request)


async def drawn(draw: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> R:
    """A private step's picture: someone is waiting for this answer."""
    loop = asyncio.get_running_loop()
    return await loop.run_in_executor(_PRIVATE, lambda: draw(*args, **kwargs))


async def drawn_for_post(draw: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> R:
    """A public turn post's picture: nobody's click waits on it."""
    loop = asyncio.get_running_loop()
    return await loop.run_in_executor(_PUBLIC, lambda: draw(*args, **kwargs))
