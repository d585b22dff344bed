"""Computer seats off the event loop: a real worker process, real SQLite.

A `hard` seat's search runs in the worker, so this process stays free for other tables;
a killed worker is replaced and the decision retried; a silent one is replaced and
greedy decides; closing leaves no child process; the stand-in plays at the table's level.
"""

from __future__ import annotations

import asyncio
import os
import signal
import sqlite3
import statistics
import time
from collections.abc import AsyncIterator
from dataclasses import replace
from pathlib import Path

import pytest

from bot.config import ConfigError, load_settings
from bot.tables.computers import GRACE_SECONDS, ComputerSeats, Decision, decide
from bot.tables.domain import TableSettings
from bot.tables.errors import BadInput
from bot.tables.service import TableService
from bot.tables.store import SqliteStore
from engine.games.levels import AI_LEVELS, DEFAULT_THINK_MS
from engine.moonriver.actions import parse_action
from engine.moonriver.ai import make_player
from engine.moonriver.game import legal_actions, new_game
from engine.moonriver.state import GameState
from tests.bot.conftest import ALICE, BOB, CAROL, Clock

HARD_TABLE, OTHER_TABLE = 100, 200


def gone(pid: int) -> bool:
    """Whether a process no longer exists (exited and reaped)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


def setup_decision(ai: str = "strong", think_ms: int = 100, seed: int = 3) -> tuple[GameState,
                                                                                     Decision]:
    """A real search decision: the first parcel choice of a 3-player game."""
    state = new_game(["Ann", "Ben", "Cy"], 11)
    return state, Decision("moonriver", state.to_dict(), ai, seed, think_ms)


async def searching(pid: int, timeout: float = 60) -> None:
    """Wait until a worker is mid-search: it has used CPU since this was called."""
    before = cpu_seconds(pid)
    async with asyncio.timeout(timeout):
        while cpu_seconds(pid) - before < 0.05:
            await asyncio.sleep(0.01)


async def dead(pid: int, timeout: float = 30) -> None:
    """Wait until a killed process is dead (a zombie not yet reaped, or gone)."""
    async with asyncio.timeout(timeout):
        while True:
            try:
                stat = Path(f"/proc/{pid}/stat").read_text()
            except FileNotFoundError:
                return
            if stat.rsplit(")", 1)[1].split()[0] in ("Z", "X"):
                return
            await asyncio.sleep(0.01)


def cpu_seconds(pid: int) -> float:
    """User + system CPU time a process has used, from /proc."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@pytest.fixture
async def sqlite(tmp_path: Path) -> AsyncIterator[SqliteStore]:
    store = SqliteStore(tmp_path / "games.sqlite3")
    await store.open()
    yield store
    await store.close()


@pytest.mark.system
async def test_a_hard_seat_searches_in_the_worker_while_other_tables_play(
        sqlite: SqliteStore) -> None:
    """While a `hard` table's computers think, another table's moves are answered at
    once, and the search burns the worker's CPU, not the bot's (in a thread it would
    hold the bot's GIL). CPU time, not wall time: the machine may be shared and busy."""
    computers = ComputerSeats(workers=1, think_ms=300)
    service = TableService(sqlite, computers=computers)
    try:
        await service.create(HARD_TABLE, ALICE)
        for _ in range(3):
            await service.add_ai(HARD_TABLE, ALICE, "strong")
        await service.create(OTHER_TABLE, BOB)
        await service.join(OTHER_TABLE, CAROL)
        await service.start(OTHER_TABLE, BOB)
        await computers.choose(setup_decision(think_ms=20)[1])  # the worker is up
        [worker] = computers.worker_pids()

        async def hard_table() -> float:
            """Alice plays her first legal move until the computers thought ~2 s."""
            started = time.perf_counter()
            result = await service.start(HARD_TABLE, ALICE)
            while time.perf_counter() - started < 2.0 and not result.finished:
                option = (await service.legal(HARD_TABLE, ALICE))[0]
                result = await service.act(HARD_TABLE, ALICE, str(option), result.game.version)
            return time.perf_counter() - started

        cpu_before, worker_before = time.process_time(), cpu_seconds(worker)
        hard = asyncio.create_task(hard_table())
        latencies: list[float] = []
        users = {BOB.id: BOB, CAROL.id: CAROL}
        while not hard.done():
            status = await service.status(OTHER_TABLE)
            assert status.state is not None and status.state.active_seat is not None
            mover = users[status.game.seats[status.state.active_seat].user_id or 0]
            option = (await service.legal(OTHER_TABLE, mover))[0]
            began = time.perf_counter()
            await service.act(OTHER_TABLE, mover, str(option), status.game.version)
            latencies.append(time.perf_counter() - began)
            await asyncio.sleep(0.05)  # a person's pace, so this table is not a CPU hog
        thinking = await hard
        cpu = time.process_time() - cpu_before
        worker_cpu = cpu_seconds(worker) - worker_before
    finally:
        await asyncio.to_thread(computers.close)
    assert thinking >= 1.5, "the hard seats made no decisions worth timing"
    assert computers.fallbacks == 0 and computers.replaced == 0
    assert len(latencies) >= 10
    assert statistics.median(latencies) < 0.3, f"the other table waited {latencies}"
    assert worker_cpu > 2 * cpu, f"search CPU: worker {worker_cpu:.2f} s, bot {cpu:.2f} s"


