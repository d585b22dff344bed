"""Opening a table for any game: join, leave, start, cancel, addbot, handseat, the lobby
buttons and Rematch; each game's `new` (bot/discord/games/) opens it with `open_table`.

Buttons edit the lobby message in place; typed commands answer privately and edit the
same lobby message. `new` opens a thread named after the host and announces it
in the channel with a link; commands typed in that channel reach the thread's table.
"""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from typing import Any, cast

import discord
from discord import app_commands

from bot.discord.components import Components, lobby_id, lobby_view, option, sendable
from bot.discord.content import seat_order
from bot.discord.host import (
    TRANSIENT,
    TableClient,
    channel_of,
    client_of,
    locale_of,
    reply_private,
    user_of,
)
from bot.discord.patience import deferred_click, in_time
from bot.discord.safe_text import safe_name
from bot.discord.texts import command_text
from bot.tables.domain import (
    Game,
    GameOptions,
    Status,
    TableSettings,
)
from bot.tables.errors import BadInput, NoGameHere, NotAPlayer, TableError, WrongTable
from bot.tables.fronts import front_of, game_text
from bot.tables.service import TableService, User
from bot.tables.words import Label, fit
from engine.games.i18n import list_of, t
from engine.games.levels import AI_LEVELS
from engine.registry import game_named

DEFAULT_LEVEL = "normal"


async def lobby_text(service: TableService, channel_id: int, locale: str) -> str:
    status = await service.status(channel_id)
    return lobby_text_of(status.game, locale)


def lobby_text_of(game: Game, locale: str) -> str:
    """Who opened which game, who is seated, and the table's options (R-LEG-2: players
    see the scenario before they join; K-VAR: the variants)."""
    key = game.options.game
    front, options = front_of(key), dict(game.options.rules)
    host = next((s.name for s in game.seats if s.user_id == game.host_id), "?")
    players = (safe_name(s.name) + (f" {front.colour_label(s.colour, options, locale)}"
                                     if s.colour else "") for s in game.seats)
    text = game_text(key, "bot.lobby", locale, host=safe_name(host),
                     players=list_of(players, locale))
    lines = front.lobby_lines(options, locale)
    if front.colours(options):
        lines.append(t("lobby.colour.how", locale))
    return "\n".join([text, *lines])


def lobby_components(game: Game, locale: str) -> Components:
    """Join, Leave, Start, Cancel, and in a game with colours to choose (a Legend each
    in Legends of the West, R-LEG-1) a menu of them, each saying who holds it."""
    view = lobby_view(locale)
    front, options = front_of(game.options.game), dict(game.options.rules)
    colours = front.colours(options)
    if not colours:
        return view
    holders = {s.colour: s.name for s in game.seats if s.colour}
    menu = []
    for colour in colours:
        label = front.colour_label(colour, options, locale)
        if colour in holders:
            label = t("lobby.colour.held", locale, colour=label, player=holders[colour])
        fitted = fit(Label(label, front.colour_detail(colour, options, locale)))
        menu.append(option(fitted.text, colour, fitted.description or None))
    return view.menu(lobby_id("colour"), menu, t("lobby.colour.menu", locale))


def thread_name(game_key: str, host: str) -> str:
    """The table's thread, named after the game and the host ("Moon River · alice")."""
    return f"{game_named(game_key).title} · {host}"[:100]


async def table_channel(interaction: discord.Interaction[Any]) -> int:
    """The channel whose table a command means: this one, or (with no game here) the
    thread of the newest table announced here, as the store knows it."""
    client = client_of(interaction)
    here = channel_of(interaction)
    try:
        await client.service.status(here)
        return here
    except NoGameHere:
        return await client.service.announced_from(here) or here


#: How far back a process that did not post a lobby message looks for it.
LOBBY_SEARCH = 50


async def _find_lobby_post(client: TableClient, channel_id: int) -> tuple[int, int] | None:
    """The lobby message of the open game in `channel_id` when this process did not post
    it (another process did, or this one before a restart): the newest of the bot's own
    messages there that carries lobby buttons, one open game a channel. Read raw, so no
    message object is built; None when Discord does not say or it is further back."""
    try:
        messages = await client.http.logs_from(channel_id, LOBBY_SEARCH)
    except (discord.HTTPException, *TRANSIENT):
        return None
    me = client.user.id if client.user is not None else None
    for message in messages:  # raw payloads, newest first
        raw = cast(dict[str, Any], message)
        if int(raw.get("author", {}).get("id", 0)) != me:
            continue
        ids = [c.get("custom_id", "") for row in raw.get("components", [])
               for c in row.get("components", [])]
        if any(i.startswith(lobby_id("")) for i in ids):
            return (channel_id, int(raw["id"]))
    return None


