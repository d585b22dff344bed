"""`moonriver … --game kingdomino` (KINGDOMINO.md): the command line, JSON out and exit 0,
or one line and exit 2 — the same contract as Moon River's. Called in-process; the system
tier runs the real process too."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

# A full 5×5 kingdom, castle in the centre. Properties (K-SCORE-1): wheat 6 squares × 1
# crown, forest 4 × 1, water 4 × 2, grassland 4 × 0, swamp 4 × 1, mine 2 × 3 = 28.
FULL = ("wh1 wh wh fo fo / wh wh wh fo fo1 / wa wa C gr gr / wa wa2 sw sw gr / "
        "mi mi3 sw sw1 gr")


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """The command line called in-process, answered as the subprocess would be (the fast
    tier); `run_process` is the real one."""
    from tests.cli_in_process import run_cli
    return run_cli(*args, stdin=stdin)


def run_process(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "bot.cli", *args], capture_output=True,
                          text=True, input=stdin, timeout=300)


def json_of(*args: str) -> Any:
    done = run(*args)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def one_line_exit_2(*args: str) -> str:
    done = run(*args)
    assert done.returncode == 2, done.stdout
    assert done.stdout == "" and "Traceback" not in done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("moonriver: ")
    return lines[0]


def test_K_SCORE_1_score_prints_every_property_and_the_tie_break_figures() -> None:
    data = json_of("score", "--game", "kingdomino", FULL)
    assert data["total"] == 28 and data["bonuses"] == {}
    assert data["largest_property"] == 6 and data["crowns"] == 8  # K-SCORE-4's tie-breaks
    properties = data["properties"]
    assert {"terrain": "wheat", "size": 6, "crowns": 1, "points": 6} in properties
    assert {"terrain": "mine", "size": 2, "crowns": 3, "points": 6} in properties
    assert {"terrain": "grassland", "size": 4, "crowns": 0, "points": 0} in properties
    assert sum(p["points"] for p in properties) == 28


def test_K_SCORE_2_K_SCORE_3_bonuses_only_when_asked_for_and_earned() -> None:
    both = json_of("score", "--game", "kingdomino", FULL, "--middle-kingdom", "--harmony")
    assert both["bonuses"] == {"middle_kingdom": 10, "harmony": 5} and both["total"] == 43
    # one column short and the castle off centre: neither bonus
    short = "C wh1 wh fo / . . . . / . . . . / . . . . / . . . ."
    none = json_of("score", "--game", "kingdomino", short, "--middle-kingdom", "--harmony")
    assert none["bonuses"] == {} and none["total"] == 2


def test_K_PLACE_2_a_kingdom_in_a_larger_canvas_is_trimmed_and_7x7_needs_mighty_duel() -> None:
    rows = FULL.split(" / ")
    canvas = " / ".join([". " * 6 + "."] + [f". {row} ." for row in rows] + [". " * 6 + "."])
    assert json_of("score", "--game", "kingdomino", canvas) == \
        json_of("score", "--game", "kingdomino", FULL)
    wide = "C wh1 wh wh wh wh wh"  # seven squares in a row
    assert "7×1" in one_line_exit_2("score", "--game", "kingdomino", wide)
    assert json_of("score", "--game", "kingdomino", wide, "--mighty-duel")["total"] == 6


@pytest.mark.parametrize("args", [
    ["score", "--game", "kingdomino", "C wh1 xx"],  # no such terrain
    ["score", "--game", "kingdomino", "C wh / C fo"],  # two castles
    ["score", "--game", "kingdomino", "wh fo / wa"],  # ragged rows, no castle
    ["score", "--game", "kingdomino", ""],
    ["score", "--game", "kingdomino", "C wh1", "--scenario", "gold"],  # Moon River's option
    ["score", ". . . . . / . . . . . / . . . . . / . . . . . / de de . . .", "--harmony"],
    ["score", "--game", "chess", "C"],
    ["simulate", "--game", "kingdomino", "--variants", "space"],
    ["simulate", "--game", "kingdomino", "--variants", "mighty-duel", "--players", "4"],
    ["simulate", "--game", "kingdomino", "--variant", "legends"],
    ["simulate", "--variants", "harmony"],  # Kingdomino's option for Moon River
    ["simulate", "--game", "kingdomino", "--ai", "genius"],
    ["simulate", "--game", "kingdomino", "--games", "0"],
    ["sandbox", "--variants", "harmony"],  # Kingdomino's option for Moon River
])
def test_bad_kingdomino_input_exits_2_with_one_line(args: list[str]) -> None:
    one_line_exit_2(*args)


def test_simulate_has_moon_rivers_shape_and_its_records_replay(tmp_path: Path) -> None:
    report = json_of("simulate", "--game", "kingdomino", "--players", "4", "--games", "3",
                     "--ai", "greedy,random,random,random", "--seed", "7",
                     "--records", str(tmp_path))
    assert set(report) == {"games", "mean_score", "min_score", "max_score",
                           "games_per_second", "win_rate", "per_ai"}
    per_ai = report["per_ai"]
    assert set(per_ai) == set(report["win_rate"]) == {"greedy", "random"}
    assert (per_ai["greedy"]["seats"], per_ai["random"]["seats"]) == (1, 3)
    assert all(per_ai[n]["win_rate"] == report["win_rate"][n] for n in per_ai)
    assert report["min_score"] <= per_ai["random"]["mean_score"] <= report["max_score"]
    files = sorted(tmp_path.glob("game-*.json"))
    assert [f.name for f in files] == ["game-7.json", "game-8.json", "game-9.json"]
    recorded = json.loads(files[0].read_text())
    assert recorded["format"] == "kingdomino-record/1"
    replayed = json_of("replay", str(files[0]))  # the game told by the record's format
    names = recorded["players"]
    assert replayed["scores"] == dict(zip(names, recorded["result"]["scores"], strict=True))
    assert replayed["winners"] == [names[i] for i in recorded["result"]["winners"]]
    assert replayed["turns"] == 48  # K-ROUNDS: 12 rounds × 4 kings
    assert json_of("replay", str(files[0]), "--game", "kingdomino") == replayed


@pytest.mark.parametrize(("players", "variants", "turns"), [
    ("2", "", 24), ("3", "harmony,middle-kingdom", 36), ("2", "dynasty", 72),
])
def test_K_ROUNDS_simulated_games_of_every_size_replay_with_their_turns(
        tmp_path: Path, players: str, variants: str, turns: int) -> None:
    report = json_of("simulate", "--game", "kingdomino", "--players", players, "--games", "1",
                     "--variants", variants, "--records", str(tmp_path))
    assert report["games"] == 1 and "per_ai" not in report  # one AI: no per-AI figures
    (path,) = tmp_path.glob("*.json")
    assert json.loads(path.read_text())["options"]["variants"] == \
        sorted(v for v in variants.split(",") if v)
    assert json_of("replay", str(path))["turns"] == turns


def test_replay_refuses_a_tampered_record_or_the_wrong_game(tmp_path: Path) -> None:
    assert run("simulate", "--game", "kingdomino", "--players", "3", "--games", "1",
               "--records", str(tmp_path)).returncode == 0
    path = next(tmp_path.glob("*.json"))
    record = json.loads(path.read_text())
    assert "is a Kingdomino record, not Moon River" in one_line_exit_2(
        "replay", str(path), "--game", "moonriver")
    record["actions"][4] = "claim 99"  # no such domino in any line
    path.write_text(json.dumps(record))
    assert "action 5" in one_line_exit_2("replay", str(path))
    record["players"] = ["Alex", "Alex", "Kim"]
    path.write_text(json.dumps(record))
    assert "names must differ" in one_line_exit_2("replay", str(path))


def test_render_draws_a_recorded_moment_and_the_end_of_a_kingdomino_game(
        tmp_path: Path) -> None:
    assert run("simulate", "--game", "kingdomino", "--players", "3", "--games", "1",
               "--records", str(tmp_path)).returncode == 0
    path = next(tmp_path.glob("*.json"))
    moment = run("render", "--record", str(path), "--turn", "5", "-o", str(tmp_path / "t5"))
    assert moment.returncode == 0, moment.stderr
    names = [Path(line).name for line in moment.stdout.splitlines()]
    # K-TURN-1: turn 5 begins with a domino to place, so the preview letters its places
    assert names == ["turn.png", "preview.png", "kingdom-1.png", "kingdom-2.png",
                     "kingdom-3.png"]
    end = run("render", "--record", str(path), "--turn", "end", "--game", "kingdomino",
              "--locale", "de", "-o", str(tmp_path / "end"))
    assert end.returncode == 0, end.stderr
    drawn = [Path(line) for line in end.stdout.splitlines()]
    assert [p.name for p in drawn] == ["final.png", "kingdom-1.png", "kingdom-2.png",
                                       "kingdom-3.png",  # the game is over: nothing to place
                                       "story.png"]
    for picture in drawn:
        with Image.open(picture) as image:
            assert image.format == "PNG"
    with Image.open(drawn[0]) as final:
        assert final.width == 800  # the phone-first picture, like the turn picture
    assert "the record has 36 turns, not 37" in one_line_exit_2(
        "render", "--record", str(path), "--turn", "37", "-o", str(tmp_path / "late"))
    assert "drawn from a game" in one_line_exit_2("render", "--game", "kingdomino", FULL,
                                                  "-o", str(tmp_path / "k.png"))


def test_sandbox_passes_the_game_on(tmp_path: Path) -> None:
    done = run("sandbox", "--game", "kingdomino", "--seats", "human,random", "--seed", "3",
               "--variants", "harmony", "--out", str(tmp_path), stdin="1\n" * 400)
    assert done.returncode == 0, done.stderr
    assert "--variant and --scenario" in one_line_exit_2(
        "sandbox", "--game", "kingdomino", "--variant", "legends", "--out", str(tmp_path))


@pytest.mark.system
def test_the_real_process_scores_a_kingdom_and_refuses_in_one_line() -> None:
    done = run_process("score", "--game", "kingdomino", FULL)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["total"] == 28
    refused = run_process("score", "--game", "kingdomino", "C wh / C fo")
    assert refused.returncode == 2 and refused.stdout == ""
    assert len(refused.stderr.strip().splitlines()) == 1 and "Traceback" not in refused.stderr
