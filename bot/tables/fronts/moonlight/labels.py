"""Moonlight in words: cards by value, moon and power ("4 🌙", "wolf 3 — +1 in a row you
win"), cells by name with the preview's letter ("b) C5: cover Bob's 3"), Alpha Powers by
name and effect. Action texts ("play 4m C5") and card codes stay in custom_ids."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bot.tables.words import Label
from engine.games.i18n import t
from engine.moonlight.actions import Pass, Play, Power
from engine.moonlight.area import CARD_MASK
from engine.moonlight.cards import AMBUSH, components, parse_card_code
from engine.moonlight.scoring import card_table
from engine.moonlight.state import GameState, Phase
from render.moonlight.cards import card_text

#: The seats' colours as the pictures draw them (M-COMP-1: seat 1 green, seat 2 blue).
SEAT_DOTS = ("🟢", "🔵")


def card_label(code: str, locale: str, copies: int = 1) -> Label:
    """A card of the mover's own hand on its button: value, moon and its power named.
    `copies`: two cards alike are one button (either plays the same), which says so,
    'wolf 1 ×2', so no card seems missing beside the hand picture."""
    card = components().cards[parse_card_code(code)]
    text = card_text(code, locale)
    if copies > 1:
        text = t("ml.label.copies", locale, what=text, count=copies)
    if card.power is None:
        return Label(t("ml.label.card", locale, card=text))
    return Label(t("ml.label.card_power", locale, card=text,
                   power=t(f"ml.card.power.{card.power}", locale)))


def card_named(code: str, locale: str) -> str:
    """'wolf 3 (+1 in a row you win)': a card inside a sentence, its power in brackets
    (a button's dash reads oddly there)."""
    card = components().cards[parse_card_code(code)]
    name = t("ml.label.card", locale, card=card_text(code, locale))
    if card.power is None:
        return name
    return f"{name} ({t(f'ml.card.power.{card.power}', locale)})"


def covered_code(state: GameState, play: Play) -> str | None:
    """The opponent's card a play would cover, or None for a join (M-PLACE-2/3)."""
    stack = state.stacks.get(play.index)
    return None if not stack else card_table().code[stack[-1] & CARD_MASK]


def play_label(state: GameState, play: Play, locale: str, letter: str | None = None,
               literal: Callable[[str], str] = str) -> Label:
    """'b) C5: cover Bob's 3' with the preview's letter; without one (a list of every
    play, the typed move's autocomplete) '4 🌙 on C5, covering Bob's 3'."""
    seat = state.active
    covered = covered_code(state, play)
    owner = literal(state.players[1 - seat])
    if letter is not None:
        if covered is None:
            return Label(t("ml.label.join", locale, letter=letter, cell=play.cell))
        return _ambush_told(t("ml.label.cover", locale, letter=letter, cell=play.cell,
                              owner=owner, covered=card_text(covered, locale)),
                            play.card, covered, locale)
    card = card_text(play.card, locale)
    if covered is None:
        return Label(t("ml.label.play", locale, card=card, cell=play.cell))
    return _ambush_told(t("ml.label.play_cover", locale, card=card, cell=play.cell,
                          owner=owner, covered=card_text(covered, locale)),
                        play.card, covered, locale)


def _ambush_told(text: str, card: str, covered: str, locale: str) -> Label:
    """A cover with a card of equal value spends the Alpha Power Ambush for the round
    (M-PLACE-3, its power table): the label says so, as a player would want to know
    before tapping."""
    values = card_table().value
    if values[parse_card_code(card)] != values[parse_card_code(covered)]:
        return Label(text)
    return Label(t("ml.label.with_ambush", locale, what=text,
                   power=t(f"ml.power.{AMBUSH}", locale)))


def power_label(key: str, locale: str) -> Label:
    """'Den: you hold 4 cards in hand instead of 3' (a button says it all)."""
    return Label(t("ml.label.power", locale, power=t(f"ml.power.{key}", locale),
                   effect=t(f"ml.power.{key}.effect", locale)))


def action_label(state: GameState, action: object, locale: str) -> Label:
    if isinstance(action, Play):
        return play_label(state, action, locale)
    if isinstance(action, Power):
        return power_label(action.key, locale)
    if isinstance(action, Pass):
        return Label(t("ml.label.pass", locale))
    raise ValueError(f"not a Moonlight action: {action!r}")


def cards_of(plays: Sequence[Play]) -> list[str]:
    """The distinct cards these plays lay, in hand order (value, then moon)."""
    return sorted({p.card for p in plays}, key=parse_card_code)


def step_prompt(state: GameState, locale: str) -> str:
    """What the private step asks: a card, one more (howl), or an Alpha Power."""
    if state.phase is Phase.POWER:
        return t("ml.step.power", locale)
    if state.phase is Phase.HOWL:
        return t("ml.step.howl", locale)
    return t("ml.step.card", locale)
