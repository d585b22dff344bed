"""Unique engine names for seats: results are keyed by name, so two seats with
one name would share a score. The engine refuses duplicates; the service never makes any."""

from __future__ import annotations

import pytest

from bot.tables.domain import Seat
from bot.tables.service import TableService, User, _unique_names, computer_name
from engine.games.errors import GameError
from engine.games.rng import Rng
from engine.moonriver.game import new_game
from tests.bot.test_service import CHANNEL, play_out, table


def test_new_game_refuses_two_players_with_one_name() -> None:
    with pytest.raises(GameError, match="names must differ"):
        new_game(["Alex", "Bo", "Alex"], seed=1)


@pytest.mark.parametrize(("names", "engine"), [
    (["Alex", "Alex"], ["Alex", "Alex (2)"]),  # the names earlier versions stored
    (["Alex", "Alex (2)", "Alex"], ["Alex", "Alex (2)", "Alex (3)"]),
    (["Alex (2)", "Alex", "Alex", "Alex"], ["Alex (2)", "Alex", "Alex (3)", "Alex (4)"]),
    (["Ann", "Bo"], ["Ann", "Bo"]),
])
def test_unique_names_loop_against_every_taken_name(names: list[str],
                                                    engine: list[str]) -> None:
    seats = [Seat(i, i + 1, name) for i, name in enumerate(names)]
    assert _unique_names(seats) == engine


async def test_three_alexes_keep_three_scores(service: TableService) -> None:
    alexes = [User(1, "Alex"), User(2, "Alex (2)"), User(3, "Alex")]
    await table(service, *alexes)
    await play_out(service, CHANNEL, {u.id: u for u in alexes}, Rng(3))
    (result,) = await service.store.results(None)
    assert len(result.scores) == 3


def test_a_computer_seat_is_named_by_its_level_in_the_tables_language() -> None:
    """Never the player's internal name ("random"): the level the lobby offered."""
    assert computer_name(1, "random", "en") == "Bot 1 (easy)"
    assert computer_name(2, "strong", "de") == "Bot 2 (schwer)"
    assert computer_name(1, "normal", "ja") == "ボット1（ふつう）"
