"""Ratings and resigning, in every game's group: /<game> leaderboard, profile,
resetboard and resign, with their confirming buttons. Every answer is private.

Which game a command is about is the group it was typed in (`TableClient.group_games`),
not the channel's table: `/kingdomino leaderboard` works anywhere in the server.
"""

from __future__ import annotations

import io
from typing import Any

import discord
from discord import app_commands

from bot.discord.components import DANGER, Components, reset_id, resign_id
from bot.discord.drawing import drawn, picture
from bot.discord.host import Click, client_of, locale_of, reply_private, user_of
from bot.discord.lobby import table_channel
from bot.discord.safe_text import safe_name
from bot.discord.texts import command_text
from bot.tables.errors import BadInput, GuildOnly, NoGameHere, NotAllowed
from bot.tables.fronts import front_of, game_text
from bot.tables.ratings import Board, BoardRow, PlayerRecord, level_of, person, shown
from engine.games.i18n import t
from engine.registry import game_named
from render.pool import DrawRequest


def game_of(interaction: discord.Interaction[Any]) -> str:
    """The game key of the group the command was typed in."""
    command = interaction.command
    root = command.root_parent if isinstance(command, app_commands.Command) else None
    key = client_of(interaction).group_games.get(root.name if root is not None else "")
    if key is None:
        raise NoGameHere("this command belongs to no game")
    return key


def guild_of(interaction: discord.Interaction[Any]) -> int:
    if interaction.guild_id is None:
        raise GuildOnly("Moon River is played in a server channel")
    return interaction.guild_id


def shown_name(player: str, name: str, locale: str) -> str:
    """A row's name as shown: a person's seat name, or "Computer (hard)"."""
    level = level_of(player)
    return t("ratings.computer", locale, level=level) if level is not None else name


def row_state(row: BoardRow, locale: str) -> dict[str, Any]:
    """One leaderboard row as the picture draws it."""
    return {"rank": row.rank, "name": shown_name(row.player, row.name, locale),
            "rating": shown(row.ordinal), "games": row.games, "wins": row.wins,
            "trend": shown(row.ordinal) - shown(row.ordinal - row.trend)}


def board_state(board: Board, title: str, me: str, locale: str) -> dict[str, Any]:
    """The leaderboard picture's data (`render.ratings`): the top rows, the asker's row
    marked, or their own place in a row below the top ones."""
    mine = next((i for i, r in enumerate(board.rows) if r.player == me), -1)
    return {"title": t("ratings.board_title", locale, game=title), "rated": board.rated,
            "me": mine, "rows": [row_state(r, locale) for r in board.rows],
            "mine": row_state(board.mine, locale) if board.mine is not None else None}


def profile_state(record: PlayerRecord, title: str, locale: str) -> dict[str, Any]:
    """The profile picture's data (`render.ratings`)."""
    return {"title": t("ratings.profile_title", locale,
                       player=shown_name(record.player, record.name, locale), game=title),
            "rating": shown(record.ordinal), "rank": record.rank, "games": record.games,
            "wins": record.wins, "average": record.average_score, "best": record.best_score,
            "history": [shown(o) for _at, o in record.history]}


async def _send_picture(interaction: discord.Interaction[Any], request: DrawRequest,
                        name: str, *, also: tuple[str, bytes] | None = None,
                        content: str = "") -> None:
    """The picture privately; `also`: a second one (name, PNG) in the same message."""
    png = await drawn(picture, request)
    files = [discord.File(io.BytesIO(png), name)]
    if also is not None:
        files.append(discord.File(io.BytesIO(also[1]), also[0]))
    await interaction.followup.send(content, files=files, ephemeral=True)


@app_commands.command(name=command_text("leaderboard", "name"),
                      description=command_text("leaderboard", "description"))
