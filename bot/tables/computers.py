"""Computer seats' moves, chosen off the event loop.

A `hard` (strong) player searches for up to `think_ms` a decision. In a thread of the
bot's process it would hold the GIL and slow every other table, so its decisions go to
a worker process. A request is plain data (the game's registry key, the state as its
dict, the AI's name, seed and budget); the answer is the action's text, which the caller
applies on the loop side like anyone's move, so events and narration are the same.

Cheap players stay in the bot's process, in a thread: `random` takes microseconds a
decision and `greedy` a median 0.4 ms, less than a round trip to the worker costs
(`python -m benchmarks.computers`), and with one worker a `normal` table would queue
behind a `hard` table's search.

Nothing stalls and nothing is lost: a crashed worker is replaced and the decision sent
again; a worker that does not answer within the budget plus a grace is replaced and
`greedy` decides in-process instead. Without a worker (the sandbox, the command line,
most tests) every decision runs in-process in a thread.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import threading
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any

from bot import APP_NAME
from engine.games.base import GameRules
from engine.games.events import Event
from engine.games.levels import DEFAULT_THINK_MS, ai_name
from engine.registry import DEFAULT_GAME, game_named

#: The AIs whose decisions go to the worker: the ones that search.
WORKER_AIS = frozenset({"strong"})
#: What decides when the worker fails to answer in time.
FALLBACK_AI = "greedy"
#: A worker answers within its think budget plus this, or is replaced.
GRACE_SECONDS = 2.0
#: A new worker must be ready (interpreter up, engine imported) within this.
START_SECONDS = 60.0
#: Seed spacing between a computer's successive decisions (kept from the first version,
#: so tables keep choosing as before).
SEED_STEP = 7919

log = logging.getLogger(APP_NAME)


@dataclass(frozen=True, slots=True)
class Decision:
    """One decision to make, as plain picklable values."""

    game: str  # engine.games registry key
    state: dict[str, Any]  # the game's state_to_dict
    ai: str  # an AI name or level
    seed: int
    think_ms: int = DEFAULT_THINK_MS
    iterations: int | None = None


def decide(request: Decision) -> str:
    """The chosen action's text (runs in the worker, or in-process)."""
    rules = game_named(request.game)
    player = rules.make_player(request.ai, request.seed, think_ms=request.think_ms,
                               iterations=request.iterations)
    return str(player.choose(rules.state_from_dict(request.state)))


def _ready() -> int:
    """A no-op answered once the worker is up: the first real decision's clock then
    measures thinking, not the interpreter's start."""
    return os.getpid()


def _start_worker(parent: int) -> None:
    """Import the engine once, and leave with the parent: a bot killed with SIGKILL must
    not leave its worker behind (as render.pool's drawing worker does)."""
    import engine.registry  # noqa: F401  (every game's rules, imported once)

    def watch_parent() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(0)

    threading.Thread(target=watch_parent, name="parent-watch", daemon=True).start()


@dataclass(frozen=True, slots=True)
class ComputerMove:
    """One decision a computer made and what it did."""

    seat: int
    action: Any
    events: tuple[Event, ...]


