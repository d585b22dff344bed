"""The confirm picture (a proposal drawn in, Confirm, ⇄ and Back under it): the proposed
domino reads clearly, no other position's outline or letter lies over its parcels."""

from __future__ import annotations

import pytest
from PIL import Image

from engine.moonriver.actions import Build, parse_action
from engine.moonriver.components import Landscape, Parcel
from engine.moonriver.game import legal_actions
from engine.moonriver.state import GameState
from engine.moonriver.view import public_view
from render.moonriver import render_preview
from render.moonriver.placement import placement_positions, position_of
from render.moonriver.ranch import RanchGeometry, ranch_picture
from render.moonriver.style import moonriver_theme
from render.stamps import drawn_texts
from render.theme import DARK, LIGHT, Theme
from tests.helpers import Spec, build_turn, set_ranch, start_game
from tests.render.golden import at_build_decision

Box = tuple[int, int, int, int]


def play_tested() -> tuple[GameState, list[Build], Build]:
    """As a play-tester saw it: a farm with a cow and a circle and a forest with a circle
    proposed upright at C2, where the positions d (C3 D3) and f (C2 D2) share its cells."""
    state = start_game(3, seed=7)
    set_ranch(state, 0, ". . . . . / . . . . . / . . . . . / fo fo . . . / fo fo ca . .")
    state, _ = build_turn(state, 0, [Spec(Landscape.FARM, cows=1, circle=True),
                                     Spec(Landscape.FOREST, circle=True)])
    builds = [a for a in legal_actions(state) if isinstance(a, Build)]
    proposed = parse_action("build p74 p92 C2 up")  # the farm (p92) above, at C3
    assert isinstance(proposed, Build)
    return state, builds, proposed


def proposals() -> list[tuple[GameState, list[Build], Build]]:
    """The play-tested proposal, and every build of a random game's pair (both ends)."""
    cases = [play_tested()]
    for seed in (4, 5, 11):
        state = at_build_decision(seed)
        builds = [a for a in legal_actions(state) if isinstance(a, Build)]
        pair = [b for b in builds if (b.first, b.second) == (builds[0].first, builds[0].second)]
        cases += [(state, pair, b) for b in pair]
    return cases


def overlapped(builds: list[Build], proposed: Build) -> bool:
    positions = placement_positions(builds)
    chosen = position_of(positions, proposed)
    assert chosen is not None
    return any(p != chosen and set(p.cells) & set(chosen.cells) for p in positions)


def symbol_boxes(parcel: Parcel, box: Box) -> list[Box]:
    """Where `render.moonriver.cells.draw_parcel` (without the number) prints a parcel's
    symbols (along the bottom, from the left) and its resources (top right)."""
    x0, y0, x1, y1 = box
    icon = max(12, int((x1 - x0) * 0.36))
    out = []
    icons = parcel.cows + parcel.skull + parcel.circle
    if icons:
        out.append((x0 + 3, y1 - 3 - icon, x0 + 3 + (icons - 1) * (icon - 2) + icon, y1 - 3))
    if parcel.resources:
        out.append((x1 - 3 - icon, y0 + 3, x1 - 3, y0 + 3 + icon))
    return out


def covered(image: Image.Image, box: Box, colours: set[tuple[int, int, int]]) -> int:
    """Pixels in `box` of one of `colours` (the outlines' and letter discs' colours, drawn
    opaque; the proposed parcels are blended over the ranch, never exactly these)."""
    region = image.crop(box).convert("RGB")
    return sum(n for n, colour in region.getcolors(region.width * region.height) or []
               if colour in colours)


def test_cases_include_positions_overlapping_the_proposal() -> None:
    _, builds, proposed = play_tested()
    assert proposed in builds and overlapped(builds, proposed)
    assert sum(overlapped(b, p) for _, b, p in proposals()) >= 5


def test_the_confirm_picture_letters_the_proposal_alone() -> None:
    """The proposal's letter (the one the message above it names) once; no other
    position's letter: Confirm, ⇄ and Back are the choices left."""
    for state, builds, proposed in proposals():
        assert state.turn is not None
        positions = placement_positions(builds)
        chosen = position_of(positions, proposed)
        assert chosen is not None
        with drawn_texts() as texts:
            render_preview(public_view(state), state.turn.seat, builds, proposed, theme=DARK)
        letters = {p.letter for p in positions}
        assert [text for text, _ in texts if text in letters] == [chosen.letter], proposed


@pytest.mark.parametrize("theme", [DARK, LIGHT], ids=["dark", "light"])
def test_R_SYM_0_the_proposed_parcels_symbols_are_not_covered(theme: Theme) -> None:
    """The symbols the domino will resolve once placed (R-SYM-0: cows, skull, circle) and
    its resources lie uncovered: no outline or letter disc, another position's or the
    proposal's own, is drawn over them."""
    drawn = moonriver_theme(theme)  # the colours the preview draws with
    checked = 0
    for state, builds, proposed in proposals():
        assert state.turn is not None
        view = public_view(state)
        player = view.players[state.turn.seat]
        image = render_preview(view, state.turn.seat, builds, proposed, theme=theme)
        geometry: RanchGeometry = ranch_picture(player, theme=theme)[1]
        parcels = {p.id: p for p in player.storage}
        for pid, cell in ((proposed.first, proposed.cell),
                          (proposed.second, proposed.second_cell)):
            for box in symbol_boxes(parcels[pid], geometry.cell_box(cell)):
                assert covered(image, box, {drawn.legal, drawn.highlight}) == 0, (
                    proposed, cell, box)
                checked += 1
    assert checked >= 10
