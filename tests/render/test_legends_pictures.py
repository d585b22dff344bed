"""Legends of the West in the pictures: the characters' boards (R-LEG-1) and the scenario
(R-LEG-2) in the turn picture, the ranch picture, the score sheet and the final picture."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PIL import Image

from engine.games.i18n import t
from engine.moonriver.game import new_game
from engine.moonriver.legends import SCENARIOS
from engine.moonriver.view import TableView, public_view
from render.moonriver import render_ranch, render_scores
from render.moonriver.final import render_final
from render.moonriver.turn import render_turn
from render.stamps import drawn_texts
from render.theme import DARK, LIGHT
from tests.render.golden import NAMES, played, played_with_events

CHARACTERS = ("Mary", "Calamity", "Wesley", "Big Jo")


def texts_of(draw: Callable[[], object]) -> list[str]:
    with drawn_texts() as texts:
        draw()
    return [text for text, _ in texts]


def legends_view(scenario: int, until_round: int | None = 6) -> TableView:
    state = new_game(NAMES[:4], 3, variant="legends", scenario=scenario)
    if until_round == 0:
        return public_view(state)
    return public_view(played_with_events(4, 3, until_round, scenario)[0])


@pytest.mark.parametrize("scenario", [1, 2, 3, 4])
def test_r_leg_2_the_turn_picture_header_names_the_scenario(scenario: int) -> None:
    view = legends_view(scenario)
    for locale in ("en", "de", "ja"):
        name = t(f"scenario.{SCENARIOS[scenario - 1]}", locale)
        texts = texts_of(lambda locale=locale: render_turn(view, theme=DARK, locale=locale))
        assert any(name in text for text in texts), (locale, texts[:3])


def test_r_leg_1_the_mover_board_names_its_character_and_base_boards_none() -> None:
    view = legends_view(2)
    texts = texts_of(lambda: render_turn(view, theme=DARK))
    mover = view.players[view.active_seat or 0].board.character
    assert mover in CHARACTERS and mover in texts
    base = public_view(played(4, 3, 6))
    base_texts = texts_of(lambda: render_turn(base, theme=DARK))
    assert not any(c in text for c in CHARACTERS for text in base_texts)
    assert not any(name in text for name in ("Gold Rush", "Timber Trade")
                   for text in base_texts)


def test_r_leg_1_the_legends_boards_draw_their_own_slots() -> None:
    """Mary's board has 4 slots, Big Jo's 2: the ranch pictures differ in the storage row
    even before anything is placed (same players, same seed)."""
    view = legends_view(1, until_round=0)
    boards = {p.board.character: p.board for p in view.players}
    assert boards["Mary"].slots == 4 and boards["Big Jo"].slots == 2
    mary = next(p.seat for p in view.players if p.board.character == "Mary")
    jo = next(p.seat for p in view.players if p.board.character == "Big Jo")
    pictures = [render_ranch(view, seat, theme=LIGHT) for seat in (mary, jo)]
    assert pictures[0].size == pictures[1].size
    bottom = (0, pictures[0].height * 3 // 4, pictures[0].width, pictures[0].height)
    assert pictures[0].crop(bottom).tobytes() != pictures[1].crop(bottom).tobytes()
    ranch_texts = texts_of(lambda: render_ranch(view, mary, theme=LIGHT))
    assert any("Mary" in text for text in ranch_texts)  # the /moonriver board picture


@pytest.mark.parametrize("scenario", [1, 2, 3, 4])
def test_r_leg_2_the_score_sheet_and_final_picture_show_a_scenario_row(scenario: int) -> None:
    view = legends_view(scenario, until_round=None)
    name = t(f"scenario.{SCENARIOS[scenario - 1]}", "de")
    points = [str(p.score.scenario_points) for p in view.players]
    for draw in (lambda: render_final(view, theme=LIGHT, locale="de"),
                 lambda: render_scores(view, theme=LIGHT, locale="de")):
        texts = texts_of(draw)
        assert any(name in text for text in texts)  # the title names the scenario
        assert t("render.scenario_row", "de") in texts
        for shown in points:  # each player's scenario cell ends in their points
            assert shown in texts


def test_the_base_game_score_sheet_has_no_scenario_row() -> None:
    view = public_view(played(3, 8, None))
    texts = texts_of(lambda: render_final(view, theme=LIGHT))
    assert t("render.scenario_row", "en") not in texts


def test_legends_pictures_are_real_pngs_of_phone_width() -> None:
    picture = render_turn(legends_view(3), theme=DARK).image
    assert isinstance(picture, Image.Image) and picture.width >= 800


def test_legends_texts_are_no_smaller_than_the_turn_picture_minimum() -> None:
    """The character's name and the scenario line keep the phone minimum (TEXT)."""
    from render.moonriver.turn import TEXT
    assert render_turn(legends_view(2), theme=DARK).layout.min_text >= TEXT


def test_r_leg_2_a_ranch_breakdown_adds_up_to_its_score_with_the_scenario() -> None:
    """The ranch's subtitle is the sum of its score's parts ("= Territories 3 + …", so a
    part reads as points, not as a count): in Legends of the West the scenario's points
    too, so the parts add up to the total; the base game has none."""
    view = legends_view(4, until_round=12)
    for seat, player in enumerate(view.players):
        score = player.score
        line = next(x for x in texts_of(lambda seat=seat: render_ranch(view, seat, theme=DARK))
                    if x.startswith("= Territories "))
        parts = [int(part.rsplit(" ", 1)[1]) for part in line[2:].split(" + ")]
        assert line.endswith(f" + Scenario {score.scenario_points}")
        assert sum(parts) == score.total, (line, score.total)
    base = public_view(played(4, 3, 6))
    line = next(x for x in texts_of(lambda: render_ranch(base, 0, theme=DARK))
                if x.startswith("= Territories "))
    assert "Scenario" not in line and len(line.split(" + ")) == 3
