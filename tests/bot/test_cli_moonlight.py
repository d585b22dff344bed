"""`moonriver … --game moonlight` (MOONLIGHT.md): score prints the area's sheet as JSON,
simulate plays two-player games, render draws a recorded moment; bad input is one line
and exit 2. Called in-process (tests/cli_in_process.py)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from engine.moonlight import parse_area, score_area
from tests.cli_in_process import run_cli

EXAMPLE = "g3 b4m . / g1 g2m b5 ."  # MOONLIGHT.md's notation example


def json_of(*args: str) -> Any:
    done = run_cli(*args)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def one_line_exit_2(*args: str) -> str:
    done = run_cli(*args)
    assert done.returncode == 2, done.stdout
    assert done.stdout == "" and "Traceback" not in done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("moonriver: ")
    return lines[0]


def test_M_SCORE_score_prints_the_sheet_of_score_area() -> None:
    data = json_of("score", "--game", "moonlight", EXAMPLE)
    assert data == score_area(parse_area(EXAMPLE)).to_dict()
    assert set(data) == {"rows", "moons", "moon_bonus", "points", "visible", "winner"}
    # M-POWER-1: the 1 on the bottom-left corner counts 3: 3 + 2 against 5, a tie
    assert data["rows"] == [{"sums": {"g": 3, "b": 4}, "winner": "b"},
                            {"sums": {"g": 5, "b": 5}, "winner": None}]
    assert data["moons"] == {"g": 1, "b": 1} and data["moon_bonus"] is None


def test_M_COMP_4_powers_change_the_sheet() -> None:
    data = json_of("score", "--game", "moonlight", EXAMPLE, "--powers",
                   "g:pack-leader,b:full-moon")
    assert data == score_area(parse_area(EXAMPLE),
                              (("pack-leader",), ("full-moon",))).to_dict()
    assert data["rows"][1]["winner"] == "g"  # pack-leader wins the tie
    assert data["moons"] == {"g": 1, "b": 2} and data["moon_bonus"] == "b"
    both = json_of("score", "--game", "moonlight", EXAMPLE, "--powers", "B:full-moon, b:den")
    assert both["moons"]["b"] == 2


@pytest.mark.parametrize(("args", "words"), [
    (["g3 x9"], "x9"),
    (["g3 . g4"], "hang together"),
    (["g1 g1 g1 g1 g1"], "3×4"),
    ([EXAMPLE, "--powers", "g:fly"], "fly"),
    ([EXAMPLE, "--powers", "r:den"], "OWNER:POWER"),
    ([EXAMPLE, "--powers", "g:den,b:den"], "twice"),
    ([EXAMPLE, "--scenario", "gold"], "Legends"),
    ([EXAMPLE, "--harmony"], "Kingdomino"),
])
def test_bad_input_is_one_line_and_exit_2(args: list[str], words: str) -> None:
    assert words in one_line_exit_2("score", "--game", "moonlight", *args)


def test_powers_belong_to_moonlight() -> None:
    assert "Moonlight" in one_line_exit_2("score", "--game", "kingdomino", "C",
                                          "--powers", "g:den")


def test_simulate_plays_two_player_games_and_writes_records(tmp_path: Path) -> None:
    data = json_of("simulate", "--game", "moonlight", "--games", "3", "--ai",
                   "greedy,random", "--records", str(tmp_path))
    assert data["games"] == 3 and 0 <= data["min_score"] <= data["max_score"] <= 2
    assert set(data["win_rate"]) == {"greedy", "random"}
    records = sorted(tmp_path.glob("*.json"))
    assert len(records) == 3
    record = json.loads(records[0].read_text(encoding="utf-8"))
    assert record["format"] == "moonlight-record/1" and record["options"] == {}
    assert "Moonlight is for 2 players" in one_line_exit_2(
        "simulate", "--game", "moonlight", "--players", "3")
    assert "--variant" in one_line_exit_2("simulate", "--game", "moonlight", "--variant",
                                          "legends")


def test_render_draws_a_recorded_moment_and_the_end(tmp_path: Path) -> None:
    json_of("simulate", "--game", "moonlight", "--games", "1", "--seed", "4",
            "--records", str(tmp_path))
    record = str(tmp_path / "game-4.json")
    done = run_cli("render", "--record", record, "--turn", "5", "-o", str(tmp_path / "t5"),
                   "--theme", "light", "--locale", "ja")
    assert done.returncode == 0, done.stderr
    assert [Path(p).name for p in done.stdout.split()] == ["turn.png", "hand.png"]
    done = run_cli("render", "--game", "moonlight", "--record", record, "--turn", "end",
                   "-o", str(tmp_path / "end"))
    assert done.returncode == 0, done.stderr
    assert [Path(p).name for p in done.stdout.split()] == ["turn.png", "final.png",
                                                           "story.png"]
    for path in done.stdout.split():
        with Image.open(path) as image:
            assert image.format == "PNG" and image.width == 800
    assert "drawn from a game" in one_line_exit_2("render", "--game", "moonlight", EXAMPLE,
                                                  "-o", str(tmp_path / "x.png"))
    assert "not Kingdomino" in one_line_exit_2("render", "--game", "kingdomino", "--record",
                                               record, "--turn", "1", "-o", str(tmp_path))
