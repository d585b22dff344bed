"""`write_all`: every picture kind of a game as PNG files, from a state or a record."""

from __future__ import annotations

from pathlib import Path

from PIL import Image

from engine.kingdomino.record import GameRecord, result_of
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
    record = GameRecord(3, ["Ann", "Bo"], [], actions, result_of(state))
    paths = write_all(record, tmp_path / "out", "ja", DARK)
    assert sorted(p.name for p in paths) == ["final.png", "kingdom-1.png", "kingdom-2.png"]
    # the game registry's record of the same game writes the same pictures
    from engine.registry import game_named

    rules = game_named("kingdomino")
    shared = rules.record_from_dict(record.to_dict())
    again = write_all(shared, tmp_path / "again", "ja", DARK)
    assert [p.read_bytes() for p in sorted(again)] == [p.read_bytes() for p in sorted(paths)]


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
