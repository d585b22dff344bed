"""Ratings: who counts and in what order, the update exact to openskill's own
computation, and the store contract (memory, SQLite, PostgreSQL when configured): once
per game id, in the end's own transaction, hiding, resetting, trends and profiles."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from datetime import timedelta

import pytest
from openskill.models import PlackettLuce

from bot.tables.domain import GameResult, NewPost, PostKind
from bot.tables.errors import NotAllowed, NotSeated, Resigned, StaleActionError
from bot.tables.fronts.moonriver.options import table_options as mr_options
from bot.tables.ratings import (
    NEWCOMER,
    TREND_GAMES,
    Placing,
    RatedGame,
    Rating,
    computer,
    person,
    placings_of,
    rate,
)
from bot.tables.service import TableService, User
from bot.tables.store import ActionEntry, GameStore, MemoryStore, SqliteStore
from engine.games.base import Result
from engine.games.rng import Rng
from engine.registry import game_named
from tests.bot.conftest import ALICE, BOB, START, Clock
from tests.bot.test_service import play_out
from tests.bot.test_store_contract import started

GUILD = 7
GAME = "moonriver"


def game_of(game_id: int, *placings: tuple[str, int, int], minutes: int = 0) -> RatedGame:
    """A rated game of people u:<n> / computers ai:<level>: (player, place, score)."""
    return RatedGame(game_id, GUILD, GAME, START + timedelta(minutes=minutes or game_id),
                     tuple(Placing(p, p.upper(), int(p[2:]) if p.startswith("u:") else None,
                                   place, score, place == 0) for p, place, score in placings))


def by_openskill(before: dict[str, tuple[float, float]], order: list[tuple[str, int]]
                 ) -> dict[str, tuple[float, float]]:
    """The library's own answer, computed here without bot.tables.ratings."""
    model = PlackettLuce()
    teams = [[model.rating(mu=before.get(p, (25.0, 25 / 3))[0],
                           sigma=before.get(p, (25.0, 25 / 3))[1])] for p, _ in order]
    after = model.rate(teams, ranks=[place for _, place in order])
    return {p: (team[0].mu, team[0].sigma) for (p, _), team in zip(order, after, strict=True)}


# --- who counts, in what order ---------------------------------------------------------------

def test_places_come_from_the_games_standings_with_ties_and_tie_breaks() -> None:
    assert Result((10, 12, 12, 3), (1, 2)).places() == (2, 0, 0, 3)  # tie shared
    assert Result((10, 12, 12), (1,), (2, 0, 1)).places() == (2, 0, 1)  # game's tie-break
    rules = game_named("moonriver")
    state, _ = rules.new_game(["A", "B"], 3, {})
    rng = Rng(5)
    while not rules.is_over(state):
        state, _ = rules.apply(state, rng.choice(rules.legal_actions(state)))
    final = rules.result(state)
    assert final is not None and len(final.ranks) == 2
    assert all(final.places()[w] == 0 for w in final.winners)  # R-SCORE-4


def test_kingdomino_places_follow_k_score_4_below_first_place_too() -> None:
    rules = game_named("kingdomino")
    for seed in (2, 6):
        state, _ = rules.new_game(["A", "B", "C", "D"], seed, {})
        rng = Rng(seed)
        while not rules.is_over(state):
            state, _ = rules.apply(state, rng.choice(rules.legal_actions(state)))
        final = rules.result(state)
        assert final is not None and len(final.ranks) == 4
        assert {i for i, place in enumerate(final.places()) if place == 0} == set(final.winners)
        by_place = sorted(range(4), key=lambda i: final.places()[i])
        points = [final.scores[i] for i in by_place]
        assert points == sorted(points, reverse=True)  # K-SCORE-4: points first


