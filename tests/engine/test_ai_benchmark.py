"""The strength benchmark: its budget, its per-game log and its summary.

A confirming run takes hours on the shared machine, so a run cut short must still be a
result: every game is logged as it ends, in seed order, with a summary beside it.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

from benchmarks.ai import (
    CLOCKS,
    Budget,
    GameResult,
    _write_progress,
    odd_one_out,
    play,
    read_log,
    summarise,
)


def test_the_default_budget_is_cpu_time_of_the_thinking_process() -> None:
    assert Budget(1000).clock == "cpu"
    assert CLOCKS["cpu"] is time.process_time and CLOCKS["wall"] is time.perf_counter


def test_a_game_on_a_sweep_budget_logs_its_searches_and_reads_back(tmp_path: Path) -> None:
    """R-SCORE-4: shared wins count; the log round-trips through a real file."""
    lineup = ("greedy", "strong", "greedy", "greedy")
    result = play(lineup, seed=3, budget=Budget(1000, "cpu", iterations=1))
    assert result.seed == 3 and len(result.scores) == 4 and result.winners
    assert result.think_seconds and len(result.sweeps) == len(result.playouts) > 0
    assert all(p >= 2 * s for p, s in zip(result.playouts, result.sweeps, strict=True))

    log_path = tmp_path / "games.jsonl"
    with log_path.open("a", encoding="utf-8") as log:
        report = summarise([result], "strong")
        _write_progress(log, str(log_path), result, report)
    assert read_log(str(log_path)) == [result]
    summary = json.loads((tmp_path / "games.jsonl.summary.json").read_text(encoding="utf-8"))
    assert summary["games"] == 1 and summary["seeds"] == [3, 3]
    assert summary["wins"] == (1 in result.winners)


def test_the_summary_counts_wins_margins_and_the_interval() -> None:
    strong_first = GameResult(("strong", "greedy", "greedy", "greedy"), (90, 70, 60, 50),
                              (0,), (0.9, 1.0), (100,), 1, (450,))
    strong_second = GameResult(("greedy", "strong", "greedy", "greedy"), (80, 75, 60, 50),
                               (0,), (1.0,), (), 2, ())
    report = summarise([strong_first, strong_second], "strong")
    assert report["wins"] == 1 and report["win_rate"] == 0.5
    assert report["mean_margin_vs_best_other"] == (20 - 5) / 2
    low, high = report["win_rate_95"]  # type: ignore[misc]
    assert 0 < low < 0.5 < high < 1
    assert report["playouts_per_searched_decision"] == {"median": 450, "decisions": 1}
    assert report["seeds"] == [1, 2]


def test_a_log_is_summarised_for_the_ai_it_measured() -> None:
    """`--summarise LOG` without `--ai` reports on the seat the run was about, whichever
    seat it held in the log's first game (was: greedy, the default lineup's first)."""
    def game(*lineup: str) -> GameResult:
        return GameResult(lineup, (1, 2, 3, 4), (3,), (), (), 1, ())

    assert odd_one_out([game("greedy", "strong", "greedy", "greedy")]) == "strong"
    assert odd_one_out([game("random", "random", "random", "greedy")]) == "greedy"
    assert odd_one_out([game("greedy", "greedy", "greedy", "greedy")]) == "greedy"
