"""The composition root: the bot client, its command tree, click routing and the runner."""

from __future__ import annotations

import asyncio
import gc
import logging
import os
import signal
import sys
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

import discord
import yarl
from discord import app_commands

from bot import APP_NAME
from bot.config import Settings
from bot.discord import drawing, lobby, overview, ratings
from bot.discord.components import click_of
from bot.discord.delivery import Delivery, cancel_until_done
from bot.discord.dialogue import act, open_dialogue, take_back
from bot.discord.failures import answer_click, on_tree_error
from bot.discord.games import GAMES
from bot.discord.gate import admit, check_click_table
from bot.discord.host import Click, TableClient
from bot.discord.logs import configure_logging
from bot.discord.maintenance import maintenance_loop
from bot.discord.peer import ClickHandler, click_handlers
from bot.discord.safe_text import safe_name
from bot.discord.shards import IdentifyGate
from bot.discord.texts import CommandTranslator
from bot.tables.computers import ComputerSeats
from bot.tables.domain import Game, Status
from bot.tables.errors import StoreError
from bot.tables.limits import TableLimits
from bot.tables.service import TableService
from bot.tables.store import SqliteStore
from engine.games.i18n import normalise_locale
from render.pool import DrawingPool, DrawRequest

if TYPE_CHECKING:  # asyncpg is imported only by a bot that runs on PostgreSQL
    from bot.tables.store.postgres import PostgresStore

log = logging.getLogger(APP_NAME)


#: Which handler answers which kind of persistent component (see `components`).
CLICK_HANDLERS: dict[str, ClickHandler] = {
    "lobby": lambda interaction, click: lobby.lobby(interaction, click.value),
    "colour": lambda interaction, click: lobby.lobby(interaction, f"colour:{click.value}"),
    "turn": lambda interaction, click: open_dialogue(interaction, click.game, click.version,
                                                     since=True),
    "back": lambda interaction, click: open_dialogue(interaction, click.game, click.version),
    "rematch": lambda interaction, click: lobby.rematch(interaction, click.game),
    "help": lambda interaction, click: overview.answer_help(interaction),
    "act": lambda interaction, click: act(interaction, click.version, click.value),
    "undo": lambda interaction, click: take_back(interaction, click.version),
    "resign": ratings.resign_clicked,
    "reset": ratings.reset_clicked,
    **click_handlers(GAMES),
}