def test_a_resigned_seat_is_last_and_computers_are_their_level() -> None:
    seats = [(1, None, "Ann"), (None, "strong", "Computer"), (2, "greedy", "Ben")]
    placings = placings_of(seats, places=[1, 2, 0], scores=[30, 20, 40])
    assert placings is not None  # Ben's computer came first: Ann now wins
    assert [(p.player, p.place, p.won) for p in placings] == [
        ("u:1", 0, True), ("ai:hard", 1, False), ("u:2", 2, False)]
    tied = placings_of(seats, places=[0, 0, 0], scores=[9, 9, 9])
    assert tied is not None and [p.place for p in tied] == [0, 0, 2]
    assert placings_of([(None, "greedy", "x"), (None, "random", "y")], [0, 1],
                       [2, 1]) is None  # no person at the table
    assert placings_of([(1, None, "Ann"), (1, None, "Ann")], [0, 1], [2, 1]) is None


def test_the_update_is_openskills_plackett_luce_exactly() -> None:
    placings = game_of(1, ("u:1", 1, 10), ("ai:hard", 0, 20), ("u:2", 1, 10),
                       ("u:3", 3, 1)).placings
    current = {"u:1": Rating(30.0, 5.0)}
    expected = by_openskill({"u:1": (30.0, 5.0)},
                            [("ai:hard", 0), ("u:1", 1), ("u:2", 1), ("u:3", 3)])
    assert {p: (r.mu, r.sigma) for p, r in rate(current, placings).items()} == expected
    assert NEWCOMER.ordinal == pytest.approx(0.0)


def test_two_seats_of_one_computer_level_rate_it_once_at_its_better_seat() -> None:
    placings = game_of(1, ("ai:normal", 2, 5), ("u:1", 1, 9), ("ai:normal", 0, 12)).placings
    after = rate({}, placings)
    assert set(after) == {"ai:normal", "u:1"}
    expected = by_openskill({}, [("ai:normal", 0), ("u:1", 1)])
    assert after["ai:normal"].mu == expected["ai:normal"][0]


# --- the store contract ----------------------------------------------------------------------

async def test_a_game_is_rated_once_by_its_id(store: GameStore) -> None:
    first = game_of(1, ("u:1", 0, 30), ("u:2", 1, 20))
    assert await store.rate_game(first)
    assert not await store.rate_game(first)  # a replayed end changes nothing
    assert not await store.rate_game(replace(first, placings=first.placings[::-1]))
    board = await store.leaderboard(GUILD, GAME, 10)
    expected = by_openskill({}, [("u:1", 0), ("u:2", 1)])
    assert [(r.player, r.games, r.wins) for r in board.rows] == [("u:1", 1, 1), ("u:2", 1, 0)]
    assert [r.ordinal for r in board.rows] == [mu - 3 * sigma for mu, sigma in
                                               (expected["u:1"], expected["u:2"])]
    assert board.rated == 2
    assert (await store.leaderboard(GUILD, "kingdomino", 10)).rows == ()
    assert (await store.leaderboard(GUILD + 1, GAME, 10)).rows == ()


async def test_two_ends_at_once_with_a_player_in_common_both_count(store: GameStore) -> None:
    """Two tables ending together: neither update reads the other's old rating."""
    one = game_of(1, ("u:1", 0, 30), ("u:2", 1, 20))
    two = game_of(2, ("u:1", 1, 10), ("u:3", 0, 20))
    assert await asyncio.gather(store.rate_game(one), store.rate_game(two)) == [True, True]
    row = next(r for r in (await store.leaderboard(GUILD, GAME, 10)).rows if r.player == "u:1")
    after_one = by_openskill(by_openskill({}, [("u:1", 0), ("u:2", 1)]),
                             [("u:3", 0), ("u:1", 1)])
    after_two = by_openskill(by_openskill({}, [("u:3", 0), ("u:1", 1)]),
                             [("u:1", 0), ("u:2", 1)])
    assert row.games == 2
    assert row.ordinal in {after_one["u:1"][0] - 3 * after_one["u:1"][1],
                           after_two["u:1"][0] - 3 * after_two["u:1"][1]}


