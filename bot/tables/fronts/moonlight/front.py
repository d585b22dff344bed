"""Moonlight's front end: labels, narration, status and pictures.

Hands are hidden (M-SETUP-1): every public text is built from the events, which name
only what became public (cards placed, cards covered, rounds scored, powers taken), and
every table picture from the public view. The mover's own hand appears only in their
private step (`decision`, and the Discord steps of `bot.discord.games.moonlight`), drawn
with `viewer=seat`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

import bot.tables.fronts.moonlight.pictures as pictures
from bot.tables.fronts.base import Choice, Decision, PlayedEvents, SeatOrderColours
from bot.tables.fronts.moonlight.labels import (
    SEAT_DOTS,
    action_label,
    card_label,
    card_named,
    cards_of,
    play_label,
    power_label,
    step_prompt,
)
from bot.tables.words import Label, Segment, turn_lines
from engine.games.events import Event
from engine.games.i18n import list_of, t
from engine.moonlight import events as mev
from engine.moonlight.actions import Pass, Play, Power
from engine.moonlight.area import format_area
from engine.moonlight.cards import card_code
from engine.moonlight.scoring import MOON_BONUS
from engine.moonlight.state import GameState, Phase
from render.moonlight.cards import card_text

#: The events that are a seat's move in a turn's line (the rest are table lines).
MOVES = (mev.CardPlayed, mev.HowlKept, mev.PowerChosen)


class MoonlightFront(SeatOrderColours):
    text_prefix = "ml."  # its own words in the locale files (`game_text`)
    key = "moonlight"

    # --- narration -------------------------------------------------------------------

    def segments_of(self, played: PlayedEvents, before: Any, after: Any, locale: str,
                    literal: Callable[[str], str] = str) -> list[Segment]:
        """One line per player turn: a placement (and the howl's second one, or the howl
        kept), or the Alpha Power taken; the round's result, the Lone Wolf and the next
        round as table lines. Only public facts: no event names a card in a hand."""
        names = [literal(n) for n in after.players]
        out: list[Segment] = []
        moves = list(played)
        for i, (seat, events) in enumerate(moves):
            said: list[str] = []
            table: list[str] = []
            for event in events:
                said_line = _move_words(event, names, locale)
                if said_line is not None:
                    said.append(said_line)
                    continue
                line = _table_words(event, names, locale)
                if line is not None:
                    table.append(line)
            following = moves[i + 1] if i + 1 < len(moves) else None
            if following is not None:  # a howl goes on in the same turn
                ends = not (following[0] == seat and any(
                    isinstance(e, mev.HowlKept) or (isinstance(e, mev.CardPlayed) and e.howl)
                    for e in following[1]))
            else:
                ends = not (after.phase is Phase.HOWL and after.active == seat)
            if said or table or ends:
                out.append(Segment(seat, tuple(said), tuple(table), ends))
        return out

    def summarize(self, events: Sequence[Event], state: GameState, locale: str,
                  literal: Callable[[str], str] = str) -> str:
        seat = next((e.seat for e in events if isinstance(e, MOVES)), 0)
        segments = self.segments_of([(seat, events)], None, state, locale, literal)
        return "\n".join(turn_lines(segments, [literal(n) for n in state.players], locale))

    # --- the turn dialogue -----------------------------------------------------------

    def action_label(self, state: GameState, action: Any, locale: str) -> Label:
        return action_label(state, action, locale)

    def decision(self, state: GameState, options: Sequence[Any], locale: str,
                 theme: str) -> Decision:
        """Alpha Powers as described buttons (M-NEXT-2) over the hand picture; plays of
        one card as the hand picture's lettered cells. With several cards in hand the
        Discord steps ask for the card first (`hand_decision`); here (the sandbox) every
        play is listed by card and cell."""
        powers = [a for a in options if isinstance(a, Power)]
        if powers:  # the picture: the powers left and the area just scored (no cards:
            # the hand is dealt anew after the choice, M-SETUP-1)
            png = pictures.hand_png(state, state.active, (), None, locale, theme)
            return Decision(step_prompt(state, locale), buttons=tuple(
                Choice(str(a), power_label(a.key, locale)) for a in powers),
                picture=("hand.png", png))
        plays = [a for a in options if isinstance(a, Play)]
        passes = tuple(Choice(str(a), action_label(state, a, locale))
                       for a in options if isinstance(a, Pass))
        cards = cards_of(plays)
        if len(cards) == 1:
            return self.cells_decision(state, plays, locale, theme, passes)
        seat = state.active
        menu = tuple(Choice(str(p), play_label(state, p, locale)) for p in plays)
        png = pictures.hand_png(state, seat, (), None, locale, theme)
        return Decision(step_prompt(state, locale), buttons=passes, menu=menu,
                        menu_title=t("ml.step.menu", locale), picture=("hand.png", png))

    def hand_decision(self, state: GameState, options: Sequence[Any], locale: str,
                      theme: str) -> Decision:
        """The first step of a placement: the mover's own hand, one button a card (the
        Choice's action is the card code, for the card step), the pass of a howl."""
        plays = [a for a in options if isinstance(a, Play)]
        held = Counter(card_code(c) for c in state.hands[state.active])
        buttons = tuple(Choice(code, card_label(code, locale, held[code]))
                        for code in cards_of(plays))
        passes = tuple(Choice(str(a), action_label(state, a, locale))
                       for a in options if isinstance(a, Pass))
        png = pictures.hand_png(state, state.active, (), None, locale, theme)
        return Decision(step_prompt(state, locale), buttons=(*buttons, *passes),
                        picture=("hand.png", png))

    def cells_decision(self, state: GameState, plays: Sequence[Play], locale: str,
                       theme: str, passes: tuple[Choice, ...] = ()) -> Decision:
        """The second step: where the chosen card goes, by the letters of the hand
        picture (a join, or a cover naming the card it covers)."""
        letters = pictures.cell_letters(plays)  # in the picture's reading order
        rank = {text: i for i, text in enumerate(letters)}
        ordered = sorted(plays, key=lambda p: (rank.get(str(p), len(rank)), str(p)))
        menu = tuple(Choice(str(p), play_label(state, p, locale, letters.get(str(p), "?")))
                     for p in ordered)
        code = plays[0].card
        png = pictures.hand_png(state, state.active, plays, code, locale, theme)
        text = t("ml.step.cell", locale, card=card_named(code, locale))
        return Decision(text, buttons=passes, menu=menu, menu_title=t("ml.step.cell_menu", locale),
                        picture=("hand.png", png))

    # --- status ------------------------------------------------------------------------

    def phase_text(self, state: GameState, locale: str) -> str:
        return t(f"ml.phase.{state.phase.value}", locale)

    def status_line(self, state: GameState, locale: str) -> str:
        seat = state.active_seat
        return t("ml.status.line", locale, round=state.round,
                 wins=f"{state.wins[0]}–{state.wins[1]}",
                 player=state.players[seat] if seat is not None else "—",
                 phase=self.phase_text(state, locale))

    standing_unit: str | None = "ml.standing.rounds"  # "Alice 2 rounds won", not points

    def ranking(self, state: GameState) -> list[tuple[str, int]]:
        """M-WIN: by rounds won (best of three)."""
        order = sorted(range(2), key=lambda s: -state.wins[s])
        return [(state.players[s], state.wins[s]) for s in order]

    def tie_breaks(self, state: GameState, locale: str,
                   literal: Callable[[str], str] = str) -> str:
        return ""  # M-WIN: two rounds of three win; rounds are never level at the end

    def seat_order(self, state: GameState, literal: Callable[[str], str]) -> str:
        """The start player first (M-SETUP-2: drawn, not seat 1), then the other."""
        names = state.players
        order = [state.active, *(i for i in range(len(names)) if i != state.active)]
        return " · ".join(f"{SEAT_DOTS[i]} {literal(names[i])}" for i in order)

    def lobby_lines(self, options: dict[str, Any], locale: str) -> list[str]:
        return []  # no table options (docs/moonlight.md)

    def intro_lines(self, state: GameState, locale: str) -> list[str]:
        return []

    def board_lines(self, state: GameState, seat: int, locale: str) -> list[str]:
        """The area in area notation, then `seat`'s own hand (the sandbox shows it to the
        player to move only) and the Alpha Powers."""
        area = format_area(state.tops()) or "—"
        hand = " · ".join(card_text(code, locale) for code in _hand_codes(state, seat))
        out = [t("ml.sandbox.area", locale), *[f"  {row}" for row in area.split(" / ")],
               t("ml.sandbox.hand", locale, player=state.players[seat], cards=hand or "—")]
        for who, powers in enumerate(state.powers):
            if powers:
                out.append(t("ml.sandbox.powers", locale, player=state.players[who],
                             powers=list_of((t(f"ml.power.{p}", locale) for p in powers), locale)))
        return out

    # --- pictures (render.moonlight) --------------------------------------------------

    def turn_png(self, state: GameState, events: Sequence[Event], locale: str,
                 theme: str, resigned: Sequence[int] = ()) -> bytes:
        if state.phase is Phase.OVER:
            return pictures.final_png(state, locale, theme, resigned)
        return pictures.turn_png(state, events, locale, theme)

    def board_png(self, state: GameState, seat: int, locale: str, theme: str) -> bytes:
        """The area is the only board, and it is public: the table picture (never a hand,
        whoever asks)."""
        return pictures.turn_png(state, (), locale, theme)

    def final_png(self, state: GameState, locale: str, theme: str) -> bytes:
        return pictures.final_png(state, locale, theme)

    def best_png(self, state: GameState, seat: int, locale: str, theme: str) -> bytes:
        return self.final_png(state, locale, theme)  # one area for both: the end picture

    def story_row(self, before: GameState, after: GameState, events: Sequence[Event]
                  ) -> tuple[int, ...] | None:
        """A scored round (M-SCORE-4, a replayed one too): both players' points, then the
        moon majority's 2 (M-SCORE-1) of each."""
        for event in events:
            if isinstance(event, mev.RoundScored):
                moons = tuple(MOON_BONUS if event.moon_bonus == seat else 0 for seat in (0, 1))
                return (*event.points, *moons)
        return None

    def story_png(self, state: GameState, rounds: Sequence[tuple[int, ...]], locale: str,
                  theme: str) -> bytes:
        return pictures.story_png(state, rounds, locale, theme)


