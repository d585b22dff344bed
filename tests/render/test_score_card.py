"""render.score_card: the end-of-game card both games draw."""

from engine.moonriver.view import public_view
from render import score_card as card
from render.kingdomino import render_final as render_kingdomino_final
from render.moonriver.final import render_final
from render.theme import LIGHT
from tests.render.golden import played
from tests.render.kingdomino.games import played as played_kingdomino


def test_equal_players_share_a_rank_and_the_next_rank_skips() -> None:
    """R-SCORE-4 / K-SCORE-4: tie-breaks decide; players equal on every one share."""
    keys = {0: (20, 3), 1: (31, 1), 2: (20, 3), 3: (20, 2)}
    assert card.ranked(4, keys.__getitem__) == [(1, 1), (2, 0), (2, 2), (4, 3)]


def test_both_final_pictures_are_cards_of_the_same_width_and_frame() -> None:
    moon_river = render_final(public_view(played(3, 8, None)), theme=LIGHT).image
    state, _ = played_kingdomino(3, 8, None)
    kingdomino = render_kingdomino_final(state, theme=LIGHT).image
    for image in (moon_river, kingdomino):
        assert image.width == card.WIDTH
        edge = image.getpixel((card.PAD // 2 + 4, image.height // 2))  # the card's margin
        assert edge == LIGHT.panel
        assert image.getpixel((1, 1)) == LIGHT.background
    assert card.new_card(200, "", LIGHT).size == (card.WIDTH, 200)
