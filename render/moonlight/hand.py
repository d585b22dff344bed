"""The private hand picture, for the player to move (their own view): their cards, each
with value, moon and power named, and the area with the cells the proposed card may go
to lettered a, b, c … in reading order (render.moonlight.placement, the same letters a
dialogue offers). When the viewer is to choose an Alpha Power (M-NEXT-2) the powers
left are listed with their effects, and no cards: the hand is dealt anew after the
choice (M-SETUP-1)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PIL import Image, ImageDraw

from engine.games.i18n import t
from engine.moonlight.actions import Play, Power, parse_action
from engine.moonlight.area import CELL_INDEX, CELL_NAMES
from engine.moonlight.state import Phase
from engine.moonlight.view import MoonlightView
from render.moonlight import parts
from render.moonlight.area import COORD, area_size, draw_area, window_of
from render.moonlight.cards import Box, card_text, draw_wolf, wolf
from render.moonlight.layout import Layout, Picture
from render.moonlight.parts import LINE, PAD, TEXT, TITLE, WIDTH
from render.moonlight.placement import cell_letters
from render.moonlight.source import stacks_of, view_of
from render.stamps import draw_text, drawn_texts
from render.theme import Theme

CARD_W = 168   # 84 px on a phone
CARD_GAP = 16
#: A caption under a card (its power) in at most this many lines of its width
CAPTION_LINES = 2
MAX_CELL = 120


def plays_of(choices: Sequence[Any], proposed: str | None) -> list[Play]:
    """The choices that place `proposed` (Play actions, or their texts); without a
    proposal, the choices only if they all place one card (else nothing is lettered)."""
    plays = [p for p in (parse_action(c) if isinstance(c, str) else c for c in choices)
             if isinstance(p, Play)]
    cards = {p.card for p in plays}
    if proposed is None:
        return plays if len(cards) == 1 else []
    return [p for p in plays if p.card == proposed]


def render_hand(view: MoonlightView | dict[str, Any], *, choices: Sequence[Any] = (),
                proposed: str | None = None, locale: str = "en", theme: Theme) -> Picture:
    seen = view_of(view)
    plays = plays_of(choices, proposed)
    proposed = plays[0].card if plays else proposed
    with drawn_texts() as texts:
        image, layout = _draw(seen, plays, proposed, theme, locale)
    smallest = min((size for _, size in texts), default=TEXT)
    return Picture(image, Layout(image.width, image.height, smallest, area=layout.area,
                                 hand=layout.hand, letters=layout.letters))


def _cards(image: Image.Image, view: MoonlightView, proposed: str | None, theme: Theme,
           locale: str, y: int) -> tuple[int, tuple[Box, ...]]:
    if view.phase is Phase.POWER:  # the round's leftovers go back into the deck with the
        # rest at the next deal (M-SETUP-1, after the choice, M-NEXT-2): not this hand
        draw_text(image, (PAD, y + LINE / 2), t("ml.pic.hand_next", locale), TEXT,
                  theme.muted, anchor="lm", max_width=WIDTH - 2 * PAD)
        return y + LINE + PAD, ()
    hand = view.hand or ()
    seat = view.seat if view.seat is not None else 0
    if not hand:
        draw_text(image, (PAD, y + LINE / 2), t("ml.pic.hand_empty", locale), TEXT,
                  theme.muted, anchor="lm")
        return y + LINE + PAD, ()
    d = ImageDraw.Draw(image)
    w = min(CARD_W, (WIDTH - 2 * PAD - (len(hand) - 1) * CARD_GAP) // len(hand))
    h = round(w * 1.2)
    x = (WIDTH - (len(hand) * w + (len(hand) - 1) * CARD_GAP)) // 2
    boxes = []
    bottom = y + h
    marked = False
    for code in hand:
        card = wolf(seat, code)
        box = (x, y + 8, x + w, y + 8 + h)
        if code == proposed and not marked:  # the card whose cells are lettered
            marked = True
            d.rounded_rectangle((x - 7, y + 1, x + w + 7, y + h + 15), radius=14,
                                outline=theme.highlight, width=6)
        draw_wolf(image, box, card, value_size=round(w * 0.5))
        boxes.append(box)
        words = (t("ml.pic.lone_wolf", locale) if card.lone_wolf else
                 t(f"ml.pic.power.{card.power}", locale) if card.power else
                 t("ml.pic.no_power", locale))
        ty = y + h + 28
        # as wide as its card, so two captions side by side keep the cards' gap
        for line in parts.wrap(words, TEXT, w)[:CAPTION_LINES]:
            draw_text(image, (x + w / 2, ty + LINE / 2 - 4), line, TEXT,
                      theme.text if card.power or card.lone_wolf else theme.muted,
                      anchor="mm", max_width=w)
            ty += LINE - 4
        bottom = max(bottom, ty)
        x += w + CARD_GAP
    return bottom + PAD, tuple(boxes)


def _draw(view: MoonlightView, plays: list[Play], proposed: str | None, theme: Theme,
          locale: str) -> tuple[Image.Image, Layout]:
    image = parts.canvas(theme)
    name = view.players[view.seat] if view.seat is not None else ""
    draw_text(image, (PAD, PAD + TITLE / 2 + 4), t("ml.pic.hand", locale, name=name), TITLE,
              theme.text, bold=True, anchor="lm", max_width=WIDTH - 2 * PAD)
    y = PAD + TITLE + 18
    y, boxes = _cards(image, view, proposed, theme, locale, y)
    letters = {CELL_INDEX[text.split()[-1]]: letter
               for text, letter in cell_letters(plays).items()}
    if view.phase is Phase.POWER and view.seat == view.active_seat:
        draw_text(image, (PAD, y + LINE / 2), t("ml.pic.powers_left", locale), TEXT + 2,
                  theme.text, bold=True, anchor="lm", max_width=WIDTH - 2 * PAD)
        y += LINE + 4
        for choice in view.choices:
            action = parse_action(choice)
            if isinstance(action, Power):
                y = parts.power_line(image, action.key, None, theme, locale, PAD, y)
        y += PAD
    elif view.phase in (Phase.PLAY, Phase.HOWL):
        title = (t("ml.pic.where", locale, card=card_text(proposed, locale)) if proposed and plays
                 else t("ml.pic.pick_card", locale))
        draw_text(image, (PAD, y + LINE / 2), title, TEXT + 2, theme.text, bold=True,
                  anchor="lm", max_width=WIDTH - 2 * PAD)
        y += LINE + 4
    stacks = stacks_of(view)
    window = window_of([*stacks, *letters])
    cell = min(MAX_CELL, (WIDTH - 2 * PAD - COORD) // window.columns)
    width, _ = area_size(window, cell, coords=True)
    geometry = draw_area(image, (WIDTH - width) // 2, y, stacks, window, cell, theme,
                         letters=letters, text=TEXT)
    y += geometry.height + PAD
    y = parts.powers(image, view, theme, locale, y)
    y = parts.legend(image, theme, locale, y + 6)
    drawn = tuple((CELL_NAMES[cell_index], letter) for cell_index, letter in letters.items())
    return parts.crop(image, y), Layout(WIDTH, 0, TEXT, area=geometry, hand=boxes,
                                        letters=drawn)
