"""The end of a game: standings and the score sheet (K-SCORE-*, K-DYN)."""

from __future__ import annotations

from engine.kingdomino import outcome, public_view
from engine.kingdomino.state import Phase
from render.kingdomino import render_final, render_turn
from render.kingdomino.final import TEXT, ranking, series_totals, sheet_rows
from render.stamps import drawn_texts, text_width
from render.theme import DARK, LIGHT
from tests.render.kingdomino.games import PLAIN_NAMES, played


def test_turn_picture_at_the_end_is_the_final_picture() -> None:
    state, events = played(3, 8, None)
    assert state.phase is Phase.OVER
    a = render_turn(state, events=events, theme=LIGHT, locale="de")
    b = render_final(state, theme=LIGHT, locale="de")
    assert a.image.tobytes() == b.image.tobytes()
    assert a.layout.line_dominoes == () and a.layout.min_text >= 22


def test_standings_follow_the_engine_winners_and_tie_breaks() -> None:
    """K-SCORE-4: the engine's winners first; totals drawn, best first."""
    for players, seed, variants in ((4, 3, ()), (3, 6, ("dynasty",)), (2, 2, ())):
        state, _ = played(players, seed, None, variants=variants, names=PLAIN_NAMES)
        view = public_view(state)
        result = outcome(state)
        assert result is not None
        assert series_totals(view) == list(result.totals)  # K-DYN: three games summed
        order = [seat for _, seat in ranking(view)]
        assert set(order[:len(result.winners)]) == set(result.winners)
        with drawn_texts() as texts:
            render_final(state, theme=DARK)
        written = [text for text, _ in texts]
        positions = [written.index(f"{result.totals[seat]} pts") for seat in order]
        assert positions == sorted(positions)
        assert "Winner" in written


def test_score_sheet_rows_never_cut_their_total() -> None:
    """K-SCORE-1: each terrain cell is `squares×crowns` terms = points, shortened from
    the left when narrow, never losing the points; the bonuses and Dynasty games follow."""
    state, _ = played(4, 3, None, variants=("harmony", "middle-kingdom"))
    view = public_view(state)
    for width in (60, 120, 400):
        rows = sheet_rows(view, "en", width, ("middle_kingdom", "harmony"))
        for label, cells, terrain in rows[:6]:
            assert terrain is not None and label
            for p, cell in zip(view.players, cells, strict=True):
                points = sum(x.points for x in p.score.properties if x.terrain is terrain)
                assert cell == str(points) or cell.endswith(f"= {points}")
                assert cell == str(points) or text_width(cell, TEXT) <= width
        assert [label for label, _, _ in rows[6:]] == ["Middle Kingdom", "Harmony"]
        for (_, cells, _), name in zip(rows[6:], ("middle_kingdom", "harmony"), strict=True):
            assert cells == [str(dict(p.score.bonuses).get(name, 0)) for p in view.players]
    dynasty, _ = played(3, 6, None, variants=("dynasty",))
    view = public_view(dynasty)
    rows = sheet_rows(view, "de", 200, ())
    assert [label for label, _, _ in rows[6:]] == ["Partie 1", "Partie 2", "Partie 3"]
    assert rows[8][1] == [str(p.score.total) for p in view.players]
