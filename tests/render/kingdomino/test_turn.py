"""The Kingdomino turn picture read on a phone (the phone rules): sizes at
400 px from the reported geometry, labels, this turn's marks, no hidden information."""

from __future__ import annotations

import pytest
from PIL import Image

from engine.games.i18n import t
from engine.kingdomino import public_view
from engine.kingdomino.events import DominoClaimed, DominoDiscarded, DominoPlaced, KingsDrawn
from engine.kingdomino.kingdom import parse_cell
from engine.kingdomino.state import Phase
from engine.kingdomino.view import TableView
from render.kingdomino import line_labels, render_turn
from render.kingdomino.changes import changes_of
from render.kingdomino.style import DISCARD, king_rgb
from render.kingdomino.turn import status, subtitle
from render.stamps import drawn_texts
from render.theme import DARK, LIGHT, PHONE_WIDTH
from tests.render.kingdomino.games import PLAIN_NAMES, played, with_discard

#: players, seed, round, variants, Dynasty game: every layout the turn picture has
GAMES = [(4, 3, 7, (), 0), (3, 5, 9, (), 0), (2, 7, 4, (), 0), (4, 9, 0, (), 0),
         (3, 2, 12, (), 0), (2, 4, 10, ("mighty-duel",), 0), (3, 6, 5, ("dynasty",), 1),
         (4, 5, 2, (), 0), (2, 3, 6, ("mighty-duel",), 0)]


def close(a: tuple[int, ...], b: tuple[int, ...], tolerance: int = 6) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a, b, strict=True))


@pytest.mark.parametrize(("players", "seed", "until", "variants", "game"), GAMES)
def test_turn_picture_reads_at_phone_width(players: int, seed: int, until: int,
                                           variants: tuple[str, ...], game: int) -> None:
    """Shown 400 px wide: the mover's cells >= 28 px, other kingdoms' >= 14, every line
    domino >= 40 px on its short side, no text < 11 px. The sizes come from the reported
    geometry, checked against the scaled pixels."""
    state, events = played(players, seed, until, variants=variants, game=game)
    picture = render_turn(state, events=events, theme=DARK)
    layout, image = picture.layout, picture.image
    assert (image.width, image.height) == (layout.width, layout.height)
    assert 800 <= image.width <= 1000
    phone = image.resize((PHONE_WIDTH, round(image.height * PHONE_WIDTH / image.width)),
                         Image.Resampling.LANCZOS)
    scale = phone.width / image.width
    assert layout.scale() == pytest.approx(scale)
    assert layout.mover == state.active_seat
    assert layout.kingdom(layout.mover).cell * scale >= 28
    assert sorted(k.seat for k in layout.kingdoms) == list(range(players))
    assert all(k.cell * scale >= 14 for k in layout.kingdoms)
    assert len(layout.line_dominoes) == len(state.line) + len(state.next_line)
    assert all(min(x1 - x0, y1 - y0) * scale >= 40 for x0, y0, x1, y1 in layout.line_dominoes)
    assert layout.min_text * scale >= 11
    # the geometry is where the picture is: the mover's castle and an empty cell
    mover = layout.kingdom(layout.mover)
    kingdom = state.kingdoms[layout.mover]
    empty = next(c for c in range(kingdom.area.size) if kingdom.area.contains(c)
                 and mover.cell_box(c) is not None and not (kingdom.occupied >> c) & 1
                 and kingdom.frame >> c & 1)
    for cell, expected in ((empty, DARK.grid),):
        box = mover.cell_box(cell)
        assert box is not None
        centre = phone.getpixel((int((box[0] + box[2]) / 2 * scale),
                                 int((box[1] + box[3]) / 2 * scale)))
        assert close(centre, expected)
    castle = mover.cell_box(kingdom.castle)
    assert castle is not None
    assert not close(phone.getpixel((int((castle[0] + castle[2]) / 2 * scale),
                                     int((castle[1] + castle[3]) / 2 * scale))), DARK.grid, 20)


def test_every_legal_placement_lies_in_the_movers_window() -> None:
    """K-PLACE-1…3: the mover's kingdom shows every cell the domino could cover (the
    reach window), so every letter of the preview and every action text is on the
    picture; a whole greedy game, each decision checked."""
    from engine.kingdomino import apply, legal_actions, new_game
    from engine.kingdomino.actions import Place
    from engine.kingdomino.ai import make_player
    from render.kingdomino.window import kingdom_window, reach_window

    for variants in ((), ("mighty-duel",)):
        state = new_game(PLAIN_NAMES[:2], 11, variants=variants)
        player = make_player("greedy", 11)
        while state.phase is not Phase.OVER:
            for seat, kingdom in enumerate(state.kingdoms):
                window = kingdom_window(kingdom)
                left, top, right, bottom = kingdom.bounds
                assert window.contains(left, top) and window.contains(right, bottom), seat
                assert window.columns == kingdom.size
            if state.phase is Phase.PLACE:
                seat = state.active_seat
                assert seat is not None
                window = reach_window(state.kingdoms[seat])
                area = state.kingdoms[seat].area
                assert window.left >= 0 and window.left + window.columns <= area.width
                for action in legal_actions(state):
                    if isinstance(action, Place):
                        second = area.second_cell(area.cell(action.column, action.row),
                                                  action.direction)
                        assert window.contains(action.column, action.row), action
                        assert window.contains(*area.column_row(second)), action
            state, _ = apply(state, player.choose(state))


