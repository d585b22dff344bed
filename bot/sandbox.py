"""`moonriver sandbox`: a whole game in the terminal, hot-seat and/or against computers.

It runs on the same table service as the Discord bot, with the same action texts and the
same pictures (written to a folder after every turn), so it is how someone tries the game
without a Discord token and how a developer reproduces a bug.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from bot.tables.domain import RANDOM_SCENARIO, GameOptions, TableSettings
from bot.tables.errors import BadInput, TableError
from bot.tables.labels import action_label, draft_text, landscape_name
from bot.tables.narrate import segments_of, turn_lines
from bot.tables.service import Played, TableService, User
from bot.tables.store import GameStore, MemoryStore, SqliteStore
from engine.actions import Action, Build, parse_action
from engine.ai import AI_LEVELS, AI_PLAYERS, ai_name
from engine.errors import MoonRiverError
from engine.games import DEFAULT_GAME, game_named
from engine.events import Event
from engine.grid import WIDTH, cell_name
from engine.i18n import t
from engine.rules import PLAYER_COUNTS
from engine.state import GameState, Phase
from engine.view import public_view
from render import render_scores, render_turn, theme_named, to_png_bytes
from render.changes import changes_of

CHANNEL = 1  # the sandbox's one table


@dataclass(frozen=True)
class SandboxOptions:
    seats: tuple[str, ...]        # "human" or an AI name, in joining order
    names: tuple[str, ...] = ()
    folder: Path = Path("sandbox-pictures")
    database: Path | None = None  # None: in memory
    seed: int | None = None
    locale: str = "en"
    theme: str = "dark"
    variant: str = "base"
    scenario: str = RANDOM_SCENARIO  # Legends only (R-LEG-2): a name or "random"
    #: Which game (an `engine.games` registry key): `moonriver sandbox --game kingdomino`.
    game: str = DEFAULT_GAME

    def __post_init__(self) -> None:
        try:
            game_named(self.game)
        except MoonRiverError as exc:
            raise ValueError(str(exc)) from None
        if len(self.seats) not in PLAYER_COUNTS:
            raise ValueError(f"a table has {min(PLAYER_COUNTS)}–{max(PLAYER_COUNTS)} seats")
        computers = (*AI_LEVELS, *AI_PLAYERS)
        if any(s != "human" and s not in computers for s in self.seats):
            raise ValueError(f"seats are 'human' or one of {', '.join(computers)}")
        try:  # the table's own check of variant and scenario (R-LEG-2), said up front
            GameOptions(variant=self.variant, scenario=self.scenario)
        except BadInput as exc:
            raise ValueError(str(exc)) from None
        if "human" not in self.seats:
            raise ValueError("at least one seat must be 'human' (use `moonriver simulate` "
                             "for computers only)")


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


class Sandbox:
    def __init__(self, options: SandboxOptions, read: Callable[[str], str],
                 out: TextIO) -> None:
        self.options = options
        self.read = read
        self.out = out
        self.turn_pictures = 0

    def say(self, text: str) -> None:
        print(text, file=self.out, flush=True)

    def _humans(self) -> list[User]:
        """The human seats, named from --names in order, else 'Player N'."""
        names = iter(self.options.names)
        return [User(i + 1, next(names, f"Player {i + 1}"))
                for i, kind in enumerate(self.options.seats) if kind == "human"]

    def _write_pictures(self, state: GameState, events: Sequence[Event] = ()) -> None:
        """The turn picture (as the channel shows it) after every move; says its path."""
        view = public_view(state)
        theme = theme_named(self.options.theme)
        folder = self.options.folder
        table = to_png_bytes(render_turn(view, theme=theme, locale=self.options.locale,
                                         changes=changes_of(events)).image)
        self.turn_pictures += 1
        numbered = folder / f"table-{self.turn_pictures:03d}.png"
        (folder / "table.png").write_bytes(table)
        numbered.write_bytes(table)
        if state.phase is Phase.OVER:
            (folder / "scores.png").write_bytes(
                to_png_bytes(render_scores(view, theme=theme, locale=self.options.locale)))
        self.say(t("sandbox.picture", self.options.locale, path=str(numbered)))

    def _board(self, state: GameState) -> None:
        """A small text board: the draft with its ①–④ labels and the mover's ranch."""
        locale = self.options.locale
        view = public_view(state)
        for key, column in (("sandbox.draft", view.column), ("sandbox.next_draft",
                                                             view.next_column)):
            slots = [draft_text(state, view, s.parcel.id, locale) for s in column
                     if s.parcel is not None]
            if slots:
                self.say(t(key, locale, slots=" · ".join(slots)))
        if state.active_seat is not None:
            for line in ranch_lines(state, state.active_seat, locale):
                self.say(line)

    def _list(self, state: GameState, options: Sequence[Action]) -> None:
        """The legal actions by their labels (never ids); the number picks one."""
        locale = self.options.locale
        view = public_view(state)
        for i, action in enumerate(options):
            label = action_label(state, view, action, locale)
            text = label.description if isinstance(action, Build) else label.text
            extra = f" — {label.description}" if label.description and not isinstance(
                action, Build) else ""
            self.say(f"{i + 1:>3}. {text}{extra}")

    def _choice(self, line: str, options: Sequence[Action]) -> Action | None:
        if line.isdigit() and 1 <= int(line) <= len(options):
            return options[int(line) - 1]
        try:
            return parse_action(line)
        except MoonRiverError:
            return None

    def _narrate(self, played: Sequence[Played], before: GameState | None,
                 after: GameState) -> None:
        segments = segments_of([(p.seat, p.events) for p in played], before, after,
                               self.options.locale)
        for line in turn_lines(segments, after.config.players, self.options.locale):
            self.say(line.replace("**", ""))

    async def play(self, store: GameStore) -> int:
        locale = self.options.locale
        service = TableService(store)
        humans = self._humans()
        by_id = {u.id: u for u in humans}
        if await store.open_game_in(CHANNEL) is None:
            host = humans[0]
            await service.create(CHANNEL, host, GameOptions(max_players=4,
                                                                  variant=self.options.variant,
                                                                  scenario=self.options.scenario),
                                 settings=TableSettings(locale=locale), seed=self.options.seed)
            for user in humans[1:]:
                await service.join(CHANNEL, user)
            for kind in self.options.seats:
                if kind != "human":
                    await service.add_ai(CHANNEL, host, ai_name(kind))  # a level: its AI
            result = await service.start(CHANNEL, host)
            self._narrate(result.played, None, result.state)
        self.options.folder.mkdir(parents=True, exist_ok=True)
        status = await service.status(CHANNEL)
        self.say(t("sandbox.welcome", locale,
                   players=", ".join(s.name for s in status.game.seats),
                   folder=str(self.options.folder)))
        assert status.state is not None
        state = status.state
        scenario = public_view(state).scenario
        if scenario is not None:  # R-LEG-2: the scenario in play, a random one as drawn
            self.say(t("lobby.legends", locale, scenario=t(f"scenario.{scenario}", locale))
                     .replace("**", ""))  # Discord bold, plain in a terminal
        self._write_pictures(state)
        while state.phase is not Phase.OVER:
            status = await service.status(CHANNEL)
            assert status.state is not None
            state = status.state
            seat = status.game.seats[state.active_seat or 0]
            user = by_id[seat.user_id or 0]
            options = await service.legal(CHANNEL, user)
            self.say("")
            self.say(t("sandbox.to_move", locale, player=seat.name,
                       phase=t(f"phase.{state.phase.value}", locale)))
            self._board(state)
            self._list(state, options)
            try:
                line = self.read(f"{seat.name}> ").strip()
            except EOFError:
                return 0
            if line in ("quit", "exit"):
                return 0
            if line in ("help", "?"):
                self.say(t("sandbox.help", locale))
                continue
            if line == "list" or not line:
                continue
            if line == "history":
                for name, text in await service.history(CHANNEL, 15):
                    self.say(f"  {name}: {text}")
                continue
            action = self._choice(line, options)
            if action is None:
                self.say(t("sandbox.unknown", locale, text=line))
                continue
            try:
                result = await service.act(CHANNEL, user, str(action), status.game.version)
            except TableError as exc:
                self.say(f"{t(f'error.{exc.code}', locale, **exc.params)} ({exc})")
                continue
            self._narrate(result.played, state, result.state)
            state = result.state
            self._write_pictures(state, result.events)
        self.say(t("event.game_ended", locale))
        final = public_view(state)
        for player in final.players:
            self.say(f"{player.name}: {player.score.total}")
        self.say(t("sandbox.winner", locale,
                   names=", ".join(final.players[i].name for i in final.winners)))
        return 0


async def run_sandbox(options: SandboxOptions, read: Callable[[str], str],
                      out: TextIO) -> int:
    store: GameStore = SqliteStore(options.database) if options.database else MemoryStore()
    await store.open()
    try:
        return await Sandbox(options, read, out).play(store)
    finally:
        await store.close()


def main(options: SandboxOptions, out: TextIO) -> int:
    return asyncio.run(run_sandbox(options, input, out))
