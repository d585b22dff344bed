"""Bot speed (issue 5): the real bot process against the fake Discord on 127.0.0.1.

    python -m benchmarks.bot [--games 100] [--turns 6] [--players 3] [--think 10]

Every game is a 2-player table in its own channel and all of them run at once; between
turns a player thinks for a random time (exponential, mean --think seconds; 0 makes every
player click back to back, which measures capacity, not what players feel). A player
turn: Play, then every step in the same private message (first letter, Confirm, first
choice) until the turn passes on. Figures: interaction received → first response
(median, p99), last tap → new table post (median, p99), and per player turn the taps,
new private messages, public table posts and pings (issue 9's targets).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import resource
import signal
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from tests.fake_discord import CHANNEL_ID, FakeDiscord, Sent, next_click

ROOT = Path(__file__).resolve().parents[1]


def mover(table: Sent) -> tuple[int, str]:
    user = int((table.allowed_mentions or {}).get("users", ["0"])[0])
    return (user, f"P{user}")


def is_post(sent: Sent, channel: int) -> bool:
    return sent.channel_id == str(channel) and sent.kind == "channel" and (
        "table.png" in sent.files or "final.png" in sent.files)


@dataclass
class Counts:
    """Per player turn: taps, new private messages, public posts and pings."""

    turns: int = 0
    taps: int = 0
    private: int = 0
    posts: int = 0
    pings: int = 0


async def play(fake: FakeDiscord, channel: int, turns: int, posted: list[float],
               counts: Counts, think: float = 0.0, players: int = 3,
               delay: float = 0.0) -> None:
    # Tables open 20 ms apart: a hundred /new in the same instant trip a store race
    # (create_game reads its new row back on the read connection before it is visible).
    await asyncio.sleep(delay)
    people = [(channel * 10 + i, f"P{channel * 10 + i}") for i in range(1, players + 1)]
    iid = await fake.slash(people[0], "new", channel_id=channel, players=players,
                           thread=False)
    lobby = await fake.wait_for(lambda s: s.interaction_id == iid and s.custom_ids(),
                                timeout=120)
    for guest in people[1:]:
        await fake.answered(await fake.click(guest, lobby, "mr:lobby:join"), timeout=60)
    before = len(fake.sent)
    await fake.click(people[0], lobby, "mr:lobby:start")
    table = await fake.wait_for(lambda s: is_post(s, channel), after=before, timeout=120)
    rng = random.Random(channel)
    for _ in range(turns):
        if "final.png" in table.files:
            break
        if think:
            await asyncio.sleep(rng.expovariate(1 / think))
        user = mover(table)
        before = len(fake.sent)
        turn = next(c for c in table.custom_ids() if c.startswith("mr:turn:"))
        iid = await fake.click(user, table, turn)
        message = await fake.wait_for(lambda s, i=iid: s.interaction_id == i, after=before,
                                      timeout=120)
        taps, clicks = 1, {iid}
        while message.custom_ids():
            custom_id, values = next_click(message)
            started = time.monotonic()
            iid = await fake.click(user, message, custom_id, values)
            clicks.add(iid)
            message = await fake.wait_for(lambda s, i=iid: s.interaction_id == i,
                                          after=before, timeout=120)
            taps += 1
        table = await fake.wait_for(lambda s: is_post(s, channel), after=before, timeout=120)
        posted.append(time.monotonic() - started)
        mine = [s for s in fake.sent[before:] if s.interaction_id in clicks]
        counts.turns += 1
        counts.taps += taps
        counts.private += sum(1 for s in mine if s.ephemeral
                              and s.kind in ("callback", "followup"))
        posts = [s for s in fake.sent[before:] if is_post(s, channel)]
        counts.posts += len(posts)
        counts.pings += sum(len((s.allowed_mentions or {}).get("users") or []) for s in posts)


def rss_mib(pid: int) -> float:
    """Resident memory of one process (Linux /proc), in MiB; 0 if it is gone."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def cpu_seconds(pid: int, task: int | None = None) -> float:
    """User + system CPU time of one process (or one of its threads) so far (Linux
    /proc), 0 if it is gone."""
    path = f"/proc/{pid}/task/{task}/stat" if task is not None else f"/proc/{pid}/stat"
    try:
        fields = Path(path).read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def threads(pid: int) -> list[int]:
    return sorted(int(t.name) for t in Path(f"/proc/{pid}/task").glob("*"))


