"""R-LEG-1, R-LEG-2: Legends of the West in a game — boards, scenario, records, views."""

import json
import subprocess

import pytest

from engine.games.errors import GameError, StateError
from engine.games.resources import data_file
from engine.games.rng import Rng
from engine.moonriver.actions import Build, Discard
from engine.moonriver.components import Landscape as L
from engine.moonriver.components import parse_components
from engine.moonriver.game import apply, is_over, legal_actions, new_game, outcome
from engine.moonriver.legends import (
    SCENARIOS,
    boards_for,
    legends_board,
    scenario_name,
    scenario_number,
)
from engine.moonriver.scenarios import score_scenario
from engine.moonriver.state import GameState, Phase
from engine.moonriver.view import public_view, ranch_grid
from engine.registry import Record, game_named, read_record, replay
from tests.engine.positions import next_seat, next_turn_holding, play_until, start
from tests.helpers import Spec

COLOUR_BOARDS = {"purple": "mary", "orange": "calamity", "green": "big_jo", "white": "wesley"}


def legends_at_seat_with(board: str, players: int = 4) -> GameState:
    """A Legends game at a choose decision where the next player has `board`."""
    for seed in range(200):
        state = start(players, seed, variant="legends", scenario=1)
        if state.phase is Phase.CHOOSE and state.players[next_seat(state)].board == board:
            return state
    raise LookupError(board)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_R_LEG_1_each_player_gets_the_board_of_their_colour(players: int) -> None:
    state = new_game([f"P{i}" for i in range(players)], 3, variant="legends", scenario=2)
    boards = [p.board for p in state.players]
    assert boards == [COLOUR_BOARDS[c] for c in state.config.colours]
    assert list(state.config.boards) == boards
    view = public_view(state)
    assert [p.board.character for p in view.players][:2] == ["Mary", "Calamity"]
    assert all(p.board.provisional for p in view.players)


def test_R_LEG_1_the_base_game_keeps_the_camp_side() -> None:
    assert {p.board for p in new_game(["A", "B", "C"], 3).players} == {"camp"}


def test_R_LEG_1_marys_four_slots_hold_four_without_forcing_a_build() -> None:
    state = legends_at_seat_with("mary")
    state, _seat, held = next_turn_holding(state, [Spec(L.DESERT), Spec(L.CANYON),
                                                  Spec(L.FARM)])
    assert len(held) == 4 and not state.turn.forced  # 4 held, 4 slots (R-BUILD-2)
    assert "pass" in [str(a) for a in legal_actions(state)]
    assert state.turn.max_dominoes == 2  # R-BUILD-1 counts parcels, not slots


def test_R_LEG_1_marys_fifth_parcel_forces_a_build() -> None:
    state = legends_at_seat_with("mary")
    state, _seat, held = next_turn_holding(state, [Spec(L.DESERT), Spec(L.CANYON),
                                                   Spec(L.FARM), Spec(L.MEADOW)])
    assert len(held) == 5 and state.turn.forced
    assert "pass" not in [str(a) for a in legal_actions(state)]


def test_R_LEG_1_big_jos_two_slots_force_a_build_with_three_held() -> None:
    state = legends_at_seat_with("big_jo")
    state, _seat, held = next_turn_holding(state, [Spec(L.DESERT), Spec(L.CANYON)])
    assert len(held) == 3 and state.turn.forced and state.turn.max_dominoes == 1
    options = legal_actions(state)
    assert options and all(isinstance(a, Build) for a in options)


def test_R_LEG_1_marys_single_bridge_is_the_only_way_in() -> None:
    state = legends_at_seat_with("mary")
    state, _seat, _held = next_turn_holding(state, [Spec(L.DESERT), Spec(L.CANYON)])
    bridge = state.components.boards["mary"].bridges
    assert len(bridge) == 1
    starts = {x.cell for x in legal_actions(state) if isinstance(x, Build)}
    # every first domino has a cell in row 1 above the bridge column
    column = bridge[0] - 1
    assert starts <= {column, column - 1} and column in starts


def test_R_LEG_1_big_jo_forced_with_nothing_fitting_discards() -> None:
    state = legends_at_seat_with("big_jo")
    seat = next_seat(state)
    grid_cells = state.players[seat].cells
    parcels = state.components.parcels
    farms = [p for p in state.pile if parcels[p - 1].landscape is L.FARM
             and not parcels[p - 1].cows and not parcels[p - 1].circle
             and not parcels[p - 1].skull][:3]
    for bridge, pid in zip(state.components.boards["big_jo"].bridges, farms, strict=True):
        state.pile.remove(pid)
        grid_cells[bridge - 1] = pid  # every bridge built on with farms
    slot = next(s for s in state.column if s.ranchero == seat)
    if parcels[slot.parcel - 1].landscape is L.FARM:  # the parcel to take must not fit
        desert = next(p for p in state.pile if parcels[p - 1].landscape is L.DESERT)
        state.pile[state.pile.index(desert)], slot.parcel = slot.parcel, desert
    state, seat, held = next_turn_holding(state, [Spec(L.DESERT), Spec(L.CANYON)])
    assert len(held) == 3 and state.turn.forced
    options = legal_actions(state)
    assert len(options) == 3 and all(isinstance(a, Discard) for a in options)


