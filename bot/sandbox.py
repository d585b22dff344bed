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

from bot.tables.domain import GameOptions, TableSettings
from bot.tables.errors import TableError
from bot.tables.narrate import summarize
from bot.tables.service import TableService, User
from bot.tables.store import GameStore, MemoryStore, SqliteStore
from engine.actions import Action, parse_action
from engine.ai import AI_LEVELS, AI_PLAYERS, ai_name
from engine.errors import MoonRiverError
from engine.i18n import t
from engine.rules import PLAYER_COUNTS
from engine.state import GameState, Phase
from engine.view import public_view
from render import render_scores, render_table, theme_named, to_png_bytes

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

    def __post_init__(self) -> None:
        if len(self.seats) not in PLAYER_COUNTS:
            raise ValueError(f"a table has {min(PLAYER_COUNTS)}–{max(PLAYER_COUNTS)} seats")
        computers = (*AI_LEVELS, *AI_PLAYERS)
        if any(s != "human" and s not in computers for s in self.seats):
            raise ValueError(f"seats are 'human' or one of {', '.join(computers)}")
        if "human" not in self.seats:
            raise ValueError("at least one seat must be 'human' (use `moonriver simulate` "
                             "for computers only)")


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

    def _write_pictures(self, state: GameState) -> None:
        view = public_view(state)
        theme = theme_named(self.options.theme)
        folder = self.options.folder
        table = to_png_bytes(render_table(view, theme=theme, locale=self.options.locale))
        self.turn_pictures += 1
        (folder / "table.png").write_bytes(table)
        (folder / f"table-{self.turn_pictures:03d}.png").write_bytes(table)
        if state.phase is Phase.OVER:
            (folder / "scores.png").write_bytes(
                to_png_bytes(render_scores(view, theme=theme, locale=self.options.locale)))

    def _list(self, options: Sequence[Action]) -> None:
        width = max(len(str(a)) for a in options) + 6
        per_line = max(1, 96 // width)
        cells = [f"{i + 1:>3}. {a}".ljust(width) for i, a in enumerate(options)]
        for start in range(0, len(cells), per_line):
            self.say("".join(cells[start:start + per_line]).rstrip())

    def _choice(self, line: str, options: Sequence[Action]) -> Action | None:
        if line.isdigit() and 1 <= int(line) <= len(options):
            return options[int(line) - 1]
        try:
            return parse_action(line)
        except MoonRiverError:
            return None

    async def play(self, store: GameStore) -> int:
        locale = self.options.locale
        service = TableService(store)
        humans = self._humans()
        by_id = {u.id: u for u in humans}
        if await store.open_game_in(CHANNEL) is None:
            host = humans[0]
            await service.create(CHANNEL, host, GameOptions(max_players=4),
                                 settings=TableSettings(locale=locale), seed=self.options.seed)
            for user in humans[1:]:
                await service.join(CHANNEL, user)
            for kind in self.options.seats:
                if kind != "human":
                    await service.add_ai(CHANNEL, host, ai_name(kind))  # a level: its AI
            result = await service.start(CHANNEL, host)
            if result.played:
                self.say(summarize(result.events, result.state, locale))
        self.options.folder.mkdir(parents=True, exist_ok=True)
        status = await service.status(CHANNEL)
        self.say(t("sandbox.welcome", locale,
                   players=", ".join(s.name for s in status.game.seats),
                   folder=str(self.options.folder)))
        assert status.state is not None
        state = status.state
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
            self._list(options)
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
            self.say(summarize(result.events, result.state, locale))
            state = result.state
            self._write_pictures(state)
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
