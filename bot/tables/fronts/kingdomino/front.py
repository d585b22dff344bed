"""Kingdomino's front end: labels, narration, status and pictures.

Dominoes are named as the picture shows them: the slot label of their line (①–④, top
to bottom, K-SETUP-2), the printed number, the terrains with their crowns ("① 23 🌾🌲
Wheat 👑 + Forest"); places by the letters of the preview picture ("a) Wheat 👑 on E4,
Forest on F4", with the points it adds). Action texts ("claim 23", "place 23 E4 right")
stay in custom_ids and records.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import bot.tables.fronts.kingdomino.pictures as pictures
from bot.tables.fronts.base import Choice, Decision, PlayedEvents, SeatOrderColours
from bot.tables.words import Label, Segment, tie_breaks, told_where_they_differ, turn_lines
from engine.games.events import Event
from engine.games.i18n import list_of, t
from engine.kingdomino import events as kev
from engine.kingdomino.actions import Claim, Discard, Place
from engine.kingdomino.dominoes import Domino, Square, Terrain, domino
from engine.kingdomino.game import legal_actions, outcome
from engine.kingdomino.kingdom import cell_name
from engine.kingdomino.notation import format_kingdom
from engine.kingdomino.rules import VARIANTS
from engine.kingdomino.scoring import property_points
from engine.kingdomino.state import GameState, Phase
from engine.kingdomino.view import public_view
from render.labels import slot_label
from render.plural import counted

TERRAIN_EMOJI = {Terrain.WHEAT: "🌾", Terrain.FOREST: "🌲", Terrain.WATER: "🌊",
                 Terrain.GRASSLAND: "🌿", Terrain.SWAMP: "🟫", Terrain.MINE: "⛏️"}
#: The kings' colours by seat as the pictures draw them (render.kingdomino.style: blue,
#: orange, green, purple; K-COMP-2), for the lobby's seat order.
KING_DOTS = ("🔵", "🟠", "🟢", "🟣")


def square_text(square: Square, locale: str) -> str:
    """'Wheat 👑': a terrain and its crowns."""
    name = t(f"kd.pic.terrain.{square.terrain.label}", locale)
    return f"{name} {'👑' * square.crowns}" if square.crowns else name


def domino_text(piece: Domino, locale: str) -> str:
    """'23 🌾🌲 Wheat 👑 + Forest': the printed number, then both halves (K-COMP-1)."""
    return t("kd.label.domino", locale, number=piece.number,
             emoji=TERRAIN_EMOJI[piece.a.terrain] + TERRAIN_EMOJI[piece.b.terrain],
             first=square_text(piece.a, locale), second=square_text(piece.b, locale))


def slot_of(states: Sequence[GameState | None], number: int) -> str | None:
    """The ①–④ label of a domino in a line the player saw (K-SETUP-2: ascending)."""
    for state in states:
        if state is None:
            continue
        for line in (state.next_line, state.line):
            for index, slot in enumerate(line):
                if slot.domino == number:
                    return slot_label(index)
    return None


def drafted_text(states: Sequence[GameState | None], number: int, locale: str) -> str:
    """'② 23 🌾🌲 Wheat 👑 + Forest': the line's slot label first, where it has one."""
    slot = slot_of(states, number)
    text = domino_text(domino(number), locale)
    return f"{slot} {text}" if slot else text


def place_label(state: GameState, seat: int, letter: str, place: Place,
                locale: str) -> Label:
    """'a) E4 Wheat 👑, F4 Forest' and the points it adds (K-SCORE-1). The cells lead,
    in reading order (the area's cells count row by row), so a letter's two ways round
    (K-PLACE-3) name the same cells and differ where the terrains swap."""
    piece = domino(place.number)
    kingdom = state.kingdoms[seat]
    cell = kingdom.area.cell(place.column, place.row)
    after = kingdom.place(piece, cell, place.direction)
    gain = property_points(after) - property_points(kingdom)
    (first_at, first), (second_at, second) = sorted(
        [(cell, piece.a), (kingdom.area.second_cell(cell, place.direction), piece.b)],
        key=lambda half: half[0])
    text = t("kd.label.place", locale, letter=letter, first=square_text(first, locale),
             first_cell=cell_name(kingdom.size, first_at),
             second=square_text(second, locale), second_cell=cell_name(kingdom.size, second_at))
    return Label(text, counted("label.effect_points", gain, locale))