class MoonRiverBot(TableClient):
    def __init__(self, settings: Settings) -> None:
        intents = discord.Intents.none()
        intents.guilds = True  # not privileged: channels and threads by id, and their deletes
        # not privileged either: messages, for an @mention of the bot (its text is sent
        # to the bot without the Message Content intent when it mentions the bot) and
        # direct messages to it
        intents.guild_messages = True
        intents.dm_messages = True
        # MOONRIVER_DATABASE_URL: a PostgreSQL server; else the SQLite file
        store: SqliteStore | PostgresStore
        if settings.database_url:  # asyncpg loaded only here: 3 MiB a SQLite bot never uses
            from bot.tables.store.postgres import PostgresStore
            store = PostgresStore(settings.database_url)
        else:
            store = SqliteStore(settings.database)
        self._engine = store
        limits = TableLimits(settings.lobbies_per_user, settings.lobbies_per_channel,
                             settings.min_remind_hours)
        self.computers = ComputerSeats(workers=settings.computer_workers,
                                       think_ms=settings.think_ms)
        service = TableService(store, limits=limits, literal=safe_name,
                               computers=self.computers)
        super().__init__(settings, store, service, intents=intents,
                         allowed_mentions=discord.AllowedMentions.none(),
                         shard_count=settings.shard_count,
                         shard_ids=list(settings.shard_ids) if settings.shard_ids else None)
        # its concurrency comes from /gateway/bot; on a database that other processes
        # share, they take turns through the store's lock
        self.identify = IdentifyGate(
            shared=store.exclusive if store.shared else None)  # "identify:<bucket>"
        self.tree = app_commands.CommandTree(self)
        self._maintenance: asyncio.Task[None] | None = None
        self.pool: DrawingPool | None = DrawingPool()  # its worker starts on first use
        drawing.use_worker(self.pool)  # private previews draw there too
        self.steps = {key: game.steps for key, game in GAMES.items() if game.steps}
        self.goes_on = frozenset(key for key, game in GAMES.items() if game.goes_on)
        self.delivery = Delivery(self, self.draw, retry_base=settings.retry_seconds,
                                 archive_after=settings.archive_after_hours)
        self._closed = False
        self._mentioned: dict[int, float] = {}  # member -> when last answered (monotonic)

    async def draw(self, request: DrawRequest) -> bytes:
        """A picture from the drawing worker (the second core), off the event loop."""
        if self.pool is None:
            raise RuntimeError("the bot is stopping: no more pictures")
        return await asyncio.wrap_future(self.pool.submit(request))

    async def login(self, token: str) -> None:
        """Open the store first: a database the bot cannot use (held by another bot,
        damaged, read-only, newer) refuses start-up before anything talks to Discord."""
        await self.store.open()
        await super().login(token)

    async def setup_hook(self) -> None:
        # Discord's session start limit (and, unless configured, its shard count) for the
        # IDENTIFY gate; the gateway stays DISCORD_GATEWAY_URL's or Discord's
        shards, _, limits = await self.http.get_bot_gateway()
        self.identify.max_concurrency = max(1, int(limits.get("max_concurrency", 1)))
        if self.shard_count is None:
            self.shard_count = shards
        log.info("shards %s of %d (identify concurrency %d)%s",
                 _ranges(self.shard_ids or range(self.shard_count)), self.shard_count,
                 self.identify.max_concurrency,
                 "" if self.settings.syncs_commands else "; commands synced by shard 0's")
        where = (self._engine.where if not isinstance(self._engine, SqliteStore)
                 else self.settings.database)
        # once-only jobs: with several processes on one database, one of them does each
        async with self.store.exclusive("resume") as held:
            if held:
                rebuilt = await self.service.resume()
                log.info("store open at %s; %d snapshot(s) rebuilt", where, rebuilt)
            else:
                log.info("store open at %s; another process is resuming the games", where)
        for game in self.service.quarantined:
            await self.delivery.tell_quarantined(game)
        if await self._engine.take_restored():  # `moonriver restore`: nothing is on screen
            for game in await self.store.games_with_status(Status.ACTIVE):
                await self.service.reannounce(game)
            log.info("restored from a backup: every open game announced again")
        for key, peer in GAMES.items():
            group = peer.command_group()
            self.group_games[group.name] = key
            self.tree.add_command(group)
        for command in overview.COMMANDS:  # every game's: /games, /help
            self.tree.add_command(command)
        self.tree.on_error = on_tree_error  # type: ignore[method-assign]
        self.tree.interaction_check = admit  # type: ignore[method-assign]
        await self.tree.set_translator(CommandTranslator())
        # the process holding shard 0 syncs (not every restart of every process), and
        # under the store's lock: two misconfigured ones never replace the list at once
        if self.settings.syncs_commands:
            async with self.store.exclusive("command-sync") as held:
                if held:
                    await self._sync_commands()
        # any process's commit with posts wakes the delivery (PostgreSQL: LISTEN/NOTIFY)
        await self.store.listen(self.delivery.wake)
        self.delivery.start()  # everything left pending before a restart goes out now
        settle_heap()
        self._maintenance = asyncio.create_task(maintenance_loop(self))

    async def _sync_commands(self) -> None:
        if self.settings.dev_guild:
            guild = discord.Object(self.settings.dev_guild)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()

    async def before_identify_hook(self, shard_id: int | None, *,
                                   initial: bool = False) -> None:
        """Discord's session start limit, per bucket (`shards.IdentifyGate`), instead of
        discord.py's 5 s before every shard but the first."""
        await self.identify.wait_turn(shard_id or 0)

    def announce(self) -> None:
        self.delivery.wake()

    async def welcome(self, game: Game, user_id: int, seat: str, locale: str) -> None:
        await self.delivery.welcome(game, user_id, seat, locale)

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        """Every button and menu of ours, by its custom_id alone (`components.click_of`):
        one handler, no view kept per message and none rebuilt per click."""
        if interaction.type is not discord.InteractionType.component:
            return  # commands and autocomplete go through the command tree
        data: Any = interaction.data or {}
        click = click_of(str(data.get("custom_id") or ""), data.get("values") or ())
        if click is not None:
            await self.on_click(interaction, click)

    async def on_click(self, interaction: discord.Interaction[Any], click: Click) -> None:
        if not await admit(interaction):
            return
        await answer_click(interaction, self._checked_click(interaction, click))

    async def _checked_click(self, interaction: discord.Interaction[Any], click: Click) -> None:
        await check_click_table(interaction, click)
        await CLICK_HANDLERS[click.kind](interaction, click)

    async def on_message(self, message: discord.Message) -> None:
        """An @mention of the bot (or any direct message to it) is answered with the
        help (`overview.answer_mention`), at most once per MENTION_COOLDOWN per member;
        everything else is none of its business."""
        if message.author.bot or self.user is None:
            return
        if message.guild is not None and self.user.id not in message.raw_mentions:
            return
        now = asyncio.get_running_loop().time()
        if now - self._mentioned.get(message.author.id, -overview.MENTION_COOLDOWN) \
                < overview.MENTION_COOLDOWN:
            return
        self._mentioned[message.author.id] = now
        if len(self._mentioned) > 10_000:  # old entries only matter for a cooldown
            self._mentioned = {k: v for k, v in self._mentioned.items()
                               if now - v < overview.MENTION_COOLDOWN}
        prefs = await self.store.user_prefs(message.author.id)
        guild_locale = message.guild.preferred_locale if message.guild else None
        locale = prefs.locale or normalise_locale(str(guild_locale or "en"))
        try:
            await overview.answer_mention(message, locale)
        except discord.HTTPException as exc:  # no permission to reply there: nothing to do
            log.info("could not answer a mention in channel %s: %s", message.channel.id, exc)

    # --- zombies: the gateway says a table's channel or thread is gone ---------------------

    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        await self._channel_gone(payload.thread_id)

    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        await self._channel_gone(channel.id)

    async def _channel_gone(self, channel_id: int) -> None:
        game = await self.store.open_game_in(channel_id)
        if game is not None and await self.service.archive(game.id) is not None:
            log.info("game %s archived: its channel %s was deleted", game.id, channel_id)
            await self.delivery.tell_host(game.host_id, channel_id, game.settings.locale)

    # --- stopping ----------------------------------------------------------------------------

    async def shutdown(self) -> None:
        """SIGTERM/SIGINT: refuse new moves, let moves in flight commit, deliver what is
        due, close the drawing worker and the store; all within the grace period."""
        grace = self.settings.shutdown_seconds
        log.info("stopping: draining moves and posts (at most %.0f s)", grace)
        moves_done = await self.service.drain(timeout=grace * 0.4)
        if self._maintenance is not None:  # again and again if a cancel is swallowed
            await cancel_until_done(self._maintenance)
            self._maintenance = None
        left = await self.delivery.drain(timeout=grace * 0.5)
        log.info("stopped: moves %s, %d post(s) left pending for the next start",
                 "all committed" if moves_done else "cut short", left)
        await self.close()

    async def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        if self._maintenance is not None:
            self._maintenance.cancel()
        if self.delivery.running:
            await self.delivery.drain(timeout=0)
        if self.pool is not None:
            pool, self.pool = self.pool, None
            drawing.use_worker(None)
            await asyncio.to_thread(pool.close)
        await asyncio.to_thread(self.computers.close)
        await self.identify.close()
        await self.store.close()
        await super().close()