async def test_ratings_chain_game_after_game_as_the_library_computes(store: GameStore) -> None:
    games = [game_of(1, ("u:1", 0, 30), ("u:2", 1, 20), ("ai:easy", 2, 5)),
             game_of(2, ("u:2", 0, 40), ("u:1", 0, 40)),
             game_of(3, ("ai:easy", 0, 50), ("u:1", 1, 2), ("u:3", 2, 1))]
    expected: dict[str, tuple[float, float]] = {}
    for rated in games:
        assert await store.rate_game(rated)
        order = [(p.player, p.place) for p in sorted(rated.placings, key=lambda p: p.place)]
        expected.update(by_openskill(expected, order))
    board = await store.leaderboard(GUILD, GAME, 10)
    assert {r.player: r.ordinal for r in board.rows} == pytest.approx(
        {p: mu - 3 * sigma for p, (mu, sigma) in expected.items()}, abs=1e-9)
    record = await store.player_record(GUILD, GAME, "u:1")
    assert record is not None
    assert (record.games, record.wins, record.best_score) == (3, 2, 40)
    assert record.average_score == pytest.approx(24.0)
    assert [o for _at, o in record.history][-1] == pytest.approx(record.ordinal)
    assert len(record.history) == 3
    ranks = [r.rank for r in board.rows]
    assert record.rank == ranks[[r.player for r in board.rows].index("u:1")]
    assert await store.player_record(GUILD, GAME, "u:9") is None


async def test_the_trend_looks_back_over_the_last_games(store: GameStore) -> None:
    games = 2 + TREND_GAMES
    for n in range(1, games + 1):
        await store.rate_game(game_of(n, ("u:1", 0, 10), ("u:2", 1, 5)))
    record = await store.player_record(GUILD, GAME, "u:1")
    assert record is not None
    history = [o for _at, o in record.history]
    row = next(r for r in (await store.leaderboard(GUILD, GAME, 10)).rows if r.player == "u:1")
    assert row.trend == pytest.approx(history[-1] - history[-1 - TREND_GAMES])
    assert row.trend > 0


async def test_an_asker_below_the_top_rows_gets_their_own_place(store: GameStore,
                                                                 clock: Clock) -> None:
    """Fourteen players, each game one place lower: u:14 is 14th, below the top ten, and
    the board answers their own row as the full board would rank it, with its trend; a
    player in the top rows, hiding, or never rated gets none."""
    service = TableService(store, clock=clock)
    for n in range(1, 8):  # seven games: the trend looks back past the first ones
        await store.rate_game(game_of(n, *((f"u:{p}", p - 1, 50 - p) for p in range(1, 15)),
                                      minutes=n))
    board = await service.leaderboard(GUILD, GAME, asker=14)
    full = await store.leaderboard(GUILD, GAME, 20)
    assert len(board.rows) == 10 and board.rows == full.rows[:10]
    assert board.mine == full.rows[13] and board.mine is not None
    assert board.mine.rank == 14 and board.mine.user_id == 14 and board.mine.trend < 0
    assert (await service.leaderboard(GUILD, GAME, asker=3)).mine is None  # in the top
    assert (await service.leaderboard(GUILD, GAME, asker=99)).mine is None  # never rated
    await service.hide_from_leaderboard(GUILD, GAME, User(14, "n"), True)
    assert (await service.leaderboard(GUILD, GAME, asker=14)).mine is None
    assert (await service.leaderboard(GUILD, GAME)).mine is None


