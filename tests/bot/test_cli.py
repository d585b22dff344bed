"""The `moonriver` CLI contract (NOTATION.md): JSON fields, exit 0 / 2, one-line errors."""

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bot.cli import main

RANCH = ". . . . . / . . . . . / . . . . . / . . . . . / de++ de me2!golddigger . ."


def run(*args: str) -> subprocess.CompletedProcess[str]:
    """The command line called in-process, answered as a subprocess would be."""
    from tests.cli_in_process import run_cli
    return run_cli(*args)


def run_process(*args: str) -> subprocess.CompletedProcess[str]:
    """The real `python -m bot.cli` process (the system tier's few)."""
    return subprocess.run([sys.executable, "-m", "bot.cli", *args], capture_output=True,
                          text=True, timeout=120)


def test_score_applies_overpopulation_and_prints_the_contract_fields(capsys) -> None:
    assert main(["score", RANCH]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["total"] == 2 + 2 + 2  # desert 2x1 after overpopulation, 2 gold, digger 2
    assert data["territories"][0] == {"landscape": "desert", "size": 2, "cows": 1,
                                      "points": 2, "cells": ["A1", "B1"]}
    assert data["resources"]["gold"] == 2 and data["partners"]["points"] == 2
    assert data["scenario"] is None and data["cows"] == 1


def test_simulate_writes_records_that_replay(tmp_path: Path, capsys) -> None:
    assert main(["simulate", "--games", "3", "--players", "3", "--seed", "5",
                 "--records", str(tmp_path)]) == 0
    report = json.loads(capsys.readouterr().out)
    assert set(report) == {"games", "mean_score", "min_score", "max_score", "games_per_second"}
    assert report["games"] == 3 and report["min_score"] <= report["mean_score"]
    files = sorted(tmp_path.glob("*.json"))
    assert len(files) == 3
    assert main(["replay", str(files[0])]) == 0
    replayed = json.loads(capsys.readouterr().out)
    recorded = json.loads(files[0].read_text())
    assert replayed["scores"] == recorded["result"]["scores"]
    assert replayed["winners"] == recorded["result"]["winners"]
    assert replayed["turns"] == 72  # 24 rounds x 3 rancheros


def test_render_turn_end_draws_the_finished_game_with_its_score_sheet(tmp_path: Path) -> None:
    assert run("simulate", "--games", "1", "--players", "2", "--records",
               str(tmp_path)).returncode == 0
    record = next(tmp_path.glob("*.json"))
    done = run("render", "--record", str(record), "--turn", "end", "-o", str(tmp_path / "end"))
    assert done.returncode == 0, done.stderr
    assert [Path(line).name for line in done.stdout.splitlines()] == [
        "turn.png", "table.png", "ranch-1.png", "ranch-2.png", "scores.png", "story.png"]
    assert run("render", "--record", str(record), "--turn", "later", "-o",
               str(tmp_path / "x")).returncode == 2


def test_simulate_reports_win_rates_when_ais_differ(capsys) -> None:
    assert main(["simulate", "--games", "2", "--players", "2", "--ai", "greedy,random"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert set(report["win_rate"]) == {"greedy", "random"}


def test_a_tampered_record_is_refused_with_the_action_number(tmp_path: Path, capsys) -> None:
    assert main(["simulate", "--games", "1", "--players", "2", "--records",
                 str(tmp_path)]) == 0
    path = next(tmp_path.glob("*.json"))
    record = json.loads(path.read_text())
    record["actions"][5] = "choose p999"  # no such parcel: illegal in every phase
    path.write_text(json.dumps(record))
    capsys.readouterr()
    assert main(["replay", str(path)]) == 2
    assert "action 6" in capsys.readouterr().err
    record = json.loads(path.read_text())
    record["result"] = None
    record["actions"] = record["actions"][:5]
    path.write_text(json.dumps(record))
    assert main(["replay", str(path)]) == 0  # an unfinished game replays with no result
    record["result"] = {"scores": {}, "winners": []}
    path.write_text(json.dumps(record))
    assert main(["replay", str(path)]) == 2  # a result that does not match is refused


@pytest.mark.parametrize("args", [
    ["score", "nonsense"],
    ["score", RANCH, "--scenario", "gold-rush"],
    ["replay", "/no/such/file.json"],
    ["simulate", "--games", "0"],
    ["simulate", "--players", "5"],
    ["simulate", "--ai", "genius"],
    ["simulate", "--ai", "random,random,random", "--players", "2"],
    ["simulate", "--seed", "-3"],
    ["frobnicate"],
    [],
])
def test_bad_input_exits_2_with_one_line(args: list[str]) -> None:
    result = run(*args)
    assert result.returncode == 2, result.stderr
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("moonriver: ")
    assert "Traceback" not in result.stderr


@pytest.mark.system
@pytest.mark.parametrize("args", [["simulate", "--players", "5"], ["frobnicate"], []])
def test_the_real_process_exits_2_with_one_line(args: list[str]) -> None:
    result = run_process(*args)
    assert result.returncode == 2, result.stderr
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("moonriver: ")


@pytest.mark.system
def test_the_real_process_scores_a_ranch() -> None:
    result = run_process("score", RANCH)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["total"] == 6


def test_replay_of_bad_json_or_wrong_format(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    assert run("replay", str(bad)).returncode == 2
    bad.write_text(json.dumps({"format": "chess-pgn"}))
    result = run("replay", str(bad))
    assert result.returncode == 2 and "moonriver-record/1" in result.stderr
    bad.write_bytes(b"\xff\xfe\x00")
    assert run("replay", str(bad)).returncode == 2


@pytest.mark.system
def test_run_without_a_token_explains_and_offers_the_sandbox(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "MOONRIVER_"))}
    result = subprocess.run([sys.executable, "-m", "bot.cli", "run"], capture_output=True,
                            text=True, env=env, timeout=60)
    assert result.returncode == 2 and "DISCORD_TOKEN" in result.stderr
    assert "moonriver sandbox" in result.stderr and "Traceback" not in result.stderr
    env.update(DISCORD_TOKEN="x" * 40, MOONRIVER_LOG_LEVEL="chatty")
    result = subprocess.run([sys.executable, "-m", "bot.cli", "run"], capture_output=True,
                            text=True, env=env, timeout=60)
    assert result.returncode == 2
    assert result.stderr.strip().splitlines() == [
        "moonriver: MOONRIVER_LOG_LEVEL must be one of DEBUG, INFO, WARNING, ERROR, "
        "got 'CHATTY'"]


def test_health_reads_the_heartbeat(tmp_path: Path) -> None:
    beat = tmp_path / "heartbeat"
    assert run("health", "--file", str(beat)).returncode == 1
    beat.touch()
    assert run("health", "--file", str(beat)).returncode == 0
    old = time.time() - 600
    os.utime(beat, (old, old))
    assert run("health", "--file", str(beat)).returncode == 1


# --- hostile input: bounded, one line, exit 2 ---------------------------------


def _one_line_exit_2(capsys, argv: list[str]) -> str:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("moonriver: ") and err.count("\n") == 1 and "Traceback" not in err
    return err


def test_replay_refuses_deeply_nested_json_without_a_traceback(tmp_path: Path, capsys) -> None:
    hostile = tmp_path / "deep.json"
    hostile.write_text("[" * 200_000 + "]" * 200_000, encoding="utf-8")
    assert "nested deeper" in _one_line_exit_2(capsys, ["replay", str(hostile)])


def test_replay_counts_brackets_inside_strings_as_text(tmp_path: Path, capsys) -> None:
    # "[[[…" inside a string is not nesting: the record is refused for its content instead
    record = tmp_path / "strings.json"
    record.write_text(json.dumps({"format": "x", "players": ["[" * 100, "{\\\"" * 50]}),
                      encoding="utf-8")
    assert "nested deeper" not in _one_line_exit_2(capsys, ["replay", str(record)])


def test_replay_refuses_an_oversized_file(tmp_path: Path, capsys) -> None:
    from bot.cli import MAX_JSON_BYTES

    big = tmp_path / "big.json"
    big.write_text('"' + "a" * MAX_JSON_BYTES + '"', encoding="utf-8")
    assert "larger than" in _one_line_exit_2(capsys, ["replay", str(big)])


def test_replay_refuses_a_record_whose_players_share_a_name(tmp_path: Path, capsys) -> None:
    record = tmp_path / "twins.json"
    record.write_text(json.dumps({"format": "moonriver-record/1", "seed": 1,
                                  "players": ["Alex", "Alex"], "actions": []}),
                      encoding="utf-8")
    assert "names must differ" in _one_line_exit_2(capsys, ["replay", str(record)])


@pytest.mark.parametrize("games", ["1" + "0" * 30, "100001", "0", "-5", "9" * 5000])
def test_simulate_games_is_bounded(capsys, games: str) -> None:
    _one_line_exit_2(capsys, ["simulate", "--games", games])


@pytest.mark.parametrize("think", ["1" + "0" * 30, "60001", "0"])
def test_simulate_think_time_is_bounded(capsys, think: str) -> None:
    _one_line_exit_2(capsys, ["simulate", "--think-ms", think])


# --- numbers past the edge --------------------------------------------


def test_a_5000_digit_integer_is_one_line_and_exit_2(tmp_path: Path) -> None:
    huge = "9" * 5000
    record = tmp_path / "huge.json"
    record.write_text('{"format": "moonriver-record/1", "seed": ' + huge
                      + ', "players": ["A", "B"], "actions": []}')
    for args in (["replay", str(record)], ["score", RANCH, "--scenario", huge]):
        result = run(*args)
        assert result.returncode == 2, result.stderr
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("moonriver: "), result.stderr
        assert "Traceback" not in result.stderr


@pytest.mark.parametrize("age", ["nan", "NaN", "inf", "-inf", "-5", "0"])
def test_health_refuses_a_max_age_that_is_not_a_positive_number(tmp_path: Path,
                                                                 age: str) -> None:
    beat = tmp_path / "heartbeat"
    beat.touch()
    old = time.time() - 600
    os.utime(beat, (old, old))  # stale: only a broken comparison would call it ok
    result = run("health", "--file", str(beat), "--max-age", age)
    assert result.returncode == 2, (result.stdout, result.stderr)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("moonriver: ") and "max-age" in lines[0]
