"""Bot speed: the real bot process against the fake Discord on 127.0.0.1.

    python -m benchmarks.bot [--games 100] [--turns 6] [--players 3] [--think 10]
                             [--rounds N] [--choose] [--profile out.prof]
                             [--database postgresql://…]

Each round opens `--games` tables, each in its own channel, and starts them (not
measured), then plays `--turns` player turns at every table at once (measured). Between
turns a player thinks for a random time (exponential, mean `--think` seconds; 0 makes
every player click back to back, which measures capacity, not what players feel). A
player turn: Play, then every step in the same private message (first letter, Confirm,
first choice; `--choose`: a seeded pick among what is offered) until the turn passes on;
a player whose last turn's message shows their next turn plays on in it, without Play.

Figures per round and their medians: wall-clock turns/s (with the load average beside
it: the machine is shared), CPU per player turn of the bot (and its threads), of its
drawing worker and of this process (the fake Discord and the simulated players), the
capacity that CPU allows on two idle cores, the HTTP requests and gateway events per
turn, interaction received → first response and last tap → new table post (median,
p99), and per player turn the taps, new private messages, public posts and pings
(one post per turn), and how often each player opened a private message from a post
per round played (`--turns 400` plays whole games). `--profile` writes a cProfile (CPU
time) of the bot's main thread during the measured windows only.

`--database postgresql://…` runs each round twice, on SQLite and on a fresh database
created on that PostgreSQL server (dropped afterwards; the role needs CREATEDB), the
engines alternating, and reports both engines' figures, their turns/s ratio and the
CPU per turn of the PostgreSQL server's processes (it must run on this machine for that
figure). `--turns 1000` plays every game to its end. `--idle S` also measures the bot
with its tables open and nobody playing, for S seconds before each round's play (its CPU
per second: what a bot costs between the turns of games played a move a day).
`--bot-root PATH` runs the bot of another checkout (an older commit's worktree) under this
harness and fake Discord: a before/after comparison where only the bot differs.
`--processes 2` runs PostgreSQL's rounds on two bot processes, shards 0 and 1 of one bot,
every other table on a server of shard 1 (bot CPU is then both processes').
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
from collections import Counter
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from bot.discord.client import event_loop_factory
from tests.fake_discord import CHANNEL_ID, FakeDiscord, Sent, next_click

ROOT = Path(__file__).resolve().parents[1]


def mover(table: Sent) -> tuple[int, str]:
    user = int((table.allowed_mentions or {}).get("users", ["0"])[0])
    return (user, f"P{user}")


def answers(sent: Sent) -> bool:
    """Any message of the interaction waited for (`wait_for`'s key picks it)."""
    return True


def is_post(sent: Sent, channel: int) -> bool:
    return sent.channel_id == str(channel) and sent.kind == "channel" and (
        "table.png" in sent.files or "final.png" in sent.files)


@dataclass
class Counts:
    """Per player turn: taps, new private messages, public posts and pings; and how
    often a player had to open a private message from a new post (Play), by player, with
    the rounds the games played (R-ROUND-1: "Round N is over." lines)."""

    turns: int = 0
    taps: int = 0
    menus: int = 0  # taps that chose in a menu: opening it was a tap too
    private: int = 0
    posts: int = 0
    pings: int = 0
    opens: Counter[int] = field(default_factory=Counter)
    rounds: int = 0


async def open_table(fake: FakeDiscord, channel: int, players: int = 3,
                     delay: float = 0.0) -> Sent:
    """/moonriver new, everyone joins, Start: the first table post."""
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
    return await fake.wait_for(lambda s: is_post(s, channel), after=before, timeout=120)


async def play_turns(fake: FakeDiscord, channel: int, table: Sent, turns: int,
                     posted: list[float], counts: Counts, think: float = 0.0,
                     choose: bool = False) -> None:
    """Up to `turns` player turns at one table, from its live post `table`; `choose`:
    players pick among the offered moves (seeded) instead of the first. A player whose
    last turn's private message now shows their next turn plays on in it (`kept`)."""
    rng = random.Random(channel)
    picks = random.Random(channel + 1) if choose else None
    finished: dict[int, int] = {}  # player -> where their last turn's message ended
    for _ in range(turns):
        if "final.png" in table.files:
            break
        if think:
            await asyncio.sleep(rng.expovariate(1 / think))
        user = mover(table)
        before = len(fake.sent)
        kept = fake.kept_message(user[0], finished.get(user[0], before))
        if kept is not None:  # their last turn's message shows this one: play on in it
            message, taps, menus, clicks = kept, 0, 0, set[str]()
        else:
            turn = next(c for c in table.custom_ids() if c.startswith("mr:turn:"))
            iid = await fake.click(user, table, turn)
            counts.opens[user[0]] += 1
            message = await fake.wait_for(answers, after=before, timeout=120, interaction=iid)
            taps, menus, clicks = 1, 0, {iid}
        ended = 0
        while message.custom_ids():  # the same player's next turn goes on in it too
            custom_id, values = next_click(message, picks)
            started = time.monotonic()
            iid = await fake.click(user, message, custom_id, values)
            clicks.add(iid)
            message = await fake.wait_for(answers, after=before, timeout=120, interaction=iid)
            taps += 1
            menus += values is not None
            ended += message.content.startswith("✅")
        finished[user[0]] = len(fake.sent)
        # the post that pings the next player (a post for a turn going on pings nobody)
        table = await fake.wait_for(lambda s: is_post(s, channel) and (
            "final.png" in s.files or bool((s.allowed_mentions or {}).get("users"))),
            after=before, timeout=120, channel=channel)
        posted.append(time.monotonic() - started)
        mine = [s for i in clicks for s in fake.messages(after=before, interaction=i)]
        posts = [s for s in fake.messages(after=before, channel=channel)
                 if is_post(s, channel)]
        counts.turns += max(1, ended)
        counts.taps += taps
        counts.menus += menus
        counts.private += sum(1 for s in mine if s.ephemeral
                              and s.kind in ("callback", "followup"))
        counts.posts += len(posts)
        counts.pings += sum(len((s.allowed_mentions or {}).get("users") or []) for s in posts
                            if "final.png" not in s.files)  # the end pings everyone once
        counts.rounds += sum(line.startswith("Round ") and line.endswith(" is over.")
                             for s in posts for line in s.content.splitlines())


async def play(fake: FakeDiscord, channel: int, turns: int, posted: list[float],
               counts: Counts, think: float = 0.0, players: int = 3,
               delay: float = 0.0) -> None:
    """One whole table: opened, started and played for `turns` player turns."""
    table = await open_table(fake, channel, players, delay)
    await play_turns(fake, channel, table, turns, posted, counts, think)


def rss_mib(pid: int) -> float:
    """Resident memory of one process (Linux /proc), in MiB; 0 if it is gone."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def _stat_seconds(path: str, first: int) -> float:
    """Two adjacent CPU-time fields of a /proc stat file (after the command's name),
    in seconds; 0 if the process is gone."""
    try:
        fields = Path(path).read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[first]) + int(fields[first + 1])) / os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int, task: int | None = None) -> float:
    """User + system CPU time of one process (or one of its threads) so far (Linux
    /proc), 0 if it is gone."""
    path = f"/proc/{pid}/task/{task}/stat" if task is not None else f"/proc/{pid}/stat"
    return _stat_seconds(path, 11)  # utime, stime


def reaped_seconds(pid: int) -> float:
    """CPU time of the children `pid` has waited for (a drawing worker retired after its
    `RECYCLE_AFTER` pictures): gone from `children`, kept in its parent's cutime/cstime."""
    return _stat_seconds(f"/proc/{pid}/stat", 13)  # cutime, cstime


def thread_name(pid: int, task: int) -> str:
    """The OS name of one thread. Python before 3.14 does not pass thread names to the OS,
    so on 3.11 every thread reads 'python'; `py-spy dump --pid <bot>` tells them apart
    (main thread, the database's writer and reader, discord.py's keep-alive, the
    drawing worker's writer and reader, the private steps' thread)."""
    try:
        return Path(f"/proc/{pid}/task/{task}/comm").read_text().strip()
    except OSError:
        return "?"


def threads(pid: int) -> list[int]:
    return sorted(int(t.name) for t in Path(f"/proc/{pid}/task").glob("*"))


def own_cpu_seconds() -> float:
    """CPU time of this process: the fake Discord and the simulated players."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def children(pid: int) -> list[int]:
    """Child processes (the drawing worker, a computer player's worker)."""
    out: list[int] = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            out += [int(c) for c in (task / "children").read_text().split()]
        except OSError:
            continue
    return out


@dataclass
class Snapshot:
    """Counters at one instant, to subtract: CPU, wire traffic, clock and load."""

    bot: float
    workers: float
    fake: float
    database: float  # the PostgreSQL server's processes (0 on SQLite)
    threads: dict[int, float]
    requests: Counter[str]
    events: Counter[str]
    callbacks: Counter[int]
    clock: float
    load: float

    @classmethod
    def take(cls, fake: FakeDiscord, pid: int, server: int | None = None,
             others: Sequence[int] = ()) -> Snapshot:
        """`others`: more bot processes (shard ranges), counted with the bot."""
        database = sum(cpu_seconds(c) for c in children(server)) if server else 0.0
        bots = [pid, *others]
        return cls(sum(map(cpu_seconds, bots)),
                   sum(cpu_seconds(c) for b in bots for c in children(b))
                   + sum(map(reaped_seconds, bots)),
                   own_cpu_seconds(), database, {t: cpu_seconds(pid, t) for t in threads(pid)},
                   Counter(fake.requests), Counter(fake.events), Counter(fake.callback_types),
                   time.monotonic(), os.getloadavg()[0])


@dataclass
class Round:
    """One measured window: its turns and what they cost (per player turn, ms)."""

    turns: int
    seconds: float
    load: tuple[float, float]
    bot: float
    workers: float
    fake: float
    database: float
    threads: list[tuple[str, float]]
    requests: Counter[str]
    events: Counter[str]
    callbacks: Counter[int]
    posted: list[float]
    first: list[float]
    counts: Counts = field(default_factory=Counts)
    idle: float = 0.0  # bot CPU ms per second with the tables open and nobody playing

    @classmethod
    def between(cls, pid: int, before: Snapshot, after: Snapshot, turns: int,
                posted: list[float], first: list[float], counts: Counts) -> Round:
        per = 1e3 / max(turns, 1)
        named = [(thread_name(pid, t), (used - before.threads.get(t, 0.0)) * per)
                 for t, used in after.threads.items()]
        return cls(turns, after.clock - before.clock, (before.load, after.load),
                   (after.bot - before.bot) * per, (after.workers - before.workers) * per,
                   (after.fake - before.fake) * per, (after.database - before.database) * per,
                   named,
                   after.requests - before.requests, after.events - before.events,
                   after.callbacks - before.callbacks, posted, first, counts)

    @property
    def rate(self) -> float:
        return self.turns / self.seconds

    def capacity(self) -> tuple[float, float]:
        """Turns/s that this CPU allows on two idle cores: the bot and its worker each
        on a core (the busier one sets the pace), and with the fake Discord and the
        players on the same two cores."""
        alone = 1e3 / max(self.bot, self.workers, (self.bot + self.workers) / 2)
        return alone, 2e3 / (self.bot + self.workers + self.fake)


def median(values: Sequence[float]) -> float:
    return statistics.median(values) if values else float("nan")


def p99(values: Sequence[float]) -> float:
    return statistics.quantiles(values, n=100)[98] if len(values) > 1 else median(values)


def report(rounds: list[Round], games: int, think: float, players: int,
           single: list[float]) -> None:
    print(f"one game alone: click -> table posted, median {median(single) * 1e3:.0f} ms")
    for i, r in enumerate(rounds, 1):
        alone, shared = r.capacity()
        print(f"round {i}: {r.turns} turns in {r.seconds:.1f} s = {r.rate:.1f} turns/s "
              f"(load {r.load[0]:.1f} -> {r.load[1]:.1f}); CPU per turn: bot {r.bot:.1f}, "
              f"worker {r.workers:.1f}, fake+players {r.fake:.1f} ms; capacity on two idle "
              f"cores {alone:.0f} turns/s ({shared:.0f} with the fake on them)")
    last = rounds[-1]
    print(f"medians of {len(rounds)} round(s), {games} games at once (think time {think:g} s):")
    print(f"  wall clock {median([r.rate for r in rounds]):.1f} turns/s at load "
          f"{median([r.load[1] for r in rounds]):.1f}")
    print(f"  CPU per player turn: bot {median([r.bot for r in rounds]):.1f} ms, drawing "
          f"worker {median([r.workers for r in rounds]):.1f} ms, fake Discord + players "
          f"{median([r.fake for r in rounds]):.1f} ms")
    print(f"  capacity on two idle cores: {median([r.capacity()[0] for r in rounds]):.0f} "
          f"turns/s (bot and worker each on a core); "
          f"{median([r.capacity()[1] for r in rounds]):.0f} turns/s with the fake Discord "
          f"and players on the same cores")
    if any(r.idle for r in rounds):
        print(f"  bot idle with {games} tables open: "
              f"{median([r.idle for r in rounds]):.1f} ms of CPU a second")
    busy = sorted(last.threads, key=lambda x: -x[1])
    print("  bot threads, last round (ms per turn): " + ", ".join(
        f"{name} {ms:.1f}" for name, ms in busy if ms >= 0.05))
    turns = max(last.turns, 1)
    print(f"  per turn, last round: {sum(last.requests.values()) / turns:.2f} HTTP requests ("
          + ", ".join(f"{k} {v / turns:.2f}" for k, v in last.requests.most_common())
          + "); interaction callbacks by type: " + ", ".join(
              f"{k} {v / turns:.2f}" for k, v in sorted(last.callbacks.items()))
          + f"; gateway events {sum(last.events.values()) / turns:.2f}")
    first = [x for r in rounds for x in r.first]
    posted = [x for r in rounds for x in r.posted]
    print(f"interaction -> first response: median {median(first) * 1e3:.0f} ms, "
          f"p99 {p99(first) * 1e3:.0f} ms ({len(first)} interactions)")
    print(f"last tap -> table picture posted: median {median(posted) * 1e3:.0f} ms, "
          f"p99 {p99(posted) * 1e3:.0f} ms")
    counts = Counts()
    for r in rounds:
        for name in ("turns", "taps", "menus", "private", "posts", "pings", "rounds"):
            setattr(counts, name, getattr(counts, name) + getattr(r.counts, name))
        counts.opens.update(r.counts.opens)
    per = counts.turns or 1
    print(f"per player turn ({counts.turns} turns, {players} players): "
          f"{counts.taps / per:.2f} taps ({(counts.taps + counts.menus) / per:.2f} with "
          f"each menu's opening), {counts.private / per:.2f} new private messages, "
          f"{counts.posts / per:.2f} public table posts, {counts.pings / per:.2f} pings")
    if counts.rounds:
        games_rounds = counts.rounds / max(1, games * len(rounds))
        opens = [n / games_rounds for n in counts.opens.values()]
        print(f"private messages opened from a post (Play), per player per round played "
              f"(the setup's opens in the first; {games_rounds:.0f} rounds a game): median "
              f"{median(opens):.2f}, most {max(opens):.2f}")


async def measure(fake: FakeDiscord, pid: int, args: argparse.Namespace, number: int,
                  profiling: bool, server: int | None = None,
                  others: Sequence[int] = (), far_guild: int | None = None) -> Round:
    """One round: open and start the tables (not measured), then play them (measured)."""
    base = CHANNEL_ID + 100 + number * 10_000
    channels = [base + i for i in range(args.games)]
    if far_guild is not None:  # two processes: every other table on the other shard
        for channel in channels[1::2]:
            fake.add_channel(far_guild, channel)
    tables = await asyncio.gather(*(open_table(fake, c, args.players, i * 0.02)
                                    for i, c in enumerate(channels)))
    await asyncio.sleep(0.5)  # the start posts' button edits and the store settle
    idle = 0.0
    if args.idle:
        quiet = Snapshot.take(fake, pid, server, others)
        await asyncio.sleep(args.idle)
        idle = (Snapshot.take(fake, pid, server, others).bot - quiet.bot) * 1e3 / args.idle
    fake.response_times.clear()
    posted: list[float] = []
    counts = Counts()
    if profiling:
        os.kill(pid, signal.SIGUSR1)
    before = Snapshot.take(fake, pid, server, others)
    await asyncio.gather(*(play_turns(fake, c, table, args.turns, posted, counts, args.think,
                                      args.choose)
                           for c, table in zip(channels, tables, strict=True)))
    after = Snapshot.take(fake, pid, server, others)
    if profiling:
        os.kill(pid, signal.SIGUSR2)
    return replace(Round.between(pid, before, after, counts.turns, posted,
                                 list(fake.response_times), counts), idle=idle)


@dataclass
class Run:
    """One engine's rounds in a run, and what it took."""

    engine: str
    rounds: list[Round] = field(default_factory=list)
    single: list[float] = field(default_factory=list)
    memory: list[float] = field(default_factory=list)
    violations: int = 0


async def bot_rounds(fake: FakeDiscord, args: argparse.Namespace, run: Run,
                     numbers: Sequence[int], env: dict[str, str],
                     server: int | None = None, processes: int = 1) -> None:
    """Start a bot on one engine (`processes` of them on shard ranges of one bot),
    warm it up with one game alone, play `numbers` rounds, stop it."""
    fake.ready.clear()
    fake.commands = []
    fake.shard_count = processes
    far_guild = fake.add_guild(shard=1)[0] if processes > 1 else None
    command = ["-m", "bot.cli", "run"]
    if args.profile:
        command = ["-m", "benchmarks.profiled", "--windows", args.profile, "bot.cli", "run"]
    started = []
    for shard in range(processes):
        shards = {} if processes == 1 else {"MOONRIVER_SHARD_COUNT": str(processes),
                                            "MOONRIVER_SHARD_IDS": str(shard)}
        started.append(await asyncio.create_subprocess_exec(
            sys.executable, *(command if shard == 0 else ["-m", "bot.cli", "run"]),
            cwd=args.bot_root or ROOT, env={**os.environ, **fake.env, **env, **shards}))
    process, others = started[0], [p.pid for p in started[1:]]
    violations = len(fake.violations)
    try:
        await asyncio.wait_for(fake.ready.wait(), 60)
        while not fake.commands:
            await asyncio.sleep(0.05)
        await play(fake, CHANNEL_ID + 1 + numbers[0] * 10_000, args.turns, run.single,
                   Counts(), players=args.players)  # warm-up, one game alone
        for number in numbers:
            run.rounds.append(await measure(fake, process.pid, args, number,
                                            bool(args.profile), server, others, far_guild))
        run.memory = [rss_mib(p.pid) for p in started] + [
            rss_mib(c) for p in started for c in children(p.pid)]
    finally:
        for each in started:
            if args.profile or server is not None:  # a PostgreSQL bot closes its pool
                each.send_signal(signal.SIGTERM)
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(each.wait(), 60)
            if each.returncode is None:
                each.kill()
            await each.wait()
        run.violations += len(fake.violations) - violations


@contextlib.asynccontextmanager
async def scratch_postgres(url: str) -> AsyncIterator[tuple[str, int | None]]:
    """A fresh database on the server of `url` for one run (dropped after it), and the
    server's main process id when it runs on this machine (its backends' CPU)."""
    import secrets
    from urllib.parse import urlsplit, urlunsplit

    import asyncpg

    name = f"moonriver_bench_{secrets.token_hex(4)}"
    admin = await asyncpg.connect(url)
    try:
        await admin.execute(f'CREATE DATABASE "{name}"')
        backend = int(await admin.fetchval("SELECT pg_backend_pid()"))
        try:
            stat = Path(f"/proc/{backend}/stat").read_text().rsplit(")", 1)[1].split()
            server: int | None = int(stat[1])  # the backend's parent: the postmaster
        except OSError:
            server = None  # another machine: its CPU is not ours to read
        yield urlunsplit(urlsplit(url)._replace(path=f"/{name}")), server
    finally:
        await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        await admin.close()


def compare(sqlite: Run, postgres: Run) -> None:
    lite = median([r.rate for r in sqlite.rounds])
    pg = median([r.rate for r in postgres.rounds])
    first = [x for r in postgres.rounds for x in r.first]
    print(f"PostgreSQL against SQLite, same run: {pg:.1f} against {lite:.1f} turns/s = "
          f"{pg / lite:.2f}x (target >= 0.7x); per turn CPU: bot "
          f"{median([r.bot for r in postgres.rounds]):.1f} against "
          f"{median([r.bot for r in sqlite.rounds]):.1f} ms, PostgreSQL server "
          f"{median([r.database for r in postgres.rounds]):.1f} ms; PostgreSQL's first "
          f"response p99 {p99(first) * 1e3:.0f} ms (target <= 250 ms)")


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--turns", type=int, default=6)
    parser.add_argument("--think", type=float, default=10.0)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--choose", action="store_true",
                        help="players pick among the offered moves (seeded) rather than "
                             "the first, so turn orders vary as in real games")
    parser.add_argument("--rounds", type=int, default=None,
                        help="measured rounds (default: 3 without think time, else 1)")
    parser.add_argument("--profile", default=None,
                        help="write a cProfile of the bot's main thread (CPU time, measured "
                             "windows only) to this file")
    parser.add_argument("--database", default=None, metavar="postgresql://…",
                        help="also run every round on a fresh database on this PostgreSQL "
                             "server, alternating with SQLite, and compare")
    parser.add_argument("--processes", type=int, choices=(1, 2), default=1,
                        help="with --database: PostgreSQL's rounds on this many bot "
                             "processes (shard ranges of one bot, tables on both)")
    parser.add_argument("--idle", type=float, default=0.0, metavar="SECONDS",
                        help="also measure the bot idle with its tables open, this long "
                             "before each round's play")
    parser.add_argument("--bot-root", type=Path, default=None, metavar="PATH",
                        help="run the bot of this checkout (another commit's worktree)")
    args = parser.parse_args()
    rounds_wanted = args.rounds or (3 if args.think == 0 else 1)
    fake = FakeDiscord()
    await fake.start()
    quiet = {"MOONRIVER_LOG_LEVEL": "WARNING",
             "MOONRIVER_RATE_PER_MINUTE": "0"}  # measure the bot, not the rate limit
    sqlite = Run("SQLite")
    postgres = Run("PostgreSQL" + (f", {args.processes} processes"
                                   if args.processes > 1 else ""))
    try:
        with tempfile.TemporaryDirectory() as folder:
            lite = {**quiet, "MOONRIVER_DB": str(Path(folder) / "bench.sqlite3")}
            if args.database is None:
                await bot_rounds(fake, args, sqlite, range(rounds_wanted), lite)
            else:
                async with scratch_postgres(args.database) as (url, server):
                    pg = {**lite, "MOONRIVER_DATABASE_URL": url}
                    for number in range(rounds_wanted):  # alternating: the same load
                        await bot_rounds(fake, args, sqlite, [2 * number], lite)
                        await bot_rounds(fake, args, postgres, [2 * number + 1], pg, server,
                                         args.processes)
    finally:
        await fake.stop()
    for run in (sqlite, postgres):
        if not run.rounds:
            continue
        print(f"== {run.engine}")
        report(run.rounds, args.games, args.think, args.players, run.single)
        if run.engine.startswith("PostgreSQL"):
            print("  PostgreSQL server CPU per player turn: " + ", ".join(
                f"{r.database:.1f} ms" for r in run.rounds))
        print("memory (RSS) after the run: bot " + ", ".join(
            f"{mib:.0f} MiB" for mib in run.memory) + f"; total {sum(run.memory):.0f} MiB")
        print(f"limit violations recorded by the fake: {run.violations}")
    if postgres.rounds:
        compare(sqlite, postgres)


if __name__ == "__main__":
    # The fake Discord shares the two cores with the bot: the same C event loop as the bot.
    with asyncio.Runner(loop_factory=event_loop_factory()) as runner:
        runner.run(main())