async def test_a_player_may_hide_and_a_manager_may_reset(store: GameStore) -> None:
    await store.rate_game(game_of(1, ("u:1", 0, 30), ("u:2", 1, 20), ("ai:hard", 2, 3)))
    await store.set_hidden(GUILD, GAME, 1, True)
    assert await store.is_hidden(GUILD, GAME, 1)
    board = await store.leaderboard(GUILD, GAME, 10)
    assert [r.player for r in board.rows] == ["u:2", "ai:hard"] and board.rated == 2
    assert board.rows[0].rank == 1
    hidden = await store.player_record(GUILD, GAME, "u:1")
    assert hidden is not None and hidden.rank is None and hidden.games == 1
    assert not await store.is_hidden(GUILD, "kingdomino", 1)
    await store.set_hidden(GUILD, GAME, 1, False)
    assert next(r.player for r in (await store.leaderboard(GUILD, GAME, 10)).rows) == "u:1"
    assert await store.reset_ratings(GUILD, GAME) == 3
    assert (await store.leaderboard(GUILD, GAME, 10)).rows == ()
    assert await store.player_record(GUILD, GAME, "u:1") is None
    # a game rated before the reset is never rated again
    assert not await store.rate_game(game_of(1, ("u:1", 0, 30), ("u:2", 1, 20)))
    assert await store.rate_game(game_of(2, ("u:1", 0, 30), ("u:2", 1, 20)))


async def test_the_end_of_a_game_rates_it_in_the_same_write(store: GameStore) -> None:
    game = await started(store)
    rated = game_of(game.id, ("u:1", 1, 10), ("u:2", 0, 12))
    result = GameResult(game.id, GUILD, START, {"Alice": 10, "Bob": 12}, ("Bob",))
    await store.record_actions(game, entries=[ActionEntry(0, "pass")], state={"over": 1},
                               reminders=None, now=START, result=result, rated=rated)
    assert [r.player for r in (await store.leaderboard(GUILD, GAME, 10)).rows] == ["u:2", "u:1"]
    with pytest.raises(StaleActionError):  # the same end again: refused, not rated again
        await store.record_actions(game, entries=[ActionEntry(0, "pass")], state={},
                                   reminders=None, now=START, result=result, rated=rated)
    assert not await store.rate_game(rated)
    assert [r.games for r in (await store.leaderboard(GUILD, GAME, 10)).rows] == [1, 1]


async def test_a_failed_end_writes_no_rating(store: GameStore) -> None:
    """The rating commits with the game's end or not at all (SQL engines: one
    transaction; a post that cannot be written fails the whole end)."""
    if isinstance(store, MemoryStore):
        pytest.skip("the memory store has no transactions to roll back")
    game = await started(store)
    rated = game_of(game.id, ("u:1", 0, 10), ("u:2", 1, 2))
    result = GameResult(game.id, GUILD, START, {"Alice": 10, "Bob": 2}, ("Alice",))
    broken = NewPost(PostKind.TABLE, "", pings=(object(),))  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        await store.record_actions(game, entries=[ActionEntry(0, "pass")], state={},
                                   reminders=None, now=START, result=result, rated=rated,
                                   posts=[broken])
    assert (await store.leaderboard(GUILD, GAME, 10)).rows == ()
    assert await store.results(GUILD) == []
    assert (await store.game(game.id)) == game
    assert await store.rate_game(rated)  # never claimed by the failed end


async def test_a_restart_never_rates_a_game_twice(tmp_path) -> None:
    path = tmp_path / "games.sqlite3"
    store = SqliteStore(path)
    await store.open()
    rated = game_of(1, ("u:1", 0, 30), ("u:2", 1, 20))
    assert await store.rate_game(rated)
    before = await store.leaderboard(GUILD, GAME, 10)
    await store.close()
    store = SqliteStore(path)
    await store.open()
    try:
        assert not await store.rate_game(rated)
        assert await store.leaderboard(GUILD, GAME, 10) == before
    finally:
        await store.close()


# --- through the service ------------------------------------------------------------------

