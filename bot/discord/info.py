"""Looking at a table: /moonriver status, board, rules and history."""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Any

import discord
from discord import app_commands

from bot.discord.components import Components, turn_id
from bot.discord.content import ranking
from bot.discord.drawing import drawn
from bot.discord.host import MAX_MESSAGE, client_of, locale_of, reply_private
from bot.discord.lobby import lobby_text_of, table_channel
from bot.discord.safe_text import safe_name
from bot.discord.texts import command_text
from bot.tables.errors import BadInput, NoGameHere
from bot.tables.fronts import front_of, game_text
from bot.tables.fronts.story import story_png
from bot.tables.service import rules_of
from bot.tables.words import turn_lines
from engine.games.i18n import t
from engine.registry import DEFAULT_GAME


@app_commands.command(name=command_text("status", "name"),
                      description=command_text("status", "description"))
async def status(interaction: discord.Interaction[Any]) -> None:
    """Privately: the lobby, or the turn picture with who is to move (never a ping);
    after the end, the channel's last finished game with the end post's two pictures."""
    client = client_of(interaction)
    locale = locale_of(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    current = await client.service.last_table(await table_channel(interaction))
    game = current.game
    if current.state is None:
        await interaction.followup.send(lobby_text_of(game, locale), ephemeral=True)
        return
    state = current.state
    rules, front = rules_of(game), front_of(game.options.game)
    png = await drawn(front.turn_png, state, (), locale, game.settings.theme)
    files = [discord.File(io.BytesIO(png), "table.png")]
    if rules.is_over(state):  # the end post's two pictures
        text = t("status.finished", locale, ranking=ranking(game, state))
        record = await client.service.record_of(game)
        files.append(discord.File(io.BytesIO(await drawn(story_png, record, locale,
                                                         game.settings.theme)), "story.png"))
    else:
        text = front.status_line(state, locale)
    components = Components()
    seat_here = game.seat_of(interaction.user.id)
    if seat_here is not None and rules.active_seat(state) == seat_here.seat:
        text += "\n" + t("status.yours", locale, play=t("label.play", locale))
        components.button(turn_id(game.id, game.version), t("label.play", locale))
    await interaction.followup.send(text, files=files, view=components.as_view(),
                                    ephemeral=True,
                                    allowed_mentions=discord.AllowedMentions.none())


@app_commands.command(name=command_text("board", "name"),
                      description=command_text("board", "description"))
async def board(interaction: discord.Interaction[Any],
                player: discord.Member | None = None) -> None:
    """One ranch, large, privately: your own, or a named player's; someone not seated is
    asked whose."""
    client = client_of(interaction)
    locale = locale_of(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    current = await client.service.last_table(await table_channel(interaction))
    if current.state is None:
        raise BadInput("the game has not started")
    wanted = (player or interaction.user).id
    seat = next((s.seat for s in current.game.seats if s.user_id == wanted), None)
    if seat is None:
        names = ", ".join(s.name for s in current.game.seats)
        await interaction.followup.send(game_text(current.game.options.game, "board.whose",
                                                  locale, players=names),
                                        ephemeral=True)
        return
    front = front_of(current.game.options.game)
    png = await drawn(front.board_png, current.state, seat, locale,
                      current.game.settings.theme)
    name = safe_name(current.game.seats[seat].name)  # says whose board the picture is
    await interaction.followup.send(game_text(current.game.options.game, "board.caption",
                                              locale, name=name),
                                    file=discord.File(io.BytesIO(png), "board.png"),
                                    ephemeral=True)


@app_commands.command(name=command_text("rules", "name"),
                      description=command_text("rules", "description"))
async def rules(interaction: discord.Interaction[Any]) -> None:
    """Moon River's rules in one minute; in a Kingdomino table's channel, Kingdomino's."""
    locale = locale_of(interaction)
    game = await _game_here(interaction)
    if game is not None and game != DEFAULT_GAME:
        await reply_private(interaction, game_text(game, "bot.rules", locale))
        return
    await reply_private(interaction, t("bot.rules", locale) + "\n" + t("bot.rules.legends", locale))


async def _game_here(interaction: discord.Interaction[Any]) -> str | None:
    """The game of the table in this channel (open or the last finished), if any."""
    try:
        current = await client_of(interaction).service.last_table(
            await table_channel(interaction))
    except NoGameHere:
        return None
    return current.game.options.game


#: Room left in a history page for its "page n of m" note.
PAGE_ROOM = MAX_MESSAGE - 120


def pages_of(lines: Sequence[str], room: int = PAGE_ROOM) -> list[list[str]]:
    """The lines in pages of at most `room` characters, newest page first, each page
    oldest line first (a line longer than a page is cut, never split over two)."""
    pages: list[list[str]] = []
    page: list[str] = []
    size = 0
    for line in reversed(lines):
        line = line if len(line) <= room else line[:room - 1] + "…"
        if page and size + len(line) + 1 > room:
            pages.append(page[::-1])
            page, size = [], 0
        page.append(line)
        size += len(line) + 1
    if page:
        pages.append(page[::-1])
    return pages


@app_commands.command(name=command_text("history", "name"),
                      description=command_text("history", "description"))
@app_commands.describe(page="1 is the newest page, 2 the turns before it, and so on")
async def history(interaction: discord.Interaction[Any], page: int = 1) -> None:
    """Privately, the game so far turn by turn in the words of its posts (read from the
    log, in the asker's language where every turn was told in it); Discord's 2000
    characters make pages, the newest first."""
    asker = locale_of(interaction)
    story = await client_of(interaction).service.history(await table_channel(interaction),
                                                         asker)
    lines = turn_lines(story.segments, [safe_name(n) for n in story.names], story.locale)
    pages = pages_of(lines)
    if not pages:
        await reply_private(interaction, t("history.empty", asker))
        return
    number = min(max(1, page), len(pages))
    note = t("history.page", asker, page=number, pages=len(pages))
    await reply_private(interaction, "\n".join(pages[number - 1]) + f"\n-# {note}")


COMMANDS: tuple[app_commands.Command[Any, ..., None], ...] = (status, board, rules, history)
