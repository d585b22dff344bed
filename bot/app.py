"""The Discord bot: the composition root and the thin adapter over the table service.

Every interaction is answered (or deferred) before any rendering or saving, errors go
through one place (`reply_error`) as private, translated messages, and pictures are
drawn in a worker thread so the event loop stays responsive.
"""

from __future__ import annotations

import asyncio
import io
import logging
import sys
from collections.abc import Sequence
from typing import Any

import discord
import yarl
from discord import app_commands

from bot.config import Settings
from bot.discord_ui import (
    DYNAMIC_ITEMS,
    TurnButton,
    confirm_view,
    dialogue_view,
    lobby_view,
    pair_key,
    position_view,
)
from bot.domain import GameOptions, Status, TableSettings, UserPrefs
from bot.errors import BadInput, NotYourTurn, StaleActionError, TableError
from bot.narrate import summarize
from bot.service import ActResult, TableService, User
from bot.store import SqliteStore
from engine.actions import Build
from engine.events import Event
from engine.i18n import normalise_locale, strings, t
from engine.state import GameState, Phase
from engine.view import public_view
from render import render_preview, render_ranch, render_scores, render_table, to_png_bytes
from render.theme import theme_named

log = logging.getLogger("moonriver")
MAX_MESSAGE = 2000


def winner_ids(result: ActResult) -> list[int]:
    """The Discord users among the winners (computers are not pinged)."""
    if not result.finished:
        return []
    seats = result.game.seats
    ids = [seats[i].user_id for i in public_view(result.state).winners]
    return [i for i in ids if i is not None]


def configure_logging(level: int) -> None:
    logging.basicConfig(stream=sys.stderr, level=level,
                        format="%(asctime)s %(levelname)-7s %(name)s: %(message)s")


def _user(interaction: discord.Interaction[Any]) -> User:
    permissions = interaction.permissions
    manager = bool(permissions.manage_guild or permissions.manage_channels)
    return User(interaction.user.id, interaction.user.display_name, manager)


def _locale(interaction: discord.Interaction[Any]) -> str:
    return normalise_locale(str(interaction.locale))


