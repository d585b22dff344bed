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

It counts what crosses the wire (`requests` by route, `events` by gateway event) so a
benchmark can tell how many calls a player turn costs. It shares the machine's cores with
the bot under test, so it does no work a real Discord would not make the bot wait for:
a waiter is a future checked once per new message, not a coroutine woken for each.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import re
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

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
    choices: dict[str, list[str]] = field(default_factory=dict)
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
    fault_hits: list[tuple[str, int]] = field(default_factory=list)
    _nonces: dict[tuple[str, str], tuple[float, Sent]] = field(default_factory=dict)
    ready: asyncio.Event = field(default_factory=asyncio.Event)
    _ws: web.WebSocketResponse | None = None
    _seq: int = 0
    _pending: dict[str, tuple[float, asyncio.Event]] = field(default_factory=dict)
    _channels: dict[str, str] = field(default_factory=dict)
    _on_message: dict[str, Sent] = field(default_factory=dict)
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
        if self._ws is not None:
            await self._ws.close()
        if self._runner is not None:
            await self._runner.cleanup()

    @property
    def env(self) -> dict[str, str]:
        return {"DISCORD_API_BASE": f"http://127.0.0.1:{self.port}{API}",
                "DISCORD_GATEWAY_URL": f"ws://127.0.0.1:{self.port}/gateway",
                "DISCORD_TOKEN": "fake-token-0123456789-abcdefghij",
                "DISCORD_DEV_GUILD": str(GUILD_ID)}

    # --- gateway ----------------------------------------------------------------------

    async def dispatch(self, event: str, data: dict[str, Any]) -> None:
        assert self._ws is not None, "the bot is not connected"
        self._seq += 1
        self.events[event] += 1
        await self._ws.send_json({"op": 0, "t": event, "s": self._seq, "d": data})

    async def gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        self._ws = ws
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
                await self.dispatch("READY", {
                    "v": 10, "user": BOT_USER, "session_id": "fake-session",
                    "resume_gateway_url": f"ws://127.0.0.1:{self.port}/gateway",
                    "guilds": [{"id": str(GUILD_ID), "unavailable": True}],
                    "application": {"id": str(APP_ID), "flags": 0}})
                await self.dispatch("GUILD_CREATE", self.guild())
                self.ready.set()
        return ws

    def guild(self) -> dict[str, Any]:
        return {
            "id": str(GUILD_ID), "name": "Test server", "owner_id": "1", "icon": None,
            "roles": [{"id": str(GUILD_ID), "name": "@everyone", "permissions": "1024",
                       "position": 0, "color": 0, "hoist": False, "managed": False,
                       "mentionable": False}],
            "channels": [{"id": str(CHANNEL_ID), "type": 0, "name": "games", "position": 0,
                          "guild_id": str(GUILD_ID), "permission_overwrites": []}],
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
                       channel_id: int = CHANNEL_ID, dm: bool = False) -> str:
        """Send an INTERACTION_CREATE and return its id (wait with `answered`); `dm`
        forges it as coming from a direct message (no guild, no member)."""
        interaction_id = snowflake()
        payload = {
            "id": interaction_id, "application_id": str(APP_ID), "type": kind, "data": data,
            "guild_id": str(GUILD_ID), "channel_id": str(channel_id),
            "channel": {"id": str(channel_id), "type": 0, "name": f"games-{channel_id}",
                        "guild_id": str(GUILD_ID), "position": 0, "parent_id": None,
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
        await self.dispatch("INTERACTION_CREATE", payload)
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
                           typed: str = "") -> list[str]:
        """What the bot offers while `user` types `typed` into `option` of `sub`."""
        command = next(c for c in self.commands if c["name"] == "moonriver")
        data = {"id": command["id"], "name": "moonriver", "type": 1, "options": [
            {"name": sub, "type": 1, "options": [
                {"name": option, "type": 3, "value": typed, "focused": True}]}]}
        iid = await self.interact(user, data, 4)
        await self.answered(iid)
        return self.choices.get(iid, [])

    async def click(self, user: tuple[int, str], message: Sent, custom_id: str,
                    values: list[str] | None = None, locale: str = "en-US") -> str:
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": 3 if values else 2}
        if values:
            data["values"] = values
        return await self.interact(user, data, 3, message=message, locale=locale,
                                   channel_id=int(message.channel_id))

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
        if method == "GET" and tail == "users/@me":
            return _json(BOT_USER)
        if method == "GET" and tail == "oauth2/applications/@me":
            return _json({
                "id": str(APP_ID), "name": "Moon River", "icon": None, "description": "",
                "bot_public": True, "bot_require_code_grant": False, "owner": BOT_USER,
                "verify_key": "0" * 64, "flags": 0, "team": None, "summary": ""})
        if method == "PUT" and parts[0] == "applications" and parts[-1] == "commands":
            body, _ = await self._body(request)
            self.commands = [{**c, "id": snowflake(), "application_id": str(APP_ID),
                              "version": "1", "default_member_permissions": None,
                              "dm_permission": False, "type": c.get("type", 1)}
                             for c in body]
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
            if kind == 4:
                await self._record("callback", self._channels.get(interaction_id, ""), data,
                                   files, interaction_id)
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
            on = self._on_message.get(interaction_id)
            if parts[-1] == "@original" and on is not None:  # a deferred click's answer
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
            return _json({"id": parts[1], "type": 11, "name": "deleted",
                          "guild_id": str(GUILD_ID), "parent_id": str(CHANNEL_ID)})
        if method == "POST" and parts[0] == "channels" and parts[-1] == "threads":
            body, _ = await self._body(request)
            self.threads.append(str(body.get("name")))
            thread_id = snowflake()
            self.thread_parents[thread_id] = parts[1]
            return _json(self._thread(thread_id, parts[1], str(body.get("name"))))
        return _json({"message": f"fake Discord has no {method} /{tail}"},
                                 status=404)

    @staticmethod
    def _thread(thread_id: str, parent: str, name: str) -> dict[str, Any]:
        return {"id": thread_id, "type": 11, "name": name, "guild_id": str(GUILD_ID),
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


def next_click(message: Sent) -> tuple[str, list[str] | None]:
    """What a player does on a private screen: place (first letter), pick the first pair,
    press the first button (Confirm on a proposal), else the first menu option. Never
    Back or ⇄, so every turn moves forward."""
    ids = message.custom_ids()
    for prefix in ("mr:spot:", "mr:pair:"):
        menu = next((c for c in ids if c.startswith(prefix)), None)
        if menu is not None:
            return menu, [message.select_options(menu)[0]]
    button = next((c for c in ids if c.startswith("mr:act:")), None)
    if button is not None:
        return button, None
    menu = next(c for c in ids if c.startswith("mr:sel:"))
    return menu, [message.select_options(menu)[0]]