def own_cpu_seconds() -> float:
    """CPU time of this process: the fake Discord and the simulated players."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def children(pid: int) -> list[int]:
    """Child processes (the drawing worker and multiprocessing's helper)."""
    out: list[int] = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            out += [int(c) for c in (task / "children").read_text().split()]
        except OSError:
            continue
    return out


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--turns", type=int, default=6)
    parser.add_argument("--think", type=float, default=10.0)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--profile", default=None,
                        help="write a cProfile of the bot process to this file (stopped "
                             "with SIGTERM so the profile is saved)")
    args = parser.parse_args()
    fake = FakeDiscord()
    await fake.start()
    with tempfile.TemporaryDirectory() as folder:
        env = {**os.environ, **fake.env, "MOONRIVER_DB": str(Path(folder) / "bench.sqlite3"),
               "MOONRIVER_LOG_LEVEL": "WARNING",
               "MOONRIVER_RATE_PER_MINUTE": "0"}  # measure the bot, not the rate limit
        command = ["-m", "bot.cli", "run"]
        if args.profile:
            command = ["-m", "benchmarks.profiled", args.profile, "bot.cli", "run"]
        process = await asyncio.create_subprocess_exec(sys.executable, *command, cwd=ROOT,
                                                       env=env)
        try:
            await asyncio.wait_for(fake.ready.wait(), 60)
            while not fake.commands:
                await asyncio.sleep(0.05)
            posted: list[float] = []
            single: list[float] = []
            warm, counts = Counts(), Counts()
            await play(fake, CHANNEL_ID + 1, args.turns, single, warm,
                       players=args.players)  # warm-up, one game alone
            fake.response_times.clear()
            pids = [process.pid, *children(process.pid)]
            cpu_before = [cpu_seconds(p) for p in pids] + [own_cpu_seconds()]
            tasks = threads(process.pid)
            task_before = [cpu_seconds(process.pid, t) for t in tasks]
            started = time.monotonic()
            await asyncio.gather(*(play(fake, CHANNEL_ID + 100 + i, args.turns, posted,
                                        counts, args.think, args.players, i * 0.02)
                                   for i in range(args.games)))
            elapsed = time.monotonic() - started
            task_used = [cpu_seconds(process.pid, t) - b for t, b in zip(tasks, task_before,
                                                                          strict=True)]
            cpu_used = [after - before for after, before in zip(
                [cpu_seconds(p) for p in pids] + [own_cpu_seconds()], cpu_before, strict=True)]
            memory = [(process.pid, rss_mib(process.pid))] + [
                (c, rss_mib(c)) for c in children(process.pid)]
        finally:
            if args.profile:
                process.send_signal(signal.SIGTERM)
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(process.wait(), 60)
            if process.returncode is None:
                process.kill()
            await process.wait()
            await fake.stop()
    first = sorted(fake.response_times)
    q = statistics.quantiles
    print(f"one game alone: click -> table posted, median "
          f"{statistics.median(single) * 1e3:.0f} ms")
    print(f"{args.games} games at once (think time {args.think:g} s), {len(posted)} turns in "
          f"{elapsed:.1f} s "
          f"({len(posted) / elapsed:.1f} turns/s)")
    per_turn = [c / max(len(posted), 1) * 1e3 for c in cpu_used]
    print("CPU per player turn: bot " + ", ".join(f"{c:.1f}" for c in per_turn[:-1])
          + f" ms (bot process, then its children); fake Discord + players {per_turn[-1]:.1f} ms")
    bot_ms, worker_ms = per_turn[0], sum(per_turn[1:-1])
    print(f"  CPU-bound capacity on two idle cores (bot and worker each on a core, nothing "
          f"else running): {1e3 / max(bot_ms, worker_ms, (bot_ms + worker_ms) / 2):.0f} "
          f"turns/s; with the fake Discord and players on the same cores: "
          f"{2e3 / sum(per_turn):.0f} turns/s")
    print("  bot threads (main first): " + ", ".join(
        f"{c / max(len(posted), 1) * 1e3:.1f}" for c in task_used) + " ms")
    print(f"interaction -> first response: median {statistics.median(first) * 1e3:.0f} ms, "
          f"p99 {q(first, n=100)[98] * 1e3:.0f} ms ({len(first)} interactions)")
    print(f"last tap -> table picture posted: median {statistics.median(posted) * 1e3:.0f} ms, "
          f"p99 {q(posted, n=100)[98] * 1e3:.0f} ms")
    print("memory (RSS) after the run: bot " + ", ".join(
        f"{mib:.0f} MiB" for _pid, mib in memory) + f"; total {sum(m for _, m in memory):.0f} MiB")
    per = counts.turns or 1
    print(f"per player turn ({counts.turns} turns, {args.players} players): "
          f"{counts.taps / per:.2f} taps, {counts.private / per:.2f} new private messages, "
          f"{counts.posts / per:.2f} public table posts, {counts.pings / per:.2f} pings")
    print(f"limit violations recorded by the fake: {len(fake.violations)}")


if __name__ == "__main__":
    asyncio.run(main())