async def _edit_lobby_post(client: TableClient, channel_id: int, content: str,
                           view: Components | None) -> None:
    post = client.lobby_posts.get(channel_id) or await _find_lobby_post(client, channel_id)
    if post is None:
        return
    client.lobby_posts[channel_id] = post
    try:
        await client.get_partial_messageable(post[0]).get_partial_message(post[1]).edit(
            content=content, view=sendable(view),
            allowed_mentions=discord.AllowedMentions.none())
    except discord.HTTPException:
        client.lobby_posts.pop(channel_id, None)


async def lobby(interaction: discord.Interaction[Any], what: str) -> None:
    """join / leave / cancel / start, by button (edits the lobby in place) or typed
    (answers privately, edits the lobby message too)."""
    client = client_of(interaction)
    channel_id = await table_channel(interaction)
    user = user_of(interaction)
    typed = interaction.type is discord.InteractionType.application_command
    if what == "start":
        result = await in_time(interaction, client.service.start(channel_id, user))
        locale = result.game.settings.locale
        # the lobby no longer invites anyone to join: who plays, in which seats
        seats = seat_order(result.game, result.state)
        key = result.game.options.game
        content = "\n".join([game_text(key, "lobby.seats", locale, seats=seats),
                             *front_of(key).intro_lines(result.state, locale)])
        await _answer(interaction, client, channel_id, content, None, typed, "lobby.started")
        client.announce()  # the first table is in the outbox, committed with the start
        return
    if what.startswith("colour"):
        chosen = what.partition(":")[2]
        game = await client.service.choose_colour(channel_id, user, chosen)
        locale = game.settings.locale
        await _answer(interaction, client, channel_id, lobby_text_of(game, locale),
                      lobby_components(game, locale), typed, "lobby.colour.chosen")
        return
    if what == "join":
        game = await client.service.join(channel_id, user)
    elif what == "leave":
        game = await client.service.leave(channel_id, user)
    else:
        game = await client.service.cancel(channel_id, user)
    locale = game.settings.locale
    if game.status is Status.LOBBY:
        await _answer(interaction, client, channel_id, lobby_text_of(game, locale),
                      lobby_components(game, locale), typed,
                      f"lobby.{'joined' if what == 'join' else 'left'}")
    else:
        await _answer(interaction, client, channel_id, t("bot.cancelled", locale), None,
                      typed, "bot.cancelled")


async def _answer(interaction: discord.Interaction[Any], client: TableClient, channel_id: int,
                  content: str, view: Components | None, typed: bool, private: str) -> None:
    if typed:
        locale = locale_of(interaction)
        said = t(private, locale)
        if channel_id != channel_of(interaction):  # typed where the table was announced
            said += "\n" + t("lobby.where", locale, channel=f"<#{channel_id}>")
        await reply_private(interaction, said)
        await _edit_lobby_post(client, channel_id, content, view)
    elif deferred_click(interaction):  # acknowledged while computers thought
        await interaction.edit_original_response(
            content=content, view=sendable(view),
            allowed_mentions=discord.AllowedMentions.none())
    else:
        await interaction.response.edit_message(
            content=content, view=sendable(view),
            allowed_mentions=discord.AllowedMentions.none())


async def post_lobby(client: TableClient, channel_id: int, game: Game,
                     invite: Sequence[int] = ()) -> None:
    """The lobby message; `invite`: users it pings to join (a rematch's old players)."""
    locale = game.settings.locale
    text = lobby_text_of(game, locale)
    if invite:
        text += "\n" + t("lobby.rematch", locale,
                         mentions=" ".join(f"<@{user}>" for user in invite))
    sent = await client.get_partial_messageable(channel_id).send(
        text, view=lobby_components(game, locale).as_view(),
        allowed_mentions=discord.AllowedMentions(
            users=[discord.Object(user) for user in invite], everyone=False, roles=False))
    client.lobby_posts[channel_id] = (channel_id, sent.id)


