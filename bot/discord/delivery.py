"""The outbox's delivery loop: every post a commit owes the channel gets there, once.

Moves write their posts into the outbox in the same transaction as the move (see
`TableService._commit`); this loop claims what is pending (a lease: any process may
deliver a row, exactly one does), oldest first, one row at a time per game and several
games at once, and asks the store once more right before posting that the row is still
pending and still its own. Each row ends in exactly one state:

- sent: Discord took it. The row's nonce goes with `enforce_nonce`, so a retry after a
  crash between posting and marking it sent returns the first message, not a second one.
- retried with backoff: 429 and 5xx (after discord.py's own retries), timeouts and
  connection errors leave the row pending with a later `next_try`.
- held: 404 (the channel or thread is gone) or 403 (the bot may no longer post there).
  The host is told at once by direct message what is missing; the row is tried again
  with a backoff (at most `MAX_REFUSED_BACKOFF` apart) and the game stays open, so its
  buttons keep working and `/moonriver resume` tries again at once. Only when the
  refusal lasts `archive_after` hours does the row fail and the game get archived (the
  host may still `/moonriver resume` it).
- failed alone: a DM the user does not accept, any other 4xx, or a reminder for a member
  who left the server (their silent seat is then played by a computer stand-in).

On start-up the loop simply finds everything still pending and posts it; so does any
other process once a holder is dead (its leases end with it).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import io
import json
import logging
import os
import signal
from collections.abc import Callable, Sequence
from datetime import datetime, timedelta
from typing import Any

import discord
from discord.http import handle_message_parameters

from bot import APP_NAME
from bot.discord.announcement import Announcement, Context, Drawer, build_announcement
from bot.discord.components import Components, sendable
from bot.discord.content import ranking
from bot.discord.dialogue import resume_kept
from bot.discord.host import TRANSIENT, TableClient
from bot.discord.safe_text import safe_name
from bot.tables.domain import Game, Post, PostKind, PostState, Reminder, Status
from bot.tables.fronts import game_text
from bot.tables.ratings import winners_of
from bot.tables.service import REFUSED_PREFIX, rules_of, utc_now
from bot.tables.store import GameStore
from bot.tables.store.guard import DatabaseReplaced
from bot.tables.words import turn_lines
from engine.games.i18n import t

log = logging.getLogger(APP_NAME)

MAX_BACKOFF = 300.0  # seconds
MAX_REFUSED_BACKOFF = 1800.0  # seconds between tries of a channel that refuses posts
IDLE_POLL = 1.0      # seconds between looks at the outbox when nobody wakes the loop
PARALLEL_GAMES = 8   # games delivered at once (posts of one game stay in order)
BATCH = 200
SENT_PREFIX = "message "  # a sent row's outcome: "message <id>"


def sent_message(post: Post) -> int | None:
    """The message a sent row made (read from its outcome); None for any other row."""
    if post.state is not PostState.SENT or not post.outcome.startswith(SENT_PREFIX):
        return None
    number = post.outcome.removeprefix(SENT_PREFIX)
    return int(number) if number.isdigit() else None


def live_post_of(row: Post | None) -> tuple[int, int] | None:
    """(channel, message) of a sent table row (`GameStore.last_sent_table`)."""
    message = None if row is None else sent_message(row)
    return None if row is None or message is None else (row.channel_id, message)


class CrashPoint:
    """A test hook: `MOONRIVER_CRASH_AT=before_post:N` (or `after_post:N`) kills this
    process with SIGKILL at the Nth delivery, exactly between the commit and the post (or
    between the post and marking it sent). Unset in production: one dict lookup."""

    def __init__(self, spec: str) -> None:
        where, _, count = spec.partition(":")
        self.where = where
        self.left = int(count or "1")

    def reached(self, where: str) -> None:
        if where == self.where:
            self.left -= 1
            if self.left <= 0:
                os.kill(os.getpid(), signal.SIGKILL)


CRASH = CrashPoint(os.environ.get("MOONRIVER_CRASH_AT", ""))


def backoff(attempts: int, base: float, cap: float = MAX_BACKOFF) -> timedelta:
    """Exponential: base, 2·base, 4·base … capped at `cap` seconds."""
    return timedelta(seconds=min(base * 2 ** min(attempts, 20), cap))


def refused_since(post: Post) -> datetime | None:
    """When the channel first refused this row (403/404), if it did."""
    if not post.outcome.startswith(REFUSED_PREFIX):
        return None
    stamp = post.outcome.removeprefix(REFUSED_PREFIX).split(": ", 1)[0]
    try:
        return datetime.fromisoformat(stamp)
    except ValueError:
        return None


def missing_permission(exc: discord.HTTPException) -> str:
    """The translation key saying what a 403/404 means the bot lacks."""
    if exc.status == 404:
        return "bot.refused.gone"
    if exc.code == 50001:  # Missing Access: the bot cannot see the channel or thread
        return "bot.refused.access"
    return "bot.refused.send"  # 50013 Missing Permissions and any other 403


async def where_is(client: discord.Client, guild_id: int | None,
                   channel_id: int) -> tuple[str, str]:
    """The names of a table's server and channel for a direct message: from this
    process's cache, else asked of Discord (a process delivers any game's rows, but its
    cache holds only its own shards' servers); "Discord" and the channel's id when
    Discord does not say either."""
    guild = client.get_guild(guild_id) if guild_id is not None else None
    server = guild.name if guild is not None else None
    if server is None and guild_id is not None:
        with contextlib.suppress(discord.HTTPException, *TRANSIENT):
            server = str((await client.http.get_guild(guild_id)).get("name") or "") or None
    channel = getattr(client.get_channel(channel_id), "name", None)
    if channel is None:
        with contextlib.suppress(discord.HTTPException, *TRANSIENT):
            channel = str((await client.http.get_channel(channel_id)).get("name") or "") or None
    return server or "Discord", channel or str(channel_id)


async def send_once(client: discord.Client, channel_id: int, message: Announcement,
                    nonce: str) -> int:
    """Post with a nonce Discord enforces (a repeat returns the first message); returns
    the message id. discord.py's `send` cannot ask for `enforce_nonce`, hence the HTTP
    layer."""
    files = [discord.File(io.BytesIO(data), name) for name, data in message.files]
    reference: Any = discord.utils.MISSING
    if message.reply_to is not None:  # a reminder answers the live turn post
        reference = {"channel_id": message.reply_to[0], "message_id": message.reply_to[1],
                     "fail_if_not_exists": False}
    with handle_message_parameters(
            content=message.content or None, files=files or discord.utils.MISSING,
            view=message.view.as_view() if message.view else discord.utils.MISSING,
            allowed_mentions=message.allowed_mentions(), nonce=nonce,
            message_reference=reference) as params:
        if params.payload is not None:
            params.payload["enforce_nonce"] = True
        else:  # multipart: the JSON part comes first
            assert params.multipart is not None
            part = params.multipart[0]
            part["value"] = json.dumps({**json.loads(part["value"]), "enforce_nonce": True})
        data = await client.http.send_message(channel_id, params=params)
    return int(data["id"])


class Delivery:
    """Posts the outbox rows it claims until stopped. `wake()` after a commit for no
    delay (the store's `listen` wakes it for any process's commit)."""

    def __init__(self, client: TableClient, draw: Drawer, *, retry_base: float = 2.0,
                 archive_after: float = 24.0,
                 clock: Callable[[], datetime] = utc_now) -> None:
        self.client = client
        self.draw = draw
        self.retry_base = retry_base
        self.archive_after = timedelta(hours=archive_after)
        self._refused: dict[int, datetime] = {}  # game -> its channel's first refusal
        self.clock = clock
        self._wake = asyncio.Event()
        self._busy: dict[int, asyncio.Task[None]] = {}  # game id -> its delivery task
        self._waiting: set[int] = set()  # rows claimed whose game's task has not started
        self._task: asyncio.Task[None] | None = None

    @property
    def store(self) -> GameStore:
        return self.client.store

    @property
    def running(self) -> bool:
        """Started and not yet drained (a bot that never opened its store never starts)."""
        return self._task is not None

    def wake(self) -> None:
        self._wake.set()

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.create_task(self._run(), name="moonriver-delivery")

    async def _run(self) -> None:
        while True:
            self._wake.clear()  # before the round: a wake during it means "look again"
            try:
                await self.round()
            except Exception:
                log.exception("delivery round failed")
            with contextlib.suppress(TimeoutError):
                # not `wait_for`: on Python 3.11 it swallows a cancel that lands just as
                # the wake comes (the event already set), and the loop then never ends
                async with asyncio.timeout(IDLE_POLL):
                    await self._wake.wait()
            # a store that never suspends (memory) and a wake already set would loop here
            # without letting a finished game's task leave `_busy`
            await asyncio.sleep(0)

    async def round(self) -> int:
        """Claim the due rows of every game nobody is delivering and start delivering
        them; returns how many games were started."""
        if getattr(self.store, "stopped", False):
            return 0  # the store refuses every write (logged once, CRITICAL): no retries
        by_game: dict[int, list[Post]] = {}
        for post in await self.store.claim_posts(self.clock(), BATCH):
            by_game.setdefault(post.game_id, []).append(post)
        busy = [p.id for game_id in by_game.keys() & self._busy.keys()
                for p in by_game.pop(game_id)]
        await self.store.release_posts(busy)  # a lease outlived by its own delivery
        self._waiting.update(p.id for posts in by_game.values() for p in posts)
        for game_id, posts in by_game.items():
            while len(self._busy) >= PARALLEL_GAMES:
                await asyncio.wait(set(self._busy.values()),
                                   return_when=asyncio.FIRST_COMPLETED)
            self._waiting.difference_update(p.id for p in posts)
            task = asyncio.create_task(self._deliver_game(posts))
            self._busy[game_id] = task
            task.add_done_callback(functools.partial(self._done, game_id))
        return len(by_game)

    def _done(self, game_id: int, _task: asyncio.Task[None]) -> None:
        self._busy.pop(game_id, None)
        self._wake.set()  # more may have come for that game meanwhile

    async def _deliver_game(self, posts: list[Post]) -> None:
        """A game's claimed rows in order; the rows after one that must wait for its
        retry are let go (claimable again, by any process, once it is due)."""
        for n, post in enumerate(posts):
            try:
                if not await self.deliver(post):
                    await self.store.release_posts([p.id for p in posts[n + 1:]])
                    return  # later rows of this game wait for this one's retry
            except DatabaseReplaced:
                return  # the store stopped writes (logged once, CRITICAL)
            except Exception:
                log.exception("delivering post %s failed", post.id)
                await self.store.settle_post(
                    post.id, PostState.PENDING, "unexpected error",
                    retry_at=self.clock() + backoff(post.attempts, self.retry_base))
                await self.store.release_posts([p.id for p in posts[n + 1:]])
                return

    async def deliver(self, post: Post) -> bool:
        """One row to its end state (or its next try). False if it must be retried."""
        game = await self.client.service.game(post.game_id, post.channel_id, post.version)
        if game is None:
            await self.store.settle_post(post.id, PostState.FAILED, "the game is gone")
            return True
        if post.kind is PostKind.REMINDER and post.pings and game.guild_id is not None \
                and await self._has_left(game.guild_id, post.pings[0]):
            await self.store.settle_post(post.id, PostState.FAILED, "the member left")
            await self._stand_in(game.id, game.channel_id, post.pings[0])
            return True
        state = await self.client.service.state_of(game) \
            if game.status is not Status.LOBBY else None
        told = state  # a table post shows the table where its log range ends, even late
        if post.kind is PostKind.TABLE and state is not None:
            told = await self.client.service.state_told(game, post.version, post.seq)
        context = await self._context(post, game, told)
        message = await build_announcement(post, game, told, context, self.draw)
        if not await self.store.recheck_post(post.id, self.clock()):
            # superseded while it was drawn (the newer row tells its turns too), or the
            # lease was lost to another process (which posts it)
            return True
        try:
            channel = post.target if post.kind is PostKind.DM else game.channel_id
            if post.kind is PostKind.DM and post.target is not None:
                channel = int((await self.client.http.start_private_message(post.target))["id"])
            assert channel is not None
            if post.kind is PostKind.TABLE and state is not None:
                await self._resume_kept(game, state, post.pings)
            CRASH.reached("before_post")
            message_id = await send_once(self.client, channel, message, post.nonce)
            if post.kind is PostKind.TABLE and state is not None \
                    and rules_of(game).is_over(state):
                try:  # best effort: the end post is the record, and must not be held up
                    await self._tell_parent(post, game, state, message_id)
                except Exception:
                    log.exception("game %s: telling the parent channel failed", game.id)
            CRASH.reached("after_post")
        except (discord.NotFound, discord.Forbidden) as exc:
            if post.kind is not PostKind.DM and not await self._hold(post, game, exc):
                return False  # the game waits; its turns are told when the post goes out
            await self._undeliverable(post, game.host_id, exc)
            return True
        except discord.HTTPException as exc:  # 5xx (DiscordServerError) included
            why = f"{exc.status} {exc.text}"[:200]
            if exc.status == 429 or exc.status >= 500:
                return await self._retry(post, why)
            log.warning("post %s (game %s) refused for good: %s", post.id, post.game_id, why)
            await self.store.settle_post(post.id, PostState.FAILED, why)
            return True
        except TRANSIENT as exc:
            return await self._retry(post, f"{type(exc).__name__}: {exc}"[:200])
        self._refused.pop(game.id, None)
        await self.store.settle_post(post.id, PostState.SENT, f"{SENT_PREFIX}{message_id}")
        if post.kind is PostKind.TABLE:
            await self._strip_buttons(context.live_post, message_id)
            await self._strip_reminders(post)
        return True

    async def _context(self, post: Post, game: Game, state: Any | None) -> Context:
        """The turns the row tells, read from the action log (`TableService.told_before`), and
        where the table and its live post are: the same in any process, after any
        restart, and again for a row tried again later. The live post (the table's
        buttons) is the newest sent table row's, read from the store: whichever process
        sent it."""
        live = live_post_of(await self.store.last_sent_table(game.id, post.id))
        if post.kind is PostKind.DM:
            server, channel = await where_is(self.client, game.guild_id, game.channel_id)
            prefs = await self.store.user_prefs(post.target) if post.target else None
            return Context(server=server, channel=channel, live_post=live,
                           dm_locale=prefs.locale if prefs else None)
        if post.kind is not PostKind.TABLE or state is None or post.seq is None:
            return Context(live_post=live)
        segments, events = await self.client.service.told_before(game, post.seq, post.id)
        rules = rules_of(game)
        names = [safe_name(n) for n in rules.names(state)]
        record = await self.client.service.record_of(game) if rules.is_over(state) else None
        return Context(turn_lines(segments, names, game.settings.locale), events,
                       live_post=live, record=record)

    async def _resume_kept(self, game: Game, state: Any, pings: Sequence[int]) -> None:
        """The pinged mover's next decision into their last turn's private message, if
        this process kept it (`dialogue.resume_kept`), before the post that pings them:
        best effort, the post and its Play come regardless."""
        for user_id in pings:
            try:
                await resume_kept(self.client, game, state, user_id)
            except Exception:
                log.exception("game %s: resuming a kept private message failed", game.id)

    async def _parent_of(self, channel_id: int) -> int | None:
        """The channel a thread hangs off (None for a plain channel, or when Discord does
        not say): from the cache, else asked once."""
        channel: Any = self.client.get_channel(channel_id)
        if channel is None:
            try:
                channel = await self.client.fetch_channel(channel_id)
            except (discord.HTTPException, *TRANSIENT):
                return None
        if isinstance(channel, discord.Thread):
            return channel.parent_id
        return None

    async def _tell_parent(self, post: Post, game: Game, state: Any, message_id: int) -> None:
        """A game played in a thread ended: one line in the channel the thread hangs off,
        with the result and a link to the end post (in the table's language). Sent with
        its own nonce before the end post's row is marked sent, so a retry after a crash
        repeats neither; best effort otherwise (the end post is the record)."""
        parent = await self._parent_of(game.channel_id)
        if parent is None or game.guild_id is None:
            return
        rules = rules_of(game)
        result = rules.result(state)
        names = rules.names(state)
        locale = game.settings.locale
        seats = () if result is None else winners_of(result, game.resigned)
        winners = " & ".join(safe_name(names[seat]) for seat in seats)
        link = (f"https://discord.com/channels/{game.guild_id}/{game.channel_id}/"
                f"{message_id}")
        line = Announcement(t("end.parent", locale, title=rules.title, winners=winners,
                              thread=f"<#{game.channel_id}>", ranking=ranking(game, state),
                              link=link))
        try:
            await send_once(self.client, parent, line, f"p{post.nonce}"[:25])
        except (discord.HTTPException, *TRANSIENT) as exc:  # e.g. a forum: no plain posts
            log.info("game %s: could not post the result in channel %s (%s)", game.id,
                     parent, exc)

    async def _strip_buttons(self, previous: tuple[int, int] | None, message_id: int) -> None:
        """Only the newest table post keeps its buttons: strip the previous one's."""
        if previous is None or previous[1] == message_id:
            return
        try:  # through the HTTP layer: the edited message is not parsed into an object
            with handle_message_parameters(
                    view=None, previous_allowed_mentions=self.client.allowed_mentions) as params:
                await self.client.http.edit_message(previous[0], previous[1], params=params)
        except (discord.HTTPException, *TRANSIENT):  # deleted or too old: nothing to strip
            log.info("could not strip the buttons of post %s", previous[1])

    async def _strip_reminders(self, post: Post) -> None:
        """A new table post moved the turn on: the reminders sent since the previous one
        lose their Play button (an old reminder must not look like a turn still waiting).
        Read from the outbox, so it holds after a restart too."""
        for row in await self.store.reminders_since_last_table(post.game_id, post.id):
            message = sent_message(row)
            if message is None:
                continue
            try:
                with handle_message_parameters(
                        view=None,
                        previous_allowed_mentions=self.client.allowed_mentions) as params:
                    await self.client.http.edit_message(row.channel_id, message,
                                                        params=params)
            except (discord.HTTPException, *TRANSIENT):  # deleted or too old
                log.info("could not strip the buttons of reminder %s", message)

    async def _retry(self, post: Post, why: str) -> bool:
        retry_at = self.clock() + backoff(post.attempts, self.retry_base)
        log.warning("post %s (game %s) not delivered (%s); again at %s", post.id,
                    post.game_id, why, retry_at.isoformat(timespec="seconds"))
        await self.store.settle_post(post.id, PostState.PENDING, why, retry_at=retry_at)
        return False

    async def _hold(self, post: Post, game: Game, exc: discord.HTTPException) -> bool:
        """The game's channel refused a post (403/404). The first time, tell the host
        what is missing; then try again with a backoff. True once the refusal has lasted
        `archive_after` (the caller then archives the game)."""
        now = self.clock()
        since = refused_since(post) or self._refused.get(game.id)
        why = f"{exc.status} {exc.text}"[:160]
        if since is None:
            since = self._refused[game.id] = now
            log.warning("game %s: channel %s refuses posts (%s); holding the game, the "
                        "host is told", post.game_id, post.channel_id, why)
            await self._tell(game.host_id, t(
                "bot.refused", game.settings.locale, channel=f"<#{game.channel_id}>",
                missing=t(missing_permission(exc), game.settings.locale),
                hours=f"{self.archive_after.total_seconds() / 3600:g}"))
        if now - since >= self.archive_after:
            return True
        retry_at = now + backoff(post.attempts, self.retry_base, MAX_REFUSED_BACKOFF)
        await self.store.settle_post(post.id, PostState.PENDING,
                                     f"{REFUSED_PREFIX}{since.isoformat()}: {why}",
                                     retry_at=retry_at)
        return False

    async def _undeliverable(self, post: Post, host_id: int, exc: discord.HTTPException) -> None:
        """403/404 for good: the row fails; a table post or reminder that cannot reach its
        channel archives the game (a zombie), and the host hears of it by DM."""
        why = f"{exc.status} {exc.text}"[:160]
        since = refused_since(post)
        if since is not None:  # `/moonriver resume` knows it by this outcome
            why = f"{REFUSED_PREFIX}{since.isoformat()}: {why}"
        await self.store.settle_post(post.id, PostState.FAILED, why)
        if post.kind is PostKind.DM:
            log.info("could not DM user %s (%s)", post.target, why)
            return
        log.warning("game %s: channel %s refuses posts (%s); archiving", post.game_id,
                    post.channel_id, why)
        archived = await self.client.service.archive(post.game_id)
        if archived is not None and host_id:
            await self.tell_host(host_id, post.channel_id, archived.settings.locale)

    async def tell_host(self, host_id: int, channel_id: int, locale: str) -> None:
        """Best effort: a closed DM or a failure here changes nothing."""
        await self._tell(host_id, t("bot.archived", locale, channel=f"<#{channel_id}>"))

    async def welcome(self, game: Game, user_id: int, seat: str, locale: str) -> None:
        """The private welcome of a member handed a seat: whose seat, where, and Play: a
        link to the table's channel, where the fresh post about the hand-over has the
        Play button (a DM cannot play: the commands are the server's). Best effort."""
        guild = self.client.get_guild(game.guild_id) if game.guild_id is not None else None
        channel = self.client.get_channel(game.channel_id)
        link = f"https://discord.com/channels/{game.guild_id or '@me'}/{game.channel_id}"
        text = game_text(game.options.game, "lobby.seat_welcome", locale, seat=seat,
                         server=guild.name if guild else "Discord",
                         channel=getattr(channel, "name", None) or str(game.channel_id))
        await self._tell(user_id, text, Components().link(t("label.play", locale), link))

    async def _tell(self, user_id: int, text: str, view: Components | None = None) -> None:
        """A direct message, best effort: a closed DM or a failure here changes nothing."""
        if not user_id:
            return
        try:
            dm = await self.client.http.start_private_message(user_id)
            await self.client.http.send_message(int(dm["id"]), params=handle_message_parameters(
                text, view=sendable(view) or discord.utils.MISSING,
                allowed_mentions=discord.AllowedMentions.none()))
        except (discord.HTTPException, *TRANSIENT):
            log.info("could not send a direct message to user %s", user_id)

    async def tell_quarantined(self, game: Game) -> None:
        """One line in a quarantined game's channel (its log no longer replays), pinging
        its players and host. Best effort: the CRITICAL log line is the record."""
        people = sorted({s.user_id for s in game.seats if s.user_id is not None}
                        | ({game.host_id} if game.host_id else set()))
        text = t("bot.quarantined", game.settings.locale, game=game.id,
                 players=" ".join(f"<@{user}>" for user in people))
        try:
            await self.client.http.send_message(game.channel_id, params=handle_message_parameters(
                text, allowed_mentions=discord.AllowedMentions(
                    everyone=False, roles=False,
                    users=[discord.Object(user) for user in people])))
        except (discord.HTTPException, *TRANSIENT):
            log.info("could not tell channel %s that game %s was quarantined",
                     game.channel_id, game.id)

    async def _has_left(self, guild_id: int, user_id: int) -> bool:
        """Whether a seated member left the server (no privileged intents needed: the
        member fetch answers 404 Unknown Member). Any other failure: assume present."""
        try:
            await self.client.http.get_member(guild_id, user_id)
        except discord.NotFound:
            return True
        except (discord.HTTPException, *TRANSIENT):
            return False
        return False

    async def _stand_in(self, game_id: int, channel_id: int, user_id: int) -> None:
        """The member is gone: a computer plays their turn now (it is past the table's
        first deadline, which is when their reminder fell due)."""
        gone = Reminder(0, game_id, channel_id, user_id, "autoplay", self.clock(), 0)
        result = await self.client.service.autoplay(gone)
        log.info("game %s: user %s left the server; a computer %s", game_id, user_id,
                 "played their turn" if result is not None else "had nothing to play")
        self.wake()

    async def drain(self, timeout: float) -> int:
        """At shutdown: deliver what is due now (within `timeout` s), then stop. Rows left
        (retries not yet due, or time ran out) stay pending for the next start."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        if self._task is not None:
            await cancel_until_done(self._task)
            self._task = None
        if self._waiting:  # claimed by the round just stopped: deliver them now
            waiting, self._waiting = list(self._waiting), set()
            await self.store.release_posts(waiting)
        while loop.time() < deadline:
            started = await self.round()
            if self._busy:
                await asyncio.wait(set(self._busy.values()), timeout=deadline - loop.time())
            elif not started:
                break
        await asyncio.gather(*(cancel_until_done(task) for task in list(self._busy.values())))
        return len(await self.store.due_posts(self.clock(), BATCH))


async def cancel_until_done(task: asyncio.Task[Any], every: float = 0.1) -> None:
    """Cancel `task` and wait for it to end, cancelling again while it runs on: a cancel
    that a library swallows (`asyncio.wait_for` on Python 3.11 does when the awaited
    thing finishes at that moment) must not leave a stop waiting forever."""
    while not task.done():
        task.cancel()
        await asyncio.wait({task}, timeout=every)
    if not task.cancelled():
        task.exception()  # retrieved: an error it ended with is not logged as unseen