def test_line_labels_are_the_slots_left_to_right() -> None:
    """K-SETUP-2 ascending lines; both lines count ①–④ (③ with three players)."""
    for players in (3, 4):
        state, _ = played(players, 3, 5)
        view = public_view(state)
        labels = line_labels(view)
        for line in (view.line, view.next_line):
            numbers = [slot.domino.number for slot in line]
            assert numbers == sorted(numbers)
            assert [labels[n] for n in numbers] == list("①②③④"[:len(line)])
        assert len(view.line) == (3 if players == 3 else 4)
        assert not set(labels) & {p.number for k in state.kingdoms for p in k.placements}


def test_changes_of_this_turn_only() -> None:
    """K-TURN-1: the placed cells, a discard (K-PLACE-4), a claim; a new Dynasty game
    (KingsDrawn) clears the marks of the game before."""
    events = [DominoPlaced(1, 17, "E4", "F4"), DominoDiscarded(2, 30), DominoClaimed(1, 40)]
    changes = changes_of(events, 5)
    assert changes.cells_of(1) == {parse_cell(5, "E4"), parse_cell(5, "F4")}
    assert changes.discards_of(2) == {30} and changes.claimed == {40}
    assert changes.dominoes == {17, 30, 40}
    assert changes_of([*events, KingsDrawn(2, (0, 1, 2))], 5).empty
    assert changes_of([], 5).empty and not changes.empty


