"""No process memory as truth: two table services on the same games (on PostgreSQL two
stores on one database, as two processes have; on SQLite and memory one store shared)
each accept a move the other made right before, whatever their caches held."""

from __future__ import annotations

import pytest

from bot.tables.errors import StaleActionError, TooManyLobbies
from bot.tables.fronts.moonriver.options import table_options as mr_options
from bot.tables.limits import TableLimits
from bot.tables.service import TableService
from bot.tables.store import GameStore
from engine.games.rng import Rng
from tests.bot.conftest import ALICE, BOB, CAROL, Clock

CHANNEL = 100


@pytest.fixture
def other(twin: GameStore, clock: Clock) -> TableService:
    """A second service on the same games (a second process, on PostgreSQL)."""
    return TableService(twin, clock=clock)


async def test_a_move_made_through_one_service_is_accepted_by_the_other_right_after(
        service: TableService, other: TableService) -> None:
    users = {u.id: u for u in (ALICE, BOB)}
    await service.create(CHANNEL, ALICE, mr_options())
    await service.join(CHANNEL, BOB)
    started = await service.start(CHANNEL, ALICE)
    await other.status(CHANNEL)  # both caches hold the game as it starts
    rng = Rng(7)
    version = started.game.version
    for n in range(24):  # alternate services every move, each with the clicked version
        here = (service, other)[n % 2]
        stored = await here.store.game(started.game.id)
        assert stored is not None
        state = await here.state_of(stored)
        user = users[stored.seats[state.active_seat].user_id]
        options = await here.legal(CHANNEL, user)
        assert options, f"move {n}: the service did not see the turn of the player to move"
        result = await here.act(CHANNEL, user, str(rng.choice(options)), version)
        assert result.game.version == version + 1
        version = result.game.version
    # a click on a post older than the stored game is still refused as stale
    with pytest.raises(StaleActionError):
        await other.act(CHANNEL, ALICE, "anything", version - 1)


async def test_on_a_shared_store_what_one_service_shows_is_what_the_other_wrote(
        service: TableService, other: TableService) -> None:
    """Every look at a cached game first compares its stored version where other
    processes write too (SQLite and memory: one process per store, checked on a stale
    write only)."""
    if not other.store.shared:
        pytest.skip("one process per store")
    await service.create(CHANNEL, ALICE, mr_options())
    await other.status(CHANNEL)  # both caches hold the lobby
    await other.join(CHANNEL, BOB)
    started = await service.start(CHANNEL, ALICE)  # its cached lobby had one seat
    assert len(started.game.seats) == 2
    seen = await other.status(CHANNEL)
    assert seen.game == started.game and seen.state is not None
    await other.abandon(CHANNEL, ALICE)
    await service.create(CHANNEL, BOB, mr_options())  # a new table where its game was
    assert (await other.status(CHANNEL)).game.host_id == BOB.id


async def test_lobby_limits_hold_across_services(store: GameStore, clock: Clock,
                                                 other: TableService) -> None:
    limits = TableLimits(lobbies_per_user=1)
    first = TableService(store, clock=clock, limits=limits)
    second = TableService(other.store, clock=clock, limits=limits)
    await first.create(1, ALICE)
    # the other process's own count (its reservations) saw no lobby yet: as when both
    # counted at the same moment; the store's count in the writing transaction refuses
    with pytest.raises(TooManyLobbies):
        await second.create(2, ALICE, reserved=True)
    assert await store.open_lobbies(host_id=ALICE.id) == 1
    await second.create(3, CAROL, reserved=True)  # another host is not affected
