"""Pieces the Moonlight pictures share: the players' strips, the Alpha Power lines, the
round's result (or its standing now), the provisional legend and text wrapping."""

from __future__ import annotations

from PIL import Image, ImageDraw

from engine.games.i18n import t
from engine.moonlight.scoring import RoundScore
from engine.moonlight.state import Phase
from engine.moonlight.view import MoonlightView
from render.moonlight.style import CARD_INK, LONE_WOLF, MOON, seat_rgb
from render.plural import counted
from render.stamps import draw_text, text_width
from render.theme import OUTLINE, Theme

WIDTH = 800  # native; Discord shows it about 400 px wide on a phone
PAD = 14
TEXT = 22    # the smallest text: 11 px on a phone
TITLE = 30
LINE = 34    # one line of TEXT


def canvas(theme: Theme, height: int = 2400) -> Image.Image:
    """A tall picture to draw down; `crop` cuts it to what was drawn."""
    return Image.new("RGB", (WIDTH, height), theme.background)


def crop(image: Image.Image, bottom: int) -> Image.Image:
    return image.crop((0, 0, WIDTH, bottom + PAD))


def wrap(text: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Lines of `text` at most `width` px: by words, or by characters for a word (or a
    Japanese phrase) too long for a line."""
    lines: list[str] = []
    current = ""
    for word in text.split(" "):
        trial = f"{current} {word}" if current else word
        if text_width(trial, size, bold) <= width:
            current = trial
            continue
        if current:
            lines.append(current)
        current = ""
        for char in word:
            if text_width(current + char, size, bold) > width and current:
                lines.append(current)
                current = ""
            current += char
    if current:
        lines.append(current)
    return lines


def banner(image: Image.Image, view: MoonlightView, theme: Theme, locale: str, y: int) -> int:
    """"Round 2 · Ann to move" (or last turn, or choosing an Alpha Power). Returns y."""
    parts = [t("ml.pic.round_n", locale, round=view.round)]
    if view.active_seat is not None:
        name = view.players[view.active_seat]
        if view.phase is Phase.POWER:
            parts.append(t("ml.pic.choose_power", locale, name=name))
        elif view.last_turn:
            parts.append(t("ml.pic.last_turn", locale, name=name))
        else:
            parts.append(t("render.to_move", locale, name=name))
    for line in wrap(" · ".join(parts), TITLE, WIDTH - 2 * PAD, True)[:2]:
        draw_text(image, (PAD, y + TITLE / 2 + 4), line, TITLE, theme.text, bold=True,
                  anchor="lm", max_width=WIDTH - 2 * PAD)
        y += TITLE + 10
    return y + 8


def strips(image: Image.Image, view: MoonlightView, theme: Theme, locale: str, y: int) -> int:
    """One panel per player, side by side: name, rounds won, cards left (counts only,
    M-SETUP-1), the Lone Wolf in their deck; the player to move outlined."""
    d = ImageDraw.Draw(image)
    w = (WIDTH - 3 * PAD) // 2
    h = 3 * LINE + 14
    for seat in (0, 1):
        x = PAD + seat * (w + PAD)
        active = view.active_seat == seat
        d.rounded_rectangle((x, y, x + w, y + h), radius=10, fill=theme.panel,
                            outline=theme.highlight if active else theme.panel_edge,
                            width=4 if active else 2)
        d.rounded_rectangle((x + 8, y + 10, x + 20, y + h - 10), radius=5, fill=seat_rgb(seat),
                            outline=OUTLINE)
        tx = x + 32
        dots_w = 2 * 28
        for k in range(2):  # rounds won, as moons filled in (M-WIN: two needed)
            cx = x + w - 22 - (1 - k) * 28
            cy = y + 7 + LINE / 2
            won = k < view.wins[seat]
            d.ellipse((cx - 11, cy - 11, cx + 11, cy + 11), fill=MOON if won else theme.panel,
                      outline=theme.muted if not won else OUTLINE, width=2)
        draw_text(image, (tx, y + 7 + LINE / 2), view.players[seat], TEXT + 4, theme.text,
                  bold=True, anchor="lm", max_width=w - (tx - x) - dots_w - 16)
        draw_text(image, (tx, y + 7 + LINE * 1.5),
                  t("ml.pic.cards", locale, hand=view.hand_sizes[seat],
                    deck=view.deck_sizes[seat]), TEXT, theme.text, anchor="lm",
                  max_width=w - (tx - x) - 10)
        third = (t("ml.pic.lone_wolf_in_deck", locale) if view.lone_wolf[seat]
                 else counted("ml.pic.rounds", view.wins[seat], locale))
        draw_text(image, (tx, y + 7 + LINE * 2.5), third, TEXT, LONE_WOLF if
                  view.lone_wolf[seat] else theme.muted, bold=view.lone_wolf[seat],
                  anchor="lm", max_width=w - (tx - x) - 10)
    return y + h + PAD


def power_line(image: Image.Image, key: str, seat: int | None, theme: Theme, locale: str,
               x: int, y: int, *, used: bool = False) -> int:
    """"■ Den: 4 cards in hand instead of 3" on one line (the chip in the owner's colour;
    none for a power still to choose). Returns y below it."""
    d = ImageDraw.Draw(image)
    middle = y + LINE / 2
    tx = x
    if seat is not None:
        d.rounded_rectangle((x, middle - 9, x + 18, middle + 9), radius=4, fill=seat_rgb(seat),
                            outline=OUTLINE)
        tx = x + 28
    name = t(f"ml.pic.alpha.{key}", locale) + ":"
    nw = draw_text(image, (tx, middle), name, TEXT, theme.text, bold=True, anchor="lm")
    effect = t(f"ml.pic.alpha.{key}.effect", locale)
    if used:
        effect += f" ({t('ml.pic.used', locale)})"
    draw_text(image, (tx + nw + 8, middle), effect, TEXT, theme.muted if used else theme.text,
              anchor="lm", max_width=WIDTH - PAD - (tx + nw + 8))
    return y + LINE


def powers(image: Image.Image, view: MoonlightView, theme: Theme, locale: str, y: int) -> int:
    """The Alpha Powers chosen so far (M-NEXT-2), each named with its effect."""
    for seat in (0, 1):
        for key in view.powers[seat]:
            y = power_line(image, key, seat, theme, locale, PAD, y, used=key in view.used[seat])
    return y


def pill(image: Image.Image, x: float, middle: float, label: str, fill: tuple[int, int, int],
         size: int = TEXT) -> int:
    """A number on a coloured pill; returns its width."""
    d = ImageDraw.Draw(image)
    w = text_width(label, size, True) + 24
    h = size + 14
    d.rounded_rectangle((x, middle - h / 2, x + w, middle + h / 2), radius=h // 2, fill=fill,
                        outline=OUTLINE, width=2)
    draw_text(image, (x + w / 2, middle), label, size, CARD_INK, bold=True, anchor="mm")
    return int(w)


def pair_line(image: Image.Image, label: str, values: tuple[int, int], note: str,
              theme: Theme, y: int) -> int:
    """"Moons (3) (1)  Ann +2 …": a label, each seat's number on its colour, a note."""
    middle = y + LINE / 2 + 2
    x = PAD + draw_text(image, (PAD, middle), label, TEXT, theme.text, bold=True,
                        anchor="lm") + 12
    for seat in (0, 1):
        x += pill(image, x, middle, str(values[seat]), seat_rgb(seat)) + 8
    if note:
        draw_text(image, (x + 6, middle), note, TEXT, theme.text, anchor="lm",
                  max_width=WIDTH - PAD - x - 6)
    return y + LINE + 8


def result(image: Image.Image, view: MoonlightView, score: RoundScore, theme: Theme,
           locale: str, y: int, *, scored: int | None) -> int:
    """The round's sheet: moons and their bonus (M-SCORE-1), points (M-SCORE-3) and the
    winner (M-SCORE-4). `scored`: the round number just scored, or None for the standing
    if the round ended now."""
    if scored is not None:
        heading = t("ml.pic.round_scored", locale, round=scored) + " · " + (
            t("ml.pic.replayed", locale) if score.winner is None
            else t("ml.pic.round_winner", locale, name=view.players[score.winner]))
        for line in wrap(heading, TEXT + 4, WIDTH - 2 * PAD, True)[:2]:
            draw_text(image, (PAD, y + LINE / 2), line, TEXT + 4, theme.text, bold=True,
                      anchor="lm", max_width=WIDTH - 2 * PAD)
            y += LINE
        y -= LINE
    else:
        draw_text(image, (PAD, y + LINE / 2), t("ml.pic.score_now", locale), TEXT,
                  theme.muted, bold=True, anchor="lm", max_width=WIDTH - 2 * PAD)
    y += LINE + 4
    note = (t("ml.pic.moon_tie", locale) if score.moon_bonus is None
            else t("ml.pic.moon_bonus", locale, name=view.players[score.moon_bonus]))
    y = pair_line(image, t("ml.pic.moons", locale), score.moons, note, theme, y)
    tie = score.points[0] == score.points[1]
    y = pair_line(image, t("ml.pic.points", locale), score.points, "", theme, y)
    if tie:
        y = pair_line(image, t("ml.pic.visible", locale), score.visible, "", theme, y)
    return y


def legend(image: Image.Image, theme: Theme, locale: str, y: int) -> int:
    """The provisional facts (MOONLIGHT.md): moons, the Lone Wolf, the Alpha Powers."""
    d = ImageDraw.Draw(image)
    d.line((PAD, y, WIDTH - PAD, y), fill=theme.panel_edge, width=2)
    y += 8
    for line in wrap(t("ml.pic.legend", locale), TEXT, WIDTH - 2 * PAD):
        draw_text(image, (PAD, y + LINE / 2), line, TEXT, theme.muted, anchor="lm")
        y += LINE
    return y


def rows_of(score: RoundScore) -> list[tuple[tuple[int, int], int | None]]:
    return [(row.sums, row.winner) for row in score.rows]
