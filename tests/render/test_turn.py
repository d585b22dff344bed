"""The phone turn picture: sizes at 400 px, labels, this turn's marks, the end."""

from __future__ import annotations

import pytest
from PIL import Image

from engine.moonriver import events as ev
from engine.moonriver.state import Phase
from engine.moonriver.view import public_view
from render.labels import slot_label
from render.moonriver.changes import CowStep, changes_of
from render.moonriver.labels import draft_labels, parcel_label
from render.moonriver.layout import TurnPicture
from render.moonriver.turn import render_turn
from render.score_card import fit_formula
from render.stamps import drawn_texts, text_width
from render.theme import DARK, LIGHT, PHONE_WIDTH
from tests.render.golden import played, played_with_events, with_draft

GAMES = [(4, 3, 9), (3, 7, 9), (2, 2, 9), (2, 5, 18), (3, 4, 0)]  # players, seed, round


def turn_picture(players: int, seed: int, until: int | None, theme=DARK,
                 locale: str = "en") -> TurnPicture:
    state, events = played_with_events(players, seed, until)
    return render_turn(public_view(state), theme=theme, locale=locale,
                       changes=changes_of(events))


@pytest.mark.parametrize(("players", "seed", "until"), GAMES)
def test_turn_picture_reads_at_phone_width(players: int, seed: int, until: int) -> None:
    """Shown 400 px wide: mover's cells >= 28 px, others >= 14, draft tiles >= 40, text
    >= 11. The sizes come from the reported geometry, checked against the scaled pixels."""
    picture = turn_picture(players, seed, until)
    layout, image = picture.layout, picture.image
    assert image.width == layout.width and image.height == layout.height
    assert 800 <= image.width <= 1000 and image.height <= 1.45 * image.width  # not a strip
    phone = image.resize((PHONE_WIDTH, round(image.height * PHONE_WIDTH / image.width)),
                         Image.Resampling.LANCZOS)
    scale = phone.width / image.width
    assert layout.scale() == pytest.approx(scale)
    assert layout.mover is not None
    assert layout.cell_size(layout.mover) * scale >= 28
    for ranch in layout.ranches:
        assert ranch.cell * scale >= 14
    assert len(layout.ranches) == players
    assert layout.draft_tiles and all((x1 - x0) * scale >= 40 and (y1 - y0) * scale >= 40
                                      for x0, y0, x1, y1 in layout.draft_tiles)
    assert layout.min_text * scale >= 11
    # the geometry is where the picture is: an empty cell of the mover's ranch has the
    # grid colour at its centre after scaling, a draft tile does not have the panel's
    mover = next(r for r in layout.ranches if r.seat == layout.mover)
    view = public_view(played(players, seed, until))
    empty = next(c for c, cell in enumerate(view.players[mover.seat].ranch.cells)
                 if cell is None)
    x0, y0, x1, y1 = mover.cell_box(empty)
    centre = phone.getpixel((int((x0 + x1) / 2 * scale), int((y0 + y1) / 2 * scale)))
    assert all(abs(a - b) <= 6 for a, b in zip(centre, DARK.grid, strict=True))
    x0, y0, x1, y1 = layout.draft_tiles[-1]
    assert phone.getpixel((int((x0 + x1) / 2 * scale), int((y0 + y1) / 2 * scale))) != (
        DARK.panel)


def test_draft_labels_are_the_slots_top_to_bottom() -> None:
    """R-ORDER-1 order; both columns count ①–④; ids outside the draft have no label."""
    view = public_view(played(4, 3, 9))
    labels = draft_labels(view)
    for column in (view.column, view.next_column):
        for i, slot in enumerate(column):
            if slot.parcel is not None:
                assert labels[slot.parcel.id] == "①②③④"[i] == slot_label(i)
                assert parcel_label(view, slot.parcel.id) == labels[slot.parcel.id]
    stored = view.players[0].storage
    assert all(parcel_label(view, p.id) is None for p in stored)
    with pytest.raises(ValueError):
        slot_label(8)


def test_turn_changes_from_events_steal_build_recruit_swap() -> None:
    """R-PART-4 a stolen cow leaves the victim's cell and arrives on the thief's circle."""
    changes = changes_of([
        ev.TurnStarted(2, 5), ev.DominoPlaced(2, 10, 11, 4, 9), ev.CowAdded(2, 4),
        ev.PartnerRecruited(2, 4, "thief", "thief"), ev.CowStolen(2, 0, 1, 4),
        ev.CowMoved(2, 9, 14), ev.ParcelsSwapped(2, 1, 30, 31), ev.SkullResolved(2, 9, 8),
        ev.RancheroPlaced(2, 77),
    ])
    assert changes.placed == {(2, 4), (2, 9)}
    assert changes.cows_arrived == {(2, 4)}
    assert changes.cows_lost == {(0, 1), (2, 8)}
    assert changes.cow_steps == (CowStep(0, 1, 2, 4), CowStep(2, 9, 2, 14))
    assert changes.recruited == {(2, 4)}
    assert changes.swapped == {(2, 31), (1, 30)}  # each now holds the other's parcel
    assert changes.chosen == {77}
    assert changes_of([]).empty and not changes.empty