def test_marks_show_the_turn_just_played() -> None:
    """The domino placed this turn is outlined in the highlight colour in its owner's
    kingdom; without the turn's events nothing is marked."""
    state, events = played(4, 3, 7)
    placed = [e for e in events if isinstance(e, DominoPlaced)]
    assert placed
    seat, cell = placed[-1].seat, parse_cell(5, placed[-1].cell)
    marked = render_turn(state, events=events, theme=LIGHT)
    plain = render_turn(state, theme=LIGHT)
    box = marked.layout.kingdom(seat).cell_box(cell)
    assert box is not None
    edge = (box[0] + 2, (box[1] + box[3]) // 2)
    assert marked.image.getpixel(edge) == LIGHT.highlight
    assert plain.image.getpixel(edge) != LIGHT.highlight


def test_a_discard_is_crossed_out_in_the_line() -> None:
    """K-PLACE-4: a discarded domino still in this round's line carries a red cross."""
    state, events = with_discard()
    discarded = next(e for e in events if isinstance(e, DominoDiscarded))
    picture = render_turn(state, events=events, theme=DARK)
    index = [s.domino for s in state.line].index(discarded.domino)
    x0, y0, x1, y1 = picture.layout.line_dominoes[index]
    pixels = [picture.image.getpixel((x, y)) for x in range(x0, x1, 2) for y in range(y0, y1, 2)]
    assert DISCARD in pixels
    clean = picture.layout.line_dominoes[-1]  # the next line: nothing discarded there
    assert DISCARD not in [picture.image.getpixel((x, y)) for x in range(clean[0], clean[2], 2)
                           for y in range(clean[1], clean[3], 2)]


def test_seat_colours_match_king_outline_and_name_bar() -> None:
    """One colour per seat: the panel outline is the seat's king colour."""
    state, _ = played(4, 3, 7)
    picture = render_turn(state, theme=DARK)
    for geometry in picture.layout.kingdoms:
        x0, y0, _x1, y1 = geometry.panel
        assert picture.image.getpixel((x0 + 1, (y0 + y1) // 2)) == king_rgb(geometry.seat, DARK)
    assert len({king_rgb(seat, DARK) for seat in range(4)}) == 4
    assert all(king_rgb(seat, DARK) not in (DARK.highlight, LIGHT.highlight) for seat in range(4))


def test_status_round_dynasty_and_mighty_duel() -> None:
    """K-ROUNDS round x of y; K-DYN game n of 3 with the series so far; Mighty Duel."""
    state, _ = played(3, 6, 5, variants=("dynasty",), game=1, names=PLAIN_NAMES)
    view = public_view(state)
    mover = view.players[view.active_seat or 0].name
    assert status(view, "en") == f"Round 5 of 12 · {mover} to move"
    text = subtitle(view, "en")
    assert text is not None and text.startswith("Dynasty: game 2 of 3 · so far:")
    for seat, name in enumerate(PLAIN_NAMES[:3]):
        assert f"{name} {view.series[0][seat]}" in text
    duel, _ = played(2, 4, 3, variants=("mighty-duel",))
    assert subtitle(public_view(duel), "de") == "Großes Duell 7×7"
    plain, _ = played(4, 4, 3)
    assert subtitle(public_view(plain), "en") is None
    setup, _ = played(4, 9, 0)
    assert public_view(setup).phase is Phase.SETUP
    assert status(public_view(setup), "ja").startswith("準備")


def _shuffled_hidden(state):  # type: ignore[no-untyped-def]
    """The same table with a different pile order and other dominoes removed unseen."""
    other = state.copy()
    hidden = list(reversed(state.pile + state.removed))
    other.pile, other.removed = hidden[:len(state.pile)], hidden[len(state.pile):]
    return other


@pytest.mark.parametrize(("players", "until"), [(2, 3), (3, 6), (4, 0)])
def test_no_hidden_information(players: int, until: int) -> None:
    """The pile's order and the dominoes removed at setup (K-SETUP-1) are hidden: two
    states differing only in them draw identical pictures of every kind."""
    from render.kingdomino import render_kingdom, render_preview
    from tests.render.kingdomino.games import places

    state, events = played(players, 21, until)
    other = _shuffled_hidden(state)
    assert other.pile != state.pile and len(other.pile) == len(state.pile)
    assert public_view(other) == public_view(state)
    for theme in (DARK, LIGHT):
        a = render_turn(state, events=events, theme=theme).image
        b = render_turn(other, events=events, theme=theme).image
        assert a.tobytes() == b.tobytes()
        assert render_kingdom(state, 0, theme=theme).tobytes() == render_kingdom(
            other, 0, theme=theme).tobytes()
        if state.phase is Phase.PLACE and state.active_seat is not None:
            assert render_preview(state, state.active_seat, places(state), theme=theme)[
                0].tobytes() == render_preview(other, state.active_seat, places(other),
                                              theme=theme)[0].tobytes()


@pytest.mark.parametrize("locale", ["en", "de", "ja"])
def test_text_fits(locale: str) -> None:
    """No text is cut short (an ellipsis) with ordinary names, in any picture kind, in
    every phase; every text drawn is at least 22 native px in the phone pictures."""
    from render.kingdomino import render_final, render_kingdom, render_preview
    from tests.render.kingdomino.games import places

    cases = [(4, 3, 7, ()), (3, 5, 9, ()), (2, 4, 10, ("mighty-duel",)), (4, 9, 0, ()),
             (3, 6, 5, ("dynasty", "harmony", "middle-kingdom")), (3, 2, 12, ())]
    for players, seed, until, variants in cases:
        state, events = played(players, seed, until, variants=variants, names=PLAIN_NAMES,
                               game=1 if "dynasty" in variants else 0)
        with drawn_texts() as texts:
            render_turn(state, events=events, theme=DARK, locale=locale)
            if state.active_seat is not None and places(state):
                render_preview(state, state.active_seat, places(state), theme=DARK,
                               locale=locale)
            render_kingdom(state, 0, theme=LIGHT, locale=locale)
        cut = [text for text, _ in texts if text.endswith("…")]
        assert not cut, f"{players}p {variants}: cut {cut}"
        assert min(size for _, size in texts) >= 22
    for players, seed, variants in ((4, 3, ("harmony", "middle-kingdom")),
                                    (3, 6, ("dynasty",)), (2, 2, ("mighty-duel",))):
        state, _ = played(players, seed, None, variants=variants, names=PLAIN_NAMES)
        with drawn_texts() as texts:
            render_final(state, theme=LIGHT, locale=locale)
        assert not [text for text, _ in texts if text.endswith("…")]


def test_a_view_and_its_state_draw_the_same() -> None:
    state, events = played(3, 5, 9)
    view: TableView = public_view(state)
    assert render_turn(view, events=events, theme=DARK).image.tobytes() == render_turn(
        state, events=events, theme=DARK).image.tobytes()


def test_discards_read_as_separate_numbers() -> None:
    """K-PLACE-4: two discarded dominoes are two numbers ('21 · 1'), never '21 1'."""
    state, events = with_discard()
    state = state.copy()
    seat = next(i for i, d in enumerate(state.discards) if d)
    extra = 48 if 48 not in state.discards[seat] else 47
    state.discards[seat] = (*state.discards[seat], extra)
    with drawn_texts() as log:
        render_turn(state, events=events, theme=DARK)
    texts = [text for text, _ in log]
    at = texts.index(t("kd.pic.discarded", "en"))
    drawn = texts[at + 1:at + 4]
    assert drawn[0].isdigit() and not drawn[1].isdigit() and drawn[2].isdigit(), drawn


def test_a_three_player_line_stands_apart_from_the_next() -> None:
    """K-SETUP-2: three dominoes a line; the gap between this line's ③ and the next
    line's ① is wider than the gaps inside a line, so the two lines read apart."""
    state, events = played(3, 5, 9)
    picture = render_turn(state, events=events, theme=DARK)
    boxes = picture.layout.line_dominoes
    assert len(boxes) == 6
    inside = boxes[1][0] - boxes[0][2]
    between = boxes[3][0] - boxes[2][2]
    assert between >= 2 * inside, (inside, between)
