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


def test_the_preview_title_is_never_cut_a_long_name_gives_way() -> None:
    """The title names the player and the domino where both fit ("ボブ: where domino 35 can
    go"); with a name too long for a small kingdom's width the kingdom's own panel names
    the player, and the title says only where the domino can go, whole."""
    from engine.games.i18n import t
    from engine.kingdomino import new_game as new_kingdomino
    from render.stamps import drawn_texts
    from render.theme import DARK
    from tests.render.golden import NAMES
    state = new_kingdomino([NAMES[3], "Bo"], 4)
    while not (state.phase is Phase.PLACE and state.active_seat == 0):
        state, _ = apply(state, legal_actions(state)[0])
    number = places(state)[0].number
    for locale in ("en", "de", "ja"):
        with drawn_texts() as texts:
            render_preview(state, 0, places(state), locale=locale, theme=DARK)
        drawn = [text for text, _ in texts]
        assert t("kd.pic.preview_short", locale, number=number) in drawn, drawn
    short = new_kingdomino(["Bo", "Al"], 4)
    while short.phase is not Phase.PLACE:
        short, _ = apply(short, legal_actions(short)[0])
    seat = short.active_seat
    assert seat is not None
    with drawn_texts() as texts:
        render_preview(short, seat, places(short), locale="en", theme=DARK)
    assert t("kd.pic.preview", "en", name=short.config.players[seat],
             number=places(short)[0].number) in [text for text, _ in texts]
