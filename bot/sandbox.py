"""`moonriver sandbox`: a whole game in the terminal, hot-seat and/or against computers.

It runs on the same table service as the Discord bot, with the same action texts and the
same pictures (written to a folder after every turn), so it is how someone tries the game
without a Discord token and how a developer reproduces a bug.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from bot.tables.domain import GameOptions, TableSettings
from bot.tables.errors import BadInput, TableError
from bot.tables.fronts import front_of, game_text
from bot.tables.fronts.story import story_png
from bot.tables.service import Played, TableService, User
from bot.tables.store import GameStore, MemoryStore, SqliteStore
from bot.tables.words import turn_lines
from engine.games.errors import GameError
from engine.games.events import Event
from engine.games.i18n import t
from engine.games.levels import AI_LEVELS, AI_NAMES, ai_name
from engine.registry import DEFAULT_GAME, game_named

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
    #: Which game (an `engine.registry` key): `moonriver sandbox --game kingdomino`.
    game: str = DEFAULT_GAME
    #: The game's own options as its `GameRules.options` reads them (R-LEG-2: a Legends
    #: scenario by name or "random"; K-VAR: the variants), so the sandbox needs no
    #: field for any one game's rules.
    rules: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        try:
            game = game_named(self.game)
        except GameError as exc:
            raise ValueError(str(exc)) from None
        counts = game.player_counts
        if len(self.seats) not in counts:
            raise ValueError(f"a table has {min(counts)}–{max(counts)} seats")
        computers = (*AI_LEVELS, *AI_NAMES)
        if any(s != "human" and s not in computers for s in self.seats):
            raise ValueError(f"seats are 'human' or one of {', '.join(computers)}")
        for seat in set(self.seats) - {"human"}:  # a level this game has no player for
            try:
                game.make_player(ai_name(seat), 0)
            except (GameError, ValueError) as exc:
                raise ValueError(str(exc)) from None
        try:  # the game's own check of the options, said up front
            self.table_options()
        except BadInput as exc:
            raise ValueError(str(exc)) from None
        if "human" not in self.seats:
            raise ValueError("at least one seat must be 'human' (use `moonriver simulate` "
                             "for computers only)")

    def table_options(self) -> GameOptions:
        """The table's options: the game's rules, made canonical (and refused with
        BadInput) by the game itself; a lobby of the most players the game seats."""
        counts = game_named(self.game).player_counts
        return GameOptions(self.game, max(counts), self.rules)


class Sandbox:
    def __init__(self, options: SandboxOptions, read: Callable[[str], str],
                 out: TextIO) -> None:
        self.options = options
        self.read = read
        self.out = out
        self.turn_pictures = 0
        self.rules = game_named(options.game)
        self.front = front_of(options.game)

    def say(self, text: str) -> None:
        print(text, file=self.out, flush=True)

    def _humans(self) -> list[User]:
        """The human seats, named from --names in order, else 'Player N'."""
        names = iter(self.options.names)
        return [User(i + 1, next(names, f"Player {i + 1}"))
                for i, kind in enumerate(self.options.seats) if kind == "human"]

    def _write_pictures(self, state: Any, events: Sequence[Event] = ()) -> None:
        """The turn picture (as the channel shows it) after every move; says its path."""
        locale, theme = self.options.locale, self.options.theme
        folder = self.options.folder
        table = self.front.turn_png(state, events, locale, theme)
        self.turn_pictures += 1
        numbered = folder / f"table-{self.turn_pictures:03d}.png"
        (folder / "table.png").write_bytes(table)
        numbered.write_bytes(table)
        if self.rules.is_over(state):
            (folder / "scores.png").write_bytes(self.front.final_png(state, locale, theme))
        self.say(t("sandbox.picture", locale, path=str(numbered)))

    def _board(self, state: Any) -> None:
        """A small text board: the draft (lines) with their ①–④ labels and the mover's
        ranch (kingdom)."""
        seat = self.rules.active_seat(state)
        if seat is not None:
            for line in self.front.board_lines(state, seat, self.options.locale):
                self.say(line)

    def _in_menu_order(self, state: Any, options: Sequence[Any]) -> list[Any]:
        """The legal actions in the order the Discord step offers them (buttons, then the
        lettered menu a, b, c …), so number 1 is the first thing the player reads."""
        decision = self.front.decision(state, options, self.options.locale,
                                       self.options.theme)
        rank = {c.action: i for i, c in enumerate((*decision.buttons, *decision.menu))}
        return sorted(options, key=lambda a: rank.get(str(a), len(rank)))

    def _list(self, state: Any, options: Sequence[Any]) -> None:
        """The legal actions by their labels (never ids); the number picks one."""
        decision = self.front.decision(state, options, self.options.locale,
                                       self.options.theme)
        by_text = {c.action: c.label for c in (*decision.buttons, *decision.menu)}
        for i, action in enumerate(options):
            label = by_text.get(str(action)) or self.front.action_label(
                state, action, self.options.locale)
            extra = f" — {label.description}" if label.description else ""
            self.say(f"{i + 1:>3}. {label.text}{extra}")

    def _choice(self, line: str, options: Sequence[Any]) -> Any | None:
        if line.isdigit() and 1 <= int(line) <= len(options):
            return options[int(line) - 1]
        try:
            return self.rules.parse_action(line)
        except GameError:
            return None

    def _narrate(self, played: Sequence[Played], before: Any | None, after: Any) -> None:
        segments = self.front.segments_of([(p.seat, p.events) for p in played], before,
                                          after, self.options.locale)
        for line in turn_lines(segments, self.rules.names(after), self.options.locale):
            self.say(line.replace("**", ""))

    async def play(self, store: GameStore) -> int:
        locale = self.options.locale
        service = TableService(store)
        humans = self._humans()
        by_id = {u.id: u for u in humans}
        if await store.open_game_in(CHANNEL) is None:
            host = humans[0]
            await service.create(CHANNEL, host, self.options.table_options(),
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
        self.say(game_text(self.options.game, "sandbox.welcome", locale,
                   players=", ".join(s.name for s in status.game.seats),
                   folder=str(self.options.folder)))
        assert status.state is not None
        state = status.state
        for line in self.front.intro_lines(state, locale):  # R-LEG-2, K-VAR
            self.say(line.replace("**", ""))  # Discord bold, plain in a terminal
        self._write_pictures(state)
        while not self.rules.is_over(state):
            status = await service.status(CHANNEL)
            assert status.state is not None
            state = status.state
            seat = status.game.seats[self.rules.active_seat(state) or 0]
            user = by_id[seat.user_id or 0]
            options = self._in_menu_order(state, await service.legal(CHANNEL, user))
            self.say("")
            self.say(t("sandbox.to_move", locale, player=seat.name,
                       phase=self.front.phase_text(state, locale)))
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
                told = await service.history(CHANNEL, locale)
                for told_line in turn_lines(told.segments, told.names, told.locale)[-15:]:
                    self.say(f"  {told_line}")
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
        game = (await service.last_table(CHANNEL)).game  # the end post's second picture
        (self.options.folder / "story.png").write_bytes(
            story_png(await service.record_of(game), locale, self.options.theme))
        ranking = self.front.ranking(state)
        for name, points in ranking:
            self.say(f"{name}: {points}")
        final = self.rules.result(state)
        names = self.rules.names(state)
        winners = final.winners if final is not None else ()
        self.say(t("sandbox.winner", locale, names=", ".join(names[i] for i in winners)))
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
