"""A drawing worker for the bot: pictures drawn in a second process, as PNG bytes.

Drawing is CPU-bound and the bot's event loop should not wait for it; one worker
process uses the second core. A request carries the game state as its plain dict
(`GameState.to_dict()`): that crosses the process boundary ten times faster than the
public view's many small objects, and the worker derives the public view itself, so a
picture still shows nothing hidden. No discord and no asyncio here: the bot wraps the
returned `concurrent.futures.Future` (`asyncio.wrap_future`).
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from types import TracebackType
from typing import Any

from engine.actions import Build
from engine.events import Event
from engine.state import GameState
from engine.view import TableView, public_view
from render.changes import changes_of
from render.encode import to_png_bytes
from render.ranch import render_ranch
from render.scores import render_scores
from render.table import render_preview, render_table
from render.theme import theme_named
from render.turn import render_turn

KINDS = ("turn", "table", "ranch", "preview", "scores")


@dataclass(frozen=True, slots=True)
class DrawRequest:
    """One picture to draw. `state` is `GameState.to_dict()`; `seat` for ranch and
    preview; `builds`/`proposed` for the preview; `events` (the turn just played) for
    the turn picture's marks."""

    kind: str
    state: dict[str, Any]
    theme: str = "dark"
    locale: str = "en"
    seat: int = 0
    events: tuple[Event, ...] = ()
    builds: tuple[Build, ...] = field(default=())
    proposed: Build | None = None

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"unknown picture kind {self.kind!r} ({', '.join(KINDS)})")

    @classmethod
    def of(cls, kind: str, state: GameState, **options: Any) -> DrawRequest:
        return cls(kind, state.to_dict(), **options)

    def view(self) -> TableView:
        return public_view(GameState.from_dict(self.state))


def draw(request: DrawRequest) -> bytes:
    """Draw and encode one picture (runs in the worker, or inline for tests and tools)."""
    theme = theme_named(request.theme)
    view, locale = request.view(), request.locale
    if request.kind == "turn":
        picture = render_turn(view, theme=theme, locale=locale,
                              changes=changes_of(request.events))
        return to_png_bytes(picture.image, theme=theme)
    if request.kind == "table":
        image = render_table(view, theme=theme, locale=locale)
    elif request.kind == "ranch":
        image = render_ranch(view, request.seat, theme=theme, locale=locale)
    elif request.kind == "preview":
        image = render_preview(view, request.seat, request.builds, request.proposed,
                               theme=theme, locale=locale)
    else:
        image = render_scores(view, theme=theme, locale=locale)
    return to_png_bytes(image, theme=theme)


def _warm_up() -> None:
    """Load fonts and sprites once in the worker, so the first real picture is quick."""
    import render.sprites  # noqa: F401  (imported for its caches)


class DrawingPool:
    """One worker process that draws `DrawRequest`s; close it (or use `with`) to stop.

    The worker is started with "spawn": a fork of a process running threads (the bot's
    event loop, the database) is unsafe."""

    def __init__(self, workers: int = 1) -> None:
        self._executor = ProcessPoolExecutor(
            max_workers=workers, mp_context=multiprocessing.get_context("spawn"),
            initializer=_warm_up)
        self._closed = False

    def submit(self, request: DrawRequest) -> Future[bytes]:
        if self._closed:
            raise RuntimeError("the drawing pool is closed")
        return self._executor.submit(draw, request)

    def draw_many(self, requests: Sequence[DrawRequest]) -> list[bytes]:
        """Draw several pictures and wait for all of them (order kept)."""
        return [future.result() for future in [self.submit(r) for r in requests]]

    def worker_pids(self) -> list[int]:
        """Process ids of the running workers (for memory figures and shutdown checks)."""
        processes = getattr(self._executor, "_processes", None) or {}
        return list(processes)

    def close(self, *, cancel_pending: bool = True) -> None:
        """Stop the worker: pending requests are cancelled (or drawn first), the worker
        process exits, and nothing is left running."""
        if not self._closed:
            self._closed = True
            self._executor.shutdown(wait=True, cancel_futures=cancel_pending)

    def __enter__(self) -> DrawingPool:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.close()