async def leaderboard(interaction: discord.Interaction[Any]) -> None:
    """The server's best players of this game, as a picture, privately."""
    key, guild, locale = game_of(interaction), guild_of(interaction), locale_of(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    board = await client_of(interaction).service.leaderboard(guild, key,
                                                             asker=interaction.user.id)
    state = board_state(board, game_named(key).title, person(interaction.user.id), locale)
    await _send_picture(interaction, DrawRequest(key, "leaderboard", state, locale=locale),
                        "leaderboard.png")


@app_commands.command(name=command_text("profile", "name"),
                      description=command_text("profile", "description"))
async def profile(interaction: discord.Interaction[Any],
                  member: discord.Member | None = None) -> None:
    """A member's record in this game on this server (yours by default), privately."""
    key, guild, locale = game_of(interaction), guild_of(interaction), locale_of(interaction)
    whom = member or interaction.user
    await interaction.response.defer(ephemeral=True, thinking=True)
    record = await client_of(interaction).service.profile(guild, key, whom.id)
    title = game_named(key).title
    if record is None:
        await reply_private(interaction, t("ratings.no_profile", locale,
                                           player=safe_name(whom.display_name), game=title))
        return
    best, content = None, ""
    final = await client_of(interaction).service.best_final(record)
    if final is not None:  # the best game's final board, drawn by the game's own renderer
        game, state, seat = final
        best = ("best.png", await drawn(front_of(key).best_png, state, seat, locale,
                                        game.settings.theme))
        content = game_text(key, "ratings.best_final", locale, score=record.best_score)
    await _send_picture(interaction, DrawRequest(key, "profile",
                                                 profile_state(record, title, locale),
                                                 locale=locale), "profile.png",
                        also=best, content=content)


@app_commands.command(name=command_text("resetboard", "name"),
                      description=command_text("resetboard", "description"))
async def resetboard(interaction: discord.Interaction[Any]) -> None:
    """A server manager is asked to confirm before the leaderboard is reset."""
    key, locale = game_of(interaction), locale_of(interaction)
    if not user_of(interaction).manages_server:
        raise NotAllowed("only a server manager (Manage Server) may reset a leaderboard")
    view = Components().button(reset_id(key), t("label.reset_board", locale), DANGER)
    await reply_private(interaction, t("ratings.reset_confirm", locale,
                                       game=game_named(key).title), view=view.as_view())


async def reset_clicked(interaction: discord.Interaction[Any], click: Click) -> None:
    """The confirming button of /<game> resetboard."""
    locale = locale_of(interaction)
    try:
        title = game_named(click.value).title
    except ValueError:
        raise BadInput("that leaderboard is unknown") from None
    count = await client_of(interaction).service.reset_leaderboard(
        guild_of(interaction), click.value, user_of(interaction))
    await reply_private(interaction, t("ratings.reset_done", locale, game=title, count=count))


@app_commands.command(name=command_text("resign", "name"),
                      description=command_text("resign", "description"))
async def resign(interaction: discord.Interaction[Any]) -> None:
    """A seated player is asked to confirm, with a button naming what it does."""
    locale = locale_of(interaction)
    game = await client_of(interaction).service.may_resign(await table_channel(interaction),
                                                            user_of(interaction))
    view = Components().button(resign_id(game.id, game.version), t("label.resign", locale),
                               DANGER)
    await reply_private(interaction, t("ratings.resign_confirm", locale), view=view.as_view())


async def resign_clicked(interaction: discord.Interaction[Any], click: Click) -> None:
    """The confirming button of /<game> resign: the service checks the seat and the game
    (the click's game is the one open here: `gate.check_click_table`)."""
    client = client_of(interaction)
    await client.service.resign(await table_channel(interaction), user_of(interaction))
    client.announce()
    await reply_private(interaction, t("ratings.resigned", locale_of(interaction)))


COMMANDS: tuple[app_commands.Command[Any, ..., None], ...] = (leaderboard, profile, resetboard,
                                                              resign)