def _hand_codes(state: GameState, seat: int) -> list[str]:
    return [card_code(c) for c in state.hands[seat]]


def _move_words(event: Event, names: Sequence[str], locale: str) -> str | None:
    """A seat's own move: the card placed (and the opponent's card it covered), the howl
    kept, the Alpha Power taken."""
    if isinstance(event, mev.CardPlayed):
        card = card_text(event.card, locale)
        if event.covered is None:
            words = t("ml.turn.placed", locale, card=card, cell=event.cell)
        else:
            words = t("ml.turn.covered", locale, card=card, cell=event.cell,
                      owner=names[1 - event.seat], covered=card_text(event.covered, locale))
        if event.ambush:
            words += t("ml.turn.ambush", locale)
        if event.howl:
            words += t("ml.turn.howl", locale)
        return words
    if isinstance(event, mev.HowlKept):
        return t("ml.turn.howl_kept", locale)
    if isinstance(event, mev.PowerChosen):
        return t("ml.turn.power", locale, power=t(f"ml.power.{event.power}", locale))
    return None


def _table_words(event: Event, names: Sequence[str], locale: str) -> str | None:
    """What the table learns: the last turn, a round's result, the Lone Wolf, a round
    dealt (how many cards, never which)."""
    if isinstance(event, mev.LastTurn):
        return t("ml.turn.last_turn", locale, player=names[event.seat])
    if isinstance(event, mev.RoundScored):
        scores = f"{names[0]} {event.points[0]} – {event.points[1]} {names[1]}"
        if event.winner is None:
            return t("ml.turn.round_tied", locale, round=event.round, scores=scores)
        return t("ml.turn.round_won", locale, round=event.round, scores=scores,
                 player=names[event.winner])
    if isinstance(event, mev.LoneWolfJoined):
        return t("ml.turn.lone_wolf", locale, player=names[event.seat])
    if isinstance(event, mev.RoundStarted) and (event.round > 1 or event.replay):
        return t("ml.turn.round_replay" if event.replay else "ml.turn.round", locale,
                 round=event.round, player=names[event.start_seat])
    return None
