"""Two real bot processes on two shard ranges of one bot, sharing one PostgreSQL, against
the fake Discord: games on servers of both shards played to the end by clicking while
each process is SIGKILLed and started again several times. No acknowledged move is lost,
no table is posted twice, no table stalls, and every game replays to its snapshot; a
move through one process is accepted by the other right after; a post committed by a
process that then dies is delivered by the other; reminders fire once across both."""

from __future__ import annotations

import asyncio
import json
import random
import time
from collections import Counter
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from bot.tables.domain import PostKind, PostState, Status
from bot.tables.service import TableService, rules_of
from bot.tables.store.postgres import PostgresStore
from tests.bot.bot_process import BotProcess, table_posts
from tests.bot.conftest import fresh_postgres_database
from tests.bot.test_end_to_end import ALICE, BOB, CAROL, DAVE, is_post, mover_of
from tests.fake_discord import CHANNEL_ID, GUILD_ID, FakeDiscord, Sent, ShardDown, next_click

pytestmark = pytest.mark.system

SHARDS = 2
#: A two-player Moon River game: 96 ranchero turns (R-2P-1: every one of the 96 parcels
#: is built), so at most 96 acknowledged.
TURNS = 96
KILLS_EACH = 3
STEP_SECONDS = 8.0  # one click's answer; longer means the process answering it died
STALL_SECONDS = 40.0  # a committed turn's post, from whichever process is alive


@dataclass
class Cluster:
    """The fake Discord with two shards, and one bot process per shard."""

    fake: FakeDiscord
    url: str
    processes: dict[int, BotProcess]
    acked: Counter[tuple[str, int]] = field(default_factory=Counter)  # (channel, version)

    async def start(self, shard: int, **env: str) -> None:
        await self.processes[shard].start(
            shards={shard}, MOONRIVER_DATABASE_URL=self.url,
            MOONRIVER_SHARD_COUNT=str(SHARDS), MOONRIVER_SHARD_IDS=str(shard), **env)

    async def restart(self, shard: int, **env: str) -> None:
        await self.processes[shard].kill()
        await self.start(shard, **env)


@asynccontextmanager
async def cluster(tmp_path: Path, *, identify_limit: bool = False) -> AsyncIterator[Cluster]:
    """Both processes started one after the other; with `identify_limit` the fake checks
    Discord's one IDENTIFY per 5 s (max_concurrency 1) while they start, so the second
    process must wait for the first through the database's lock."""
    async with fresh_postgres_database() as url:
        fake = FakeDiscord(shard_count=SHARDS, max_concurrency=1 if identify_limit else 16,
                           identify_window=5.0 if identify_limit else 0.0)
        await fake.start()
        both = Cluster(fake, url, {s: BotProcess(fake, tmp_path / f"shard{s}.db")
                                   for s in range(SHARDS)})
        try:
            for shard in range(SHARDS):
                await both.start(shard)
            assert fake.violations == []  # no IDENTIFY came too soon after another
            fake.identify_window = 0.0  # a killed process's restart may come sooner
            yield both
        finally:
            for process in both.processes.values():
                await process.kill()
            await fake.stop()
            for process in both.processes.values():  # what a failing test needs to see
                if process.log.exists():
                    tail = process.log.read_text(errors="replace").splitlines()[-15:]
                    print(f"--- {process.log.name}", *tail, sep="\n")


def version_of(table: Sent) -> int:
    play = next(c for c in table.custom_ids() if c.startswith("mr:turn:"))
    return int(play.split(":")[3])


def newest_table(fake: FakeDiscord, channel: int) -> Sent | None:
    """The channel's newest table post: the final one, else the highest version."""
    posts = [s for s in fake.messages(channel=channel) if is_post(s)]
    final = [s for s in posts if "final.png" in s.files]
    if final:
        return final[0]
    live = [s for s in posts if any(c.startswith("mr:turn:") for c in s.custom_ids())]
    return max(live, key=version_of) if live else None


async def answer(fake: FakeDiscord, user: tuple[int, str], message: Sent, custom_id: str,
                 values: list[str] | None = None, shard: int | None = None) -> Sent:
    """Click and wait for the bot's answer to that click (`ShardDown` or `TimeoutError`
    when the process serving it is dead)."""
    iid = await fake.click(user, message, custom_id, values, shard=shard)
    return await fake.wait_for(lambda s: True, interaction=iid, timeout=STEP_SECONDS)


