"""Lettered candidate positions: the preview and the menu share the letters."""

from __future__ import annotations

from engine.moonriver.actions import Bonus, Build
from engine.moonriver.game import legal_actions
from engine.moonriver.grid import WIDTH, parse_cell
from engine.moonriver.view import public_view
from render.labels import letter
from render.moonriver import render_preview
from render.moonriver.placement import bonus_spots, placement_positions, position_of
from render.moonriver.ranch import ranch_picture
from render.stamps import drawn_texts
from render.theme import DARK
from tests.helpers import at_bonus_decision
from tests.render.golden import at_build_decision


def test_letters_run_a_to_z_then_aa_never_i_l_o() -> None:
    """i, l and o beside a cell name ("l) F1") read as the digits 1 and 0."""
    assert [letter(i) for i in (0, 1, 7, 8, 10, 22, 23, 24, 45, 46)] == [
        "a", "b", "h", "j", "m", "z", "aa", "ab", "az", "ba"]
    names = [letter(i) for i in range(600)]
    assert len(set(names)) == 600 and not any(c in name for name in names for c in "ilo")


def test_positions_group_both_ends_and_read_from_the_top_left() -> None:
    """R-PLACE-*: the two builds covering the same two cells (ends swapped) are one
    position; letters follow the picture's reading order (top row first, row 1 is at
    the bottom next to the river)."""
    c1, c2, d1 = parse_cell("C1"), parse_cell("C2"), parse_cell("D1")
    a2, b2 = parse_cell("A2"), parse_cell("B2")
    builds = [Build(1, 2, c1, "up"), Build(2, 1, c1, "up"), Build(1, 2, c1, "right"),
              Build(1, 2, a2, "right"), Build(2, 1, a2, "right")]
    positions = placement_positions(builds)
    assert [(p.letter, p.cells) for p in positions] == [
        ("a", (a2, b2)), ("b", (c1, c2)), ("c", (c1, d1))]
    assert positions[1].builds == (builds[0], builds[1])
    assert position_of(positions, builds[2]) == positions[2]
    assert sorted(b for p in positions for b in p.builds) == sorted(builds)
    assert c2 == c1 + WIDTH


def test_preview_writes_the_letters_of_every_position() -> None:
    """The placement picture (no proposal yet; the confirm picture letters its proposal
    alone, tests/render/test_proposal_preview.py)."""
    state = at_build_decision(11)
    assert state.turn is not None
    builds = [a for a in legal_actions(state) if isinstance(a, Build)]
    pair = [b for b in builds if (b.first, b.second) == (builds[0].first, builds[0].second)]
    positions = placement_positions(pair)
    with drawn_texts() as texts:
        render_preview(public_view(state), state.turn.seat, pair, theme=DARK)
    letters = [p.letter for p in positions]
    assert len(letters) >= 2
    assert sorted(text for text, _ in texts if text in letters) == letters  # once each


def test_R_2P_3_the_bonus_tile_preview_letters_each_spot_once() -> None:
    """The bonus tile covers one cell: the preview letters every cell a legal placement
    may take, once each whatever the tile and side, and the letter stands on its cell."""
    state = at_bonus_decision()
    bonuses = [a for a in legal_actions(state) if isinstance(a, Bonus)]
    spots = bonus_spots(bonuses)
    assert len(bonuses) > len(spots) >= 2  # more options than spots: sides share a letter
    assert sorted(b for s in spots for b in s.bonuses) == sorted(bonuses)
    assert [s.letter for s in spots] == [letter(i) for i in range(len(spots))]
    rows = [s.cells[0] // WIDTH for s in spots]
    assert rows == sorted(rows, reverse=True)  # reading order: the top row first
    with drawn_texts() as texts:
        image = render_preview(public_view(state), 0, bonuses, theme=DARK)
    letters = [s.letter for s in spots]
    assert sorted(text for text, _ in texts if text in letters) == letters
    _, geometry = ranch_picture(public_view(state).players[0], theme=DARK)
    for spot in spots:  # the letter's disc (the legal colour) sits on the spot's cell
        x0, y0, x1, y1 = geometry.cell_box(spot.cells[0])
        assert image.getpixel(((x0 + x1) // 2 - 12, (y0 + y1) // 2)) == DARK.legal