def test_R_LEG_2_the_scenario_is_drawn_from_the_seed_when_not_chosen() -> None:
    drawn = [new_game(["A", "B"], seed, variant="legends").config.scenario for seed in range(40)]
    assert set(drawn) == {1, 2, 3, 4}
    assert drawn == [new_game(["A", "B"], s, variant="legends").config.scenario
                     for s in range(40)]


def test_R_LEG_2_drawing_the_scenario_leaves_the_setup_draws_alone() -> None:
    base, legends = new_game(["A", "B", "C"], 9), new_game(["A", "B", "C"], 9, variant="legends")
    assert (base.pile, base.stack, base.pending) == (legends.pile, legends.stack,
                                                     legends.pending)


def test_R_LEG_2_scenarios_by_name_or_number() -> None:
    assert [scenario_number(n) for n in SCENARIOS] == [1, 2, 3, 4]
    assert [scenario_number(str(n)) for n in range(1, 5)] == [1, 2, 3, 4]
    assert scenario_number(" Gold ") == 2 and scenario_name(3) == "outlaws"
    for bad in ("0", "5", "sheriff", 0, 5, True, None):
        with pytest.raises(GameError, match="unknown scenario"):
            scenario_number(bad)  # type: ignore[arg-type]
    state = new_game(["A", "B"], 1, variant="legends", scenario="city")  # type: ignore[arg-type]
    assert state.config.scenario == 4


def test_R_LEG_2_state_refuses_a_scenario_that_does_not_fit_the_variant() -> None:
    data = new_game(["A", "B"], 1, variant="legends", scenario=2).to_dict()
    for scenario in (None, 0, 5, "2", True):
        bad = json.loads(json.dumps(data))
        bad["config"]["scenario"] = scenario
        with pytest.raises(StateError, match="scenario"):
            GameState.from_dict(bad)
    base = new_game(["A", "B"], 1).to_dict()
    base["config"]["scenario"] = 1
    with pytest.raises(StateError, match="scenario"):
        GameState.from_dict(base)
    swapped = json.loads(json.dumps(data))
    swapped["players"][0]["board"] = "camp"
    with pytest.raises(StateError, match="supply board"):
        GameState.from_dict(swapped)


@pytest.mark.parametrize("scenario", [1, 2, 3, 4])
def test_R_LEG_2_the_scenario_scores_at_the_end_and_the_record_replays(scenario: int) -> None:
    state = start(3, 40 + scenario, variant="legends", scenario=scenario)
    rng = Rng(scenario)
    game = game_named("moonriver")
    options = game.options({"variant": "legends", "scenario": scenario})
    fresh, _ = game.new_game(state.config.players, state.config.seed, options)
    actions = []
    while fresh.phase is not Phase.OVER:
        action = rng.choice(legal_actions(fresh))
        actions.append(str(action))
        fresh, _ = apply(fresh, action)
    result = outcome(fresh)
    assert result is not None
    for seat, sheet in enumerate(result.sheets):
        expected = score_scenario(ranch_grid(fresh, seat), scenario)
        assert sheet.scenario == expected
        assert sheet.total == (sheet.territory_points + sheet.resource_points
                               + sheet.partner_points + expected.points)
    record = Record("moonriver", state.config.seed, state.config.players, options,
                    tuple(actions))
    data = game.record_to_dict(record)
    again = replay(read_record(json.loads(json.dumps(data))))
    assert again.state == fresh
    assert data["options"] == {"variant": "legends", "scenario": scenario}
    view = public_view(fresh)
    assert view.scenario == SCENARIOS[scenario - 1] and view.variant == "legends"
    assert [p.score.total for p in view.players] == [s.total for s in result.sheets]


def test_R_LEG_2_some_seeded_game_scores_a_scenario_group() -> None:
    """The scenario is not dead weight: across seeded games some ranch scores it."""
    scored = set()
    for scenario in (1, 2, 3, 4):
        for seed in range(12):
            state = play_until(start(4, seed, variant="legends", scenario=scenario),
                               Rng(seed), lambda s: False)
            result = outcome(state)
            assert result is not None
            if any(s.scenario_points for s in result.sheets):
                scored.add(scenario)
                break
    assert scored == {1, 2, 3, 4}


def test_R_LEG_2_base_game_sheets_have_no_scenario() -> None:
    state = play_until(start(3, 5), Rng(5), lambda s: False)
    result = outcome(state)
    assert result is not None
    assert all(s.scenario is None and s.to_dict()["scenario"] is None for s in result.sheets)
    assert public_view(state).scenario is None


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    """`moonriver ARGS`, called in-process (tests/cli_in_process.py)."""
    from tests.cli_in_process import run_cli as moonriver
    return moonriver(*args)