async def open_table(interaction: discord.Interaction[Any], options: GameOptions,
                     thread: bool) -> None:
    """A lobby for any game (`/moonriver new`, `/kingdomino new`): in a new thread named
    after the host and announced here with a link, or right here."""
    client = client_of(interaction)
    locale = locale_of(interaction)
    await interaction.response.defer()
    channel_id = parent_id = channel_of(interaction)
    channel = interaction.channel
    user = user_of(interaction)
    # the lobby's place is reserved before its thread exists: a refusal makes no thread
    async with client.service.lobby_reservation(user, parent_id):
        created: discord.Thread | None = None
        if thread and isinstance(channel, discord.TextChannel):
            created = await channel.create_thread(
                name=thread_name(options.game, user.name),
                type=discord.ChannelType.public_thread, auto_archive_duration=10080)
            channel_id = created.id
        try:
            game = await client.service.create(
                channel_id, user, options,
                guild_id=interaction.guild_id, settings=TableSettings(locale=locale),
                parent_id=parent_id, reserved=True)
        except TableError:
            if created is not None:  # refused after all: leave no empty thread behind
                with contextlib.suppress(discord.HTTPException):
                    await created.delete()
            raise
    if channel_id == interaction.channel_id:
        sent = await interaction.followup.send(
            lobby_text_of(game, locale), view=lobby_components(game, locale).as_view(),
            wait=True,
            allowed_mentions=discord.AllowedMentions.none())
        client.lobby_posts[channel_id] = (channel_id, sent.id)
    else:
        await post_lobby(client, channel_id, game)
        await interaction.followup.send(
            game_text(options.game, "lobby.announce", locale, host=safe_name(user.name),
                      link=f"<#{channel_id}>"),
            allowed_mentions=discord.AllowedMentions.none())


async def rematch(interaction: discord.Interaction[Any], game_id: int) -> None:
    """A new lobby for the same game in the same channel, opened by one of its players.

    Only a player of the finished game may open it (a bystander must not take the
    thread over); it is posted at once and pings the other players, who join by tapping
    (nobody is seated without asking; its computers are seated again). A second player's
    Rematch joins the lobby already open. If opening fails, nothing stays open."""
    client = client_of(interaction)
    old = await client.store.game(game_id)
    if old is None or old.status is not Status.FINISHED:
        raise BadInput("that game is not finished")
    if old.channel_id != channel_of(interaction):
        raise WrongTable("this button belongs to a game of another channel")
    clicker = user_of(interaction)
    if old.seat_of(clicker.id) is None:
        raise NotAPlayer("only the players of that game can start its rematch")
    open_now: Game | None = None
    with contextlib.suppress(NoGameHere):
        open_now = (await client.service.status(old.channel_id)).game
    if open_now is not None and open_now.status is Status.LOBBY and open_now.id > old.id:
        game = await client.service.join(old.channel_id, clicker)  # another player's
        locale = game.settings.locale
        await reply_private(interaction, t("lobby.joined", locale_of(interaction)))
        await _edit_lobby_post(client, old.channel_id, lobby_text_of(game, locale),
                               lobby_components(game, locale))
        return
    await interaction.response.defer()
    game = await client.service.create(old.channel_id, clicker, old.options,
                                       guild_id=old.guild_id, settings=old.settings)
    try:
        for seat in old.seats:
            if seat.ai is not None:
                game = await client.service.add_ai(old.channel_id, clicker, seat.ai)
        others = [s.user_id for s in old.seats
                  if s.user_id is not None and s.user_id != clicker.id]
        await post_lobby(client, old.channel_id, game, invite=others)
    except BaseException:
        with contextlib.suppress(TableError):  # leave no lobby nobody can see
            await client.service.cancel(old.channel_id, clicker)
        client.lobby_posts.pop(old.channel_id, None)
        raise


@app_commands.command(name=command_text("join", "name"),
                      description=command_text("join", "description"))
async def join(interaction: discord.Interaction[Any]) -> None:
    await lobby(interaction, "join")


@app_commands.command(name=command_text("leave", "name"),
                      description=command_text("leave", "description"))
async def leave(interaction: discord.Interaction[Any]) -> None:
    await lobby(interaction, "leave")


@app_commands.command(name=command_text("start", "name"),
                      description=command_text("start", "description"))
async def start(interaction: discord.Interaction[Any]) -> None:
    await lobby(interaction, "start")


@app_commands.command(name=command_text("cancel", "name"),
                      description=command_text("cancel", "description"))
