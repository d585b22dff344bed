"""`write_all`: every picture kind of a game as PNG files, from a state or a record."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from PIL import Image

from engine.games.errors import RecordError
from engine.registry import Record, game_named, with_result
from render.kingdomino import to_png, write_all
from render.kingdomino.style import ART_COLOURS, TERRAIN_STYLE
from render.theme import DARK, LIGHT
from tests.render.kingdomino.games import played


def test_write_all_from_a_state_mid_game(tmp_path: Path) -> None:
    state, _ = played(3, 5, 6)
    paths = write_all(state, tmp_path, "de", LIGHT)
    assert sorted(p.name for p in paths) == ["kingdom-1.png", "kingdom-2.png", "kingdom-3.png",
                                            "preview.png", "turn.png"]
    for path in paths:
        with Image.open(path) as image:
            assert image.format == "PNG" and image.mode == "P" and image.width >= 400


def test_write_all_from_a_record_at_the_end(tmp_path: Path) -> None:
    """A finished record replays (checked) and writes the final picture, no preview."""
    from engine.kingdomino import apply, legal_actions, new_game
    from engine.kingdomino.ai import make_player
    from engine.kingdomino.state import Phase

    state = new_game(["Ann", "Bo"], 3)
    player, actions = make_player("greedy", 3), []
    while state.phase is not Phase.OVER:
        action = player.choose(state)
        assert action in legal_actions(state)
        actions.append(str(action))
        state, _ = apply(state, action)
    rules = game_named("kingdomino")
    record = with_result(Record("kingdomino", 3, ("Ann", "Bo"), rules.options({}),
                                tuple(actions)), state)
    paths = write_all(record, tmp_path / "out", "ja", DARK)
    assert sorted(p.name for p in paths) == ["final.png", "kingdom-1.png", "kingdom-2.png"]
    # a record whose result was changed is refused, and nothing is written
    assert record.result is not None
    wrong = Record(record.game, record.seed, record.players, record.options, record.actions,
                   type(record.result)(record.result.scores, (1 - record.result.winners[0],)))
    with pytest.raises(RecordError, match="differs"):
        write_all(wrong, tmp_path / "wrong", "ja", DARK)
    assert not (tmp_path / "wrong").exists()
    with pytest.raises(ValueError, match="not a Kingdomino record"):
        write_all(replace(record, game="moonriver"), tmp_path / "other", "ja", DARK)


def test_encoding_keeps_the_terrain_and_king_colours_exact() -> None:
    """The theme's fixed palette, seeded with Kingdomino's art colours, returns every one
    of them unchanged (no quantising per picture)."""
    import io

    for theme in (DARK, LIGHT):
        strip = Image.new("RGB", (len(ART_COLOURS) + 1, 1), theme.background)
        for i, colour in enumerate(ART_COLOURS, start=1):
            strip.putpixel((i, 0), colour)
        back = Image.open(io.BytesIO(to_png(strip, theme))).convert("RGB")
        for i, colour in enumerate(ART_COLOURS, start=1):
            assert back.getpixel((i, 0)) == colour, colour
    assert all(fill in ART_COLOURS for fill, _, _ in TERRAIN_STYLE.values())
