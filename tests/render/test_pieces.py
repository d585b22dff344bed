"""Issue 10's cheaper turn picture: cached pieces, palette composition, the ISA-L PNG.

A cache must never show a stale picture: a ranch that changed is drawn again, equal
ranches of two tables share one piece, the cache stays within its bound, and a picture
composed from cached pieces (RGB or palette) has exactly the pixels of one drawn cold.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Hashable, Iterator
from dataclasses import replace

import pytest
from PIL import Image, ImageDraw

from engine.moonriver.ranch import RanchCell
from engine.moonriver.view import TableView, public_view
from render.canvas import Canvas
from render.encode import to_palette, to_png_bytes
from render.moonriver.changes import TurnChanges, changes_of
from render.moonriver.style import moonriver_theme
from render.moonriver.turn import render_turn
from render.pieces import PIECES, PieceCache
from render.png import palette_png
from render.pool import DrawRequest, draw
from render.stamps import draw_text, drawn_texts
from render.theme import DARK, LIGHT, Theme
from tests.render.golden import played_with_events

GAMES = [(4, 3, 9), (3, 7, 9), (2, 5, 18), (3, 4, 0)]  # players, seed, round


@pytest.fixture(autouse=True)
def cold_cache() -> Iterator[None]:
    PIECES.clear()
    yield
    PIECES.clear()


def _cold(view: TableView, theme: Theme, changes: TurnChanges,
          palette: bool = False) -> Image.Image:
    """The picture drawn with nothing cached."""
    PIECES.clear()
    return render_turn(view, theme=theme, changes=changes, palette=palette).image


def _with_cow(view: TableView, seat: int) -> TableView:
    """`view` with one more cow on the first built cell of `seat`'s ranch."""
    player = view.players[seat]
    cells = list(player.ranch.cells)
    c = next(i for i, cell in enumerate(cells) if cell is not None)
    old = cells[c]
    assert old is not None
    cells[c] = RanchCell(old.landscape, old.resources, old.cows + 1, old.partner)
    changed = replace(player, ranch=replace(player.ranch, cells=tuple(cells)))
    return replace(view, players=tuple(changed if p.seat == seat else p
                                       for p in view.players))


def test_a_ranch_that_changed_is_drawn_again_not_pasted_stale(monkeypatch) -> None:
    """K: the cache is keyed by content. After drawing the table, one cow more on a
    waiting player's ranch must show: the picture equals one drawn cold, and differs
    from the picture before."""
    state, events = played_with_events(4, 3, 9)
    view, changes = public_view(state), changes_of(events)
    before = render_turn(view, theme=DARK, changes=changes).image
    waiting = next(p.seat for p in view.players if p.seat != view.active_seat)
    changed = _with_cow(view, waiting)
    drawn = drawn_kinds(monkeypatch)
    after = render_turn(changed, theme=DARK, changes=changes).image
    # its one new cell (and the status line, never kept): panels are composed from kept
    # pieces, never kept whole
    assert sorted(drawn) == ["cell", "text"]
    assert after.tobytes() != before.tobytes()
    assert after.tobytes() == _cold(changed, DARK, changes).tobytes()


def test_a_changed_name_or_score_is_written_afresh(monkeypatch) -> None:
    """A header is pasted together from kept texts: a waiting player's new name (or any
    text) is a new piece, shown at once; the picture equals one drawn cold."""
    state, events = played_with_events(3, 7, 9)
    view, changes = public_view(state), changes_of(events)
    before = render_turn(view, theme=LIGHT, changes=changes, palette=True).image
    waiting = next(p for p in view.players if p.seat != view.active_seat)
    renamed = replace(view, players=tuple(replace(p, name="Zed") if p is waiting else p
                                          for p in view.players))
    drawn = drawn_kinds(monkeypatch)
    after = render_turn(renamed, theme=LIGHT, changes=changes, palette=True).image
    assert drawn == ["text", "text"]  # the status line (never kept) and the new name
    assert after.tobytes() != before.tobytes()
    assert after.tobytes() == _cold(renamed, LIGHT, changes, palette=True).tobytes()