@pytest.mark.system
async def test_a_killed_worker_is_replaced_and_the_decision_retried() -> None:
    state, request = setup_decision(think_ms=1200)
    computers = ComputerSeats(workers=1, think_ms=1200)
    try:
        await computers.choose(setup_decision(think_ms=20)[1])  # the worker is up
        [first] = computers.worker_pids()
        thinking = asyncio.create_task(computers.choose(request))
        await searching(first)
        os.kill(first, signal.SIGKILL)
        text = await asyncio.wait_for(thinking, 10)
        assert parse_action(text) in legal_actions(state)
        assert computers.replaced == 1 and computers.fallbacks == 0  # the worker decided
        [second] = computers.worker_pids()
        assert second != first and gone(first)

        os.kill(second, signal.SIGKILL)  # killed while idle: the next request notices
        await dead(second)
        quick = replace(request, think_ms=50)
        assert parse_action(await computers.choose(quick)) in legal_actions(state)
        assert computers.replaced == 2 and computers.fallbacks == 0
        assert computers.worker_pids() and second not in computers.worker_pids()
    finally:
        await asyncio.to_thread(computers.close)


@pytest.mark.system
async def test_a_silent_worker_is_replaced_and_greedy_decides_in_time() -> None:
    state, request = setup_decision(think_ms=100)
    computers = ComputerSeats(workers=1, think_ms=100)
    try:
        await computers.choose(request)  # the worker is up
        [silent] = computers.worker_pids()
        computers.grace_seconds = 0.4  # only now: a loaded machine may be slow to start
        os.kill(silent, signal.SIGSTOP)  # alive, but it will never answer
        began = time.perf_counter()
        text = await computers.choose(request)
        waited = time.perf_counter() - began
        greedy = decide(replace(request, ai="greedy"))
        assert text == greedy, "the fallback is greedy's choice"
        assert waited < 0.1 + 0.4 + 1.0, f"the table waited {waited:.2f} s"
        assert computers.fallbacks == 1 and computers.replaced == 1
        assert gone(silent), "the silent worker was killed and reaped"
        computers.grace_seconds = GRACE_SECONDS
        assert parse_action(await computers.choose(request)) in legal_actions(state)
        assert computers.fallbacks == 1, "a fresh worker answers the next decision"
    finally:
        await asyncio.to_thread(computers.close)


@pytest.mark.system
async def test_close_leaves_no_child_process_even_mid_search() -> None:
    state, request = setup_decision(think_ms=3000)
    computers = ComputerSeats(workers=1, think_ms=3000)
    await computers.choose(replace(request, think_ms=20))
    [pid] = computers.worker_pids()
    thinking = asyncio.create_task(computers.choose(request))
    await searching(pid)
    began = time.perf_counter()
    await asyncio.to_thread(computers.close, 0.5)  # a search of 3 s is not waited for
    assert time.perf_counter() - began < 2.5
    assert gone(pid) and computers.worker_pids() == []
    assert pid not in _workers()
    # the decision under way still gets an answer: greedy's, in-process
    assert parse_action(await asyncio.wait_for(thinking, 15)) in legal_actions(state)
    assert computers.fallbacks == 1


def _workers() -> list[int]:
    """This process's child worker processes (spawned ones, not multiprocessing's
    resource tracker), from /proc; a zombie counts: it was not reaped."""
    found = []
    for task in Path(f"/proc/{os.getpid()}/task").iterdir():
        try:  # threads come and go while we look
            children = (task / "children").read_text().split()
        except FileNotFoundError:
            continue
        for pid in children:
            try:
                command = Path(f"/proc/{pid}/cmdline").read_bytes()
            except FileNotFoundError:
                continue
            if b"spawn_main" in command or not command:  # a zombie has no command line
                found.append(int(pid))
    return found


async def test_without_a_worker_every_level_plays_in_process() -> None:
    """The sandbox and the command line have no worker: decisions run in a thread."""
    state, request = setup_decision(think_ms=50)
    computers = ComputerSeats()
    for level in AI_LEVELS:
        text = await computers.choose(replace(request, ai=level))
        assert parse_action(text) in legal_actions(state)
    assert computers.worker_pids() == [] and _workers() == []