class MoonRiverBot(discord.Client):
    def __init__(self, settings: Settings) -> None:
        intents = discord.Intents.none()
        intents.guilds = True  # not privileged: channels and threads by id
        super().__init__(intents=intents, allowed_mentions=discord.AllowedMentions.none())
        self.settings = settings
        self.tree = app_commands.CommandTree(self)
        self.store = SqliteStore(settings.database)
        self.service = TableService(self.store)
        self._maintenance: asyncio.Task[None] | None = None

    async def setup_hook(self) -> None:
        await self.store.open()
        rebuilt = await self.service.resume()
        log.info("store open at %s; %d snapshot(s) rebuilt", self.settings.database, rebuilt)
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        self.tree.add_command(build_commands(self))
        self.tree.on_error = self._on_tree_error  # type: ignore[method-assign]
        await self.tree.set_translator(CommandTranslator())
        if self.settings.dev_guild:
            guild = discord.Object(self.settings.dev_guild)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()
        self._maintenance = asyncio.create_task(self._maintenance_loop())

    async def close(self) -> None:
        if self._maintenance is not None:
            self._maintenance.cancel()
        await self.store.close()
        await super().close()

    # --- errors ------------------------------------------------------------------------

    async def reply_error(self, interaction: discord.Interaction[Any], exc: Exception) -> None:
        """The one place errors become private, translated answers (never a traceback)."""
        locale = _locale(interaction)
        if isinstance(exc, TableError):
            text = t(f"error.{exc.code}", locale, **exc.params) if exc.code != "illegal" \
                else f"{t('error.illegal', locale)} {exc}"
        else:
            log.exception("unexpected error", exc_info=exc)
            text = t("error.table_error", locale)
        if isinstance(exc, StaleActionError):  # offer the table as it is now
            offer = await self._current_dialogue(interaction, locale)
            if offer is not None:
                await self.private(interaction, f"{text}\n{offer[0]}", view=offer[1])
                return
        await self.private(interaction, text)

    async def _current_dialogue(self, interaction: discord.Interaction[Any],
                                locale: str) -> tuple[str, discord.ui.View] | None:
        """The move dialogue for the clicking player, if it is their turn now."""
        try:
            channel_id = interaction.channel_id or 0
            options = await self.service.legal(channel_id, _user(interaction))
            status = await self.service.status(channel_id)
        except TableError:
            return None
        if not options or status.state is None:
            return None
        return (t(f"phase.{status.state.phase.value}", locale),
                dialogue_view(status.game.id, status.game.version, options, locale))

    async def private(self, interaction: discord.Interaction[Any], text: str, **kw: Any) -> None:
        text = text[:MAX_MESSAGE]
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True, **kw)
        else:
            await interaction.response.send_message(text, ephemeral=True, **kw)

    async def _on_tree_error(self, interaction: discord.Interaction[Any],
                             error: app_commands.AppCommandError) -> None:
        original = getattr(error, "original", error)
        await self.reply_error(interaction, original)

    # --- posting -----------------------------------------------------------------------

    async def post_table(self, channel_id: int, state: GameState, game_id: int, version: int,
                         events: Sequence[Event], next_user: int | None, locale: str,
                         theme_name: str, winner_ids: Sequence[int] = ()) -> None:
        """The table picture, what happened, and a ping for the player to move (only them)."""
        theme = theme_named(theme_name)
        view = public_view(state)

        def draw() -> list[tuple[str, bytes]]:
            out = [("table.png", to_png_bytes(render_table(view, theme=theme, locale=locale)))]
            if state.phase is Phase.OVER:
                out.append(("scores.png",
                            to_png_bytes(render_scores(view, theme=theme, locale=locale))))
            return out

        pictures = await asyncio.to_thread(draw)
        lines = [summarize(events, state, locale)] if events else []
        components = discord.ui.View(timeout=None)
        mentions = discord.AllowedMentions.none()
        if state.phase is Phase.OVER:  # the winners are pinged, once
            winners = ", ".join(f"<@{u}>" for u in winner_ids) or ", ".join(
                view.players[i].name for i in view.winners)
            lines.append(t("bot.finished", locale, winners=winners))
            mentions = discord.AllowedMentions(users=[discord.Object(u) for u in winner_ids],
                                               everyone=False, roles=False)
        elif next_user is not None:
            phase = t(f"phase.{state.phase.value}", locale)
            lines.append(t("bot.turn_ping", locale, mention=f"<@{next_user}>", phase=phase))
            mentions = discord.AllowedMentions(users=[discord.Object(next_user)],
                                               everyone=False, roles=False)
            components.add_item(TurnButton(game_id, version, t("bot.your_turn", locale)))
        content = "\n".join(line for line in lines if line)
        if len(content) > MAX_MESSAGE:
            content = "…" + content[-(MAX_MESSAGE - 1):]
        channel = self.get_partial_messageable(channel_id)
        await channel.send(content or None, view=components, allowed_mentions=mentions,
                           files=[discord.File(io.BytesIO(data), name)
                                  for name, data in pictures])

    # --- lobby -------------------------------------------------------------------------

    async def lobby_text(self, channel_id: int, locale: str) -> str:
        status = await self.service.status(channel_id)
        host = next((s.name for s in status.game.seats if s.user_id == status.game.host_id),
                    "?")
        return t("bot.lobby", locale, host=host,
                 players=", ".join(s.name for s in status.game.seats))

    async def lobby(self, interaction: discord.Interaction[Any], what: str) -> None:
        channel_id = interaction.channel_id or 0
        user = _user(interaction)
        try:
            await interaction.response.defer()
            if what in ("join", "leave", "cancel"):
                if what == "join":
                    game = await self.service.join(channel_id, user)
                elif what == "leave":
                    game = await self.service.leave(channel_id, user)
                else:
                    game = await self.service.cancel(channel_id, user)
                locale = game.settings.locale
                if game.status is Status.LOBBY and interaction.message is not None:
                    await interaction.message.edit(
                        content=await self.lobby_text(channel_id, locale),
                        view=lobby_view(locale))
                elif interaction.message is not None:
                    await interaction.message.edit(content=t("bot.cancelled", locale),
                                                   view=None)
                return
            result = await self.service.start(channel_id, user)
            if interaction.message is not None:
                await interaction.message.edit(view=None)
            await self.post_table(channel_id, result.state, result.game.id,
                                  result.game.version, result.events, result.next_user,
                                  result.game.settings.locale, result.game.settings.theme)
        except Exception as exc:
            await self.reply_error(interaction, exc)

    # --- playing -----------------------------------------------------------------------

    async def open_dialogue(self, interaction: discord.Interaction[Any], game_id: int,
                            version: int) -> None:
        locale = _locale(interaction)
        try:
            channel_id = interaction.channel_id or 0
            status = await self.service.status(channel_id)
            options = await self.service.legal(channel_id, _user(interaction))
            if not options:
                seat = status.state.active_seat if status.state else None
                name = status.game.seats[seat].name if seat is not None else ""
                raise NotYourTurn("not your turn", player=name)
            game = status.game
            assert status.state is not None
            text = t(f"phase.{status.state.phase.value}", locale)
            if (game.id, game.version) != (game_id, version):  # an old message: say so
                text = f"{t('error.stale', locale)}\n{text}"
            await interaction.response.send_message(
                text, ephemeral=True, view=dialogue_view(game.id, game.version, options, locale))
        except Exception as exc:
            await self.reply_error(interaction, exc)

    async def pick_pair(self, interaction: discord.Interaction[Any], game_id: int,
                        version: int, pair: str) -> None:
        locale = _locale(interaction)
        try:
            await interaction.response.defer(ephemeral=True, thinking=True)
            channel_id = interaction.channel_id or 0
            user = _user(interaction)
            options = await self.service.legal(channel_id, user)
            builds = [a for a in options if isinstance(a, Build) and pair_key(a) == pair]
            if not builds:
                raise BadInput("those parcels cannot be built now")
            status = await self.service.status(channel_id)
            assert status.state is not None
            seat = status.state.active_seat or 0
            view = public_view(status.state)
            theme = theme_named(status.game.settings.theme)
            png = await asyncio.to_thread(
                lambda: to_png_bytes(render_preview(view, seat, builds, None, theme=theme,
                                                    locale=locale)))
            await interaction.followup.send(
                t("bot.pick_spot", locale), ephemeral=True,
                file=discord.File(io.BytesIO(png), "preview.png"),
                view=position_view(status.game.id, status.game.version, builds, locale))
        except Exception as exc:
            await self.reply_error(interaction, exc)

    async def propose(self, interaction: discord.Interaction[Any], game_id: int,
                      version: int, text: str) -> None:
        """Show the chosen domino drawn into the ranch, with a Confirm button."""
        locale = _locale(interaction)
        try:
            await interaction.response.defer(ephemeral=True, thinking=True)
            channel_id = interaction.channel_id or 0
            options = await self.service.legal(channel_id, _user(interaction))
            build = next((a for a in options if isinstance(a, Build) and str(a) == text), None)
            if build is None:
                raise StaleActionError("the table has moved on")
            status = await self.service.status(channel_id)
            assert status.state is not None
            view = public_view(status.state)
            seat = status.state.active_seat or 0
            same_pair = [a for a in options if isinstance(a, Build)
                         and pair_key(a) == pair_key(build)]
            theme = theme_named(status.game.settings.theme)
            png = await asyncio.to_thread(lambda: to_png_bytes(render_preview(
                view, seat, same_pair, build, theme=theme, locale=locale)))
            await interaction.followup.send(
                str(build), ephemeral=True, file=discord.File(io.BytesIO(png), "proposal.png"),
                view=confirm_view(status.game.id, status.game.version, build, locale))
        except Exception as exc:
            await self.reply_error(interaction, exc)

    async def act(self, interaction: discord.Interaction[Any], game_id: int,
                  version: int | None, action: str) -> None:
        """Apply an action for the clicking (or typing) player and post the new table."""
        try:
            await interaction.response.defer(ephemeral=True, thinking=True)
            channel_id = interaction.channel_id or 0
            result = await self.service.act(channel_id, _user(interaction), action, version)
            await interaction.followup.send(t("bot.done", _locale(interaction)),
                                            ephemeral=True)
            await self.post_table(channel_id, result.state, result.game.id,
                                  result.game.version, result.events, result.next_user,
                                  result.game.settings.locale, result.game.settings.theme,
                                  winner_ids(result))
        except Exception as exc:
            await self.reply_error(interaction, exc)

    # --- reminders and housekeeping ----------------------------------------------------

    async def _maintenance_loop(self) -> None:
        while True:
            try:
                await self.run_maintenance()
            except Exception:
                log.exception("maintenance failed")
            await asyncio.sleep(self.settings.maintenance_seconds)

    async def run_maintenance(self) -> None:
        """Send due reminders (channel ping, DM if asked for), auto-play, checkpoint."""
        for reminder in await self.service.due_reminders():
            if reminder.kind == "autoplay":
                result = await self.service.autoplay(reminder)
                if result is not None:
                    await self.post_table(reminder.channel_id, result.state, result.game.id,
                                          result.game.version, result.events,
                                          result.next_user, result.game.settings.locale,
                                          result.game.settings.theme, winner_ids(result))
                continue
            if reminder.user_id is None:
                continue
            game = await self.store.game(reminder.game_id)
            locale = game.settings.locale if game is not None else "en"
            text = t("bot.reminder", locale, mention=f"<@{reminder.user_id}>")
            await self.get_partial_messageable(reminder.channel_id).send(
                text, allowed_mentions=discord.AllowedMentions(
                    users=[discord.Object(reminder.user_id)]))
            prefs = await self.store.user_prefs(reminder.user_id)
            if prefs.dm_reminders:
                try:
                    user = await self.fetch_user(reminder.user_id)
                    await user.send(t("bot.reminder", prefs.locale or "en",
                                      mention=f"<#{reminder.channel_id}>"))
                except discord.HTTPException:  # closed DMs: the channel ping stands
                    log.info("could not DM user %s (closed DMs?)", reminder.user_id)
        await self.store.checkpoint()
        if self.settings.heartbeat is not None:
            self.settings.heartbeat.touch()


