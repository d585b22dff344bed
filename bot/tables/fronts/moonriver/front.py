"""Moon River's front end: today's labels, narration and pictures behind `Front`.

Thin calls into this folder's `labels` and `narrate` and into `render.moonriver`:
behaviour is unchanged (its goldens and end-to-end tests hold). Its Discord dialogue keeps its own
richer steps (pair → lettered position → proposal, `bot.discord.screens`); `decision`
here is the plain labelled list other clients (the sandbox) use.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import bot.tables.fronts.moonriver.labels as labels
import bot.tables.fronts.moonriver.narrate as narrate
from bot.tables.fronts.base import Choice, Decision, PlayedEvents
from bot.tables.fronts.moonriver.labels import landscape_name
from bot.tables.words import Label, Segment, tie_breaks
from engine.games.events import Event
from engine.games.i18n import t
from engine.moonriver.actions import Build
from engine.moonriver.components import DEFAULT_COMPONENTS, Board, load_components
from engine.moonriver.grid import WIDTH, cell_name
from engine.moonriver.legends import LEGENDS, legends_board, scenario_name
from engine.moonriver.rules import COLOURS
from engine.moonriver.scoring import standing
from engine.moonriver.state import GameState, Phase
from engine.moonriver.view import PlayerView, public_view, rounds_in_game
from render.pool import DrawRequest, picture

#: Seat colours (R-COMP-6) as emoji, for the lobby's seat order.
COLOUR_DOTS = {"purple": "🟣", "orange": "🟠", "green": "🟢", "white": "⚪"}


class MoonRiverFront:
    text_prefix = ""  # its own words in the locale files (`game_text`)
    key = "moonriver"
    standing_unit: str | None = None  # its ranking counts points

    def segments_of(self, played: PlayedEvents, before: Any, after: Any, locale: str,
                    literal: Callable[[str], str] = str) -> list[Segment]:
        return narrate.segments_of(played, before, after, locale, literal)

    def summarize(self, events: Sequence[Event], state: GameState, locale: str,
                  literal: Callable[[str], str] = str) -> str:
        return narrate.summarize(events, state, locale, literal)

    def action_label(self, state: GameState, action: Any, locale: str) -> Label:
        return labels.action_label(state, action, locale)

    def decision(self, state: GameState, options: Sequence[Any], locale: str,
                 theme: str) -> Decision:
        """Every option labelled; a build reads as its placement ("Desert 1 on C1 …"); a
        bonus tile's (R-2P-3) as the letter of its spot on the preview that comes with it."""
        choices = []
        for action in labels.in_label_order(state, options):
            label = self.action_label(state, action, locale)
            if isinstance(action, Build):
                label = Label(label.description, label.text)
            choices.append(Choice(str(action), label))
        bonuses = labels.bonuses_of(options)
        return Decision(labels.step_prompt(state, locale), menu=tuple(choices),
                        menu_title=t("step.more", locale),
                        picture=("preview.png", self.preview_png(state, bonuses, locale, theme))
                        if bonuses else None)

    def preview_png(self, state: GameState, choices: Sequence[Any], locale: str,
                    theme: str, proposed: Build | None = None) -> bytes:
        """The mover's ranch with the legal spots lettered (domino positions or bonus
        tile cells, R-PLACE-*, R-2P-3), and a proposed domino drawn in."""
        return picture(DrawRequest.of(self.key, "preview", state, seat=state.active_seat or 0,
                                      choices=tuple(choices), proposed=proposed, theme=theme,
                                      locale=locale))

    def phase_text(self, state: GameState, locale: str) -> str:
        return t(f"phase.{state.phase.value}", locale)

    def status_line(self, state: GameState, locale: str) -> str:
        """'Setup · …', 'Round 3 · …', 'Last round · …': the moment as the picture names
        it (the setup of R-SETUP-5 is no round 0; R-END-1's last round draws no new column)."""
        seat = state.active_seat
        if state.phase is Phase.SETUP:
            when = t("render.setup", locale)
        elif state.last_round:
            when = t("render.last_round", locale)
        else:
            when = t("render.round_of", locale, round=max(1, state.round),
                     rounds=rounds_in_game(state.round, len(state.pile), False))
        return t("status.line", locale, when=when,
                 player=state.config.players[seat] if seat is not None else "—",
                 phase=self.phase_text(state, locale))

    def ranking(self, state: GameState) -> list[tuple[str, int]]:
        """R-SCORE-4: by points, then largest territory, then cows."""
        return [(p.name, p.score.total) for p in self._ranked(state)]

    def tie_breaks(self, state: GameState, locale: str,
                   literal: Callable[[str], str] = str) -> str:
        """R-SCORE-4: largest territory, then cows, for players level on points."""
        return tie_breaks([(literal(p.name), standing(p.score)) for p in self._ranked(state)],
                          [t("tie.largest_territory", locale), t("tie.cows", locale)], locale)

    @staticmethod
    def _ranked(state: GameState) -> list[PlayerView]:
        return sorted(public_view(state).players,
                      key=lambda p: tuple(-k for k in standing(p.score)))

    def seat_order(self, state: GameState, literal: Callable[[str], str]) -> str:
        """The players in the order they place their rancheros (R-SETUP-5, R-2P-2: drawn,
        not the seats' colours): those who placed already, then those still to place."""
        names, colours = state.config.players, state.config.colours
        placed = [s.ranchero for s in state.column if s.ranchero is not None]
        order = list(dict.fromkeys([*placed, *state.pending, *range(len(names))]))
        return " · ".join(f"{COLOUR_DOTS.get(colours[i], '●')} {literal(names[i])}"
                          for i in order)

    def lobby_lines(self, options: dict[str, Any], locale: str) -> list[str]:
        if options.get("variant") != LEGENDS:
            return []
        number = options.get("scenario")  # R-LEG-2: seen before anyone joins
        name = "random" if number is None else scenario_name(int(number))
        return [t("lobby.legends", locale, scenario=t(f"scenario.{name}", locale))]

    def colours(self, options: dict[str, Any]) -> tuple[str, ...]:
        return COLOURS  # R-COMP-6; in Legends each colour is a Legend's board (R-LEG-1)

    def colour_label(self, colour: str, options: dict[str, Any], locale: str) -> str:
        """'🟣 purple'; in Legends of the West the colour's Legend: '🟣 Mary (purple)'."""
        name = t(f"colour.{colour}", locale)
        board = _legends_board(colour, options)
        if board is None:
            return f"{COLOUR_DOTS[colour]} {name}"
        return f"{COLOUR_DOTS[colour]} {board.character} ({name})"

    def colour_detail(self, colour: str, options: dict[str, Any], locale: str) -> str:
        """R-LEG-1: a Legend's board has its own number of bridges and storage slots."""
        board = _legends_board(colour, options)
        if board is None:
            return ""
        return t("lobby.colour.board", locale, bridges=len(board.bridges), slots=board.slots)

    def intro_lines(self, state: GameState, locale: str) -> list[str]:
        """Legends of the West: the scenario (a random one as drawn) and what it scores
        (R-LEG-2), for the lobby message once the game has started."""
        scenario = public_view(state).scenario
        if scenario is None:
            return []
        name = t(f"scenario.{scenario}", locale)
        return [t("lobby.legends", locale, scenario=name),
                t("scenario.rule", locale, scenario=name,
                  what=t(f"scenario.{scenario}.what", locale))]

    def board_lines(self, state: GameState, seat: int, locale: str) -> list[str]:
        """The draft with its ①–④ labels and the ranch as a grid (two letters and cows)."""
        view = public_view(state)
        out = []
        for key, column in (("sandbox.draft", view.column),
                            ("sandbox.next_draft", view.next_column)):
            slots = [labels.draft_text(state, s.parcel.id, locale) for s in column
                     if s.parcel is not None]
            if slots:
                out.append(t(key, locale, slots=" · ".join(slots)))
        return out + ranch_lines(state, seat, locale)

    def turn_png(self, state: GameState, events: Sequence[Event], locale: str,
                 theme: str, resigned: Sequence[int] = ()) -> bytes:
        return picture(DrawRequest.of(self.key, "turn", state, locale=locale, theme=theme,
                                      events=tuple(events), resigned=tuple(resigned)))

    def board_png(self, state: GameState, seat: int, locale: str, theme: str) -> bytes:
        return picture(DrawRequest.of(self.key, "ranch", state, locale=locale, theme=theme,
                                      seat=seat))

    def final_png(self, state: GameState, locale: str, theme: str) -> bytes:
        return picture(DrawRequest.of(self.key, "scores", state, locale=locale, theme=theme))

    def best_png(self, state: GameState, seat: int, locale: str, theme: str) -> bytes:
        return self.board_png(state, seat, locale, theme)  # the ranch as it ended

    def story_row(self, before: GameState, after: GameState, events: Sequence[Event]
                  ) -> tuple[int, ...] | None:
        """Every total when a round ends (R-ROUND-*: the next column comes in) and at the
        end (R-END-*); the setup (R-SETUP-5) is no round."""
        ended = after.phase is Phase.OVER and before.phase is not Phase.OVER
        if ended or (after.round != before.round and before.round >= 1):
            return tuple(p.score.total for p in public_view(after).players)
        return None

    def story_png(self, state: GameState, rounds: Sequence[tuple[int, ...]], locale: str,
                  theme: str) -> bytes:
        return picture(DrawRequest.of(self.key, "story", state, locale=locale, theme=theme,
                                      rounds=tuple(rounds)))


