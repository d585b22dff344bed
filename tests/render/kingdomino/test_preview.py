"""The placement preview: lettered candidate positions, the same letters as the menu."""

from __future__ import annotations

from engine.kingdomino import apply, legal_actions, new_game, parse_action
from engine.kingdomino.actions import Place
from engine.kingdomino.kingdom import play_area
from engine.kingdomino.state import Phase
from render.kingdomino import placement_positions, render_preview
from render.kingdomino.panel import PanelSizes
from render.kingdomino.placement import position_of
from render.kingdomino.preview import CELL, PAD, SQUARE, TEXT
from render.kingdomino.window import KingdomGeometry, reach_window
from render.labels import letter
from render.theme import DARK, LIGHT
from tests.render.kingdomino.games import PLAIN_NAMES, places, played


def test_letters_cover_every_legal_placement_once() -> None:
    """K-PLACE-1…3: every legal placement is under exactly one letter; a letter's action
    texts parse back to legal actions and cover the same two cells; reading order."""
    state, _ = played(3, 5, 6)
    options = places(state)
    positions = placement_positions(options, 5)
    assert [p.letter for p in positions] == [letter(i) for i in range(len(positions))]
    assert sorted(str(a) for p in positions for a in p.places) == sorted(map(str, options))
    area = play_area(5)
    for position in positions:
        for text in position.actions:
            action = parse_action(text)
            assert isinstance(action, Place) and action in legal_actions(state)
            first = area.cell(action.column, action.row)
            assert {first, area.second_cell(first, action.direction)} == set(position.cells)
        assert position_of(positions, position.places[0]) == position
    rows = [sum(c // 10 for c in p.cells) for p in positions]
    assert rows == sorted(rows)


def test_an_open_kingdom_keeps_the_letters_few() -> None:
    """The first domino beside the castle: ~24 placements (K-PLACE-3, both ways round)
    grouped by the cells they cover into at most 12 letters, each with its swap."""
    state = new_game(PLAIN_NAMES, 4)
    while state.phase is not Phase.PLACE:
        state, _ = apply(state, legal_actions(state)[0])
    options = places(state)
    positions = placement_positions(options, 5)
    assert len(options) > 20 and len(positions) <= 12
    assert any(len(p.places) == 2 for p in positions)  # the same cells, halves swapped


def test_preview_draws_each_letter_where_its_cells_are() -> None:
    """The letter's disc (the theme's legal colour) sits between its two cells, and
    returns letter → action texts for the menu."""
    state, _ = played(3, 5, 6)
    seat = state.active_seat
    assert seat is not None
    for theme in (DARK, LIGHT):
        image, letters = render_preview(state, seat, places(state), theme=theme)
        positions = placement_positions(places(state), 5)
        assert letters == {p.letter: p.actions for p in positions}
        window = reach_window(state.kingdoms[seat])
        sizes = PanelSizes(CELL, window.columns, window.rows, TEXT, detailed=True,
                           footer=bool(state.discards[seat]))
        top = SQUARE + 2 * PAD
        geometry = KingdomGeometry(seat, (0, 0, 0, 0),
                                   (PAD + sizes.grid_x, top + sizes.grid_y, 0, 0), CELL,
                                   window, 5)
        for position in positions:
            boxes = [geometry.cell_box(c) for c in position.cells]
            assert all(b is not None for b in boxes)
            x = sum((b[0] + b[2]) / 2 for b in boxes if b is not None) / 2
            y = sum((b[1] + b[3]) / 2 for b in boxes if b is not None) / 2
            ring = image.getpixel((int(x) - 11, int(y)))  # left part of the disc
            assert ring == theme.legal, position.letter


def test_no_placements_no_letters() -> None:
    """A domino that fits nowhere is discarded by the engine (K-PLACE-4): the preview of
    an empty list is the plain kingdom with no letters."""
    state, _ = played(2, 5, 3)
    image, letters = render_preview(state, 0, [], theme=DARK)
    assert letters == {} and image.width > 400
