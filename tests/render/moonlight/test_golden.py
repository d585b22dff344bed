"""Golden images of Moonlight's pictures (turn, hand, final), kept in tests/golden/moonlight/
beside Moon River's and Kingdomino's, compared with the same tolerances; regenerate with

    python -m tests.render.moonlight.test_golden   # rewrite tests/golden/moonlight/*.png

after a deliberate change, and look at every picture (full size and at 400 px wide)
before committing it. Each kind in both themes and the three languages; the story and
the legend are Moon River's goldens (story-moonlight-…, legend-moonlight-…)."""

from __future__ import annotations

from collections.abc import Callable

from PIL import Image

from engine.games.events import Event
from engine.moonlight import legal_actions, player_view
from engine.moonlight.events import CardPlayed, RoundScored
from engine.moonlight.state import GameState, Phase
from render.moonlight import render_final, render_hand, render_turn
from render.stamps import drawn_texts
from render.theme import DARK, LIGHT
from tests.render.golden import GOLDEN_DIR, assert_like_golden, write_goldens
from tests.render.moonlight.games import Stop, after, played, plays_of_one_card

MOONLIGHT_DIR = GOLDEN_DIR / "moonlight"
REGENERATE = "tests.render.moonlight.test_golden"
THEMES = {"dark": DARK, "light": LIGHT}


def phase(wanted: Phase) -> Stop:
    return lambda state, events, n: state.phase is wanted


def scored(winner: int | None) -> Stop:
    """Just after a round is scored with `winner` (None: tied, replayed, M-SCORE-4)."""
    return lambda state, events, n: any(isinstance(e, RoundScored) and e.winner == winner
                                        for e in events)


def covered(ambush: bool) -> Stop:
    """Just after a turn that covered a card (M-PLACE-3), with an equal value if `ambush`."""
    return lambda state, events, n: any(isinstance(e, CardPlayed) and e.covered is not None
                                        and e.ambush == ambush for e in events)


def turn(seed: int, stop: Stop, theme: str, locale: str) -> Image.Image:
    state, events = played(seed, stop)
    return render_turn(player_view(state, None), events=events, locale=locale,
                       theme=THEMES[theme]).image


def hand(seed: int, stop: Stop, theme: str, locale: str) -> Image.Image:
    """The mover's hand: the last playable card's cells lettered, or the powers left."""
    state, _ = played(seed, stop)
    seat = state.active_seat
    assert seat is not None
    if state.phase is Phase.POWER:
        choices: tuple[object, ...] = tuple(str(a) for a in legal_actions(state))
        card = None
    else:
        choices, card = plays_of_one_card(state)
    return render_hand(player_view(state, seat), choices=choices, proposed=card,
                       locale=locale, theme=THEMES[theme]).image


def final(seed: int, stop: Stop, theme: str, locale: str,
          resigned: tuple[int, ...] = ()) -> Image.Image:
    state, _ = played(seed, stop)
    return render_final(player_view(state, None), locale=locale, theme=THEMES[theme],
                        resigned=resigned).image


def never(state: GameState, events: list[Event], n: int) -> bool:
    return False


PICTURES: dict[str, Callable[[], Image.Image]] = {
    # the first card of a round has no neighbour yet: the empty area (M-PLACE-1)
    "turn-first-light-en": lambda: turn(4, after(0), "light", "en"),
    "turn-ambush-dark-en": lambda: turn(5, covered(ambush=True), "dark", "en"),
    "turn-scored-light-de": lambda: turn(2, scored(1), "light", "de"),
    "turn-replayed-dark-ja": lambda: turn(5, scored(None), "dark", "ja"),
    "hand-play-light-ja": lambda: hand(3, after(14), "light", "ja"),
    "hand-howl-dark-en": lambda: hand(6, phase(Phase.HOWL), "dark", "en"),
    "hand-power-dark-de": lambda: hand(5, phase(Phase.POWER), "dark", "de"),
    "final-dark-en": lambda: final(1, never, "dark", "en"),
    "final-replayed-light-ja": lambda: final(5, never, "light", "ja"),
    # the round's winner resigns while the loser chooses a power: last all the same
    "final-resigned-light-de": lambda: final(2, phase(Phase.POWER), "light", "de",
                                             resigned=(1,)),
    # a resignation half way through round 2: its cards as they lay, never scored
    "final-unfinished-dark-de": lambda: final(3, after(20), "dark", "de", resigned=(1,)),
}