#: The cyclic garbage collector's first threshold once the bot is up (Python's is 700).
GC_YOUNG = 10_000


def settle_heap() -> None:
    """Once started: what start-up made (the games' tables, fonts, discord.py's caches,
    the command tree) lives as long as the process, so the cyclic garbage collector stops
    walking it (`gc.freeze`), and it looks for cycles after GC_YOUNG new objects instead
    of 700: a click makes many short-lived objects (discord.py's parsed interaction and
    message among them), and each full collection walked the whole heap (about 4 % of
    the event loop's samples went to collections before)."""
    gc.collect()
    gc.freeze()
    _, older, oldest = gc.get_threshold()
    gc.set_threshold(GC_YOUNG, older, oldest)


def _ranges(ids: Iterable[int]) -> str:
    """`0-1,4` for shards 0, 1 and 4 (the log line's short form)."""
    out: list[str] = []
    for shard in sorted(ids):
        if out and out[-1].rpartition("-")[2] == str(shard - 1):
            out[-1] = f"{out[-1].partition('-')[0]}-{shard}"
        else:
            out.append(str(shard))
    return ",".join(out)


EVENT_LOOPS = ("uvloop", "asyncio")


def event_loop_factory() -> Callable[[], asyncio.AbstractEventLoop] | None:
    """uvloop where it is installed (libuv's loop does in C what asyncio's does in Python:
    a tenth of the bot's CPU per turn), else asyncio's own loop (None).
    `MOONRIVER_EVENT_LOOP=asyncio` chooses the standard loop anyway."""
    chosen = os.environ.get("MOONRIVER_EVENT_LOOP") or EVENT_LOOPS[0]
    if chosen not in EVENT_LOOPS:
        raise ValueError(f"MOONRIVER_EVENT_LOOP must be one of {', '.join(EVENT_LOOPS)}, "
                         f"not {chosen!r}")
    if chosen == "asyncio":
        return None
    try:
        import uvloop
    except ImportError:  # a platform without it (Windows)
        return None
    return uvloop.new_event_loop