DISCORD_LOCALES = {discord.Locale.german: "de", discord.Locale.japanese: "ja"}


class CommandTranslator(app_commands.Translator):
    """Command names and descriptions from the translation layer (`cmd.<command>.*`)."""

    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContextTypes) -> str | None:
        key = string.extras.get("key")
        language = DISCORD_LOCALES.get(locale)
        if key is None or language is None:
            return None
        return strings(language).get(key)


def _text(command: str, part: str) -> app_commands.locale_str:
    """The English text of a command's name or description, keyed for translation."""
    key = f"cmd.{command}.{part}"
    return app_commands.locale_str(strings("en")[key], key=key)


def build_commands(bot: MoonRiverBot) -> app_commands.Group:
    """The /moonriver command group."""
    group = app_commands.Group(name=_text("group", "name"),
                               description=_text("group", "description"), guild_only=True)

    @group.command(name=_text("new", "name"), description=_text("new", "description"))
    @app_commands.describe(variant="the rules to play (more variants will appear here)",
                           players="most players (2–4)",
                           thread="open the table in a new thread (default: yes)")
    @app_commands.choices(variant=[app_commands.Choice(name="Moon River (base game)",
                                                       value="base")])
    async def new(interaction: discord.Interaction[Any],
                  variant: app_commands.Choice[str] | None = None,
                  players: app_commands.Range[int, 2, 4] = 4, thread: bool = True) -> None:
        locale = _locale(interaction)
        try:
            await interaction.response.defer()
            channel_id = interaction.channel_id or 0
            channel = interaction.channel
            if thread and isinstance(channel, discord.TextChannel):
                created = await channel.create_thread(
                    name="Moon River", type=discord.ChannelType.public_thread,
                    auto_archive_duration=10080)
                channel_id = created.id
            await bot.service.create(channel_id, _user(interaction),
                                     GameOptions(variant=variant.value if variant else "base",
                                                 max_players=players),
                                     guild_id=interaction.guild_id,
                                     settings=TableSettings(locale=locale))
            text = await bot.lobby_text(channel_id, locale)
            if channel_id == interaction.channel_id:
                await interaction.followup.send(text, view=lobby_view(locale))
            else:
                await bot.get_partial_messageable(channel_id).send(text,
                                                                   view=lobby_view(locale))
                await interaction.followup.send(f"<#{channel_id}>", ephemeral=True)
        except Exception as exc:
            await bot.reply_error(interaction, exc)

    for what in ("join", "leave", "start", "cancel"):
        group.add_command(app_commands.Command(
            name=_text(what, "name"), description=_text(what, "description"),
            callback=_lobby_callback(bot, what)))

    @group.command(name=_text("move", "name"), description=_text("move", "description"))
    @app_commands.describe(action="e.g. build p17 p42 C3 up")
    async def move(interaction: discord.Interaction[Any], action: str) -> None:
        await bot.act(interaction, 0, None, action)

    move.autocomplete("action")(_autocomplete_for(bot, None))

    for verb in ("build", "choose"):
        typed: app_commands.Command[Any, ..., None] = app_commands.Command(
            name=_text(verb, "name"), description=_text(verb, "description"),
            callback=_typed_callback(bot))
        typed.autocomplete("action")(_autocomplete_for(bot, verb))
        group.add_command(typed)

    @group.command(name=_text("undo", "name"), description=_text("undo", "description"))
    async def undo(interaction: discord.Interaction[Any]) -> None:
        try:
            await interaction.response.defer(ephemeral=True, thinking=True)
            channel_id = interaction.channel_id or 0
            result = await bot.service.undo(channel_id, _user(interaction))
            await interaction.followup.send(t("bot.done", _locale(interaction)), ephemeral=True)
            await bot.post_table(channel_id, result.state, result.game.id, result.game.version,
                                 [], result.next_user, result.game.settings.locale,
                                 result.game.settings.theme)
        except Exception as exc:
            await bot.reply_error(interaction, exc)

    @group.command(name=_text("status", "name"), description=_text("status", "description"))
    async def status(interaction: discord.Interaction[Any]) -> None:
        try:
            await interaction.response.defer(ephemeral=True, thinking=True)
            current = await bot.service.status(interaction.channel_id or 0)
            if current.state is None:
                await interaction.followup.send(
                    await bot.lobby_text(current.game.channel_id, current.game.settings.locale),
                    ephemeral=True)
                return
            seat = current.state.active_seat
            user = current.game.seats[seat].user_id if seat is not None else None
            await bot.post_table(current.game.channel_id, current.state, current.game.id,
                                 current.game.version, [], user, current.game.settings.locale,
                                 current.game.settings.theme)
            await interaction.followup.send(t("bot.done", _locale(interaction)), ephemeral=True)
        except Exception as exc:
            await bot.reply_error(interaction, exc)

    @group.command(name=_text("board", "name"), description=_text("board", "description"))
    async def board(interaction: discord.Interaction[Any],
                    player: discord.Member | None = None) -> None:
        try:
            await interaction.response.defer(ephemeral=True, thinking=True)
            current = await bot.service.status(interaction.channel_id or 0)
            if current.state is None:
                raise BadInput("the game has not started")
            wanted = (player or interaction.user).id
            seat = next((s.seat for s in current.game.seats if s.user_id == wanted), 0)
            view = public_view(current.state)
            theme = theme_named(current.game.settings.theme)
            png = await asyncio.to_thread(lambda: to_png_bytes(
                render_ranch(view, seat, theme=theme, locale=_locale(interaction))))
            await interaction.followup.send(file=discord.File(io.BytesIO(png), "ranch.png"),
                                            ephemeral=True)
        except Exception as exc:
            await bot.reply_error(interaction, exc)

    @group.command(name=_text("rules", "name"), description=_text("rules", "description"))
    async def rules(interaction: discord.Interaction[Any]) -> None:
        await bot.private(interaction, t("bot.rules", _locale(interaction)))

    @group.command(name=_text("history", "name"), description=_text("history", "description"))
    async def history(interaction: discord.Interaction[Any]) -> None:
        try:
            rows = await bot.service.history(interaction.channel_id or 0, 20)
            text = "\n".join(f"{name}: `{action}`" for name, action in rows) or "—"
            await bot.private(interaction, text)
        except Exception as exc:
            await bot.reply_error(interaction, exc)

    @group.command(name=_text("abandon", "name"), description=_text("abandon", "description"))
    async def abandon(interaction: discord.Interaction[Any]) -> None:
        try:
            game = await bot.service.abandon(interaction.channel_id or 0, _user(interaction))
            await interaction.response.send_message(t("bot.abandoned", game.settings.locale))
        except Exception as exc:
            await bot.reply_error(interaction, exc)

    @group.command(name=_text("settings", "name"), description=_text("settings", "description"))
    @app_commands.describe(language="en, de or ja", remind_hours="e.g. 12,24",
                           autoplay_hours="a computer moves for a silent player (0: never)")
    @app_commands.choices(language=[app_commands.Choice(name=n, value=v) for n, v in
                                    (("English", "en"), ("Deutsch", "de"), ("日本語", "ja"))])
    async def settings(interaction: discord.Interaction[Any],
                       language: app_commands.Choice[str] | None = None,
                       remind_hours: str | None = None,
                       autoplay_hours: app_commands.Range[int, 0, 336] | None = None) -> None:
        try:
            current = await bot.service.status(interaction.channel_id or 0)
            old = current.game.settings
            hours = old.remind_after_hours
            if remind_hours is not None:
                try:
                    hours = tuple(float(h) for h in remind_hours.split(",") if h.strip())
                except ValueError:
                    raise BadInput("reminder hours are numbers, e.g. 12,24") from None
            auto = old.autoplay_after_hours if autoplay_hours is None else (
                float(autoplay_hours) or None)
            new_settings = TableSettings(hours, auto, language.value if language else old.locale,
                                         old.theme)
            await bot.service.update_settings(interaction.channel_id or 0, _user(interaction),
                                              new_settings)
            await bot.private(interaction, t("bot.settings_saved", _locale(interaction)))
        except Exception as exc:
            await bot.reply_error(interaction, exc)

    @group.command(name=_text("notify", "name"), description=_text("notify", "description"))
    @app_commands.choices(mode=[app_commands.Choice(name="dm", value="dm"),
                                app_commands.Choice(name="off", value="off")])
    async def notify(interaction: discord.Interaction[Any],
                     mode: app_commands.Choice[str]) -> None:
        locale = _locale(interaction)
        await bot.store.set_user_prefs(UserPrefs(interaction.user.id, mode.value == "dm",
                                                 locale))
        await bot.private(interaction, t("bot.notify_on" if mode.value == "dm"
                                         else "bot.notify_off", locale))

    return group


