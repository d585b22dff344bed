"""Kill a process in the middle of a stream of actions (SIGKILL), restart, check every game."""

from __future__ import annotations

import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

from bot.tables.domain import Status
from bot.tables.service import TableService
from bot.tables.store import SqliteStore
from engine.record import GameRecord, replay, result_of
from engine.rng import Rng
from engine.state import GameState
from tests.bot.crash_worker import USERS

GAMES = 6


async def test_sigkill_loses_at_most_the_action_in_flight(tmp_path: Path) -> None:
    path = tmp_path / "crash.sqlite3"
    root = Path(__file__).resolve().parents[2]
    for kill_after in (0.3, 0.9):
        worker = subprocess.Popen(
            [sys.executable, "-m", "tests.bot.crash_worker", str(path), str(GAMES)],
            cwd=root, stdout=subprocess.PIPE, text=True)
        try:
            assert worker.stdout is not None
            ready, _, _ = select.select([worker.stdout], [], [], 60)
            assert ready and worker.stdout.readline().strip() == "ready"
            time.sleep(kill_after)
        finally:
            os.kill(worker.pid, signal.SIGKILL)
            worker.wait(timeout=10)

        store = SqliteStore(path)
        await store.open()
        service = TableService(store)
        await service.resume()
        assert await store.snapshot_mismatches() == []
        logged = 0
        finished = await store.games_with_status(Status.FINISHED)
        for game in [*finished, *await store.games_with_status(Status.ACTIVE)]:
            actions = await store.actions(game.id)
            logged += len(actions)
            assert [a.seq for a in actions] == list(range(1, len(actions) + 1))
            record = GameRecord(seed=game.seed, players=[s.name for s in game.seats],
                                actions=[a.text for a in actions])
            rebuilt = replay(record).state  # every logged action is legal, in order
            if game.status is Status.FINISHED:
                (stored,) = [r for r in await store.results(None) if r.game_id == game.id]
                assert result_of(rebuilt)["scores"] == stored.scores
                continue
            snap = await store.snapshot(game.id)
            assert GameState.from_dict(snap.state) == rebuilt
            # and the game goes on
            status = await service.status(game.channel_id)
            user = USERS[status.game.seats[status.state.active_seat].user_id]
            option = Rng(game.id).choice(await service.legal(game.channel_id, user))
            await service.act(game.channel_id, user, str(option), status.game.version)
        assert logged > 2 * GAMES  # the worker really played before it was killed
        await store.close()
