"""A drawing worker for the bot: pictures drawn in a second process, as PNG bytes.

Drawing is CPU-bound and the bot's event loop should not wait for it; one worker
process uses the second core. A request carries the game state as its plain dict
(`GameState.to_dict()`): that crosses the process boundary ten times faster than the
public view's many small objects, and the worker derives the public view itself, so a
picture still shows nothing hidden. Both games draw here: a request names its game
(Moon River's kinds by default, Kingdomino's with `game="kingdomino"`). No discord and
no asyncio here: the bot wraps the returned `concurrent.futures.Future`
(`asyncio.wrap_future`), or a front end's picture function calls `picture`, which uses
the pool the bot shared (`use_pool`) and draws in place without one (tools, tests). The
worker's side of the pipes is `render.worker`.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import pickle
import queue
import subprocess
import sys
import threading
from collections.abc import Iterator, Sequence
from concurrent.futures import CancelledError, Future
from contextlib import contextmanager
from dataclasses import dataclass, field
from types import TracebackType

from render.registry import check, draw
from render.request import DrawRequest
from render.worker import read_frame, write_frame

_shared: DrawingPool | None = None
_lane = threading.local()  # whether the thread drawing now serves someone waiting


def use_pool(pool: DrawingPool | None) -> None:
    """Let `picture` draw in `pool` from now on (None: in place, as tools and tests do)."""
    global _shared
    _shared = pool


@contextmanager
def urgency(urgent: bool) -> Iterator[None]:
    """Mark the pictures this thread asks for inside the block as urgent (a private
    step: someone waits for it) or routine (a table post)."""
    before = getattr(_lane, "urgent", False)
    _lane.urgent = urgent
    try:
        yield
    finally:
        _lane.urgent = before


def shared_pool() -> DrawingPool | None:
    """The pool `use_pool` shared, if any."""
    return _shared


@contextmanager
def deferring() -> Iterator[list[DrawRequest]]:
    """Inside the block, `picture` on this thread draws nothing: it lists the request and
    returns a stand-in (`deferred_index` reads it back), so a caller on an event loop
    can build a screen in place and then await the worker's answer for the one picture
    it holds, with no thread waiting in between."""
    asked: list[DrawRequest] = []
    before = getattr(_lane, "deferred", None)
    _lane.deferred = asked
    try:
        yield asked
    finally:
        _lane.deferred = before


_STAND_IN = b"\x00render.pool deferred picture "


def deferred_index(png: bytes) -> int | None:
    """Which request of a `deferring` block a stand-in stands for (None: a real PNG)."""
    if not png.startswith(_STAND_IN):
        return None
    return int(png[len(_STAND_IN):])


def picture(request: DrawRequest) -> bytes:
    """Draw now and wait (off the event loop): in the shared pool's worker when the bot
    shared one, urgent or routine as the thread's `urgency` says; in place otherwise,
    or when the pool is closed, stopping or crashed. Inside `deferring`: a stand-in."""
    check(request)
    asked = getattr(_lane, "deferred", None)
    if asked is not None:
        asked.append(request)
        return _STAND_IN + str(len(asked) - 1).encode()
    pool = _shared
    if pool is not None:
        try:
            return pool.submit(request, urgent=getattr(_lane, "urgent", False)).result()
        except (RuntimeError, CancelledError):
            pass
    return draw(request)


RECYCLE_AFTER = 5000  # drawings per worker before a fresh one takes over
#: glibc's malloc in the worker: keep freed memory up to 8 MiB instead of returning it to
#: the system after each picture, and take buffers up to 4 MiB from the heap. Without
#: this a picture's megabyte buffers are mapped afresh each time: ~500 page faults and
#: ~1.5 ms of system time per picture, a fifth of the worker's CPU.
MALLOC_TUNING = {"MALLOC_TRIM_THRESHOLD_": str(8 << 20), "MALLOC_MMAP_THRESHOLD_": str(4 << 20)}
IN_FLIGHT = 2  # requests handed to the worker at once: the next is ready, the rest wait
URGENT, ROUTINE, LAST = 0, 1, 2  # an urgent request overtakes routine ones still waiting


@dataclass(eq=False)
class _Worker:
    """One worker process, a thread writing its requests and one reading its answers."""

    process: subprocess.Popen[bytes]
    jobs: dict[int, Future[bytes]] = field(default_factory=dict)
    outbox: queue.PriorityQueue[tuple[int, int, bytes | None]] = field(
        default_factory=queue.PriorityQueue)
    window: threading.Semaphore = field(default_factory=lambda: threading.Semaphore(IN_FLIGHT))
    drawings: int = 0
    threads: list[threading.Thread] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)
    gone: bool = False  # the reader saw the end: nothing sent now would be answered

    @classmethod
    def start(cls) -> _Worker:
        process = subprocess.Popen(
            [sys.executable, "-m", "render.worker", str(os.getpid())],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, close_fds=True,
            env={**MALLOC_TUNING, **os.environ})
        worker = cls(process)
        worker.threads = [
            threading.Thread(target=worker._write, name="drawing-writer", daemon=True),
            threading.Thread(target=worker._read, name="drawing-reader", daemon=True)]
        for thread in worker.threads:
            thread.start()
        return worker

    def send(self, job: int, request: DrawRequest, future: Future[bytes],
             priority: int) -> bool:
        """Queue a request; False if the worker has already stopped."""
        payload = pickle.dumps((job, request), protocol=pickle.HIGHEST_PROTOCOL)
        with self.lock:
            if self.gone:
                return False
            self.jobs[job] = future
        self.drawings += 1
        self.outbox.put((priority, job, payload))
        return True

    def retire(self) -> None:
        """No more requests: the worker answers what it has, then exits."""
        self.outbox.put((LAST, 0, None))

    def _write(self) -> None:
        """Hand requests over at most IN_FLIGHT at a time, urgent ones first."""
        sink = self.process.stdin
        assert sink is not None
        try:
            while (payload := self.outbox.get()[2]) is not None:
                self.window.acquire()
                if self.gone:
                    break
                write_frame(sink, payload)
        except OSError:  # the worker is gone; the reader fails what it owed
            pass
        finally:
            with contextlib.suppress(OSError):
                sink.close()

    def _read(self) -> None:
        source = self.process.stdout
        assert source is not None
        while (payload := read_frame(source)) is not None:
            job, ok, answer = pickle.loads(payload)
            self.window.release()
            future = self.jobs.pop(job, None)
            if future is None or not future.set_running_or_notify_cancel():
                continue
            if ok:
                future.set_result(answer)
            else:
                future.set_exception(DrawingError(answer))
        self.process.wait()
        with self.lock:
            self.gone = True
            owed, self.jobs = list(self.jobs.values()), {}
        self.window.release()  # a writer waiting for room sees `gone` and ends
        self.retire()  # … and so does one waiting for work
        for future in owed:  # a crash: nothing more will come
            if future.set_running_or_notify_cancel():
                future.set_exception(DrawingError("the drawing worker stopped"))

    def stop(self, *, cancel_pending: bool) -> None:
        if cancel_pending:
            with self.lock:
                owed = list(self.jobs.values())
            for future in owed:
                future.cancel()
            self.process.terminate()
        self.retire()
        for thread in self.threads:
            thread.join()


class DrawingError(RuntimeError):
    """A picture the worker could not draw (its reason), or a worker that stopped."""


class DrawingPool:
    """One worker process that draws `DrawRequest`s; close it (or use `with`) to stop.

    The worker is a fresh interpreter (`python -m render.worker`) fed through its pipes:
    starting it is fork + exec, safe from a process running threads (the bot's event
    loop, the database), and no multiprocessing helper process or semaphore is needed.
    After `recycle_after` drawings a fresh worker takes over while the old one answers
    what it was given, so whatever the drawing code holds on to cannot grow without end.
    """

    def __init__(self, *, recycle_after: int = RECYCLE_AFTER) -> None:
        self.recycle_after = recycle_after
        self._lock = threading.Lock()
        self._worker: _Worker | None = None
        self._retired: list[_Worker] = []
        self._jobs = itertools.count()
        self._closed = False

    def submit(self, request: DrawRequest, *, urgent: bool = False) -> Future[bytes]:
        """Draw `request` in the worker. `urgent`: someone waits for this answer (a
        private step), so it goes before routine requests not yet handed over. A request
        no game draws is refused here, before the worker is asked (ValueError)."""
        check(request)
        future: Future[bytes] = Future()
        priority = URGENT if urgent else ROUTINE
        with self._lock:
            if self._closed:
                raise RuntimeError("the drawing pool is closed")
            worker = self._worker
            if worker is None or not worker.send(next(self._jobs), request, future,
                                                 priority):
                worker = self._worker = _Worker.start()
                worker.send(next(self._jobs), request, future, priority)
            if worker.drawings >= self.recycle_after:
                worker.retire()
                self._retired = [w for w in self._retired if w.process.poll() is None]
                self._retired.append(worker)
                self._worker = None  # the next request starts a fresh worker
        return future

    @property
    def started(self) -> bool:
        """Whether a worker is running (the next request does not wait for one to start)."""
        worker = self._worker
        return worker is not None and not worker.gone

    def draw_many(self, requests: Sequence[DrawRequest]) -> list[bytes]:
        """Draw several pictures and wait for all of them (order kept)."""
        return [future.result() for future in [self.submit(r) for r in requests]]

    def worker_pids(self) -> list[int]:
        """Process ids of the running workers (for memory figures and shutdown checks); a
        worker that has just left may be listed until it is reaped."""
        with self._lock:
            workers = [*self._retired, *([self._worker] if self._worker else [])]
        return [w.process.pid for w in workers if w.process.poll() is None]

    def close(self, *, cancel_pending: bool = True) -> None:
        """Stop the workers: pending requests are cancelled (or drawn first), every
        worker process exits and is reaped, and nothing is left running."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
            workers = [*self._retired, *([self._worker] if self._worker else [])]
            self._worker, self._retired = None, []
        for worker in workers:
            worker.stop(cancel_pending=cancel_pending)
    def __enter__(self) -> DrawingPool:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.close()


__all__ = ["IN_FLIGHT", "MALLOC_TUNING", "DrawRequest", "DrawingError", "DrawingPool",
           "deferred_index", "deferring", "draw", "picture", "shared_pool", "urgency",
           "use_pool"]