def _typed_callback(bot: MoonRiverBot) -> Any:
    @app_commands.describe(action="pick from the list: only legal moves are offered")
    async def callback(interaction: discord.Interaction[Any], action: str) -> None:
        await bot.act(interaction, 0, None, action)
    return callback


def _autocomplete_for(bot: MoonRiverBot, verb: str | None) -> Any:
    """Autocomplete with the legal moves of the user (of one verb, or all)."""
    async def complete(interaction: discord.Interaction[Any],
                       current: str) -> list[app_commands.Choice[str]]:
        try:
            options = await bot.service.legal(interaction.channel_id or 0, _user(interaction))
        except TableError:
            return []
        texts = [str(a) for a in options
                 if (verb is None or str(a).startswith(verb)) and current.lower() in str(a)]
        return [app_commands.Choice(name=x, value=x) for x in texts[:25]]
    return complete


def _lobby_callback(bot: MoonRiverBot, what: str) -> Any:
    async def callback(interaction: discord.Interaction[Any]) -> None:
        await bot.lobby(interaction, what)
    return callback


def run_bot(settings: Settings) -> int:
    """Start the bot and block until it stops; returns the exit status."""
    configure_logging(settings.log_level_number)
    if settings.api_base:
        discord.http.Route.BASE = settings.api_base
    if settings.gateway_url:
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(settings.gateway_url)
    assert settings.token is not None
    bot = MoonRiverBot(settings)
    try:
        bot.run(settings.token, log_handler=None)
    except discord.LoginFailure:
        log.error("Discord refused the token: check DISCORD_TOKEN")
        return 2
    return 0
