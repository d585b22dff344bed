"""The drawing worker: answers in order, survives a bad request, is replaced
after a crash, and is recycled after `recycle_after` drawings so it cannot grow forever."""

from __future__ import annotations

import os
import pickle
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from render.pool import (
    IN_FLIGHT,
    DrawingError,
    DrawingPool,
    DrawRequest,
    deferred_index,
    deferring,
    draw,
    picture,
)
from tests.render.golden import played_with_events


def running(pid: int) -> bool:
    """Whether `pid` is a live process (an exited one its new parent has not yet reaped
    counts as gone)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] not in ("Z", "X")


def gone(pid: int, within: float = 30.0) -> bool:
    """Whether process `pid` has exited (waiting up to `within` s)."""
    deadline = time.monotonic() + within
    while running(pid):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


def settled(pool: DrawingPool, within: float = 30.0) -> list[int]:
    """The pool's one worker, once a worker that just left has been reaped."""
    deadline = time.monotonic() + within
    while len(pids := pool.worker_pids()) != 1 and time.monotonic() < deadline:
        time.sleep(0.05)
    return pids


OWNER = """
import sys, time
from render.pool import DrawingPool, DrawRequest
from tests.render.golden import played_with_events
state, events = played_with_events(2, 3, 9)
pool = DrawingPool()
pool.submit(DrawRequest.of("moonriver", "ranch", state, seat=0)).result(timeout=60)
print(pool.worker_pids()[0], flush=True)
time.sleep(120)
"""


@pytest.mark.system
def test_the_worker_leaves_when_its_owner_is_killed() -> None:
    """A bot killed with SIGKILL runs no cleanup: its worker must notice by itself."""
    owner = subprocess.Popen([sys.executable, "-c", OWNER], stdout=subprocess.PIPE,
                             text=True, cwd=Path(__file__).resolve().parents[2])
    try:
        assert owner.stdout is not None
        worker = int(owner.stdout.readline())
        assert running(worker)
        owner.kill()
        owner.wait()
        assert gone(worker)
    finally:
        owner.kill()
        owner.wait()


@pytest.mark.system
def test_a_worker_is_recycled_after_its_quota_of_drawings() -> None:
    state, events = played_with_events(3, 5, 9)
    request = DrawRequest.of("moonriver", "turn", state, events=tuple(events))
    expected = draw(request)
    with DrawingPool(recycle_after=2) as pool:
        first = [pool.submit(request), pool.submit(request)]
        (old,) = pool.worker_pids()
        third = pool.submit(request)  # a fresh worker takes it
        assert [f.result(timeout=60) for f in [*first, third]] == [expected] * 3
        assert gone(old)  # answered what it had, then left
        assert settled(pool) != [old]  # only the fresh worker is left


@pytest.mark.system
def test_a_picture_that_cannot_be_drawn_answers_with_its_reason() -> None:
    state, _events = played_with_events(2, 3, 9)
    with DrawingPool() as pool:
        bad = pool.submit(DrawRequest.of("moonriver", "ranch", state, seat=7))  # 2 players
        good = pool.submit(DrawRequest.of("moonriver", "ranch", state, seat=1))
        with pytest.raises(DrawingError, match="Error"):
            bad.result(timeout=60)
        assert good.result(timeout=60)[:8] == b"\x89PNG\r\n\x1a\n"
        assert len(pool.worker_pids()) == 1  # the same worker went on


@pytest.mark.system
def test_a_crashed_worker_fails_what_it_owed_and_the_next_request_gets_a_new_one() -> None:
    state, events = played_with_events(3, 5, 9)
    request = DrawRequest.of("moonriver", "turn", state, events=tuple(events))
    with DrawingPool() as pool:
        pool.submit(request).result(timeout=60)
        (old,) = pool.worker_pids()
        owed = [pool.submit(request) for _ in range(20)]
        os.kill(old, signal.SIGKILL)
        outcomes = []
        for future in owed:
            try:
                outcomes.append(future.result(timeout=60)[:4])
            except DrawingError:
                outcomes.append(b"lost")
        assert b"lost" in outcomes  # failed, not left hanging
        assert gone(old)
        assert pool.submit(request).result(timeout=60) == draw(request)
        assert settled(pool) != [old]


@pytest.mark.system
def test_an_urgent_picture_overtakes_routine_ones_still_waiting() -> None:
    """A private step's preview (someone waits) goes before table posts not yet handed
    to the worker: at most IN_FLIGHT of them are drawn first."""
    state, events = played_with_events(4, 5, 9)
    routine = DrawRequest.of("moonriver", "turn", state, events=tuple(events))
    urgent = DrawRequest.of("moonriver", "ranch", state, seat=0)
    finished: list[str] = []
    with DrawingPool() as pool:
        pool.submit(routine).result(timeout=60)  # the worker is up
        futures = [pool.submit(routine) for _ in range(6)] + [pool.submit(urgent, urgent=True)]
        for name, future in zip(["routine"] * 6 + ["urgent"], futures, strict=True):
            future.add_done_callback(lambda _f, n=name: finished.append(n))
        for future in futures:
            future.result(timeout=60)
    assert finished.index("urgent") <= IN_FLIGHT


@pytest.mark.system
def test_the_worker_keeps_its_freed_memory_for_the_next_picture() -> None:
    """Issue 10: the worker's malloc keeps freed buffers (page faults cost a fifth of its
    CPU otherwise); a setting the operator made wins."""
    from render.pool import MALLOC_TUNING

    state, events = played_with_events(2, 3, 9)
    with DrawingPool() as pool:
        request = DrawRequest.of("moonriver", "turn", state, events=tuple(events))
        pool.submit(request).result(timeout=60)
        environ = Path(f"/proc/{pool.worker_pids()[0]}/environ").read_bytes().split(b"\0")
    for name, value in MALLOC_TUNING.items():
        expected = os.environ.get(name, value)
        assert f"{name}={expected}".encode() in environ


def test_a_deferred_picture_is_listed_and_drawn_by_whoever_awaits_it() -> None:
    """`deferring`: `picture` draws nothing and hands back a stand-in naming the request,
    so a screen can be built on the event loop and its picture awaited from the worker."""
    request = DrawRequest.of("moonriver", "turn", played_with_events(2, 3, 9)[0])
    with deferring() as asked:
        first, second = picture(request), picture(request)
    assert asked == [request, request]
    assert (deferred_index(first), deferred_index(second)) == (0, 1)
    png = picture(request)  # outside the block: drawn (here, in place)
    assert png.startswith(b"\x89PNG") and deferred_index(png) is None


def test_a_worker_whose_bot_is_gone_leaves_quietly() -> None:
    """The bot stopped or was killed while a picture was being drawn: the answer meets a
    closed pipe, and the worker exits 0 without a traceback on the bot's log."""
    state, _ = played_with_events(2, 3, 2)
    request = pickle.dumps((1, DrawRequest.of("moonriver", "ranch", state, seat=0)),
                           protocol=pickle.HIGHEST_PROTOCOL)
    frame = len(request).to_bytes(4, "big") + request
    worker = subprocess.Popen([sys.executable, "-m", "render.worker", str(os.getpid())],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, cwd=Path(__file__).resolve().parents[2])
    assert worker.stdin is not None and worker.stdout is not None
    worker.stdout.close()  # nobody reads its answer
    worker.stdin.write(frame)
    worker.stdin.flush()
    _, errors = worker.communicate(timeout=60)
    assert worker.returncode == 0 and b"Traceback" not in errors, errors.decode()
