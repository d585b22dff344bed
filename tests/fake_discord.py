"""A small fake Discord on 127.0.0.1 for end-to-end tests of the real discord.py client.

It serves the REST routes the bot uses and a gateway websocket (HELLO, READY,
GUILD_CREATE, heartbeats, INTERACTION_CREATE, MESSAGE_CREATE for a member's @mention:
`mention`), remembers the intents the bot identified with and the channel each thread it
made hangs off (`GET /channels/{id}` answers with it), records everything the bot sends, and
records a *violation* whenever the bot breaks a Discord limit: first response to an
interaction later than 3 s, a message over 2000 characters, a file over 10 MiB. It can
also answer the next REST call with a 429 rate limit, as Discord does.

Fault injection for the outbox: `faults` answers the next channel posts with the given
statuses (429 with a short retry_after, 5xx); channels in `forbidden` answer 403 (Missing
Permissions), channels in `deleted` 404 (Unknown Channel); users in `left` are no longer
members (404 Unknown Member). Message nonces are honoured as Discord does: a post with
`enforce_nonce` and a nonce seen in the same channel within a few minutes returns the
first message and posts nothing new (`nonce_hits` counts those).

It routes like Discord's sharded gateway: `GET /gateway/bot` gives `shard_count` and the
session start limit (`max_concurrency`), each IDENTIFY carries `[shard_id, shard_count]`
and opens that shard's session, a server's events and interactions go only to the session
of shard `(guild_id >> 22) % shard_count` and direct messages to shard 0. A test places a
server on a chosen shard (`add_guild`), takes a shard down and up again (`take_down`,
`bring_up`), and may check the 5 s between IDENTIFYs of one bucket (`identify_window`).
One shard is the default.

It counts what crosses the wire (`requests` by route, `events` by gateway event) so a
benchmark can tell how many calls a player turn costs. It shares the machine's cores with
the bot under test, so it does no work a real Discord would not make the bot wait for:
a waiter is a future checked once per new message, not a coroutine woken for each.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import random
import re
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, cast

from aiohttp import WSMsgType, web

API = "/api/v10"
BOT_ID = 900000000000000001
APP_ID = 900000000000000002
GUILD_ID = 800000000000000001
CHANNEL_ID = 800000000000000010
MAX_FILE = 10 * 1024 * 1024
NONCE_WINDOW = 300.0  # seconds Discord keeps a nonce (a few minutes)
_ids = itertools.count(1_000_000_000_000_000_001)


def _json(data: Any, status: int = 200, headers: dict[str, str] | None = None) -> web.Response:
    """JSON with the exact content type discord.py checks for (no charset suffix)."""
    return web.Response(body=json.dumps(data).encode(), status=status,
                        headers={"Content-Type": "application/json", **(headers or {})})


def dm_channel(user_id: int) -> int:
    """The id of the direct-message channel with `user_id` (users in `dm_open`)."""
    return 700000000000000000 + user_id


def snowflake() -> str:
    return str(next(_ids))


def user_payload(user_id: int, name: str, bot: bool = False) -> dict[str, Any]:
    return {"id": str(user_id), "username": name, "global_name": name, "discriminator": "0",
            "avatar": None, "bot": bot}


BOT_USER = user_payload(BOT_ID, "moonriver", bot=True)


@dataclass
class Sent:
    """A message the bot posted (channel message, interaction response or follow-up)."""

    id: str
    channel_id: str
    kind: str  # "channel" | "callback" | "update" | "followup" | "edit"
    content: str
    components: list[dict[str, Any]]
    files: dict[str, int]  # name -> size
    ephemeral: bool
    allowed_mentions: dict[str, Any] | None
    interaction_id: str | None = None
    target: str | None = None  # the message an "edit" or "update" changed

    def labels(self) -> list[str]:
        """Every text a player reads on the components: labels, placeholders, options."""
        out = []
        for row in self.components:
            for c in row.get("components", []):
                out += [c.get("label") or "", c.get("placeholder") or ""]
                for o in c.get("options", []):
                    out += [o.get("label") or "", o.get("description") or ""]
        return [x for x in out if x]

    def custom_ids(self) -> list[str]:
        out = []
        for row in self.components:
            for c in row.get("components", []):
                if "custom_id" in c:
                    out.append(c["custom_id"])
        return out

    def select_options(self, custom_id: str) -> list[str]:
        for row in self.components:
            for c in row.get("components", []):
                if c.get("custom_id") == custom_id:
                    return [o["value"] for o in c.get("options", [])]
        return []


@dataclass
class FakeDiscord:
    port: int = 0
    sent: list[Sent] = field(default_factory=list)
    violations: list[str] = field(default_factory=list)
    commands: list[dict[str, Any]] = field(default_factory=list)
    response_times: list[float] = field(default_factory=list)
    dm_attempts: int = 0
    choices: dict[str, list[str]] = field(default_factory=dict)  # autocomplete values
    choice_names: dict[str, list[str]] = field(default_factory=dict)  # … as shown
    last_choice_names: list[str] = field(default_factory=list)  # of the last `autocomplete`
    threads: list[str] = field(default_factory=list)  # names of the threads created
    thread_parents: dict[str, str] = field(default_factory=dict)  # thread id -> channel id
    intents: int | None = None  # what the bot identified with (gateway intents bits)
    removed_channels: list[str] = field(default_factory=list)  # ids of threads deleted
    rate_limit_next: int = 0
    faults: list[int] = field(default_factory=list)
    forbidden: set[str] = field(default_factory=set)
    deleted: set[str] = field(default_factory=set)
    left: set[int] = field(default_factory=set)
    dm_open: set[int] = field(default_factory=set)  # users whose DMs accept the bot
    post_delay: float = 0.0  # seconds a channel post waits before it is answered
    nonce_hits: int = 0
    history_reads: int = 0  # GET /channels/{id}/messages answered
    fault_hits: list[tuple[str, int]] = field(default_factory=list)
    _nonces: dict[tuple[str, str], tuple[float, Sent]] = field(default_factory=dict)
    ready: asyncio.Event = field(default_factory=asyncio.Event)  # every shard connected
    shard_count: int = 1  # what /gateway/bot recommends; IDENTIFY must carry it
    max_concurrency: int = 16  # sessions started per 5 s (bucket: shard % this)
    #: Discord's 5 s per bucket between IDENTIFYs, checked when set (a violation): off by
    #: default, since a test's restarted bot identifies again within seconds (Discord
    #: would answer that with an invalid session and discord.py identify again)
    identify_window: float = 0.0
    guilds: list[int] = field(default_factory=lambda: [GUILD_ID])
    down: set[int] = field(default_factory=set)  # shards taken down (`take_down`)
    identifies: list[tuple[int, int]] = field(default_factory=list)  # [shard, count] sent
    _sessions: dict[int, web.WebSocketResponse] = field(default_factory=dict)
    _held: dict[int, list[web.WebSocketResponse]] = field(default_factory=dict)
    _identified_at: dict[int, float] = field(default_factory=dict)
    _guild_of_channel: dict[int, int] = field(default_factory=lambda: {CHANNEL_ID: GUILD_ID})
    _seq: int = 0
    _pending: dict[str, tuple[float, asyncio.Event]] = field(default_factory=dict)
    _channels: dict[str, str] = field(default_factory=dict)
    _original: dict[str, Sent] = field(default_factory=dict)  # interaction -> type 4 answer
    _on_message: dict[str, Sent] = field(default_factory=dict)
    _users: dict[str, int] = field(default_factory=dict)  # interaction id -> who made it
    #: Discord accepts an interaction's token for 15 minutes; a test shortens it to see
    #: what the bot does with a token that has run out (401, "Invalid Webhook Token").
    token_lifetime: float = 15 * 60.0
    _runner: web.AppRunner | None = None
    requests: Counter[str] = field(default_factory=Counter)  # "POST channels/messages" …
    events: Counter[str] = field(default_factory=Counter)    # gateway events sent
    callback_types: Counter[int] = field(default_factory=Counter)  # 4 message, 7 update …
    _waiters: list[tuple[Callable[[Sent], bool], asyncio.Future[Sent]]] = field(
        default_factory=list)
    #: (index in `sent`, message) by interaction id and by channel id: a load of tables
    #: waits on its own messages without scanning everyone's (`wait_for`'s keys)
    _indexed: dict[tuple[str, str], list[tuple[int, Sent]]] = field(default_factory=dict)
    _keyed_waiters: dict[tuple[str, str],
                         list[tuple[Callable[[Sent], bool], asyncio.Future[Sent]]]] = field(
        default_factory=dict)

    # --- server -----------------------------------------------------------------------

    async def start(self) -> None:
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_get("/gateway", self.gateway)
        app.router.add_route("*", API + "/{tail:.*}", self.rest)
        self._runner = web.AppRunner(app)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", self.port)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]

    async def stop(self) -> None:
        for ws in [*self._sessions.values(), *(w for held in self._held.values() for w in held)]:
            await ws.close()
        if self._runner is not None:
            await self._runner.cleanup()

    @property
    def env(self) -> dict[str, str]:
        return {"DISCORD_API_BASE": f"http://127.0.0.1:{self.port}{API}",
                "DISCORD_GATEWAY_URL": f"ws://127.0.0.1:{self.port}/gateway",
                "DISCORD_TOKEN": "fake-token-0123456789-abcdefghij",
                "DISCORD_DEV_GUILD": str(GUILD_ID)}

    # --- gateway ----------------------------------------------------------------------

    def shard_of(self, guild_id: int | None) -> int:
        """Discord's routing: a server's events go to shard (guild_id >> 22) % count,
        direct messages (no server) to shard 0."""
        return 0 if guild_id is None else (guild_id >> 22) % self.shard_count

    def add_guild(self, shard: int | None = None) -> tuple[int, int]:
        """A new server (and its games channel) on `shard` (by its id, as Discord
        routes): (guild id, channel id). It is announced to a shard that is connected."""
        base = (GUILD_ID >> 22) + 1 + len(self.guilds)
        while shard is not None and base % self.shard_count != shard:
            base += 1
        guild_id = base << 22 | 1
        self.guilds.append(guild_id)
        channel_id = guild_id + 9
        self._guild_of_channel[channel_id] = guild_id
        return guild_id, channel_id

    def add_channel(self, guild_id: int, channel_id: int | None = None) -> int:
        """Another text channel in a server (its interactions carry that server)."""
        channel_id = int(snowflake()) if channel_id is None else channel_id
        self._guild_of_channel[channel_id] = guild_id
        return channel_id

    def guild_of(self, channel_id: int) -> int:
        return self._guild_of_channel.get(channel_id, GUILD_ID)

    async def dispatch(self, event: str, data: dict[str, Any], shard: int | None = None) -> None:
        """Send a gateway event to the session of the shard Discord would route it to
        (the server's in `data`, or shard 0); an event for a shard that is down or not
        connected is an error, as an interaction that fails."""
        if shard is None:
            guild = data.get("guild_id")
            shard = self.shard_of(int(guild) if guild else None)
        ws = self._sessions.get(shard)
        if ws is None or ws.closed or shard in self.down:
            raise ShardDown(f"shard {shard} has no session (the bot is not connected)")
        self._seq += 1
        self.events[event] += 1
        try:
            await ws.send_json({"op": 0, "t": event, "s": self._seq, "d": data})
        except ConnectionResetError:  # the process behind it died just now
            raise ShardDown(f"shard {shard}'s session is closing") from None

    def connected(self) -> set[int]:
        """The shards with an identified session that is up."""
        return set(self._sessions) - self.down

    async def wait_shards(self, shards: set[int] | None = None, timeout: float = 60) -> None:
        """Until every shard of `shards` (all by default) has a session."""
        wanted = set(range(self.shard_count)) if shards is None else shards
        async with asyncio.timeout(timeout):
            while not wanted <= self.connected():
                await asyncio.sleep(0.02)

    async def take_down(self, shard: int) -> None:
        """Shard `shard` goes down: its session is closed (resumable) and the bot's next
        IDENTIFY or RESUME for it waits unanswered until `bring_up`."""
        self.down.add(shard)
        self.ready.clear()
        ws = self._sessions.pop(shard, None)
        if ws is not None:
            await ws.close(code=4000, message=b"shard down")

    async def bring_up(self, shard: int) -> None:
        self.down.discard(shard)
        for ws in self._held.pop(shard, []):
            if not ws.closed:
                await self._session_ready(ws, shard)

    async def gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        shard: int | None = None
        await ws.send_json({"op": 10, "d": {"heartbeat_interval": 40000}})
        async for msg in ws:
            if msg.type is not WSMsgType.TEXT:
                continue
            payload = json.loads(msg.data)
            if payload["op"] == 1:
                await ws.send_json({"op": 11})
            elif payload["op"] in (2, 6):  # IDENTIFY / RESUME
                if payload["op"] == 2:
                    self.intents = int(payload["d"].get("intents") or 0)
                shard = self._identified(payload)
                if shard in self.down:
                    self._held.setdefault(shard, []).append(ws)
                else:
                    await self._session_ready(ws, shard)
        if shard is not None and self._sessions.get(shard) is ws:
            del self._sessions[shard]
            self.ready.clear()
        return ws

    def _identified(self, payload: dict[str, Any]) -> int:
        """The shard an IDENTIFY or RESUME is for; a violation if it breaks Discord's
        rules (a wrong shard count, a bucket identifying twice within 5 s)."""
        data = payload.get("d") or {}
        if payload["op"] == 6:  # RESUME: the session id names the shard
            return int(str(data.get("session_id", "fake-session-0")).rpartition("-")[2])
        shard_id, count = data.get("shard") or (0, 1)
        if count != self.shard_count or not 0 <= shard_id < count:
            self.violations.append(f"IDENTIFY as shard {[shard_id, count]} of a bot with "
                                   f"{self.shard_count} shard(s)")
        bucket = shard_id % self.max_concurrency
        now = time.monotonic()
        last = self._identified_at.get(bucket)
        if last is not None and now - last < self.identify_window:
            self.violations.append(f"IDENTIFY of shard {shard_id} {now - last:.2f} s after "
                                   f"another in bucket {bucket} (limit: one per "
                                   f"{self.identify_window:g} s)")
        self._identified_at[bucket] = now
        self.identifies.append((shard_id, count))
        return int(shard_id)

    async def _session_ready(self, ws: web.WebSocketResponse, shard: int) -> None:
        old = self._sessions.get(shard)
        self._sessions[shard] = ws
        if old is not None and old is not ws and not old.closed:
            await old.close(code=4000, message=b"replaced")
        mine = [g for g in self.guilds if self.shard_of(g) == shard]
        await self.dispatch("READY", {
            "v": 10, "user": BOT_USER, "session_id": f"fake-session-{shard}",
            "resume_gateway_url": f"ws://127.0.0.1:{self.port}/gateway",
            "shard": [shard, self.shard_count],
            "guilds": [{"id": str(g), "unavailable": True} for g in mine],
            "application": {"id": str(APP_ID), "flags": 0}}, shard=shard)
        for guild_id in mine:
            await self.dispatch("GUILD_CREATE", self.guild(guild_id), shard=shard)
        if not set(range(self.shard_count)) - self.connected():
            self.ready.set()

    def guild(self, guild_id: int = GUILD_ID) -> dict[str, Any]:
        channel_id = CHANNEL_ID if guild_id == GUILD_ID else guild_id + 9
        return {
            "id": str(guild_id), "name": "Test server", "owner_id": "1", "icon": None,
            "roles": [{"id": str(guild_id), "name": "@everyone", "permissions": "1024",
                       "position": 0, "color": 0, "hoist": False, "managed": False,
                       "mentionable": False}],
            "channels": [{"id": str(channel_id), "type": 0, "name": "games", "position": 0,
                          "guild_id": str(guild_id), "permission_overwrites": []}],
            "threads": [], "members": [], "member_count": 4, "large": False, "features": [],
            "emojis": [], "stickers": [], "unavailable": False, "joined_at": None,
            "verification_level": 0, "default_message_notifications": 0,
            "explicit_content_filter": 0, "mfa_level": 0, "premium_tier": 0,
            "system_channel_flags": 0, "preferred_locale": "en-US", "nsfw_level": 0,
        }

    # --- interactions -------------------------------------------------------------------

    def member(self, user_id: int, name: str, manager: bool = False) -> dict[str, Any]:
        return {"user": user_payload(user_id, name), "roles": [], "joined_at": None, "flags": 0,
                "deaf": False, "mute": False, "nick": None,
                "permissions": str((1 << 5) if manager else 1024)}

    async def interact(self, user: tuple[int, str], data: dict[str, Any], kind: int,
                       message: Sent | None = None, locale: str = "en-US",
                       channel_id: int = CHANNEL_ID, dm: bool = False,
                       shard: int | None = None) -> str:
        """Send an INTERACTION_CREATE and return its id (wait with `answered`); `dm`
        forges it as coming from a direct message (no guild, no member); `shard` sends
        it to that shard's session instead of the server's (as a re-shard moves a
        server to another process: the same game then reaches another process)."""
        interaction_id = snowflake()
        guild_id = self.guild_of(channel_id)
        payload = {
            "id": interaction_id, "application_id": str(APP_ID), "type": kind, "data": data,
            "guild_id": str(guild_id), "channel_id": str(channel_id),
            "channel": {"id": str(channel_id), "type": 0, "name": f"games-{channel_id}",
                        "guild_id": str(guild_id), "position": 0, "parent_id": None,
                        "permission_overwrites": [], "nsfw": False, "topic": None,
                        "last_message_id": None, "rate_limit_per_user": 0},
            "member": self.member(*user), "token": f"token-{interaction_id}", "version": 1,
            "locale": locale, "guild_locale": "en-US", "app_permissions": str((1 << 53) - 1),
            "entitlements": [], "authorizing_integration_owners": {}, "context": 0,
            "attachment_size_limit": MAX_FILE,
        }
        if message is not None:
            payload["message"] = self.message_payload(message)
            self._on_message[interaction_id] = message
        if dm:
            del payload["guild_id"], payload["member"], payload["guild_locale"]
            payload["user"] = user_payload(*user)
            payload["channel"] = {"id": str(channel_id), "type": 1, "recipients": [
                user_payload(*user)], "last_message_id": None}
            payload["context"] = 1
        self._pending[interaction_id] = (time.monotonic(), asyncio.Event())
        self._channels[interaction_id] = str(channel_id)
        self._users[interaction_id] = user[0]
        try:
            await self.dispatch("INTERACTION_CREATE", payload, shard=shard)
        except ShardDown:  # never reached the bot: nothing to answer
            del self._pending[interaction_id]
            raise
        return interaction_id

    async def mention(self, user: tuple[int, str], content: str,
                      channel_id: int = CHANNEL_ID, dm: bool = False) -> str:
        """A member's message that @mentions the bot (MESSAGE_CREATE, as Discord sends it
        to a bot with the Guild Messages intent, content included since it mentions the
        bot); `dm`: a direct message instead (no guild, no member). Returns its id."""
        message_id = snowflake()
        data: dict[str, Any] = {
            "id": message_id, "channel_id": str(channel_id), "author": user_payload(*user),
            "content": content, "timestamp": "2026-11-29T00:00:00+00:00",
            "edited_timestamp": None, "tts": False, "mention_everyone": False,
            "mentions": [] if dm else [BOT_USER], "mention_roles": [], "attachments": [],
            "embeds": [], "pinned": False, "type": 0, "flags": 0, "components": []}
        if not dm:
            data["guild_id"] = str(GUILD_ID)
            member = self.member(*user)
            del member["user"]
            data["member"] = member
        await self.dispatch("MESSAGE_CREATE", data)
        return message_id

    def unanswered(self) -> list[str]:
        """Interactions the bot never acknowledged (Discord shows 'interaction failed')."""
        return [i for i, (_, done) in self._pending.items() if not done.is_set()]

    async def answered(self, interaction_id: str, timeout: float = 10) -> None:
        await asyncio.wait_for(self._pending[interaction_id][1].wait(), timeout)

    async def slash(self, user: tuple[int, str], sub: str, channel_id: int = CHANNEL_ID,
                    dm: bool = False, group: str = "moonriver", **options: Any) -> str:
        command = next((c for c in self.commands if c["name"] == group), None)
        assert command is not None, f"the bot did not register /{group}"
        users = {k: v for k, v in options.items() if isinstance(v, tuple)}  # (id, name)
        opts = [{"name": k, "type": 6, "value": str(v[0])} if k in users else
                {"name": k, "type": 5 if isinstance(v, bool) else 4 if isinstance(v, int)
                 else 3, "value": v} for k, v in options.items()]
        data: dict[str, Any] = {"id": command["id"], "name": group, "type": 1,
                                "options": [{"name": sub, "type": 1, "options": opts}]}
        if users:  # a user option: Discord sends the member it names along
            members = {str(v[0]): self.member(*v) for v in users.values()}
            data["resolved"] = {
                "users": {uid: m.pop("user") for uid, m in members.items()},
                "members": members}
        return await self.interact(user, data, 2, channel_id=channel_id, dm=dm)

    async def command(self, user: tuple[int, str], name: str, channel_id: int = CHANNEL_ID,
                      locale: str = "en-US") -> str:
        """A top-level slash command without options (`/games`, `/help`)."""
        command = next((c for c in self.commands if c["name"] == name), None)
        assert command is not None, f"the bot did not register /{name}"
        data = {"id": command["id"], "name": name, "type": 1, "options": []}
        return await self.interact(user, data, 2, channel_id=channel_id, locale=locale)

    async def autocomplete(self, user: tuple[int, str], sub: str, option: str,
                           typed: str = "", locale: str = "en-US") -> list[str]:
        """What the bot offers while `user` types `typed` into `option` of `sub`."""
        command = next(c for c in self.commands if c["name"] == "moonriver")
        data = {"id": command["id"], "name": "moonriver", "type": 1, "options": [
            {"name": sub, "type": 1, "options": [
                {"name": option, "type": 3, "value": typed, "focused": True}]}]}
        iid = await self.interact(user, data, 4, locale=locale)
        await self.answered(iid)
        self.last_choice_names = self.choice_names.get(iid, [])
        return self.choices.get(iid, [])

    async def click(self, user: tuple[int, str], message: Sent, custom_id: str,
                    values: list[str] | None = None, locale: str = "en-US",
                    shard: int | None = None) -> str:
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": 3 if values else 2}
        if values:
            data["values"] = values
        return await self.interact(user, data, 3, message=message, locale=locale,
                                   channel_id=int(message.channel_id), shard=shard)

    def channel_history(self, channel_id: str, limit: int) -> list[dict[str, Any]]:
        """The channel's public messages as Discord lists them (newest first), each with
        its components as the newest edit or update of it left them (an edit here always
        sends its components, as the bot's do)."""
        latest = {sent.target: sent for sent in self.sent
                  if sent.kind in ("edit", "update") and sent.target is not None}
        out = []
        for sent in reversed(self.sent):
            if sent.channel_id != channel_id or sent.ephemeral \
                    or sent.kind not in ("channel", "followup", "callback"):
                continue
            payload = self.message_payload(sent)
            if sent.id in latest:
                payload["components"] = latest[sent.id].components
            out.append(payload)
            if len(out) == limit:
                break
        return out

    def message_payload(self, sent: Sent) -> dict[str, Any]:
        return {"id": sent.id, "channel_id": sent.channel_id, "author": BOT_USER,
                "content": sent.content, "timestamp": "2026-11-29T00:00:00+00:00",
                "edited_timestamp": None, "tts": False, "mention_everyone": False,
                "mentions": [], "mention_roles": [], "attachments": [], "embeds": [],
                "pinned": False, "type": 0, "components": sent.components,
                "flags": 64 if sent.ephemeral else 0}

    # --- REST -------------------------------------------------------------------------

    async def _body(self, request: web.Request) -> tuple[dict[str, Any], dict[str, int]]:
        # the raw header: aiohttp's parsed `content_type` goes through the email package,
        # half a millisecond a request
        content_type = request.headers.get("Content-Type", "")
        body = await request.read()
        if content_type.startswith("multipart/"):
            boundary = content_type.split("boundary=", 1)[1].strip('"')
            return multipart_form(body, boundary)
        return (json.loads(body) if body else {}), {}

    async def _record(self, kind: str, channel_id: str, body: dict[str, Any],
                      files: dict[str, int], interaction_id: str | None = None,
                      target: str | None = None) -> Sent:
        content = body.get("content") or ""
        if len(content) > 2000:
            self.violations.append(f"message of {len(content)} characters")
        for name, size in files.items():
            if size > MAX_FILE:
                self.violations.append(f"file {name} of {size} bytes")
        sent = Sent(snowflake(), channel_id, kind, content, body.get("components") or [],
                    files, bool((body.get("flags") or 0) & 64), body.get("allowed_mentions"),
                    interaction_id, target)
        index = len(self.sent)
        self.sent.append(sent)
        keys = [("channel", channel_id)]
        if interaction_id is not None:
            keys.append(("interaction", interaction_id))
        waiters = list(self._waiters)
        for key in keys:
            self._indexed.setdefault(key, []).append((index, sent))
            waiters += self._keyed_waiters.get(key, ())
        for predicate, future in waiters:
            if future.done():
                continue
            try:
                if predicate(sent):
                    future.set_result(sent)
            except Exception as exc:  # the waiter's own bug: raise it there, not here
                future.set_exception(exc)
        return sent

    def _token_expired(self, interaction_id: str) -> bool:
        started = self._pending.get(interaction_id)
        return started is not None and time.monotonic() - started[0] > self.token_lifetime

    def kept_message(self, user_id: int, after: int = 0) -> Sent | None:
        """The newest private message recorded at index `after` or later that an edit
        through one of the player's own interactions filled with a decision: their
        finished turn's message showing their next turn (the bot's `kept` messages)."""
        for sent in reversed(self.sent[after:]):
            if sent.kind == "update" and sent.ephemeral and sent.custom_ids() \
                    and self._users.get(sent.interaction_id or "") == user_id:
                return sent
        return None

    def messages(self, *, after: int = 0, interaction: str | None = None,
                 channel: int | str | None = None) -> list[Sent]:
        """Messages recorded at index `after` or later, of one interaction or one channel
        (exactly one of the two), from the index kept for them."""
        key = _key(interaction, channel)
        return [sent for index, sent in self._indexed.get(key, ()) if index >= after]

    async def rest(self, request: web.Request) -> web.StreamResponse:
        if self.rate_limit_next > 0 and request.method != "GET":
            self.rate_limit_next -= 1
            return _json({"message": "You are being rate limited.",
                                      "retry_after": 0.2, "global": False}, status=429,
                                     headers={"Retry-After": "0.2", "Via": "1.1 google",
                                              "X-RateLimit-Scope": "user"})
        tail = request.match_info["tail"]
        parts = tail.split("/")
        method = request.method
        self.requests[route_name(method, parts)] += 1
        if method == "GET" and tail == "gateway/bot":
            return _json({"url": f"ws://127.0.0.1:{self.port}/gateway",
                          "shards": self.shard_count, "session_start_limit": {
                              "total": 1000, "remaining": 1000, "reset_after": 0,
                              "max_concurrency": self.max_concurrency}})
        if method == "GET" and tail == "users/@me":
            return _json(BOT_USER)
        if method == "GET" and tail == "oauth2/applications/@me":
            return _json({
                "id": str(APP_ID), "name": "Moon River", "icon": None, "description": "",
                "bot_public": True, "bot_require_code_grant": False, "owner": BOT_USER,
                "verify_key": "0" * 64, "flags": 0, "team": None, "summary": ""})
        if method == "PUT" and parts[0] == "applications" and parts[-1] == "commands":
            body, _ = await self._body(request)
            listed = cast(list[dict[str, Any]], body)  # this route's body is a JSON list
            self.commands = [{**c, "id": snowflake(), "application_id": str(APP_ID),
                              "version": "1", "default_member_permissions": None,
                              "dm_permission": False, "type": c.get("type", 1)}
                             for c in listed]
            return _json(self.commands)
        if method == "POST" and parts[0] == "interactions" and parts[-1] == "callback":
            interaction_id = parts[1]
            body, files = await self._body(request)
            started, done = self._pending.get(interaction_id, (time.monotonic(),
                                                                asyncio.Event()))
            self.response_times.append(time.monotonic() - started)
            if time.monotonic() - started > 3:
                self.violations.append(f"interaction {interaction_id} answered after "
                                       f"{time.monotonic() - started:.1f} s")
            done.set()
            kind = body.get("type")
            self.callback_types[int(kind or 0)] += 1
            data = body.get("data") or {}
            if kind == 8:  # autocomplete choices
                self.choices[interaction_id] = [c["value"] for c in data.get("choices", [])]
                self.choice_names[interaction_id] = [c["name"] for c in data.get("choices", [])]
            if kind == 4:  # a new message: the interaction's original response from now on
                self._original[interaction_id] = await self._record(
                    "callback", self._channels.get(interaction_id, ""), data, files,
                    interaction_id)
            elif kind == 7:  # UPDATE_MESSAGE: the clicked message, edited in place
                on = self._on_message.get(interaction_id)
                if on is not None and on.ephemeral:
                    data = {**data, "flags": 64}
                await self._record("update", self._channels.get(interaction_id, ""), data,
                                   files, interaction_id, target=on.id if on else None)
            return _json({"interaction": {
                "id": interaction_id, "type": kind, "response_message_loading": kind == 5,
                "response_message_ephemeral": bool((data.get("flags") or 0) & 64)}})
        if method == "POST" and parts[0] == "webhooks":
            body, files = await self._body(request)
            interaction_id = parts[2].removeprefix("token-")
            sent = await self._record("followup", self._channels.get(interaction_id, ""), body,
                                      files, interaction_id)
            return _json(self.message_payload(sent))
        if method == "PATCH" and parts[0] == "webhooks":
            body, files = await self._body(request)
            interaction_id = parts[2].removeprefix("token-")
            if self._token_expired(interaction_id):
                return _json({"message": "Invalid Webhook Token", "code": 50027}, status=401)
            # @original: the message the interaction's answer created (type 4), else the
            # message clicked (an update, or a deferred click's answer)
            on = self._original.get(interaction_id) or self._on_message.get(interaction_id)
            if parts[-1] == "@original" and on is not None:
                body = {**body, "flags": 64} if on.ephemeral else body
                sent = await self._record("update", self._channels.get(interaction_id, ""),
                                          body, files, interaction_id, target=on.id)
                return _json(self.message_payload(sent))
            sent = await self._record("edit", str(CHANNEL_ID), body, files)
            return _json(self.message_payload(sent))
        if parts[0] == "channels" and len(parts) >= 3 and parts[2] == "messages":
            fault = self._channel_fault(parts[1], method)
            if fault is not None:
                return fault
            body, files = await self._body(request)
            if method == "POST" and self.post_delay:
                await asyncio.sleep(self.post_delay)
            if method == "POST":
                nonce = str(body.get("nonce") or "")
                seen = self._nonces.get((parts[1], nonce))
                if nonce and body.get("enforce_nonce") and seen is not None \
                        and time.monotonic() - seen[0] < NONCE_WINDOW:
                    self.nonce_hits += 1
                    return _json(self.message_payload(seen[1]))
                sent = await self._record("channel", parts[1], body, files)
                if nonce:
                    self._nonces[(parts[1], nonce)] = (time.monotonic(), sent)
                return _json(self.message_payload(sent))
            if method == "PATCH":
                sent = await self._record("edit", parts[1], body, files,
                                          target=parts[3] if len(parts) > 3 else None)
                return _json(self.message_payload(sent))
            if method == "GET" and len(parts) == 3:  # the channel's history, newest first
                limit = min(100, int(request.query.get("limit") or 50))
                self.history_reads += 1
                return _json(self.channel_history(parts[1], limit))
        if method == "POST" and tail == "users/@me/channels":  # opening a DM
            self.dm_attempts += 1
            body, _ = await self._body(request)
            recipient = int(body.get("recipient_id") or 0)
            if recipient in self.dm_open:  # its messages are "channel" posts to dm_channel()
                return _json({"id": str(dm_channel(recipient)), "type": 1,
                              "recipients": [user_payload(recipient, f"user{recipient}")],
                              "last_message_id": None})
            return _json({"message": "Cannot send messages to this user", "code": 50007},
                         status=403)
        if method == "GET" and parts[0] == "guilds" and len(parts) == 4 \
                and parts[2] == "members":
            user_id = int(parts[3])
            if user_id in self.left:
                return _json({"message": "Unknown Member", "code": 10007}, status=404)
            return self._json_member(user_id)
        if method == "GET" and parts[0] == "guilds" and len(parts) == 2:
            guild_id = int(parts[1])
            if guild_id not in self.guilds:
                return _json({"message": "Unknown Guild", "code": 10004}, status=404)
            return _json(self.guild(guild_id))
        if method == "GET" and parts[0] == "users":
            return _json(user_payload(int(parts[1]), f"user{parts[1]}"))
        if method == "GET" and parts[0] == "channels" and len(parts) == 2:
            parent = self.thread_parents.get(parts[1])
            if parent is not None:
                return _json(self._thread(parts[1], parent, "thread"))
            return _json({"id": parts[1], "type": 0, "name": f"games-{parts[1]}",
                          "guild_id": str(GUILD_ID), "position": 0,
                          "permission_overwrites": [], "nsfw": False, "parent_id": None})
        if method == "DELETE" and parts[0] == "channels" and len(parts) == 2:
            self.removed_channels.append(parts[1])
            guild_id = self.guild_of(int(parts[1]))
            return _json({"id": parts[1], "type": 11, "name": "deleted",
                          "guild_id": str(guild_id), "parent_id": str(CHANNEL_ID)})
        if method == "POST" and parts[0] == "channels" and parts[-1] == "threads":
            body, _ = await self._body(request)
            self.threads.append(str(body.get("name")))
            thread_id = snowflake()
            self.thread_parents[thread_id] = parts[1]
            self._guild_of_channel[int(thread_id)] = self.guild_of(int(parts[1]))
            return _json(self._thread(thread_id, parts[1], str(body.get("name"))))
        return _json({"message": f"fake Discord has no {method} /{tail}"},
                                 status=404)

    def _thread(self, thread_id: str, parent: str, name: str) -> dict[str, Any]:
        """A thread is in its parent channel's server."""
        return {"id": thread_id, "type": 11, "name": name,
                "guild_id": str(self.guild_of(int(parent))),
                "parent_id": parent, "owner_id": str(BOT_ID), "thread_metadata": {
                    "archived": False, "auto_archive_duration": 10080,
                    "archive_timestamp": "2026-11-29T00:00:00+00:00", "locked": False},
                "message_count": 0, "member_count": 1, "rate_limit_per_user": 0}

    def _channel_fault(self, channel_id: str, method: str) -> web.Response | None:
        """An injected failure for a message to `channel_id`, or None to serve it."""
        if channel_id in self.deleted:
            self.fault_hits.append((channel_id, 404))
            return _json({"message": "Unknown Channel", "code": 10003}, status=404)
        if channel_id in self.forbidden:
            self.fault_hits.append((channel_id, 403))
            return _json({"message": "Missing Permissions", "code": 50013}, status=403)
        if method == "POST" and self.faults:
            status = self.faults.pop(0)
            self.fault_hits.append((channel_id, status))
            if status == 429:
                return _json({"message": "You are being rate limited.", "retry_after": 0.05,
                              "global": False}, status=429,
                             headers={"Retry-After": "0.05", "Via": "1.1 google",
                                      "X-RateLimit-Scope": "user"})
            return _json({"message": "Service Unavailable", "code": 0}, status=status)
        return None

    def _json_member(self, user_id: int) -> web.Response:
        member = self.member(user_id, f"user{user_id}")
        del member["permissions"]
        return _json(member)

    async def wait_for(self, predicate: Any, *, after: int = 0, timeout: float = 20,
                       interaction: str | None = None,
                       channel: int | str | None = None) -> Sent:
        """The first message recorded at index `after` or later for which `predicate` holds;
        given an `interaction` or a `channel` id, only that one's messages are looked at."""
        keyed = interaction is not None or channel is not None
        candidates = self.messages(after=after, interaction=interaction, channel=channel) \
            if keyed else (self.sent[i] for i in range(after, len(self.sent)))
        for sent in candidates:
            if predicate(sent):
                return sent
        future: asyncio.Future[Sent] = asyncio.get_running_loop().create_future()
        waiter = (predicate, future)
        # `_record` checks each new message against it once
        waiters = self._keyed_waiters.setdefault(_key(interaction, channel), []) \
            if keyed else self._waiters
        waiters.append(waiter)
        try:
            return await asyncio.wait_for(future, timeout)
        finally:
            waiters.remove(waiter)
            if keyed and not waiters:  # one key per click: keep the table small
                del self._keyed_waiters[_key(interaction, channel)]


class ShardDown(RuntimeError):
    """An event for a shard with no session: Discord would fail the interaction."""


def _key(interaction: str | None, channel: int | str | None) -> tuple[str, str]:
    if (interaction is None) == (channel is None):
        raise ValueError("give exactly one of interaction and channel")
    return ("interaction", interaction) if interaction is not None else ("channel",
                                                                         str(channel))


_DISPOSITION = re.compile(rb'\b(name|filename)="([^"]*)"')


def multipart_form(body: bytes, boundary: str) -> tuple[dict[str, Any], dict[str, int]]:
    """discord.py's multipart/form-data: its `payload_json` part and the size of each file
    (by file name). Read in one pass over the bytes: aiohttp's streaming reader costs the
    fake a millisecond a picture, on the cores the bot under test needs."""
    payload: dict[str, Any] = {}
    files: dict[str, int] = {}
    for part in body.split(b"--" + boundary.encode())[1:]:
        if part.startswith(b"--"):  # the closing delimiter
            break
        head, _, data = part.partition(b"\r\n\r\n")
        data = data.removesuffix(b"\r\n")
        fields = {key.decode(): value.decode() for key, value in _DISPOSITION.findall(head)}
        if fields.get("name") == "payload_json":
            payload = json.loads(data)
        else:
            files[fields.get("filename") or fields.get("name") or "file"] = len(data)
    return payload, files


def route_name(method: str, parts: list[str]) -> str:
    """A REST call without its ids: 'POST channels/messages', 'POST interactions/callback'."""
    if parts[0] in ("channels", "guilds", "users") and len(parts) > 2:
        return f"{method} {parts[0]}/{'/'.join(parts[2:3])}"
    if parts[0] in ("interactions", "webhooks"):
        last = parts[-1] if parts[-1] in ("callback", "@original") else "message"
        return f"{method} {parts[0]}/{last}"
    return f"{method} {'/'.join(parts[:1])}"


def next_click(message: Sent, rng: random.Random | None = None
               ) -> tuple[str, list[str] | None]:
    """What a player does on a private screen: place (first letter), pick the first pair,
    the first of a game's first steps (a card of the hand, a Cowboy's cow), press the
    first button (Confirm on a proposal), else the first menu option. Never
    Back or ⇄, so every turn moves forward. With `rng` the player picks among what the
    screen offers instead of the first (a placement or pair, a button or a menu option),
    as people do: a seeded game that still only moves forward."""
    ids = message.custom_ids()

    def pick(values: list[str]) -> str:
        return rng.choice(values) if rng is not None else values[0]

    for prefix in ("mr:spot:", "mr:pair:"):
        menu = next((c for c in ids if c.startswith(prefix)), None)
        if menu is not None:
            return menu, [pick(message.select_options(menu))]
    buttons = [c for c in ids if c.startswith("mr:act:")]
    menus = [c for c in ids if c.startswith("mr:sel:")]
    picks = [c for c in ids if c.startswith("mr:pick:")]  # a first step: a card, a cow
    if picks and (rng is None or not buttons or rng.random() < 0.5):  # as a menu is
        return pick(picks), None
    if rng is not None and menus and (not buttons or rng.random() < 0.5):
        menu = rng.choice(menus)
        return menu, [pick(message.select_options(menu))]
    if buttons:
        return pick(buttons), None
    menu = menus[0]
    return menu, [pick(message.select_options(menu))]