async def test_a_finished_game_with_a_computer_is_rated_by_its_places(
        store: GameStore, clock: Clock) -> None:
    service = TableService(store, clock=clock)
    await service.create(100, ALICE, mr_options(variant="base"), guild_id=GUILD)
    await service.add_ai(100, ALICE, "greedy")
    await service.start(100, ALICE)
    await play_out(service, 100, {ALICE.id: ALICE}, Rng(4))
    status = await service.last_table(100)
    final = game_named(GAME).result(status.state)
    assert final is not None
    seats = status.game.seats
    order = sorted(((person(s.user_id) if s.user_id else computer(s.ai or ""), place)
                    for s, place in zip(seats, final.places(), strict=True)),
                   key=lambda pair: pair[1])
    expected = by_openskill({}, order)
    board = await service.leaderboard(GUILD, GAME)
    assert {r.player: r.ordinal for r in board.rows} == {
        p: mu - 3 * sigma for p, (mu, sigma) in expected.items()}
    assert {r.player for r in board.rows} == {"u:1", "ai:normal"}
    record = await service.profile(GUILD, GAME, ALICE.id)
    assert record is not None and record.games == 1
    assert record.best_score == final.scores[next(s.seat for s in seats if s.user_id)]


async def test_a_resigned_seat_is_played_to_the_end_and_ranked_last(
        store: GameStore, clock: Clock) -> None:
    service = TableService(store, clock=clock)
    await service.create(100, ALICE, mr_options(variant="base"), guild_id=GUILD)
    await service.join(100, BOB)
    await service.start(100, ALICE)
    with pytest.raises(NotSeated):
        await service.resign(100, User(5, "Eve"))
    result = await service.resign(100, BOB)
    bob = result.game.seat_of(BOB.id)
    assert bob is not None and bob.ai == "greedy" and bob.name == "Bob"  # "normal"
    assert result.next_user == ALICE.id  # the computer moved for Bob if it was his turn
    posts = await store.posts(result.game.id)
    assert "Bob resigned" in posts[-1].text or any("Bob resigned" in p.text for p in posts)
    with pytest.raises(Resigned):
        await service.resign(100, BOB)
    with pytest.raises(Resigned):
        await service.undo(100, BOB)
    await play_out(service, 100, {ALICE.id: ALICE}, Rng(8))
    board = await service.leaderboard(GUILD, GAME)
    assert [(r.player, r.wins) for r in board.rows] == [("u:1", 1), ("u:2", 0)]
    [stored] = await store.results(GUILD)  # the game's result names no resigned winner
    assert stored.winners == ("Alice",)
    expected = by_openskill({}, [("u:1", 0), ("u:2", 1)])
    assert board.rows[1].ordinal == expected["u:2"][0] - 3 * expected["u:2"][1]


class Crashing:
    """The store as a crash sees it: every read and write passes through, and the one
    named write is counted, then fails before it commits (as a killed process would)."""

    def __init__(self, store: GameStore, crash_on: str) -> None:
        self.store, self.crash_on = store, crash_on
        self.writes: list[str] = []

    def __getattr__(self, name: str) -> object:
        method = getattr(self.store, name)
        if name not in WRITES:
            return method

        async def write(*args: object, **kwargs: object) -> object:
            self.writes.append(name)
            if name == self.crash_on:
                raise RuntimeError("the process died here")
            return await method(*args, **kwargs)
        return write


WRITES = ("update_lobby", "record_actions", "truncate_actions", "set_status")


@pytest.mark.parametrize("crash", [False, True])
async def test_a_resignation_is_one_write_with_its_line(store: GameStore, clock: Clock,
                                                        crash: bool) -> None:
    """The seat handed to a computer, the computer's moves and the thread's line commit
    together: a crash in that write leaves the seat Bob's and nothing told; without one,
    both are stored."""
    service = TableService(store, clock=clock)
    await service.create(100, ALICE, mr_options(variant="base"), guild_id=GUILD)
    await service.join(100, BOB)
    game = (await service.start(100, ALICE)).game
    posts_before = len(await store.posts(game.id))
    spy = Crashing(store, "record_actions" if crash else "")
    resigning = TableService(spy, clock=clock)  # type: ignore[arg-type]
    if crash:
        with pytest.raises(RuntimeError):
            await resigning.resign(100, BOB)
    else:
        await resigning.resign(100, BOB)
    assert spy.writes == ["record_actions"]  # one write, whoever was to move
    stored = await store.game(game.id)
    assert stored is not None
    bob = stored.seat_of(BOB.id)
    posts = await store.posts(game.id)
    told = [p for p in posts[posts_before:] if "Bob resigned" in p.text]
    if crash:
        assert bob is not None and bob.ai is None and told == []
        assert len(posts) == posts_before and stored.version == game.version
    else:
        assert bob is not None and bob.ai == "greedy" and len(told) == 1


