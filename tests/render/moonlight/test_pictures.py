"""Moonlight's pictures: every kind in both themes and three languages through the render
registry, read at phone width, no hidden card in a public picture, this turn's marks,
the hand's letters the same as `cell_letters`."""

from __future__ import annotations

import io
from dataclasses import replace

import pytest
from PIL import Image

from engine.games.errors import StateError
from engine.games.i18n import t
from engine.moonlight import legal_actions, player_view
from engine.moonlight.actions import Play
from engine.moonlight.cards import components
from engine.moonlight.events import CardPlayed
from engine.moonlight.state import Phase
from engine.moonlight.view import MoonlightView
from render import registry
from render.moonlight import cell_letters, render_final, render_hand, render_turn
from render.moonlight.draw import KINDS
from render.moonlight.hand import CAPTION_LINES, CARD_W
from render.moonlight.parts import TEXT, wrap
from render.moonlight.story import render_moonlight_story, story_of
from render.request import DrawRequest
from render.stamps import drawn_texts, text_width
from render.theme import DARK, LIGHT, PHONE_WIDTH
from tests.render.moonlight.games import (
    after,
    moments,
    played,
    plays_of_one_card,
    reshuffled,
    round_scored,
)


def request(kind: str, theme: str, locale: str) -> DrawRequest:
    if kind == "final":
        state, events = played(5)
        return DrawRequest.of("moonlight", kind, state, theme=theme, locale=locale)
    state, events = played(3, after(14))
    if kind == "turn":
        return DrawRequest.of("moonlight", kind, state, theme=theme, locale=locale,
                              events=tuple(events))
    plays, card = plays_of_one_card(state)
    return DrawRequest.of("moonlight", "hand", state, viewer=state.active_seat,
                          choices=plays, proposed=card, theme=theme, locale=locale)


def test_registered_with_its_kinds() -> None:
    assert registry.GAMES["moonlight"].kinds == KINDS == ("turn", "hand", "final", "story",
                                                          "legend")


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("theme", ["dark", "light"])
@pytest.mark.parametrize("locale", ["en", "de", "ja"])
def test_every_kind_draws_in_both_themes_and_three_languages(kind: str, theme: str,
                                                             locale: str) -> None:
    data = registry.draw(request(kind, theme, locale))
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG" and image.mode == "P" and image.width == 800
    background = (DARK if theme == "dark" else LIGHT).background
    assert image.convert("RGB").getpixel((2, 2)) == background


def test_the_public_view_has_no_hand_and_the_turn_request_is_public() -> None:
    state, _ = played(3, after(14))
    assert request("turn", "dark", "en").state["hand"] is None
    assert request("hand", "dark", "en").state["hand"] == list(
        player_view(state, state.active_seat).hand or ())


def _phone(width: int) -> float:
    return PHONE_WIDTH / width


@pytest.mark.parametrize("seed", [1, 3, 8])
def test_turn_and_final_read_at_phone_width(seed: int) -> None:
    """Shown 400 px wide: no text under 11 px, cells at least 50 px."""
    for state, events in ((played(seed, after(9))), played(seed, round_scored), played(seed)):
        for picture in (render_turn(player_view(state, None), events=events, theme=DARK),
                        render_final(player_view(state, None), theme=LIGHT)):
            layout = picture.layout
            assert (picture.image.width, picture.image.height) == (layout.width, layout.height)
            assert layout.width == 800
            assert layout.scale() == pytest.approx(_phone(layout.width))
            assert layout.min_text * layout.scale() >= 11
            assert layout.area is not None and layout.area.cell * layout.scale() >= 50