async def take_turn(both: Cluster, table: Sent, shard: int | None = None) -> bool:
    """One player turn from `table` (through `shard`'s process if given): Play, then
    every step to the confirmation. True when the bot acknowledged the turn (✅)."""
    user = mover_of(table)
    version = version_of(table)
    play = next(c for c in table.custom_ids() if c.startswith("mr:turn:"))
    message = await answer(both.fake, user, table, play, shard=shard)
    while message.custom_ids():
        custom_id, values = next_click(message)
        message = await answer(both.fake, user, message, custom_id, values, shard=shard)
        if message.content.startswith("✅"):
            both.acked[(table.channel_id, version)] += 1
            return True
    return False  # refused (a stale post: the table moved on before this click)


async def newer_table(fake: FakeDiscord, channel: int, version: int,
                      timeout: float = STALL_SECONDS) -> Sent:
    """The channel's first table post past `version`, or the final one."""
    async with asyncio.timeout(timeout):
        while True:
            table = newest_table(fake, channel)
            if table is not None and ("final.png" in table.files
                                      or version_of(table) > version):
                return table
            await asyncio.sleep(0.05)


async def play_to_the_end(both: Cluster, channel: int) -> int:
    """Click through a game whatever happens to the processes: a click its process never
    answers (killed) is given up and the turn taken again from the newest post. Every
    acknowledged turn's post must come (no stall). Returns the acknowledged turns."""
    turns = 0
    for _ in range(TURNS * 6):
        table = newest_table(both.fake, channel)
        assert table is not None
        if "final.png" in table.files:
            return turns
        try:
            acknowledged = await take_turn(both, table)
        except (ShardDown, TimeoutError):
            await asyncio.sleep(0.2)  # its process is down: Discord says so; try again
            continue
        if acknowledged:
            turns += 1
            await newer_table(both.fake, channel, version_of(table))
        else:
            await asyncio.sleep(0.1)
    raise AssertionError(f"the game in channel {channel} did not end")


async def open_game(fake: FakeDiscord, channel: int, host: tuple[int, str],
                    guest: tuple[int, str]) -> None:
    """/moonriver new in `channel`, the guest joins, the host starts: the first post."""
    asked = await fake.slash(host, "new", channel_id=channel, variant="base", players=2,
                             thread=False)
    lobby = await fake.wait_for(lambda s: "mr:lobby:join" in s.custom_ids(),
                                interaction=asked)
    await fake.answered(await fake.click(guest, lobby, "mr:lobby:join"))
    await fake.answered(await fake.click(host, lobby, "mr:lobby:start"))
    await newer_table(fake, channel, -1, timeout=20)


def channels_on_both_shards(fake: FakeDiscord) -> dict[int, list[int]]:
    """Two channels on each shard's servers: GUILD_ID is on shard 1 of 2."""
    assert fake.shard_of(GUILD_ID) == 1
    guild0, channel0 = fake.add_guild(shard=0)
    return {0: [channel0, fake.add_channel(guild0)],
            1: [CHANNEL_ID, fake.add_channel(GUILD_ID)]}


async def replays_to_snapshots(fake: FakeDiscord, url: str) -> list[int]:
    """Every game's log replays to its stored snapshot; returns the finished games."""
    store = PostgresStore(url)
    await store.open()
    try:
        service = TableService(store)
        finished = []
        for status in Status:
            for game in await store.games_with_status(status):
                if status is Status.LOBBY:
                    continue
                state = await service.replayed(game)
                snapshot = await store.snapshot(game.id)
                assert snapshot is not None
                assert snapshot.seq == await store.action_count(game.id)
                assert snapshot.state == json.loads(json.dumps(
                    rules_of(game).state_to_dict(state))), f"game {game.id}"
                if status is Status.FINISHED:
                    finished.append(game.id)
                posts = await store.posts(game.id)
                assert all(p.state is not PostState.FAILED for p in posts)
                for version in {p.version for p in posts if p.kind is PostKind.TABLE}:
                    doubled = [s for s in table_posts(fake, game.id, version)
                               if is_post(s)]  # a reminder carries the same Play button
                    assert len(doubled) <= 1, f"game {game.id} v{version} posted twice"
        return finished
    finally:
        await store.close()


