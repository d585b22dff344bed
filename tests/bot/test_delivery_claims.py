"""The delivery on claims: two delivering processes on the same games post every row
once, each game's rows in order, and rows a dead process had claimed still go out.

The deliveries are the real `Delivery` with the real table service and store; only
Discord's HTTP layer is a recorder (the end-to-end tests use the fake Discord). On
PostgreSQL the second delivery has a store of its own on the same database (another
process); on SQLite and memory both share the one store, as one process's tasks do.
"""

from __future__ import annotations

import asyncio
import io
import json
from types import SimpleNamespace
from typing import Any

import pytest
from PIL import Image

from bot.discord.delivery import Delivery
from bot.tables.domain import PostState
from bot.tables.fronts.moonriver.options import table_options as mr_options
from bot.tables.service import TableService, User
from bot.tables.store import GameStore
from bot.tables.store.postgres import PostgresStore
from engine.games.rng import Rng
from render.pool import DrawRequest
from tests.bot.conftest import ALICE, BOB, Clock


def _png() -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (8, 8)).save(out, "PNG")
    return out.getvalue()


PNG = _png()


async def draw(request: DrawRequest) -> bytes:
    return PNG


class Recorder:
    """Discord's HTTP layer as far as the delivery uses it: every message with its nonce
    (in the order Discord took them), edits, and DM channels."""

    def __init__(self, sent: list[tuple[int, str]]) -> None:
        self.sent = sent

    async def send_message(self, channel_id: int, *, params: Any) -> dict[str, str]:
        payload = params.payload if params.payload is not None \
            else json.loads(params.multipart[0]["value"])
        await asyncio.sleep(0.05)  # a post takes a moment: claims race meanwhile
        self.sent.append((channel_id, str(payload["nonce"])))
        return {"id": str(1000 + len(self.sent))}

    async def edit_message(self, channel_id: int, message_id: int, *, params: Any) -> None:
        return None

    async def start_private_message(self, user_id: int) -> dict[str, str]:
        return {"id": str(user_id)}


def delivering(store: GameStore, service: TableService,
               sent: list[tuple[int, str]]) -> Delivery:
    client = SimpleNamespace(store=store, service=service, http=Recorder(sent),
                             allowed_mentions=None, get_guild=lambda _id: None,
                             get_channel=lambda _id: None)
    return Delivery(client, draw, clock=service.clock)  # type: ignore[arg-type]


async def play(service: TableService, channel: int, users: dict[int, User], rng: Rng,
               moves: int) -> None:
    for _ in range(moves):
        status = await service.status(channel)
        assert status.state is not None
        user = users[status.game.seats[status.state.active_seat].user_id]
        await service.act(channel, user, str(rng.choice(await service.legal(channel, user))))


async def settled(store: GameStore, clock: Clock, *deliveries: Delivery) -> None:
    async with asyncio.timeout(30):
        while await store.due_posts(clock()) or any(d._busy for d in deliveries):
            for d in deliveries:
                d.wake()
            await asyncio.sleep(0.02)


async def test_two_deliveries_post_every_row_once_and_each_games_rows_in_order(
        store: GameStore, twin: GameStore, clock: Clock) -> None:
    users = {u.id: u for u in (ALICE, BOB)}
    here, there = TableService(store, clock=clock), TableService(twin, clock=clock)
    sent: list[tuple[int, str]] = []
    deliveries = [delivering(store, here, sent), delivering(twin, there, sent)]
    for d, s in zip(deliveries, (store, twin), strict=True):
        await s.listen(d.wake)  # as the bot does: every commit with posts wakes both
        d.start()
    try:
        channels = range(300, 306)
        for channel in channels:
            await here.create(channel, ALICE, mr_options())
            await here.join(channel, BOB)
            await here.start(channel, ALICE)
        rng = Rng(3)
        for _ in range(4):  # moves through both processes while both deliver
            await asyncio.gather(*(play((here, there)[c % 2], c, users, rng, 3)
                                   for c in channels))
            for d in deliveries:
                d.wake()
        await settled(store, clock, *deliveries)
    finally:
        for d in deliveries:
            await d.drain(timeout=1)
    nonces = [nonce for _, nonce in sent]
    assert len(nonces) == len(set(nonces)), "a row was posted twice"
    posted = set(nonces)
    for channel in channels:
        game = (await store.open_game_in(channel)) or (await here.status(channel)).game
        rows = await store.posts(game.id)
        assert all(r.state is not PostState.PENDING for r in rows)
        out = [r for r in rows if r.state is PostState.SENT]
        assert out and {r.nonce for r in out} <= posted
        order = [n for c, n in sent if c == channel]
        assert order == [r.nonce for r in out]  # in the game's order
    if isinstance(store, PostgresStore):  # every claim ended with its row
        assert await store.pool.fetchval("SELECT count(*) FROM outbox WHERE "
                                         "claimed_by IS NOT NULL") == 0


async def test_rows_a_dead_process_had_claimed_are_delivered_by_another(
        store: GameStore, twin: GameStore, clock: Clock) -> None:
    """PostgreSQL: the process that committed and claimed them is gone (its session
    ended), and the other delivers them at once, not after the lease."""
    if not isinstance(store, PostgresStore):
        pytest.skip("one process per SQLite file: its restart is the store test's")
    dying = PostgresStore(store.url)
    await dying.open()
    service = TableService(dying, clock=clock)
    await service.create(400, ALICE, mr_options())
    await service.join(400, BOB)
    started = await service.start(400, ALICE)
    claimed = await dying.claim_posts(clock())
    assert [p.game_id for p in claimed] == [started.game.id]
    await dying.close()  # as a SIGKILL ends its session
    sent: list[tuple[int, str]] = []
    survivor = delivering(twin, TableService(twin, clock=clock), sent)
    survivor.start()
    try:
        await settled(store, clock, survivor)
    finally:
        await survivor.drain(timeout=1)
    assert [n for _, n in sent] == [p.nonce for p in claimed]
