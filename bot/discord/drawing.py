"""Pictures are drawn off the event loop, on two lanes.

A player waiting for the next step of their private message must not queue behind the
table pictures of a hundred other tables, so the private steps (previews, status, board)
draw on one thread and the public turn posts on another. (The drawing worker process of
`render.pool` can take the public lane where delivery uses it.)
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import ParamSpec, TypeVar

P = ParamSpec("P")
R = TypeVar("R")

_PRIVATE = ThreadPoolExecutor(max_workers=1, thread_name_prefix="moonriver-private")
_PUBLIC = ThreadPoolExecutor(max_workers=1, thread_name_prefix="moonriver-public")


async def drawn(draw: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> R:
    """A private step's picture: someone is waiting for this answer."""
    loop = asyncio.get_running_loop()
    return await loop.run_in_executor(_PRIVATE, lambda: draw(*args, **kwargs))


async def drawn_for_post(draw: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> R:
    """A public turn post's picture: nobody's click waits on it."""
    loop = asyncio.get_running_loop()
    return await loop.run_in_executor(_PUBLIC, lambda: draw(*args, **kwargs))