async def test_games_on_both_shards_survive_kills_of_either_process(tmp_path: Path) -> None:
    rng = random.Random(20261202)
    async with cluster(tmp_path) as both:
        fake = both.fake
        channels = channels_on_both_shards(fake)
        players = [(ALICE, BOB), (CAROL, DAVE), (BOB, CAROL), (DAVE, ALICE)]
        games = [c for shard in range(SHARDS) for c in channels[shard]]
        for channel, (host, guest) in zip(games, players, strict=True):
            await open_game(fake, channel, host, guest)

        kills: Counter[int] = Counter()

        async def kill_and_restart() -> None:
            for n in range(KILLS_EACH * SHARDS):
                await asyncio.sleep(rng.uniform(1.0, 3.0))
                shard = n % SHARDS
                await both.processes[shard].kill()
                kills[shard] += 1
                await asyncio.sleep(rng.uniform(0.3, 1.5))  # the other one goes on alone
                await both.start(shard)

        started = time.monotonic()
        killing = asyncio.create_task(kill_and_restart())
        played = await asyncio.gather(*(play_to_the_end(both, c) for c in games))
        await killing  # every kill happened (the games may end first)
        assert kills == {0: KILLS_EACH, 1: KILLS_EACH}
        print(f"{sum(played)} acknowledged turns in {time.monotonic() - started:.1f} s")

        # no acknowledged move lost: a lost one would be played again at the same
        # version; and a game ends after exactly TURNS turns, so at most that many acks
        assert max(both.acked.values()) == 1, [k for k, v in both.acked.items() if v > 1]
        assert all(0 < turns <= TURNS for turns in played), played
        for channel in games:  # one final post each
            finals = [s for s in fake.messages(channel=channel)
                      if s.kind == "channel" and "final.png" in s.files]
            assert len(finals) == 1
        assert len(await replays_to_snapshots(fake, both.url)) == len(games)
        assert fake.violations == []


async def test_one_game_through_both_processes_dead_committer_and_reminders(
        tmp_path: Path) -> None:
    async with cluster(tmp_path, identify_limit=True) as both:
        fake = both.fake
        channel = CHANNEL_ID  # on shard 1: process 1 serves it
        await open_game(fake, channel, ALICE, BOB)

        # a move through one process, then the next through the other (as after a
        # re-shard), and back: each is accepted at once (no cache holds a stale game)
        for shard in (1, 0, 1, 0):
            table = newest_table(fake, channel)
            assert table is not None
            assert await take_turn(both, table, shard=shard), f"refused through {shard}"
            await newer_table(fake, channel, version_of(table), timeout=20)

        # a post committed by a process that dies before posting it is delivered by the
        # other: process 1 dies at its next delivery, right before the post. Process 0 is
        # down meanwhile (else it may claim the post first, woken by the commit's NOTIFY,
        # and the hook is never reached); started again, it finds the dead one's claim
        # let go and posts the row
        await both.processes[0].kill()
        await both.restart(1, MOONRIVER_CRASH_AT="before_post:1")
        dead = both.processes[1]
        table = newest_table(fake, channel)
        assert table is not None
        with suppress(ShardDown, TimeoutError):  # its last answer may race its death
            await take_turn(both, table, shard=1)  # committed through process 1
        async with asyncio.timeout(30):
            await dead.wait()
        assert newest_table(fake, channel) is table, "posted by the process that died"
        await both.start(0)
        await newer_table(fake, channel, version_of(table), timeout=20)
        await both.start(1)

        # reminders fire once across both processes: each maintenance round (0.5 s)
        # of either process may claim a due reminder; none is fired twice
        await fake.answered(await fake.slash(ALICE, "settings", channel_id=channel,
                                             remind_hours="0.0003"))  # ~1 s
        table = newest_table(fake, channel)
        assert table is not None
        assert await take_turn(both, table)
        table = await newer_table(fake, channel, version_of(table), timeout=20)
        waited = time.monotonic()
        await asyncio.sleep(5)
        elapsed = time.monotonic() - waited
        key = next(c for c in table.custom_ids() if c.startswith("mr:turn:"))
        reminders = [s for s in fake.messages(channel=channel)
                     if s.kind == "channel" and "waiting" in s.content
                     and key in s.custom_ids()]
        assert reminders, "no reminder in 5 s"
        store = PostgresStore(both.url)
        await store.open()
        try:
            game = await store.open_game_in(channel)
            assert game is not None
            rows = [p for p in await store.posts(game.id) if p.kind is PostKind.REMINDER]
            pending = await store.reminders(game.id)
        finally:
            await store.close()
        sent = [p for p in rows if p.state is PostState.SENT]
        assert len(reminders) == len({p.outcome for p in sent})  # each row posted once
        repeats = Counter((r.kind, r.turn_version, r.user_id, r.nth) for r in pending)
        assert max(repeats.values(), default=1) == 1, repeats  # no reminder fired twice
        # one reminder per interval (1.08 s) at most, not one per process
        assert len(reminders) <= elapsed / 1.08 + 2, len(reminders)
        await replays_to_snapshots(fake, both.url)
        # the slash commands were synced by shard 0's process only: once at each of its
        # two starts, however often shard 1's started
        assert fake.requests["PUT applications"] == 2
        assert fake.violations == []