@pytest.mark.parametrize("seed", [2, 4, 6])
def test_hand_reads_at_phone_width_and_letters_match_cell_letters(seed: int) -> None:
    state, _ = played(seed, after(2 * seed + 3))
    assert state.active_seat is not None and state.phase is Phase.PLAY
    plays, card = plays_of_one_card(state)
    picture = render_hand(player_view(state, state.active_seat), choices=plays,
                          proposed=card, theme=LIGHT, locale="de")
    layout = picture.layout
    scale = layout.scale()
    assert layout.min_text * scale >= 11
    assert layout.area is not None and layout.area.cell * scale >= 45
    assert len(layout.hand) == len(state.hands[state.active_seat])
    assert all((x1 - x0) * scale >= 60 for x0, _, x1, _ in layout.hand)
    expected = {str(p).split()[-1]: letter for p, letter in
                zip(plays, [cell_letters(plays)[str(p)] for p in plays], strict=True)}
    assert dict(layout.letters) == expected


def test_cell_letters_read_top_row_first_then_left_to_right() -> None:
    plays = [Play("3", "C3"), Play("3", "D5"), Play("3", "B4"), Play("3", "E4")]
    assert cell_letters(plays) == {"play 3 D5": "a", "play 3 B4": "b", "play 3 E4": "c",
                                   "play 3 C3": "d"}
    assert cell_letters([]) == {}


def test_hand_names_every_card_power_and_the_proposal() -> None:
    state, _ = played(3, after(14))
    plays, card = plays_of_one_card(state)
    with drawn_texts() as texts:
        render_hand(player_view(state, state.active_seat), choices=plays, proposed=card,
                    theme=DARK)
    words = [text for text, _ in texts]
    value = card.rstrip("m")  # the card as the table names it, never its code
    named = f"{value} 🌙" if card.endswith("m") else value
    assert f"Where {named} can go" in words and not [w for w in words if card in w.split()]
    assert "Moons, the Lone Wolf (red) and the Alpha Powers are provisional" in words


@pytest.mark.parametrize("seed", [3, 11])
def test_the_public_turn_never_draws_a_hand_card(seed: int) -> None:
    """Two states that differ only in the cards no one at the table may see draw the same
    public picture, at every moment of a whole game."""
    for index, (state, events) in enumerate(moments(seed)):
        twin = reshuffled(state, seed * 1000 + index)
        if twin.hands == state.hands and twin.decks == state.decks and index % 5:
            continue
        pictures = [registry.draw(DrawRequest.of("moonlight", "turn", s, events=tuple(events)))
                    for s in (state, twin)]
        assert pictures[0] == pictures[1], f"moment {index}"
        if state.phase is Phase.OVER:
            finals = [registry.draw(DrawRequest.of("moonlight", "final", s))
                      for s in (state, twin)]
            assert finals[0] == finals[1]