@pytest.mark.system
async def test_the_worker_chooses_what_the_player_would_in_process() -> None:
    """With an iteration budget the strong player is deterministic: the worker's answer
    is exactly the in-process one (the request carries everything that matters)."""
    state, request = setup_decision()
    request = replace(request, iterations=2)
    computers = ComputerSeats(workers=1)
    try:
        assert await computers.choose(request) == decide(request)
        expected = make_player("strong", request.seed, iterations=2).choose(state)
        assert await computers.choose(request) == str(expected)
    finally:
        await asyncio.to_thread(computers.close)


# --- the stand-in's level (a table setting) -----------------------------------------------


@pytest.mark.system
@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
async def test_the_stand_in_plays_at_the_tables_level(sqlite: SqliteStore, level: str) -> None:
    """The silent player's turn is played by the table's `standin_level`: its first
    decision is exactly what that level's player chooses (hard in the worker, with an
    iteration budget so that the answer does not depend on speed), in a position where
    the levels choose differently."""
    clock = Clock()
    computers = ComputerSeats(workers=1, think_ms=50, iterations=2)
    service = TableService(sqlite, clock=clock, computers=computers)
    users = {ALICE.id: ALICE, BOB.id: BOB}
    try:
        settings = TableSettings(autoplay_after_hours=1, standin_level=level)
        await service.create(HARD_TABLE, ALICE, settings=settings, seed=21)
        await service.join(HARD_TABLE, BOB)
        result = await service.start(HARD_TABLE, ALICE)
        for _ in range(40):  # people move on until the levels would disagree
            state, game = result.state, result.game
            seed = game.seed + game.version  # the stand-in's seed for its first decision
            expected = {name: make_player(name, seed, think_ms=50, iterations=2).choose(state)
                        for name in AI_LEVELS}
            if len({str(a) for a in expected.values()}) == len(AI_LEVELS):
                break
            assert result.next_user is not None
            mover = users[result.next_user]
            option = (await service.legal(HARD_TABLE, mover))[0]
            result = await service.act(HARD_TABLE, mover, str(option), game.version)
        else:
            raise AssertionError("no position where the levels choose differently")
        seat = state.active_seat
        clock.advance(2)
        [fired] = await service.run_deadlines()
        assert fired.outcome == "played" and fired.result is not None
        first = fired.result.played[0]
        assert first.seat == seat
        assert first.action == expected[level]
    finally:
        await asyncio.to_thread(computers.close)


async def test_a_bad_stand_in_level_is_refused_and_changes_nothing(
        sqlite: SqliteStore) -> None:
    service = TableService(sqlite, clock=Clock())
    game = await service.create(HARD_TABLE, ALICE)
    assert game.settings.standin_level == "normal"  # the default: greedy, as before
    with pytest.raises(BadInput) as refused:
        TableSettings(standin_level="genius")
    assert refused.value.params["field"] == "standin_level"
    with pytest.raises(BadInput):  # a level's AI name is not a level
        replace(game.settings, locale="de", standin_level="strong")
    assert (await service.status(HARD_TABLE)).game.settings == game.settings
    saved = await service.update_settings(HARD_TABLE, ALICE,
                                          replace(game.settings, standin_level="hard"))
    assert saved.settings.standin_level == "hard"


async def test_settings_stored_before_the_stand_in_level_still_load(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    store = SqliteStore(path)
    await store.open()
    game = await TableService(store).create(HARD_TABLE, ALICE)
    await store.close()
    old = '{"remind_after_hours": [6.0], "autoplay_after_hours": 24.0, "locale": "de", ' \
          '"theme": "light"}'
    with sqlite3.connect(path) as db:
        db.execute("UPDATE games SET settings = ? WHERE id = ?", (old, game.id))
    store = SqliteStore(path)
    await store.open()
    try:
        loaded = await store.game(game.id)
        assert loaded is not None
        assert loaded.settings == TableSettings((6.0,), 24.0, "de", "light", "normal")
    finally:
        await store.close()


# --- configuration ---------------------------------------------------------------------------


def test_the_think_budget_and_workers_come_from_the_environment() -> None:
    assert load_settings({}, require_token=False).think_ms == DEFAULT_THINK_MS
    settings = load_settings({"MOONRIVER_THINK_MS": "250", "MOONRIVER_COMPUTER_WORKERS": "0"},
                             require_token=False)
    assert (settings.think_ms, settings.computer_workers) == (250, 0)
    for name, value in (("MOONRIVER_THINK_MS", "5"), ("MOONRIVER_THINK_MS", "1.5"),
                        ("MOONRIVER_COMPUTER_WORKERS", "9")):
        with pytest.raises(ConfigError, match=name):
            load_settings({name: value}, require_token=False)
