"""Bot speed (issue 5): the real bot process against the fake Discord on 127.0.0.1.

    python -m benchmarks.bot [--games 100] [--turns 6]

Every game is a 2-player table in its own channel and all of them run at once; between
turns a player thinks for a random time (exponential, mean --think seconds; 0 makes every
player click back to back, which measures capacity, not what players feel). A turn: open
the dialogue, make the first offered move. Figures: interaction received → first
response (median, p99), and click → new table picture posted (median, p99).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

from tests.fake_discord import CHANNEL_ID, FakeDiscord, Sent

ROOT = Path(__file__).resolve().parents[1]


def mover(table: Sent) -> tuple[int, str]:
    user = int((table.allowed_mentions or {}).get("users", ["0"])[0])
    return (user, f"P{user}")


async def play(fake: FakeDiscord, channel: int, turns: int, posted: list[float],
               think: float = 0.0) -> None:
    host, guest = (channel * 10 + 1, "Host"), (channel * 10 + 2, "Guest")
    iid = await fake.slash(host, "new", channel_id=channel, players=2, thread=False)
    lobby = await fake.wait_for(lambda s: s.interaction_id == iid and s.custom_ids(),
                                timeout=120)
    await fake.answered(await fake.click(guest, lobby, "mr:lobby:join"), timeout=60)
    await fake.wait_for(lambda s: s.kind == "edit" and s.channel_id == str(channel)
                        and "Guest" in s.content, timeout=120)
    before = len(fake.sent)
    await fake.click(host, lobby, "mr:lobby:start")
    table = await fake.wait_for(lambda s: s.channel_id == str(channel) and s.kind == "channel"
                                and "table.png" in s.files, after=before, timeout=120)
    rng = random.Random(channel)
    for _ in range(turns):
        if think:
            await asyncio.sleep(rng.expovariate(1 / think))
        user = mover(table)
        before = len(fake.sent)
        turn = next(c for c in table.custom_ids() if c.startswith("mr:turn:"))
        iid = await fake.click(user, table, turn)
        dialogue = await fake.wait_for(lambda s, i=iid: s.interaction_id == i, after=before,
                                       timeout=120)
        ids = dialogue.custom_ids()
        pair = next((c for c in ids if c.startswith("mr:pair:")), None)
        if pair is not None:
            iid = await fake.click(user, dialogue, pair, [dialogue.select_options(pair)[0]])
            dialogue = await fake.wait_for(lambda s, i=iid: s.interaction_id == i
                                           and s.custom_ids(), after=before, timeout=120)
            spot = next(c for c in dialogue.custom_ids() if c.startswith("mr:spot:"))
            iid = await fake.click(user, dialogue, spot, [dialogue.select_options(spot)[0]])
            dialogue = await fake.wait_for(lambda s, i=iid: s.interaction_id == i
                                           and s.custom_ids(), after=before, timeout=120)
            ids = dialogue.custom_ids()
        select = next((c for c in ids if c.startswith("mr:sel:")), None)
        started = time.monotonic()
        if select is not None:
            await fake.click(user, dialogue, select, [dialogue.select_options(select)[0]])
        else:
            await fake.click(user, dialogue, next(c for c in ids if c.startswith("mr:act:")))
        table = await fake.wait_for(lambda s: s.channel_id == str(channel)
                                    and s.kind == "channel" and "table.png" in s.files,
                                    after=before, timeout=120)
        posted.append(time.monotonic() - started)


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--turns", type=int, default=6)
    parser.add_argument("--think", type=float, default=10.0)
    args = parser.parse_args()
    fake = FakeDiscord()
    await fake.start()
    with tempfile.TemporaryDirectory() as folder:
        env = {**os.environ, **fake.env, "MOONRIVER_DB": str(Path(folder) / "bench.sqlite3"),
               "MOONRIVER_LOG_LEVEL": "WARNING",
               "MOONRIVER_RATE_PER_MINUTE": "0"}  # measure the bot, not the rate limit
        process = await asyncio.create_subprocess_exec(sys.executable, "-m", "bot.cli", "run",
                                                       cwd=ROOT, env=env)
        try:
            await asyncio.wait_for(fake.ready.wait(), 60)
            while not fake.commands:
                await asyncio.sleep(0.05)
            posted: list[float] = []
            single: list[float] = []
            await play(fake, CHANNEL_ID + 1, args.turns, single)  # warm-up, one game alone
            fake.response_times.clear()
            started = time.monotonic()
            await asyncio.gather(*(play(fake, CHANNEL_ID + 100 + i, args.turns, posted,
                                        args.think) for i in range(args.games)))
            elapsed = time.monotonic() - started
        finally:
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
    print(f"interaction -> first response: median {statistics.median(first) * 1e3:.0f} ms, "
          f"p99 {q(first, n=100)[98] * 1e3:.0f} ms ({len(first)} interactions)")
    print(f"click -> table picture posted: median {statistics.median(posted) * 1e3:.0f} ms, "
          f"p99 {q(posted, n=100)[98] * 1e3:.0f} ms")
    print(f"limit violations recorded by the fake: {len(fake.violations)}")


if __name__ == "__main__":
    asyncio.run(main())