def test_this_turns_card_is_framed_in_the_highlight() -> None:
    state, events = played(3, after(14))
    placed = [e for e in events if isinstance(e, CardPlayed)]
    assert placed
    picture = render_turn(player_view(state, None), events=events, theme=DARK)
    unmarked = render_turn(player_view(state, None), theme=DARK)
    area = picture.layout.area
    assert area is not None
    x0, y0, _x1, y1 = area.cells[placed[-1].cell]
    assert picture.image.getpixel((x0 + 2, (y0 + y1) // 2)) == DARK.highlight
    assert unmarked.image.getpixel((x0 + 2, (y0 + y1) // 2)) != DARK.highlight


def test_a_scored_round_shows_its_result() -> None:
    state, events = played(5, round_scored)
    with drawn_texts() as texts:
        render_turn(player_view(state, None), events=events, theme=DARK)
    assert any(text.startswith("Round 1 scored") for text, _ in texts)


def test_view_from_dict_reads_to_dict_and_refuses_nonsense() -> None:
    for state, _ in list(moments(7))[::7]:
        for seat in (None, 0, 1):
            view = player_view(state, seat)
            assert MoonlightView.from_dict(view.to_dict()) == view
    data = player_view(state, None).to_dict()
    for key, bad in (("area", {"D4": ["g9"]}), ("score", {}), ("hand", ["3"]),
                     ("powers", [["fly"], []]), ("phase", "dance")):
        with pytest.raises(StateError):
            MoonlightView.from_dict({**data, key: bad})
    with pytest.raises(StateError):
        MoonlightView.from_dict([])



def test_M_SCORE_2_a_scored_round_crosses_the_cards_its_rows_discarded() -> None:
    """Once a round is scored, each visible card its row did not keep is dimmed and
    crossed: the loser's in a won row, every card of a tied row; kept cards look as
    before."""
    from engine.moonlight.area import CELL_NAMES, parse_area, top_code
    from render.moonlight.turn import draw_area_with_rows

    tops = parse_area("g3 b4 / b1 g1")  # top row won by blue (4 > 3), bottom row tied
    stacks = {cell: (top_code(code),) for cell, code in tops.items()}
    rows = [((3, 4), 1), ((1, 1), None)]

    def drawn(scored: bool) -> tuple[Image.Image, dict[str, tuple[int, int, int, int]]]:
        image = Image.new("RGB", (800, 600), DARK.background)
        geometry = draw_area_with_rows(image, 10, stacks, rows, DARK, "en", coords=True,
                                       scored=scored)
        return image, dict(geometry.cells)

    crossed, cells = drawn(True)
    plain, _ = drawn(False)
    by_name = {CELL_NAMES[cell]: top_code(tops[cell]) for cell in tops}
    changed = {}
    for name in by_name:
        x0, y0, x1, y1 = cells[name]
        box = (x0 + 8, y0 + 8, x1 - 8, y1 - 8)
        changed[name] = crossed.crop(box).tobytes() != plain.crop(box).tobytes()
    kept = [name for name, code in by_name.items() if code[0] == "b" and code[1] == "4"]
    assert [name for name, was in changed.items() if not was] == kept


def test_the_story_numbers_rounds_as_the_posts_do_and_names_rounds_won() -> None:
    """M-SCORE-4: a tied deal is played again under its number, so the chart's steps read
    1, '2 tied', 2 as the posts and the end picture number them; the legend gives each
    player's rounds won (what decides the game), not their last round's points."""
    state, _ = played(5)
    view = replace(player_view(state, None), rounds=(0, None, 1), wins=(1, 1))
    rows = [(3, 2, 2, 0), (4, 4, 0, 0), (2, 5, 0, 2)]
    story = story_of(view, rows, "en")
    assert story.steps == ("1", "2 tied", "2")
    assert story.results == ("1 round won", "1 round won")
    with drawn_texts() as texts:
        render_moonlight_story(view, rows, theme=DARK)
    words = [text for text, _ in texts]
    assert "2 tied" in words and f"{view.players[0]} · 1 round won" in words
    assert story_of(replace(view, rounds=(0, 1)), rows, "de").steps == ("1", "2", "3")
    assert story_of(view, rows, "de").steps[1] == "2 remis"


@pytest.mark.parametrize("locale", ["en", "de", "ja"])
def test_every_card_caption_fits_under_its_card_in_two_lines(locale: str) -> None:
    """A power's caption is wrapped to its card's width (so neighbours never run into one
    another) and is never cut: each fits in `CAPTION_LINES`."""
    keys = ["ml.pic.lone_wolf", "ml.pic.no_power",
            *(f"ml.pic.power.{c.power}" for c in components().cards.values() if c.power)]
    for key in keys:
        lines = wrap(t(key, locale), TEXT, CARD_W)
        assert len(lines) <= CAPTION_LINES, (key, lines)
        assert all(text_width(line, TEXT) <= CARD_W for line in lines), (key, lines)


def test_M_NEXT_2_the_power_choice_draws_no_leftover_hand() -> None:
    """Choosing an Alpha Power, the loser still holds the round's unplayed cards, but they
    go back into the deck at the deal after the choice (M-SETUP-1): the picture shows the
    powers and the area, and says a new hand comes, never those cards as theirs."""
    state, _ = played(5, lambda s, e, n: s.phase is Phase.POWER)
    assert state.phase is Phase.POWER and state.hands[state.active_seat]
    with drawn_texts() as texts:
        picture = render_hand(player_view(state, state.active_seat),
                              choices=tuple(str(a) for a in legal_actions(state)), theme=DARK)
    words = [text for text, _ in texts]
    assert picture.layout.hand == () and t("ml.pic.hand_next", "en") in words
    assert t("ml.pic.powers_left", "en") in words