@pytest.mark.parametrize("palette", [False, True])
@pytest.mark.parametrize("anchor", ["la", "lm", "rm", "mm", "ls"])
def test_a_kept_text_piece_has_the_pixels_of_text_drawn_in_place(palette: bool,
                                                                 anchor: str) -> None:
    """`Canvas.text` on plain background equals `draw_text` there (then mapped), at
    fractional anchors too; the same words in another colour are another piece."""
    canvas = Canvas(moonriver_theme(LIGHT), palette)
    expected = Image.new("RGB", (200, 60), LIGHT.panel)
    width = draw_text(expected, (100.5, 30.5), "Zoë · 12", 22, LIGHT.text, bold=True,
                      anchor=anchor)
    image = canvas.new((200, 60))
    image.paste(canvas.ink(LIGHT.panel), (0, 0, 200, 60))
    for _ in range(2):  # drawn, then pasted from the cache
        assert canvas.text(image, (100.5, 30.5), "Zoë · 12", 22, LIGHT.text, LIGHT.panel,
                           bold=True, anchor=anchor) == width
        assert image.convert("RGB").tobytes() == (
            to_palette(expected, moonriver_theme(LIGHT)) if palette else expected
        ).convert("RGB").tobytes()
    misses = PIECES.misses
    canvas.text(image, (100.5, 30.5), "Zoë · 12", 22, LIGHT.muted, LIGHT.panel, bold=True,
                anchor=anchor)
    assert PIECES.misses == misses + 1