class KingdominoFront(SeatOrderColours):
    text_prefix = "kd."  # its own words in the locale files (`game_text`)
    key = "kingdomino"

    # --- narration -------------------------------------------------------------------

    def segments_of(self, played: PlayedEvents, before: Any, after: Any, locale: str,
                    literal: Callable[[str], str] = str) -> list[Segment]:
        """A king's turn is place (or discard) then claim (K-TURN-1); each first claim is
        a turn of its own (K-SETUP-3); the last round only places (K-TURN-2). Moves the
        engine made by itself (a single option) are narrated as their seat's turns."""
        states = (before, after)
        names = after.config.players
        out: list[Segment] = []
        for seat, events in played:
            current = seat
            said: list[str] = []
            table: list[str] = []
            for event in events:
                mover = getattr(event, "seat", None)
                if mover is not None and mover != current:
                    _close(out, current, said, table, True)
                    current = mover
                if isinstance(event, kev.DominoPlaced):
                    said.append(t("kd.turn.placed", locale,
                                  domino=domino_text(domino(event.domino), locale),
                                  cells=f"{event.cell}–{event.second_cell}"))
                elif isinstance(event, kev.DominoDiscarded):
                    said.append(t("kd.turn.discarded", locale,
                                  domino=domino_text(domino(event.domino), locale)))
                elif isinstance(event, kev.DominoClaimed):
                    said.append(t("kd.turn.claimed", locale,
                                  domino=drafted_text(states, event.domino, locale)))
                    _close(out, current, said, table, True)
                elif isinstance(event, kev.RoundStarted) and event.round > 1:
                    table.append(t("kd.turn.last_round" if event.last else "kd.turn.round",
                                   locale, round=event.round))
                elif isinstance(event, kev.KingsDrawn) and event.game > 1:
                    table.append(t("kd.turn.next_game", locale, game=event.game))
                elif isinstance(event, kev.GameScored) and after.config.games > 1:
                    table.append(t("kd.turn.game_scored", locale, game=event.game,
                                   scores=_scores(names, event.scores, literal)))
                # GameEnded is not narrated: the post (or the sandbox) announces the end
                # with the ranking, as for Moon River
            waiting = after.phase is Phase.CLAIM and after.active_seat == current
            _close(out, current, said, table, not waiting)
        return out

    def summarize(self, events: Sequence[Event], state: GameState, locale: str,
                  literal: Callable[[str], str] = str) -> str:
        seat = next((e.seat for e in events if isinstance(e, kev.DominoPlaced | kev.DominoClaimed
                                                         | kev.DominoDiscarded)), 0)
        segments = self.segments_of([(seat, events)], None, state, locale, literal)
        return "\n".join(turn_lines(segments, [literal(n) for n in state.config.players],
                                    locale))

    # --- the turn dialogue -----------------------------------------------------------

    def action_label(self, state: GameState, action: Any, locale: str) -> Label:
        if isinstance(action, Claim):
            return Label(drafted_text((state,), action.number, locale))
        if isinstance(action, Discard):
            return Label(t("kd.label.discard", locale, number=action.number))
        if isinstance(action, Place):  # lettered as the preview of all legal places
            places = [a for a in legal_actions(state) if isinstance(a, Place)]
            mark = pictures.place_letters(state, places).get(str(action), "?")
            return place_label(state, state.active_seat or 0, mark, action, locale)
        raise ValueError(f"not a Kingdomino action: {action!r}")

    def decision(self, state: GameState, options: Sequence[Any], locale: str,
                 theme: str) -> Decision:
        """Claims as buttons by their ①–④ (K-SETUP-2); placements as the preview's
        letters in one menu, each way round where the halves differ (K-PLACE-3), with
        the points each adds."""
        seat = state.active_seat or 0
        places = [a for a in options if isinstance(a, Place)]
        others = [a for a in options if not isinstance(a, Place)]
        buttons = tuple(Choice(str(a), self.action_label(state, a, locale)) for a in others)
        if not places:
            setup = state.phase is Phase.SETUP
            key = "kd.step.setup" if setup else "kd.step.claim"
            # the next domino is chosen for the kingdom it must fit (K-PLACE-*), and the
            # one just placed is seen there, with Undo beside the claims; the setup's
            # kingdoms are castles alone
            return Decision("\n".join([*_discarded_now(state, seat, locale), t(key, locale)]),
                            buttons=buttons, picture=None if setup else (
                                "kingdom.png", pictures.kingdom_png(state, seat, locale, theme)))
        png, letters = pictures.preview_png(state, seat, places, locale, theme)
        by_text = {str(p): p for p in places}
        lettered = [(letter, text) for letter, group in letters.items() for text in group]
        labels = told_where_they_differ([  # the same points everywhere: the places alone
            place_label(state, seat, letter, by_text[text], locale)
            for letter, text in lettered])
        menu = tuple(Choice(text, label, group=letter)  # a letter's ways round: one menu
                     for (letter, text), label in zip(lettered, labels, strict=True))
        piece = domino(places[0].number)
        return Decision(t("kd.step.place", locale, domino=domino_text(piece, locale)),
                        buttons=buttons, menu=menu, menu_title=t("step.place_menu", locale),
                        picture=("preview.png", png))

    # --- status ------------------------------------------------------------------------

    def phase_text(self, state: GameState, locale: str) -> str:
        return t(f"kd.phase.{state.phase.value}", locale)

    def status_line(self, state: GameState, locale: str) -> str:
        seat = state.active_seat
        return t("kd.status.line", locale, round=state.round, rounds=state.config.rounds,
                 player=state.config.players[seat] if seat is not None else "—",
                 phase=self.phase_text(state, locale))

    def ranking(self, state: GameState) -> list[tuple[str, int]]:
        """K-END-2: by points (a Dynasty's sum), then K-SCORE-4's tie-breaks."""
        return [(name, key[0]) for name, key in self._ranked(state)]

    def tie_breaks(self, state: GameState, locale: str,
                   literal: Callable[[str], str] = str) -> str:
        """K-SCORE-4: largest property, then crowns, for players level on points."""
        return tie_breaks([(literal(name), key) for name, key in self._ranked(state)],
                          [t("kd.tie.largest_property", locale), t("kd.tie.crowns", locale)],
                          locale)

    @staticmethod
    def _ranked(state: GameState) -> list[tuple[str, tuple[int, ...]]]:
        """(name, K-SCORE-4's key) best first (a Dynasty's summed; as if it ended now
        before the end)."""
        view = public_view(state)
        done = outcome(state)
        keys: list[tuple[int, ...]] = list(done.standings) if done is not None else \
            [(p.score.total, p.score.largest_property, p.score.crowns) for p in view.players]
        return sorted(zip((p.name for p in view.players), keys, strict=True),
                      key=lambda ranked: tuple(-k for k in ranked[1]))

    def seat_order(self, state: GameState, literal: Callable[[str], str]) -> str:
        """The players in the order their kings claim the first line (K-SETUP-3: drawn,
        not the seats' colours): those who claimed already, then those still to claim."""
        names = state.config.players
        claimed = [s.king for s in state.line if s.king is not None]
        order = list(dict.fromkeys([*claimed, *state.pending, *range(len(names))]))
        return " · ".join(f"{KING_DOTS[i % len(KING_DOTS)]} {literal(names[i])}"
                          for i in order)

    def lobby_lines(self, options: dict[str, Any], locale: str) -> list[str]:
        chosen = [v for v in VARIANTS if v in options.get("variants", ())]
        if not chosen:
            return []
        return [t("kd.lobby.variants", locale,
                  variants=list_of((t(f"kd.variant.{v}", locale) for v in chosen), locale))]

    def intro_lines(self, state: GameState, locale: str) -> list[str]:
        return self.lobby_lines({"variants": list(state.config.variants)}, locale)

    def board_lines(self, state: GameState, seat: int, locale: str) -> list[str]:
        """The lines with their ①–④ labels and the kingdom in kingdom notation."""
        out = []
        for key, line in (("kd.sandbox.line", state.line),
                          ("kd.sandbox.next_line", state.next_line)):
            slots = [drafted_text((state,), s.domino, locale) for s in line]
            if slots:
                out.append(t(key, locale, slots=" · ".join(slots)))
        kingdom = format_kingdom(state.kingdoms[seat])
        return [*out, f"{state.config.players[seat]}:", *[f"  {row}" for row in
                                                         kingdom.split(" / ")]]

    # --- pictures (render.kingdomino, through kingdomino_pictures) ---------------------

    def turn_png(self, state: GameState, events: Sequence[Event], locale: str,
                 theme: str, resigned: Sequence[int] = ()) -> bytes:
        if state.phase is Phase.OVER:
            return pictures.final_png(state, locale, theme, resigned)
        return pictures.turn_png(state, events, locale, theme)

    def board_png(self, state: GameState, seat: int, locale: str, theme: str) -> bytes:
        return pictures.kingdom_png(state, seat, locale, theme)

    def final_png(self, state: GameState, locale: str, theme: str) -> bytes:
        return pictures.final_png(state, locale, theme)

    def best_png(self, state: GameState, seat: int, locale: str, theme: str) -> bytes:
        return self.board_png(state, seat, locale, theme)  # the kingdom and its sums

    def story_row(self, before: GameState, after: GameState, events: Sequence[Event]
                  ) -> tuple[int, ...] | None:
        """Every player's points when a round ends (K-TURN-2) and at the end, a Dynasty's
        earlier games included (K-DYN: the series so far)."""
        ended = after.phase is Phase.OVER and before.phase is not Phase.OVER
        if not ended and (after.round == before.round or before.round < 1):
            return None
        view = public_view(after)
        return tuple(p.score.total + sum(game[p.seat] for game in view.series)
                     for p in view.players)

    def story_png(self, state: GameState, rounds: Sequence[tuple[int, ...]], locale: str,
                  theme: str) -> bytes:
        return pictures.story_png(state, rounds, locale, theme)


def _discarded_now(state: GameState, seat: int, locale: str) -> list[str]:
    """K-PLACE-4: the domino this turn had to place fit nowhere, and the game discarded
    it for the player (a single option); said at their claim, not first in the post
    after it."""
    if state.phase is not Phase.CLAIM:
        return []
    number = state.line[state.cursor].domino
    if number not in state.discards[seat]:
        return []
    return [t("kd.step.discarded", locale, domino=domino_text(domino(number), locale))]


def _close(out: list[Segment], seat: int, said: list[str], table: list[str],
           ends: bool) -> None:
    """End a segment of `seat` (if it says anything) and empty the word lists."""
    if said or table:
        out.append(Segment(seat, tuple(said), tuple(table), ends))
    said.clear()
    table.clear()


def _scores(names: Sequence[str], scores: Sequence[int], literal: Callable[[str], str]) -> str:
    return " · ".join(f"{literal(n)} {s}" for n, s in zip(names, scores, strict=True))