async def test_the_profile_knows_the_game_of_the_best_score(store: GameStore) -> None:
    for n, score in ((1, 30), (2, 45), (3, 45), (4, 12)):  # two best: the latest counts
        await store.rate_game(game_of(n, ("u:1", 0, score), ("u:2", 1, 5)))
    record = await store.player_record(GUILD, GAME, "u:1")
    assert record is not None and record.best_score == 45 and record.best_game == 3
    other = await store.player_record(GUILD, GAME, "u:2")
    assert other is not None and other.best_game == 4


async def test_the_best_final_board_is_the_finished_games_end(store: GameStore,
                                                              clock: Clock) -> None:
    """Two finished games: the profile's best board is the end state of the one where
    the player scored most, with their own seat; a computer identity has none."""
    service = TableService(store, clock=clock)
    ends = {}
    for channel, seed in ((100, 4), (101, 9)):
        await service.create(channel, ALICE, mr_options(variant="base"), guild_id=GUILD)
        await service.add_ai(channel, ALICE, "greedy")
        await service.start(channel, ALICE)
        await play_out(service, channel, {ALICE.id: ALICE}, Rng(seed))
        status = await service.last_table(channel)
        seat = status.game.seat_of(ALICE.id)
        assert seat is not None
        final = game_named(GAME).result(status.state)
        assert final is not None
        ends[status.game.id] = (final.scores[seat.seat], seat.seat, status.state)
    record = await service.profile(GUILD, GAME, ALICE.id)
    assert record is not None
    best = await service.best_final(record)
    assert best is not None
    game, state, seat = best
    score, want_seat, want_state = ends[game.id]
    assert score == record.best_score == max(s for s, _, _ in ends.values())
    assert seat == want_seat and game_named(GAME).is_over(state)
    assert game_named(GAME).state_to_dict(state) == game_named(GAME).state_to_dict(want_state)
    board = await service.leaderboard(GUILD, GAME)
    computer_row = next(r for r in board.rows if r.player == "ai:normal")
    computer_record = await store.player_record(GUILD, GAME, computer_row.player)
    assert computer_record is not None and await service.best_final(computer_record) is None


async def test_abandoned_and_archived_games_do_not_count(store: GameStore, clock: Clock) -> None:
    service = TableService(store, clock=clock)
    for channel in (100, 101):
        await service.create(channel, ALICE, mr_options(variant="base"), guild_id=GUILD)
        await service.join(channel, BOB)
        await service.start(channel, ALICE)
    await service.abandon(100, ALICE)
    game = (await service.status(101)).game
    assert await service.archive(game.id) is not None
    assert (await service.leaderboard(GUILD, GAME)).rows == ()
    assert await service.profile(GUILD, GAME, ALICE.id) is None


async def test_only_a_server_manager_resets_a_leaderboard(store: GameStore) -> None:
    service = TableService(store)
    await store.rate_game(game_of(1, ("u:1", 0, 30), ("u:2", 1, 20)))
    for user in (ALICE, User(99, "Moderator", is_manager=True)):  # Manage Channels only
        with pytest.raises(NotAllowed):
            await service.reset_leaderboard(GUILD, GAME, user)
    assert len((await service.leaderboard(GUILD, GAME)).rows) == 2
    owner = User(98, "Owner", is_manager=True, manages_server=True)
    assert await service.reset_leaderboard(GUILD, GAME, owner) == 2
    await service.hide_from_leaderboard(GUILD, GAME, ALICE, True)
    assert await store.is_hidden(GUILD, GAME, ALICE.id)