def drawn_kinds(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The kinds of piece ("ranch", "saloon", "tile" …) drawn from now on."""
    drawn: list[str] = []
    get = PieceCache.get

    def spy(cache: PieceCache, key: Hashable, draw: Callable[[], Image.Image], *,
            keep: bool = True) -> Image.Image:
        def recorded() -> Image.Image:
            inner = key[-1] if key[0] == "palette" else key[1]  # type: ignore[index]
            drawn.append(inner[0])
            return draw()
        return get(cache, key, recorded, keep=keep)

    monkeypatch.setattr(PieceCache, "get", spy)
    return drawn


def test_two_tables_with_equal_ranches_share_their_pieces(monkeypatch) -> None:
    """Pieces carry no table identity: another table whose ranches, saloon and status
    are equal (its draft differs) pastes them, and its picture is still exact."""
    state, events = played_with_events(3, 7, 9)
    view, changes = public_view(state), changes_of(events)
    render_turn(view, theme=LIGHT, changes=changes)
    other = replace(view, column=view.column[::-1])  # the same ranches, another draft
    drawn = drawn_kinds(monkeypatch)
    picture = render_turn(other, theme=LIGHT, changes=changes).image
    # rancheros moved on the draft; the status line is written afresh (new every turn,
    # so not kept); every part of the ranches is kept
    assert set(drawn) == {"draft-label", "text"} and drawn.count("text") == 1
    assert picture.tobytes() == _cold(other, LIGHT, changes).tobytes()


@pytest.mark.parametrize(("players", "seed", "until"), GAMES)
@pytest.mark.parametrize("theme", [DARK, LIGHT])
def test_palette_composition_equals_the_rgb_picture_mapped(players: int, seed: int,
                                                           until: int, theme: Theme) -> None:
    """The worker's picture (composed in the palette from pieces mapped one by one) has
    exactly the pixels of the RGB picture mapped whole, cold and warm."""
    state, events = played_with_events(players, seed, until)
    view, changes = public_view(state), changes_of(events)
    expected = to_palette(render_turn(view, theme=theme, changes=changes).image,
                          moonriver_theme(theme))
    for _ in range(2):  # drawn, then from the cache
        composed = render_turn(view, theme=theme, changes=changes, palette=True).image
        assert composed.mode == "P" and composed.size == expected.size
        assert composed.convert("RGB").tobytes() == expected.convert("RGB").tobytes()


def test_this_turns_marks_never_stay_on_a_cached_ranch() -> None:
    """Marks go over a copy of the cached panel: the same ranches drawn without this
    turn's changes show no highlight, exactly as a cold drawing."""
    state, events = played_with_events(4, 3, 9)
    view, changes = public_view(state), changes_of(events)
    assert not changes.empty
    render_turn(view, theme=DARK, changes=changes)
    plain = render_turn(view, theme=DARK, changes=TurnChanges()).image
    assert plain.tobytes() == _cold(view, DARK, TurnChanges()).tobytes()


def test_a_cached_piece_still_reports_its_texts() -> None:
    """The picture's smallest text comes from every text on it, drawn or pasted."""
    state, events = played_with_events(2, 5, 18)
    view, changes = public_view(state), changes_of(events)
    with drawn_texts() as cold:
        first = render_turn(view, theme=DARK, changes=changes)
    with drawn_texts() as warm:
        second = render_turn(view, theme=DARK, changes=changes)
    assert PIECES.hits > 0
    assert sorted(warm) == sorted(cold) and second.layout == first.layout


def test_the_cache_stays_within_its_bound() -> None:
    """Least recently used pieces go first; a piece larger than the bound is not kept."""
    cache = PieceCache(limit_bytes=10_000)
    for i in range(20):
        cache.get(i, lambda: Image.new("P", (50, 50)))  # 2,500 bytes each
        assert cache.size_bytes <= 10_000
    assert len(cache) == 4 and cache.misses == 20
    cache.get(19, lambda: Image.new("P", (1, 1)))
    assert cache.hits == 1
    cache.get("big", lambda: Image.new("RGB", (100, 100)))
    assert len(cache) == 4 and cache.size_bytes <= 10_000
    cache.get("once", lambda: Image.new("P", (10, 10)), keep=False)  # used, not kept
    cache.get("once", lambda: Image.new("P", (10, 10)), keep=False)
    assert cache.misses == 23 and len(cache) == 4


def test_the_worker_png_is_the_picture_and_a_valid_file() -> None:
    """ISA-L's PNG decodes (CRCs checked) to the same pixels as Pillow's own encoding."""
    state, events = played_with_events(4, 3, 9)
    data = draw(DrawRequest.of("moonriver", "turn", state, events=tuple(events)))
    Image.open(io.BytesIO(data)).verify()
    decoded = Image.open(io.BytesIO(data))
    picture = to_palette(render_turn(public_view(state), theme=DARK,
                                     changes=changes_of(events)).image,
                         moonriver_theme(DARK))
    assert decoded.mode == "P" and decoded.size == picture.size
    assert decoded.convert("RGB").tobytes() == picture.convert("RGB").tobytes()
    pillow = io.BytesIO()
    picture.save(pillow, "PNG", compress_level=1)
    assert len(data) <= len(pillow.getvalue())  # no bigger than zlib's level 1
    assert to_png_bytes(picture, theme=moonriver_theme(DARK)) == palette_png(picture)


def test_palette_png_takes_palette_pictures_only() -> None:
    with pytest.raises(ValueError, match="palette"):
        palette_png(Image.new("RGB", (2, 2)))


def test_parcels_held_beyond_the_slots_show_past_the_board() -> None:
    """R-TURN-1: a player may hold more parcels than their board has slots; those lie
    past the board's ends and the supply piece must not clip them."""
    state, events = played_with_events(3, 7, 9)
    view, changes = public_view(state), changes_of(events)
    mover = view.active_seat
    assert mover is not None
    player = view.players[mover]
    parcels = [p for slot in view.column + view.next_column
               if (p := slot.parcel) is not None]
    crowded = replace(player, storage=tuple(parcels[:player.board.slots + 2]))
    view = replace(view, players=tuple(crowded if p.seat == mover else p
                                       for p in view.players))
    picture = render_turn(view, theme=DARK, changes=changes)
    ranch = next(r for r in picture.layout.ranches if r.seat == mover)
    grid_left, _top, grid_right, grid_bottom = ranch.grid
    board_row = grid_bottom + ranch.cell // 2 + 4  # under the river, through the slots
    image = picture.image
    past = [image.getpixel((x, board_row)) for x in (grid_left - 4, grid_right + 4)]
    assert all(colour != DARK.panel for colour in past)  # a parcel lies there
    composed = render_turn(view, theme=DARK, changes=changes, palette=True).image
    assert composed.convert("RGB").tobytes() == to_palette(image, moonriver_theme(DARK)).convert(
        "RGB").tobytes()


def test_the_preview_tint_composited_in_its_region_equals_the_whole_layer() -> None:
    """The preview blends its tint and ghost over the region they cover only
    (`render.moonriver.table._blend`): the same pixels as a transparent layer the size of the
    picture composited whole, right and bottom rectangle edges included."""
    from render.moonriver.table import _blend, _bounds, _size

    base = to_palette(render_turn(public_view(played_with_events(2, 5, 18)[0]),
                                  theme=LIGHT).image, LIGHT).convert("RGB").crop((0, 0, 300, 200))
    boxes = [(10, 20, 66, 76), (66, 20, 122, 76), (250, 150, 306, 206)]  # one past the edge
    whole = Image.new("RGBA", base.size, (0, 0, 0, 0))
    for box in boxes:
        ImageDraw.Draw(whole).rectangle(box, fill=(*LIGHT.legal, 90))
    expected = Image.alpha_composite(base.convert("RGBA"), whole).convert("RGB")
    region = _bounds(boxes, base.size)
    layer = Image.new("RGBA", _size(region), (0, 0, 0, 0))
    for x0, y0, x1, y1 in boxes:
        ImageDraw.Draw(layer).rectangle((x0 - region[0], y0 - region[1], x1 - region[0],
                                         y1 - region[1]), fill=(*LIGHT.legal, 90))
    blended = base.copy()
    _blend(blended, region, layer)
    assert blended.tobytes() == expected.tobytes() != base.tobytes()
