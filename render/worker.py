"""The drawing worker's side of `render.pool`: `python -m render.worker`.

Reads requests from stdin and writes answers to stdout, each a 4-byte big-endian length
and a pickle: `(job, DrawRequest)` in, `(job, True, png)` or `(job, False, why)` out,
in order. It leaves when stdin ends (the pool retired it, or the bot died: the pipe
closes with its last owner) or when its parent changes (a bot killed with SIGKILL).
"""

from __future__ import annotations

import os
import pickle
import sys
import threading
import time
from typing import IO

HEADER = 4  # bytes of a frame's length
PARENT_POLL = 0.5  # seconds between looks at the parent


def read_frame(source: IO[bytes]) -> bytes | None:
    """One frame's payload, or None at the end of the stream."""
    header = source.read(HEADER)
    if len(header) < HEADER:
        return None
    size = int.from_bytes(header, "big")
    payload = source.read(size)
    return payload if len(payload) == size else None


def write_frame(sink: IO[bytes], payload: bytes) -> None:
    sink.write(len(payload).to_bytes(HEADER, "big") + payload)
    sink.flush()


def serve(source: IO[bytes], sink: IO[bytes]) -> None:
    """Draw every request until the input ends; a failed drawing answers with its error
    and the worker goes on."""
    from render.registry import draw  # every game's pictures, loaded once per worker

    while (payload := read_frame(source)) is not None:
        job, request = pickle.loads(payload)
        try:
            answer: tuple[int, bool, bytes | str] = (job, True, draw(request))
        except Exception as exc:  # the bot gets the reason, the worker lives on
            answer = (job, False, f"{type(exc).__name__}: {exc}")
        try:
            write_frame(sink, pickle.dumps(answer, protocol=pickle.HIGHEST_PROTOCOL))
        except BrokenPipeError:  # the bot is gone (stopped or killed): nobody to answer,
            os._exit(0)  # and no buffered frame to flush at exit


def watch_parent(parent: int) -> None:
    """Leave with the parent even if something else still holds our stdin open."""
    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_POLL)
        os._exit(0)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def main() -> None:
    parent = int(sys.argv[1]) if len(sys.argv) > 1 else os.getppid()
    watch_parent(parent)
    # Answers go to a private copy of stdout; anything printed while drawing goes to
    # stderr instead of corrupting a frame.
    sink = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)
    warm_up()
    serve(sys.stdin.buffer, sink)


def warm_up() -> None:
    """The renderer, fonts, sprites and each theme's palette before the first request:
    building a palette takes ~0.1 s, which the first table of that theme would wait."""
    import render.registry  # noqa: F401  (every game's pictures)
    from render.canvas import palette_index
    from render.theme import THEMES

    for theme in THEMES.values():
        palette_index(theme, theme.background)


if __name__ == "__main__":
    main()