def _legends_board(colour: str, options: dict[str, Any]) -> Board | None:
    """The Legends board of `colour` at a Legends table (R-LEG-1), else None."""
    if options.get("variant") != LEGENDS:
        return None
    components = load_components(str(options.get("components") or DEFAULT_COMPONENTS))
    return components.boards[legends_board(components, colour)]


def ranch_lines(state: GameState, seat: int, locale: str = "en") -> list[str]:
    """The ranch as a grid, top row first: two letters of the landscape and its cows."""
    player = state.players[seat]
    height = state.config.height
    built = [c for c, v in enumerate(player.cells) if v != 0]
    top = max((c // WIDTH for c in built), default=0)
    lines = [f"{state.config.players[seat]}:"]
    for row in range(min(height - 1, top + 1), -1, -1):
        cells = []
        for col in range(WIDTH):
            cell = row * WIDTH + col
            value = player.cells[cell]
            if value == 0:
                cells.append(" .. ")
                continue
            landscape = state.components.parcel(value).landscape if value > 0 else \
                player.bonus_landscape
            cows = player.cows[cell]
            cells.append(f" {landscape_name(landscape, locale)[:2]}{cows or ' '}")
        lines.append(f"{cell_name(row * WIDTH)[1:]:>3}{''.join(cells)}")
    lines.append("   " + "".join(f"  {chr(65 + c)} " for c in range(WIDTH)))
    return lines