def test_R_LEG_2_moonriver_simulate_and_replay_legends(tmp_path) -> None:
    out = run_cli("simulate", "--games", "2", "--players", "2", "--variant", "legends",
                  "--scenario", "random", "--seed", "3", "--records", str(tmp_path))
    assert out.returncode == 0, out.stderr
    for seed in (3, 4):
        record = json.loads((tmp_path / f"game-{seed}.json").read_text())
        assert record["options"]["variant"] == "legends"
        assert record["options"]["scenario"] == new_game(
            ["a", "b"], seed, variant="legends").config.scenario
        again = run_cli("replay", str(tmp_path / f"game-{seed}.json"))
        assert again.returncode == 0, again.stderr
        assert json.loads(again.stdout)["scores"] == record["result"]["scores"]
    chosen = run_cli("simulate", "--games", "1", "--players", "3", "--variant", "legends",
                     "--scenario", "outlaws", "--records", str(tmp_path / "o"))
    assert chosen.returncode == 0
    assert json.loads((tmp_path / "o" / "game-1.json").read_text())["options"]["scenario"] == 3


@pytest.mark.parametrize("args", [
    ("simulate", "--games", "1", "--scenario", "gold"),  # scenario without Legends
    ("simulate", "--games", "1", "--variant", "legends", "--scenario", "sheriff"),
    ("simulate", "--games", "1", "--variant", "advanced"),
    ("score", ". . . . . / . . . . . / . . . . . / . . . . . / fa fa fa . .", "--scenario", "9"),
])
def test_R_LEG_2_bad_scenario_options_exit_2(args) -> None:
    out = run_cli(*args)
    assert out.returncode == 2 and out.stderr.startswith("moonriver:")
    assert "Traceback" not in out.stderr


def test_R_LEG_1_a_component_set_without_a_colours_board_is_refused_by_name() -> None:
    document = json.loads(data_file("components", "provisional-1.json").read_text())
    del document["boards"]["big_jo"]
    components = parse_components(document, "test.json")
    assert legends_board(components, "purple") == "mary"
    with pytest.raises(GameError) as info:
        legends_board(components, "green")
    assert str(info.value) == "component set 'provisional-1' has no Legends board for green"
    assert boards_for("base", components, ("purple", "green")) == ("camp", "camp")


def test_R_LEG_2_an_unknown_scenario_names_the_choices() -> None:
    with pytest.raises(GameError) as info:
        scenario_number("sheriff")
    assert str(info.value) == ("unknown scenario 'sheriff' (expected timber, gold, outlaws, "
                               "city or 1–4)")


def test_is_over_only_at_the_end() -> None:
    state = start(3, 5)
    assert not is_over(state)
    assert is_over(play_until(state, Rng(5), lambda s: False))


def test_R_LEG_1_seats_play_the_legends_of_the_colours_they_chose() -> None:
    """A two-player game can be any two Legends (Big Jo and Wesley here): each seat's
    chosen colour decides its board; the state and the record keep the choice."""
    from engine.registry import game_named, read_record
    from engine.registry import replay as replay_record
    rules = game_named("moonriver")
    options = rules.options({"variant": "legends", "scenario": 1,
                             "colours": ["green", "white"]})
    state, _ = rules.new_game(["Ann", "Ben"], 7, options)
    assert [p.board for p in state.players] == ["big_jo", "wesley"]
    assert state.config.colours == ("green", "white")
    again = GameState.from_dict(json.loads(json.dumps(state.to_dict())))
    assert again.config.colours == ("green", "white") and again == state
    assert rules.table_options(state)["colours"] == ["green", "white"]
    assert [p.colour for p in public_view(state).players] == ["green", "white"]
    for _ in range(12):
        state, _events = apply(state, legal_actions(state)[0])
    record = rules.record_to_dict(rules.record_from_dict(
        {"format": "moonriver-record/1", "seed": 7, "players": ["Ann", "Ben"],
         "options": {"variant": "legends", "scenario": 1, "colours": ["green", "white"]},
         "actions": []}))
    assert record["options"]["colours"] == ["green", "white"]
    assert replay_record(read_record(record)).state.players[0].board == "big_jo"


@pytest.mark.parametrize("colours", [["green", "green"], ["pink", "white"], ["green"],
                                     "green,white"])
def test_R_LEG_1_a_bad_choice_of_colours_is_refused(colours: object) -> None:
    with pytest.raises(GameError):
        new_game(["Ann", "Ben"], 7, variant="legends", colours=colours)  # type: ignore[arg-type]


def test_R_LEG_1_the_seat_order_colours_store_no_choice() -> None:
    state = new_game(["Ann", "Ben"], 7, colours=["purple", "orange"])
    assert state == new_game(["Ann", "Ben"], 7) and "colours" not in state.to_dict()["config"]
