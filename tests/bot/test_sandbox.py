"""`moonriver sandbox`: a whole game typed at the prompt, pictures after every turn."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from PIL import Image

from bot.sandbox import SandboxOptions, run_sandbox


def scripted(lines: list[str]):
    """A prompt reader that types `lines`, then '1' forever (the first legal action)."""
    queue = list(lines)
    prompts: list[str] = []

    def read(prompt: str) -> str:
        prompts.append(prompt)
        if len(prompts) > 3000:
            raise EOFError
        return queue.pop(0) if queue else "1"

    return read, prompts


async def test_a_hot_seat_game_with_a_computer(tmp_path: Path) -> None:
    out = io.StringIO()
    read, prompts = scripted(["help", "history", "nonsense", "999", "choose p999", "list"])
    options = SandboxOptions(seats=("human", "human", "random"), names=("Ann", "Ben"),
                             folder=tmp_path, seed=11)
    assert await run_sandbox(options, read, out) == 0
    text = out.getvalue()
    assert "Not understood: nonsense" in text and "Not understood: 999" in text
    assert "That move is not possible now" in text  # choose p999: refused, nothing changed
    assert "Winner:" in text and "the game is over" in text
    assert {p.split(">")[0] for p in prompts} == {"Ann", "Ben"}
    pictures = sorted(tmp_path.glob("table-*.png"))
    assert len(pictures) > 40 and (tmp_path / "scores.png").exists()
    assert (tmp_path / "story.png").read_bytes().startswith(b"\x89PNG")
    assert Image.open(tmp_path / "table.png").size[0] >= 800  # the phone-first turn picture
    # options by their labels, a text board before each prompt, the picture path
    listed = [line for line in text.splitlines() if re.match(r"\s+\d+\. ", line)]
    assert listed and not [line for line in listed if re.search(r"\bp\d+\b", line)]
    assert "draft: ①" in text or "next: ①" in text
    assert f"picture: {tmp_path / 'table-001.png'}" in text


async def test_a_game_in_a_database_resumes(tmp_path: Path) -> None:
    db = tmp_path / "sandbox.sqlite3"
    options = SandboxOptions(seats=("human", "greedy"), folder=tmp_path / "p", database=db,
                             seed=3)
    read, _ = scripted(["1", "1", "1", "quit"])
    assert await run_sandbox(options, read, io.StringIO()) == 0
    out = io.StringIO()
    read, _ = scripted([])
    assert await run_sandbox(options, read, out) == 0  # picks the same game up again
    assert "Winner:" in out.getvalue()


def test_options_are_checked() -> None:
    for seats in (("human",), ("greedy", "random"), ("human", "wizard"), ("human",) * 5):
        with pytest.raises(ValueError):
            SandboxOptions(seats=seats)


def test_the_command_line_plays_from_stdin(tmp_path: Path) -> None:
    """`moonriver sandbox`, called in-process with its stdin (the system tier and .ci/run
    start the real console script)."""
    from tests.cli_in_process import run_cli

    result = run_cli("sandbox", "--seats", "human,greedy", "--seed", "4",
                     "--out", str(tmp_path), "--locale", "ja", stdin="1\n" * 400)
    assert result.returncode == 0, result.stderr
    assert "勝者" in result.stdout
    bad = run_cli("sandbox", "--seats", "greedy")
    assert bad.returncode == 2 and bad.stderr.startswith("moonriver: ")
