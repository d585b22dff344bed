"""Commands that span every game and table of a server: `/games` (the asker's open
tables) and `/help` (also an @mention of the bot). Top-level, beside the game groups,
and naming no game: what each game brings comes from the registries."""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Any

import discord
from discord import app_commands

from bot.discord.components import Components, help_id
from bot.discord.drawing import drawn, picture
from bot.discord.games import GAMES as DISCORD_GAMES
from bot.discord.groups import SHARED
from bot.discord.host import MAX_MESSAGE, client_of, locale_of, reply_private
from bot.discord.safe_text import safe_name
from bot.discord.texts import command_text
from bot.tables.fronts import front_of
from bot.tables.service import OpenTable
from engine.games.i18n import strings, t
from engine.registry import GAMES
from render.pool import DrawRequest


def jump_link(guild_id: int, channel_id: int) -> str:
    """Discord's link to a channel or thread: a tap opens the table."""
    return f"https://discord.com/channels/{guild_id}/{channel_id}"


def table_line(table: OpenTable, guild_id: int, locale: str) -> str:
    """'**Kingdomino** · your turn · <t:…:R> · link': Discord shows the relative time in
    the reader's own language and clock."""
    if table.to_move is None:
        turn = t("games.lobby", locale)
    elif table.yours:
        turn = t("games.yours", locale)
    else:
        turn = t("games.waits", locale, player=safe_name(table.to_move))
    return t("games.line", locale, title=table.title, turn=turn,
             since=f"<t:{int(table.since.timestamp())}:R>",
             link=jump_link(guild_id, table.game.channel_id))


def fitted(head: str, lines: Sequence[str], more_key: str, locale: str) -> str:
    """`head` and as many whole lines as one message holds, then how many were left."""
    text = head
    for index, line in enumerate(lines):
        more = t(more_key, locale, count=len(lines) - index)
        if len(text) + len(line) + len(more) + 2 > MAX_MESSAGE:
            return f"{text}\n{more}"
        text += f"\n{line}"
    return text


@app_commands.command(name=command_text("games", "name"),
                      description=command_text("games", "description"))
@app_commands.guild_only()
async def games(interaction: discord.Interaction[Any]) -> None:
    """Privately: the asker's open tables in this server, whatever the game, the ones
    waiting for them first, each with a jump link."""
    locale = locale_of(interaction)
    guild_id = interaction.guild_id or 0
    tables = await client_of(interaction).service.open_tables_of(guild_id,
                                                                 interaction.user.id)
    if not tables:
        await reply_private(interaction, t("games.none", locale))
        return
    lines = [table_line(table, guild_id, locale) for table in tables]
    await reply_private(interaction, fitted(t("games.head", locale), lines, "games.more",
                                            locale))


def localized(command: app_commands.Command[Any, ..., None] | app_commands.Group,
              locale: str) -> str:
    """A command's name as the asker's Discord client shows it (`texts.CommandTranslator`
    gives Discord the same translations)."""
    key = command._locale_name.extras.get("key") if command._locale_name else None
    return strings(locale).get(key, command.name) if key else command.name


def usage(command: app_commands.Command[Any, ..., None] | app_commands.Group,
          locale: str) -> str:
    """'new [variant] [players]': the name, its options (optional ones bracketed)."""
    options = [] if isinstance(command, app_commands.Group) else [
        p.name if p.required else f"[{p.name}]" for p in command.parameters]
    return " ".join([f"`{localized(command, locale)}`", *options])


def help_text(locale: str) -> str:
    """Every game's commands from the registries (its group: its own commands with their
    options, then the table commands all groups share, listed once), the commands that
    span games, and each game's symbols, in `locale`."""
    lines = [t("help.head", locale)]
    shared: list[str] = []
    for key, peer in DISCORD_GAMES.items():
        group = peer.command_group()
        own = [usage(c, locale) for c in group.commands if c.name not in SHARED]
        shared = shared or [usage(c, locale) for c in group.commands if c.name in SHARED]
        lines.append(t("help.game", locale, title=GAMES[key].title,
                       group=localized(group, locale), commands=" · ".join(own)))
    lines.append(t("help.shared", locale, commands=" · ".join(shared)))
    lines.append(t("help.top", locale, games=localized(games, locale),
                   help=localized(help_command, locale)))
    lines.append(t("help.symbols", locale))
    for key in DISCORD_GAMES:
        legend = front_of(key).text_prefix + "help.legend"
        if legend in strings("en"):  # a game without symbols of its own has no line
            lines.append(f"**{GAMES[key].title}**: {t(legend, locale)}")
    return "\n".join(lines)


def legend_files(locale: str) -> list[discord.File]:
    """Each game's symbols as its pictures draw them (`render.legend`), in `locale`:
    drawn off the event loop (`drawing.drawn`), in the worker when the bot has one."""
    return [discord.File(io.BytesIO(picture(DrawRequest(key, "legend", {}, locale=locale))),
                         f"symbols-{key}.png") for key in DISCORD_GAMES]


async def answer_help(interaction: discord.Interaction[Any]) -> None:
    """Privately, in the asker's language: every game's commands, and the legend of the
    symbols in words and as pictures (one per game)."""
    locale = locale_of(interaction)
    if not interaction.response.is_done():
        await interaction.response.defer(ephemeral=True, thinking=True)
    files = await drawn(legend_files, locale)
    await reply_private(interaction, help_text(locale), files=files)


@app_commands.command(name=command_text("help", "name"),
                      description=command_text("help", "description"))
async def help_command(interaction: discord.Interaction[Any]) -> None:
    """Privately, in the asker's language: every game's commands and symbols."""
    await answer_help(interaction)


#: Seconds before the same member's next @mention is answered again (a flood of
#: mentions costs one reply each otherwise).
MENTION_COOLDOWN = 30.0


async def answer_mention(message: discord.Message, locale: str) -> None:
    """An @mention of the bot. In a server channel nothing private can be posted
    outside an interaction, so the bot answers with one short reply and a Help button:
    a tap shows the help privately (ephemeral, in the tapper's own language), and the
    channel gets one line, not a page of commands. In a direct message the help is the
    answer itself."""
    if message.guild is None:
        files = await drawn(legend_files, locale)
        await message.channel.send(help_text(locale)[:MAX_MESSAGE], files=files,
                                   allowed_mentions=discord.AllowedMentions.none())
        return
    view = Components().button(help_id(), t("label.help", locale))
    await message.reply(t("mention.reply", locale), view=view.as_view(),
                        mention_author=False, allowed_mentions=discord.AllowedMentions.none())


#: The top-level commands, added to the tree beside the game groups.
COMMANDS: tuple[app_commands.Command[Any, ..., None], ...] = (games, help_command)