async def cancel(interaction: discord.Interaction[Any]) -> None:
    await lobby(interaction, "cancel")


@app_commands.command(name=command_text("addbot", "name"),
                      description=command_text("addbot", "description"))
@app_commands.choices(level=[app_commands.Choice(name=level, value=level)
                             for level in AI_LEVELS])
async def addbot(interaction: discord.Interaction[Any],
                 level: app_commands.Choice[str] | None = None) -> None:
    """The host seats a computer player of an engine.moonriver.ai level."""
    client = client_of(interaction)
    channel_id = await table_channel(interaction)
    chosen = level.value if level else DEFAULT_LEVEL
    game = await client.service.add_ai(channel_id, user_of(interaction), AI_LEVELS[chosen])
    locale = game.settings.locale
    await reply_private(interaction, t("lobby.added_ai", locale_of(interaction), level=chosen))
    await _edit_lobby_post(client, channel_id, lobby_text_of(game, locale),
                           lobby_components(game, locale))


async def _seat_names(interaction: discord.Interaction[Any],
                      current: str) -> list[app_commands.Choice[str]]:
    try:
        status = await client_of(interaction).service.status(await table_channel(interaction))
    except NoGameHere:
        return []
    return [app_commands.Choice(name=s.name, value=str(s.seat)) for s in status.game.seats
            if current.lower() in s.name.lower()][:25]


@app_commands.command(name=command_text("handseat", "name"),
                      description=command_text("handseat", "description"))
@app_commands.describe(seat="whose seat (pick a name)", member="who plays it from now on")
@app_commands.autocomplete(seat=_seat_names)
async def handseat(interaction: discord.Interaction[Any], seat: str,
                   member: discord.Member) -> None:
    """The host hands a seat (a player who left, or a computer) to another member."""
    client = client_of(interaction)
    if not seat.isdigit():
        raise BadInput("pick a seat from the list")
    channel = await table_channel(interaction)
    before = (await client.service.status(channel)).game.seats
    game = await client.service.replace_seat(channel, user_of(interaction), int(seat),
                                             User(member.id, member.display_name))
    name = before[int(seat)].name if int(seat) < len(before) else seat
    await reply_private(interaction, t("lobby.seat_handed", locale_of(interaction),
                                       player=member.display_name, seat=name))
    if game.status is Status.ACTIVE:  # the new player hears of it, with the way in
        prefs = await client.store.user_prefs(member.id)
        await client.welcome(game, member.id, name,
                                      (prefs.locale if prefs else None) or game.settings.locale)


async def _colour_names(interaction: discord.Interaction[Any],
                        current: str) -> list[app_commands.Choice[str]]:
    """The table's colours as its lobby names them (a Legend each in Legends of the West)."""
    try:
        game = (await client_of(interaction).service.status(
            await table_channel(interaction))).game
    except NoGameHere:
        return []
    front, options = front_of(game.options.game), dict(game.options.rules)
    locale = locale_of(interaction)
    named = [(front.colour_label(c, options, locale), c) for c in front.colours(options)]
    return [app_commands.Choice(name=name, value=colour) for name, colour in named
            if current.lower() in name.lower()][:25]


@app_commands.command(name=command_text("colour", "name"),
                      description=command_text("colour", "description"))
@app_commands.describe(colour="the colour (in Legends of the West: the Legend)",
                       seat="host only: whose seat (pick a name); yours if left out")
@app_commands.autocomplete(colour=_colour_names, seat=_seat_names)
async def colour(interaction: discord.Interaction[Any], colour: str,
                 seat: str | None = None) -> None:
    """Choose your colour in the lobby; the host may give any seat any colour (R-LEG-1)."""
    client = client_of(interaction)
    if seat is not None and not seat.isdigit():
        raise BadInput("pick a seat from the list")
    channel_id = await table_channel(interaction)
    game = await client.service.choose_colour(channel_id, user_of(interaction), colour,
                                              None if seat is None else int(seat))
    locale = game.settings.locale
    await reply_private(interaction, t("lobby.colour.chosen", locale_of(interaction)))
    await _edit_lobby_post(client, channel_id, lobby_text_of(game, locale),
                           lobby_components(game, locale))


#: The lobby's commands every game's group offers (`groups.SHARED`).
COMMANDS: tuple[app_commands.Command[Any, ..., None], ...] = (join, leave, start, cancel, addbot,
                                                               handseat)
