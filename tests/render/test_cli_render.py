"""`moonriver render` writes every picture kind of a recorded moment."""

from __future__ import annotations

import json
from pathlib import Path

from PIL import Image

from bot.cli import main
from engine.games.rng import Rng
from engine.moonriver.actions import Build
from engine.moonriver.game import apply, legal_actions, new_game
from engine.moonriver.state import Phase
from engine.registry import Record, game_named


def record_file(tmp_path: Path, seed: int) -> tuple[Path, int]:
    """A random 3-player game up to a turn whose first decision is a build."""
    players = ["Alice", "Bob", "Carol"]
    state = new_game(players, seed)
    rng = Rng(seed)
    actions: list[str] = []
    turns = build_turn = 0
    while state.phase is not Phase.OVER:
        if state.round >= 4 and any(isinstance(a, Build) for a in legal_actions(state)):
            build_turn = turns
            break
        action = rng.choice(legal_actions(state))
        actions.append(str(action))
        state, events = apply(state, action)
        turns += sum(e.kind == "turn_started" for e in events)
    path = tmp_path / "game.json"
    game = game_named("moonriver")
    record = Record("moonriver", seed, tuple(players), game.options({}), tuple(actions))
    path.write_text(json.dumps(game.record_to_dict(record)))
    return path, build_turn


def test_render_writes_turn_table_ranches_and_preview(tmp_path: Path, capsys) -> None:
    record, turn = record_file(tmp_path, 5)
    out = tmp_path / "pictures"
    assert main(["render", "--record", str(record), "--turn", str(turn), "-o", str(out),
                 "--theme", "light", "--locale", "de"]) == 0
    names = {p.name for p in out.iterdir()}
    assert names == {"turn.png", "table.png", "preview.png", "ranch-1.png", "ranch-2.png",
                     "ranch-3.png"}
    assert Image.open(out / "turn.png").width == 800
    assert str(out / "turn.png") in capsys.readouterr().out