def check(name: str) -> None:
    assert_like_golden(PICTURES[name](), MOONLIGHT_DIR / f"{name}.png", REGENERATE)


def test_goldens_cover_every_kind_theme_and_language() -> None:
    for kind in ("turn", "hand", "final"):
        ours = {n for n in PICTURES if n.startswith(kind + "-")}
        assert any("-dark-" in n for n in ours) and any("-light-" in n for n in ours), kind
        assert {n.rsplit("-", 1)[1] for n in ours} == {"en", "de", "ja"}, kind
    assert {p.stem for p in MOONLIGHT_DIR.glob("*.png")} == set(PICTURES)
    tested = {n for n, f in globals().items() if n.startswith("test_") and callable(f)}
    assert len(tested) == len(PICTURES) + 1  # one test a picture, and this one


def test_M_PLACE_1_the_first_turn_shows_the_empty_area() -> None:
    check("turn-first-light-en")


def test_M_PLACE_3_a_cover_with_ambush_is_framed_on_the_turn() -> None:
    """An equal-value cover (Alpha Power `ambush`, M-COMP-4) framed as this turn's card."""
    check("turn-ambush-dark-en")


def test_M_SCORE_2_the_scored_round_crosses_its_discarded_cards() -> None:
    """The round's result, each row's winner and the discarded cards crossed."""
    check("turn-scored-light-de")


def test_M_SCORE_4_a_tied_round_is_drawn_as_it_ended() -> None:
    """A tied round is replayed: the turn shows the area that tied, from the event."""
    check("turn-replayed-dark-ja")


def test_M_PLACE_2_the_hand_letters_the_cells_a_card_may_go_to() -> None:
    """Joins (M-PLACE-2) and covers (M-PLACE-3) lettered a, b, c … in reading order."""
    check("hand-play-light-ja")


def test_M_COMP_4_howl_offers_one_more_card() -> None:
    """After a placement, the `howl` owner's hand for the extra card."""
    check("hand-howl-dark-en")


def test_M_NEXT_2_the_power_choice_lists_the_powers_left() -> None:
    """The loser chooses an Alpha Power; no leftover hand is drawn (M-SETUP-1)."""
    check("hand-power-dark-de")


def test_M_WIN_the_end_ranks_by_rounds_won() -> None:
    check("final-dark-en")


def test_M_SCORE_4_the_end_numbers_a_replayed_deal_as_played_again() -> None:
    check("final-replayed-light-ja")


def test_the_end_after_a_resignation_puts_the_resigned_seat_last() -> None:
    """Between rounds (M-NEXT-2), the seat that won round 1 resigns: ranked last and
    marked, never the winner."""
    check("final-resigned-light-de")


def test_M_WIN_a_round_a_resignation_cut_short_is_shown_unscored() -> None:
    """The round under way when a player resigns was never scored: its heading says so,
    no discards are crossed and no row is won (the drawing said "Round 1 scored" and
    named a round winner)."""
    check("final-unfinished-dark-de")
    state, _ = played(3, after(20))
    assert state.phase is Phase.PLAY and state.round == 2
    with drawn_texts() as texts:
        render_final(player_view(state, None), locale="en", theme=DARK, resigned=(1,))
    written = [text for text, _ in texts]
    assert "Round 2 was not finished" in written
    assert not any("scored" in text or "wins the round" in text for text in written)


def main() -> None:
    write_goldens(MOONLIGHT_DIR, PICTURES)


if __name__ == "__main__":
    main()