class ComputerSeats:
    """Chooses computer moves without holding up the event loop: searching players in
    `workers` worker processes (0: in-process, in a thread), the rest in a thread.

    Close it when the bot stops: pending decisions are cancelled and no child process
    is left running. The workers are started on first use, with "spawn" (a fork of a
    process running threads is unsafe), like render.pool.DrawingPool."""

    def __init__(self, *, workers: int = 0, think_ms: int = DEFAULT_THINK_MS,
                 iterations: int | None = None, grace_seconds: float = GRACE_SECONDS) -> None:
        if workers < 0 or think_ms <= 0:
            raise ValueError("workers must be >= 0 and think_ms > 0")
        self.workers = workers
        self.think_ms = think_ms
        self.iterations = iterations
        self.grace_seconds = grace_seconds
        self._executor: ProcessPoolExecutor | None = None
        self._slots: asyncio.Semaphore | None = None  # made on the loop that uses it
        self._starting: asyncio.Lock | None = None
        self._closed = False
        self.replaced = 0  # workers replaced after a crash or a silence (for logs, tests)
        self.fallbacks = 0  # decisions greedy made because the worker did not answer

    # --- playing ---------------------------------------------------------------------------

    async def play(self, state: Any, ais: Sequence[str | None], seed: int, *,
                   rules: GameRules | None = None) -> tuple[Any, list[ComputerMove]]:
        """Every computer seat (`ais[seat]`, None for a person) moves until a person is
        to decide or the game ends."""
        rules = rules or game_named(DEFAULT_GAME)
        moves: list[ComputerMove] = []
        while not rules.is_over(state):
            seat = rules.active_seat(state)
            ai = None if seat is None else ais[seat]
            if seat is None or ai is None:
                break
            state = await self._move(rules, state, seat, ai,
                                     seed + len(moves) * SEED_STEP + seat, moves)
        return state, moves

    async def stand_in(self, state: Any, seat: int, level: str, seed: int, *,
                       rules: GameRules | None = None) -> tuple[Any, list[ComputerMove]]:
        """A computer at `level` plays `seat`'s one player turn: the stand-in for a silent
        player or one who left. It stops where the game says the turn ends
        (`GameRules.ends_turn`), even when the same seat moves next (a new round may
        begin with the player who ended the last, R-ROUND-1, K-TURN-1): that next turn
        is the player's again, with a fresh deadline."""
        rules = rules or game_named(DEFAULT_GAME)
        moves: list[ComputerMove] = []
        while not rules.is_over(state) and rules.active_seat(state) == seat:
            before = state
            state = await self._move(rules, state, seat, level, seed + len(moves), moves)
            if rules.ends_turn(before, state, moves[-1].events):
                break
        return state, moves

    async def _move(self, rules: GameRules, state: Any, seat: int, ai: str, seed: int,
                    moves: list[ComputerMove]) -> Any:
        if self._in_worker_for(ai):
            text = await self.choose(Decision(rules.key, rules.state_to_dict(state), ai,
                                              seed, self.think_ms, self.iterations))
            action = rules.parse_action(text)
        else:  # the state object itself: no round trip through its dict
            player = rules.make_player(ai, seed, think_ms=self.think_ms,
                                       iterations=self.iterations)
            action = await asyncio.to_thread(player.choose, state)
        after, events = rules.apply(state, action)
        moves.append(ComputerMove(seat, action, tuple(events)))
        return after

    async def choose(self, request: Decision) -> str:
        """The action text for one decision, from the worker when the AI searches and a
        worker is configured, else from a thread of this process."""
        if self._in_worker_for(request.ai):
            answer = await self._in_worker(request)
            if answer is not None:
                return answer
            self.fallbacks += 1
            request = Decision(request.game, request.state, FALLBACK_AI, request.seed)
        return await asyncio.to_thread(decide, request)

    def _in_worker_for(self, ai: str) -> bool:
        return bool(self.workers) and ai_name(ai) in WORKER_AIS and not self._closed

    # --- the worker --------------------------------------------------------------------------

    async def _in_worker(self, request: Decision) -> str | None:
        """The worker's answer; None when it could not give one in time (the caller falls
        back). A crashed worker is replaced and the request sent once more."""
        if self._slots is None:
            self._slots = asyncio.Semaphore(self.workers)
        # one request per worker at a time, so the clock below measures thinking, never
        # waiting behind another table's search
        async with self._slots:
            for attempt in (1, 2):
                try:
                    executor = await self._started()
                    future = asyncio.wrap_future(executor.submit(decide, request))
                    return await asyncio.wait_for(future, self._answer_within(request))
                except BrokenProcessPool:
                    log.warning("the computer worker died (attempt %d); starting another",
                                attempt)
                    await self._replace()
                except TimeoutError:
                    log.warning("the computer worker gave no answer within %.1f s; %s "
                                "decides instead", self._answer_within(request), FALLBACK_AI)
                    await self._replace()
                    return None
        return None

    def _answer_within(self, request: Decision) -> float:
        return request.think_ms / 1000 + self.grace_seconds

    async def _started(self) -> ProcessPoolExecutor:
        """The running executor, started (and waited for) on first use."""
        if self._starting is None:
            self._starting = asyncio.Lock()
        async with self._starting:
            if self._executor is None:
                if self._closed:
                    raise BrokenProcessPool("the computer worker is closed")
                executor = ProcessPoolExecutor(
                    max_workers=self.workers, mp_context=multiprocessing.get_context("spawn"),
                    initializer=_start_worker, initargs=(os.getpid(),))
                self._executor = executor
                ready = [asyncio.wrap_future(executor.submit(_ready))
                         for _ in range(self.workers)]
                await asyncio.wait_for(asyncio.gather(*ready), START_SECONDS)
            return self._executor

    async def _replace(self) -> None:
        """Drop the current workers (killed if still running: a silent one may be stuck)
        so the next request starts fresh ones."""
        executor, self._executor = self._executor, None
        if executor is not None:
            self.replaced += 1
            await asyncio.to_thread(_stop, executor, kill=True)

    def worker_pids(self) -> list[int]:
        """Process ids of the running workers (for shutdown checks and tests)."""
        return _pids(self._executor) if self._executor is not None else []

    def close(self, wait: float = 1.0) -> None:
        """Stop the workers: pending decisions are cancelled, an idle worker exits, one
        still searching after `wait` seconds is killed (at shutdown the moves in flight
        have had their drain time already; its decision falls to greedy in-process).
        Blocking: call it from a thread in async code."""
        self._closed = True
        executor, self._executor = self._executor, None
        if executor is not None:
            _stop(executor, kill=False, wait=wait)


def _pids(executor: ProcessPoolExecutor) -> list[int]:
    processes = getattr(executor, "_processes", None) or {}
    return list(processes)


def _stop(executor: ProcessPoolExecutor, *, kill: bool, wait: float = 0.0) -> None:
    """Shut an executor down and make sure its processes are gone (and reaped)."""
    processes = list((getattr(executor, "_processes", None) or {}).values())
    if kill:
        for process in processes:
            process.kill()
    executor.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.join(wait)
        if process.is_alive():
            process.kill()
            process.join()
