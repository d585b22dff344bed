"""Kill a process in the middle of a stream of actions (SIGKILL), restart, check every game.

The worker says which actions it had acknowledged; after the kill the log holds all of
them, in order, and at most the one action that was in flight besides (R-… rules are
checked by replaying every logged game).
"""

from __future__ import annotations

import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bot.tables.domain import Status
from bot.tables.service import TableService
from bot.tables.store import SqliteStore
from engine.games.rng import Rng
from engine.moonriver.state import GameState
from engine.registry import Record, game_named, replay
from tests.bot.crash_worker import USERS

GAMES = 6
MOON_RIVER = game_named("moonriver")


def acknowledged(output: str) -> tuple[dict[int, list[str]], tuple[int, str] | None]:
    """Per game, the actions the worker reported done; and the one it was doing, if any."""
    acked: dict[int, list[str]] = {}
    in_flight: tuple[int, str] | None = None
    for line in output.split("\n")[:-1]:  # a line cut by the kill is not a report
        word, _, rest = line.partition(" ")
        game, _, action = rest.partition(" ")
        if word == "try":
            in_flight = (int(game), action)
        elif word == "ack":
            acked.setdefault(int(game), []).append(action)
            in_flight = None
    return acked, in_flight


@pytest.mark.system
async def test_sigkill_loses_at_most_the_action_in_flight(tmp_path: Path) -> None:
    path = tmp_path / "crash.sqlite3"
    known: dict[int, list[str]] = {}  # per game: the log as checked after the last kill
    root = Path(__file__).resolve().parents[2]
    # killed once it reported this many actions done: a moment in the stream of actions
    # however fast or loaded the machine (a fixed pause could see few actions, or none)
    for kill_after in (2 * GAMES + 3, 6 * GAMES):
        worker = subprocess.Popen(
            [sys.executable, "-m", "tests.bot.crash_worker", str(path), str(GAMES)],
            cwd=root, stdout=subprocess.PIPE, text=True)
        try:
            assert worker.stdout is not None
            ready, _, _ = select.select([worker.stdout], [], [], 60)
            assert ready and worker.stdout.readline().strip() == "ready"
            seen: list[str] = []
            deadline = time.monotonic() + 120
            while sum(line.startswith("ack ") for line in seen) < kill_after:
                line = worker.stdout.readline()  # the worker reports without pause
                assert line and time.monotonic() < deadline, "the worker stopped reporting"
                seen.append(line)
        finally:
            os.kill(worker.pid, signal.SIGKILL)
            worker.wait(timeout=10)
        assert worker.stdout is not None
        acked, in_flight = acknowledged("".join(seen) + worker.stdout.read())
        assert sum(map(len, acked.values())) > 2 * GAMES  # it really played before the kill

        store = SqliteStore(path)
        await store.open()
        service = TableService(store)
        await service.resume()
        assert await store.snapshot_mismatches() == []
        finished = await store.games_with_status(Status.FINISHED)
        games = [*finished, *await store.games_with_status(Status.ACTIVE)]
        assert set(acked) <= {g.id for g in games}
        for game_id, texts in known.items():
            acked[game_id] = texts + acked.get(game_id, [])
        unacknowledged = []
        for game in games:
            actions = await store.actions(game.id)
            assert [a.seq for a in actions] == list(range(1, len(actions) + 1))
            texts = [a.text for a in actions]
            mine = acked.get(game.id, [])
            assert texts[:len(mine)] == mine  # every acknowledged action survived, in order
            unacknowledged += [(game.id, text) for text in texts[len(mine):]]
            names = tuple(s.name for s in game.seats)
            record = Record("moonriver", game.seed, names, MOON_RIVER.options({}),
                            tuple(texts))
            rebuilt = replay(record).state  # every logged action is legal, in order
            if game.status is Status.FINISHED:
                (stored,) = [r for r in await store.results(None) if r.game_id == game.id]
                result = MOON_RIVER.result(rebuilt)
                assert result is not None
                assert dict(zip(names, result.scores, strict=True)) == stored.scores
                known[game.id] = texts
                continue
            snap = await store.snapshot(game.id)
            assert GameState.from_dict(snap.state) == rebuilt
            # and the game goes on
            status = await service.status(game.channel_id)
            user = USERS[status.game.seats[status.state.active_seat].user_id]
            option = Rng(game.id).choice(await service.legal(game.channel_id, user))
            result = await service.act(game.channel_id, user, str(option), status.game.version)
            known[game.id] = texts + [str(p.action) for p in result.played]
        # nothing beyond the action in flight when the process died
        assert unacknowledged in ([], [in_flight])
        await store.close()