def run_bot(settings: Settings) -> int:
    """Start the bot and block until it stops (SIGTERM/SIGINT: a graceful stop, exit 0);
    returns the exit status."""
    configure_logging(settings.log_level_number, settings.token)
    if settings.api_base:
        discord.http.Route.BASE = settings.api_base
    if settings.gateway_url:
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(settings.gateway_url)
    assert settings.token is not None
    try:
        loop_factory = event_loop_factory()
    except ValueError as exc:  # README: every start-up refusal is one line and exit 2
        print(f"moonriver: {exc}", file=sys.stderr)
        return 2
    try:
        with asyncio.Runner(loop_factory=loop_factory) as runner:
            return runner.run(serve(MoonRiverBot(settings), settings.token))
    except discord.LoginFailure:
        log.error("Discord refused the token: check DISCORD_TOKEN")
        return 2
    except StoreError as exc:  # README: every start-up refusal is one line and exit 2
        print(f"moonriver: {exc}", file=sys.stderr)
        return 2


async def serve(bot: MoonRiverBot, token: str) -> int:
    """Run `bot` until it ends by itself or a stop signal arrives."""
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    async with bot:
        running = asyncio.create_task(bot.start(token, reconnect=True))
        stopping = asyncio.create_task(stop.wait())
        await asyncio.wait({running, stopping}, return_when=asyncio.FIRST_COMPLETED)
        if running.done():
            stopping.cancel()
            running.result()  # a login failure or a crash surfaces here
            return 0
        await bot.shutdown()
        await asyncio.gather(running, return_exceptions=True)
    return 0
