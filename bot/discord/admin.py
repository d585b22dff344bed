"""Steering a table and oneself: /moonriver abandon, resume, settings and notify."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.discord.host import channel_of, client_of, locale_of, reply_private, user_of
from bot.discord.ratings import game_of, guild_of
from bot.discord.texts import command_text
from bot.tables.domain import TableSettings, UserPrefs, parse_remind_hours
from engine.games.i18n import LOCALES, t
from engine.games.levels import AI_LEVELS
from engine.registry import game_named

#: How each language of the translation layer is offered in /moonriver settings.
LANGUAGE_NAMES = {"en": "English", "de": "Deutsch", "ja": "日本語"}


@app_commands.command(name=command_text("abandon", "name"),
                      description=command_text("abandon", "description"))
async def abandon(interaction: discord.Interaction[Any]) -> None:
    game = await client_of(interaction).service.abandon(channel_of(interaction),
                                                        user_of(interaction))
    await interaction.response.send_message(t("bot.abandoned", game.settings.locale))


@app_commands.command(name=command_text("resume", "name"),
                      description=command_text("resume", "description"))
async def resume(interaction: discord.Interaction[Any]) -> None:
    """The host brings back a table the bot could not post to: its held post is tried
    again now, or a table archived for that reason is reopened and announced afresh."""
    client = client_of(interaction)
    game = await client.service.resume_table(channel_of(interaction), user_of(interaction))
    client.announce()
    await reply_private(interaction, t("bot.resumed", locale_of(interaction), game=game.id))


@app_commands.command(name=command_text("settings", "name"),
                      description=command_text("settings", "description"))
@app_commands.describe(language=", ".join(LOCALES[:-1]) + f" or {LOCALES[-1]}",
                       remind_hours="e.g. 12,24",
                       autoplay_hours="a computer moves for a silent player (0: never)",
                       standin_level="how well that computer plays",
                       leaderboard="yours only: show or hide you on this game's leaderboard")
@app_commands.choices(language=[app_commands.Choice(name=LANGUAGE_NAMES.get(code, code),
                                                    value=code) for code in LOCALES],
                      standin_level=[app_commands.Choice(name=level, value=level)
                                     for level in AI_LEVELS],
                      leaderboard=[app_commands.Choice(name="show", value="show"),
                                   app_commands.Choice(name="hide", value="hide")])
async def settings(interaction: discord.Interaction[Any],
                   language: app_commands.Choice[str] | None = None,
                   remind_hours: str | None = None,
                   autoplay_hours: app_commands.Range[int, 0, 336] | None = None,
                   standin_level: app_commands.Choice[str] | None = None,
                   leaderboard: app_commands.Choice[str] | None = None) -> None:
    """The host (or a manager) changes language, reminders and auto-play of the table
    (and the level of the computer that stands in); anyone may hide from (or show on)
    the group's game's leaderboard of this server, table or not."""
    service = client_of(interaction).service
    if leaderboard is not None:
        key, hide = game_of(interaction), leaderboard.value == "hide"
        await service.hide_from_leaderboard(guild_of(interaction), key, user_of(interaction),
                                            hide)
        await reply_private(interaction, t("ratings.hidden_on" if hide else "ratings.hidden_off",
                                           locale_of(interaction), game=game_named(key).title))
        if language is None and remind_hours is None and autoplay_hours is None \
                and standin_level is None:
            return
    current = await service.status(channel_of(interaction))
    old = current.game.settings
    locale = locale_of(interaction)
    if language is None and remind_hours is None and autoplay_hours is None \
            and standin_level is None:  # nothing to change: show what is set, and how
        await reply_private(interaction, settings_text(old, locale, saved=False))
        return
    hours = old.remind_after_hours
    if remind_hours is not None:
        hours = parse_remind_hours(remind_hours)
    auto = old.autoplay_after_hours if autoplay_hours is None else (
        float(autoplay_hours) or None)
    new_settings = TableSettings(hours, auto, language.value if language else old.locale,
                                 old.theme,
                                 standin_level.value if standin_level else old.standin_level)
    await service.update_settings(channel_of(interaction), user_of(interaction), new_settings)
    await reply_private(interaction, settings_text(new_settings, locale, saved=True))


def settings_text(settings: TableSettings, locale: str, *, saved: bool) -> str:
    """The table's settings as the host reads them: after a change, or when asked."""
    hours = ",".join(f"{h:g}" for h in settings.remind_after_hours)
    auto = settings.autoplay_after_hours
    lines = [t("bot.settings_saved" if saved else "bot.settings_now", locale),
             t("bot.settings_list", locale,
               language=LANGUAGE_NAMES.get(settings.locale, settings.locale), hours=hours),
             t("bot.settings_no_standin", locale) if auto is None
             else t("bot.settings_autoplay", locale, hours=f"{auto:g}"),
             t("bot.settings_standin", locale, level=settings.standin_level)]
    if not saved:
        lines.append(t("bot.settings_how", locale))
    return "\n".join(lines)


@app_commands.command(name=command_text("notify", "name"),
                      description=command_text("notify", "description"))
@app_commands.choices(mode=[app_commands.Choice(name="dm", value="dm"),
                            app_commands.Choice(name="off", value="off")])
async def notify(interaction: discord.Interaction[Any],
                 mode: app_commands.Choice[str]) -> None:
    """Reminders by direct message too (on) or only in the channel (off)."""
    locale = locale_of(interaction)
    await client_of(interaction).store.set_user_prefs(
        UserPrefs(interaction.user.id, mode.value == "dm", locale))
    await reply_private(interaction, t("bot.notify_on" if mode.value == "dm"
                                       else "bot.notify_off", locale))


COMMANDS: tuple[app_commands.Command[Any, ..., None], ...] = (abandon, resume, settings,
                                                              notify)
