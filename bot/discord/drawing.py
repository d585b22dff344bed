"""Pictures are drawn off the event loop, one at a time.

The renderer keeps per-drawing state in module globals (its text-stamp cache log), so two
pictures drawn at once in two threads can break each other; one drawing thread keeps the
event loop free and the renderer single-threaded. (The drawing worker process of
`render.pool` can replace this thread where delivery uses it.)
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import ParamSpec, TypeVar

P = ParamSpec("P")
R = TypeVar("R")

_DRAWING = ThreadPoolExecutor(max_workers=1, thread_name_prefix="moonriver-draw")


async def drawn(draw: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> R:
    """Run `draw` on the one drawing thread and wait for its result."""
    loop = asyncio.get_running_loop()
    return await loop.run_in_executor(_DRAWING, lambda: draw(*args, **kwargs))