def test_marks_show_the_turn_just_played() -> None:
    """The domino placed this turn is outlined in the highlight colour; without the
    events of the turn nothing is marked (not each ranch's own last domino)."""
    state, events = played_with_events(4, 3, 9)
    changes = changes_of(events)
    seat, cell = sorted(changes.placed)[0]
    view = public_view(state)
    marked = render_turn(view, theme=DARK, changes=changes)
    plain = render_turn(view, theme=DARK)
    ranch = next(r for r in marked.layout.ranches if r.seat == seat)
    x0, y0, _x1, y1 = ranch.cell_box(cell)
    edge = (x0 + 2, (y0 + y1) // 2)
    assert marked.image.getpixel(edge) == DARK.highlight
    assert plain.image.getpixel(edge) != DARK.highlight


def test_final_picture_is_standings_and_score_sheet() -> None:
    """At the end: no draft; every player's total appears, winner first."""
    view = public_view(played(3, 8, None))
    assert view.phase is Phase.OVER
    with drawn_texts() as texts:
        picture = render_turn(view, theme=LIGHT, locale="de")
    assert picture.layout.draft_tiles == () and picture.layout.min_text >= 22
    written = [text for text, _ in texts]
    assert "Schlusswertung" in written
    best = max(p.score.total for p in view.players)
    assert written.index(f"{best} Pkt.") < min(
        written.index(f"{p.score.total} Pkt.") for p in view.players if p.score.total < best)


def test_score_rows_never_cut_their_total() -> None:
    terms = ["12×3", "5×2", "4×1", "3×1", "2×2"]
    long = fit_formula(terms, 59, 22, 220)
    assert long.endswith("= 59") and text_width(long, 22) <= 220 and long.startswith("…")
    assert fit_formula(terms, 59, 22, 2000) == "12×3 + 5×2 + 4×1 + 3×1 + 2×2 = 59"
    assert fit_formula(terms, 59, 22, 10) == "59"
    assert fit_formula([], 0, 22, 100) == "0"


def test_setup_is_not_called_last_round() -> None:
    """During setup there is no next column yet: the picture must not say "Last round"."""
    view = public_view(played(3, 4, 0))
    assert view.phase is Phase.SETUP and not view.next_column
    from render.moonriver import render_table

    for draw in (lambda: render_turn(view, theme=DARK), lambda: render_table(view, theme=DARK)):
        with drawn_texts() as texts:
            draw()
        written = " ".join(text for text, _ in texts)
        assert "Last round" not in written and "Setup" in written


def test_plurals_in_the_supply_counts() -> None:
    from render.plural import counted

    assert counted("render.cows_left", 1) == "1 cow in the supply"
    assert counted("render.cows_left", 2) == "2 cows in the supply"
    assert counted("render.pile_left", 1, "de") == "1 Parzelle im Stapel"
    assert counted("render.pile_left", 1, "ja-JP") == "区画の山 1"


def test_one_point_is_a_point_not_points() -> None:
    """A ranch with a single point reads "1 pt", a button that loses one "-1 pt now"."""
    from render.plural import counted

    assert counted("render.score", 1) == "1 pt"
    assert counted("render.score", 0) == "0 pts"
    assert counted("render.score", 12, "de") == "12 Pkt."
    assert counted("label.effect_points", 1) == "+1 pt now"
    assert counted("label.effect_points", -1) == "-1 pt now"
    assert counted("label.effect_points", 3) == "+3 pts now"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_turn_picture_through_a_whole_game(players: int) -> None:
    """Every phase of a game draws (sampled), sizes hold, and the marks name real cells."""
    from engine.games.rng import Rng
    from engine.moonriver.game import apply, legal_actions, new_game

    state = new_game(["Ann", "Ben", "Cy", "Di"][:players], 40 + players)
    rng = Rng(players)
    events: list[ev.Event] = []
    step = 0
    while True:
        if step % 9 == 0 or state.phase is Phase.OVER:
            picture = render_turn(public_view(state), theme=LIGHT if step % 2 else DARK,
                                  changes=changes_of(events))
            assert picture.layout.min_text * picture.layout.scale() >= 11
            if state.phase is Phase.OVER:
                break
            layout = picture.layout
            assert layout.cell_size(layout.mover or 0) * layout.scale() >= 28
        state, events = apply(state, rng.choice(legal_actions(state)))
        step += 1


def test_two_players_the_other_ranch_is_as_wide_as_the_saloon() -> None:
    """With two players the other ranch sits under the saloon, as wide as it, so a name
    of ten letters and the score both fit in its header (it was cut to "Maxim…")."""
    from dataclasses import replace

    view = public_view(played(2, 5, 18))
    mover = view.active_seat
    assert mover is not None
    players = tuple(p if p.seat == mover else replace(p, name="Maximilian")
                    for p in view.players)
    with drawn_texts() as texts:
        picture = render_turn(replace(view, players=players), theme=DARK)
    assert "Maximilian" in [text for text, _ in texts]
    other = next(r for r in picture.layout.ranches if r.seat != mover)
    mine = next(r for r in picture.layout.ranches if r.seat == mover)
    x0, _, x1, _ = other.panel
    assert x0 > mine.panel[2] and x1 >= picture.layout.width - 12 - 1


def _first(players: int, seed: int, shown: tuple[str, ...]):
    """The first turn picture whose draft columns with a parcel left are `shown`."""
    view, events = with_draft(players, seed, shown)
    return view, render_turn(view, theme=DARK, changes=changes_of(events))


def _reads_on_a_phone(picture: TurnPicture) -> None:
    layout = picture.layout
    scale = layout.scale()
    assert picture.image.size == (layout.width, layout.height)
    assert layout.height <= 1.45 * layout.width and layout.min_text * scale >= 11
    assert layout.cell_size(layout.mover or 0) * scale >= 28
    assert all(r.cell * scale >= 14 for r in layout.ranches)
    assert all((x1 - x0) * scale >= 40 for x0, _y0, x1, _y1 in layout.draft_tiles)
    for a in layout.ranches:  # no ranch overlaps another, or leaves the picture
        assert a.panel[0] >= 0 and a.panel[2] <= layout.width and a.panel[3] <= layout.height
        for b in layout.ranches:
            if a is not b:
                assert (a.panel[2] <= b.panel[0] or b.panel[2] <= a.panel[0]
                        or a.panel[3] <= b.panel[1] or b.panel[3] <= a.panel[1])


def _ranch_share(picture: TurnPicture) -> float:
    """How much of the picture the ranches' cells take."""
    layout = picture.layout
    return sum((r.grid[2] - r.grid[0]) * (r.grid[3] - r.grid[1])
               for r in layout.ranches) / (layout.width * layout.height)


@pytest.mark.parametrize(("players", "roomier"), [(2, True), (3, False), (4, True)])
def test_a_draft_column_with_no_parcel_left_gives_its_room_to_the_ranches(
        players: int, roomier: bool) -> None:
    """Once this round's parcels are all taken (R-ORDER-1) its column is only empty
    boxes: the picture draws the next column alone, and the ranches get that room (with
    three players the saloon's old room holds a ranch, the row below keeps its size)."""
    _, both = _first(players, 7, ("now", "next"))
    view, picture = _first(players, 7, ("next",))
    parcels = [slot.parcel for slot in view.next_column]
    assert len(picture.layout.draft_tiles) == len(parcels) and all(parcels)
    _reads_on_a_phone(picture)
    assert _ranch_share(picture) >= _ranch_share(both)
    assert (_ranch_share(picture) > _ranch_share(both)) is roomier
    assert picture.layout.height <= both.layout.height  # not taller for it
    mover = picture.layout.mover or 0
    assert min(r.cell for r in picture.layout.ranches if r.seat != mover) >= min(
        r.cell for r in both.layout.ranches if r.seat != both.layout.mover)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_last_round_draws_no_empty_draft(players: int) -> None:
    """R-END-1: the last round has no next column; once its parcels are taken nothing of
    the draft is left to show, so no draft is drawn and the ranches start under the
    banner."""
    _, both = _first(players, 3, ("now", "next"))
    with drawn_texts() as texts:
        view, picture = _first(players, 3, ())
    assert view.last_round and picture.layout.draft_tiles == ()
    written = [text for text, _ in texts]
    assert "This round" not in written and "Next round" not in written
    mover = next(r for r in picture.layout.ranches if r.seat == picture.layout.mover)
    assert mover.panel[1] < both.layout.ranches[0].panel[1] - 150  # where the draft was
    assert _ranch_share(picture) > _ranch_share(both)
    _reads_on_a_phone(picture)


@pytest.mark.parametrize(("locale", "words", "rounds"), [
    ("en", "cows left", "of 24"), ("de", "Kühe", "von 24"), ("ja", "残りの牛", "/24")])
def test_the_banner_says_how_many_rounds_and_cows_are_left(locale: str, words: str,
                                                          rounds: str) -> None:
    """'Round 9 of 24' (R-END-1) and the supply's count in words: a cow and a parcel's
    back beside bare numbers read as a puzzle."""
    view = public_view(played(3, 7, 9))
    with drawn_texts() as texts:
        render_turn(view, theme=DARK, locale=locale)
    written = [text for text, _ in texts]
    assert [text for text in written if words in text and str(view.cow_supply) in text]
    assert any(rounds in text for text in written), written
