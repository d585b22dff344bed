"""Buttons and select menus that survive restarts: persistent `DynamicItem`s.

No game state lives on a View: each custom_id carries what the click means
(`mr:<kind>:<game>:<version>[:<payload>]`), and the bot asks the table service, which
refuses stale versions. Every offer is built from `legal_actions`. A click becomes a
`Click` handed to the client, which routes it; this module knows no handler.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import discord

from bot.discord.host import Click, client_of
from engine.i18n import t

PAGE = 25  # Discord: at most 25 options in a select menu


async def _clicked(interaction: discord.Interaction[Any], click: Click) -> None:
    await client_of(interaction).on_click(interaction, click)


def _label(item: discord.ui.Item[Any], default: str) -> str:
    label = getattr(item, "label", None)
    return label if isinstance(label, str) and label else default


def _selected(interaction: discord.Interaction[Any]) -> str:
    """The value chosen in a select menu (Discord sends it in the interaction data)."""
    data: Any = interaction.data or {}
    values = data.get("values") or [""]
    return str(values[0])


def _menu(custom_id: str, options: Sequence[discord.SelectOption],
          placeholder: str) -> discord.ui.Select[Any]:
    """A select menu; rebuilt from a custom_id after a restart, it has no options yet."""
    return discord.ui.Select(custom_id=custom_id, placeholder=placeholder or None,
                             options=list(options)
                             or [discord.SelectOption(label="-", value="-")])


class LobbyButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                  template=r"mr:lobby:(?P<what>join|leave|start|cancel)"):
    def __init__(self, what: str, label: str) -> None:
        style = {"join": discord.ButtonStyle.primary, "start": discord.ButtonStyle.success,
                 "cancel": discord.ButtonStyle.danger}.get(what, discord.ButtonStyle.secondary)
        super().__init__(discord.ui.Button(label=label, style=style,
                                           custom_id=f"mr:lobby:{what}"))
        self.what = what

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str],
                             /) -> LobbyButton:
        return cls(match["what"], _label(item, match["what"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _clicked(interaction, Click("lobby", 0, 0, self.what))


class TurnButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                 template=r"mr:turn:(?P<game>\d+):(?P<version>\d+)"):
    """'Play' under the turn post: opens the private move dialogue."""

    def __init__(self, game: int, version: int, label: str = "Play") -> None:
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.primary,
                                           custom_id=f"mr:turn:{game}:{version}"))
        self.game, self.version = game, version

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str],
                             /) -> TurnButton:
        return cls(int(match["game"]), int(match["version"]), _label(item, "Play"))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _clicked(interaction, Click("turn", self.game, self.version))


class ActButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                template=r"mr:act:(?P<game>\d+):(?P<version>\d+):(?P<action>[A-Za-z0-9 ]+)"):
    """One legal action as a button."""

    def __init__(self, game: int, version: int, action: str, label: str,
                 style: discord.ButtonStyle | None = None) -> None:
        super().__init__(discord.ui.Button(
            label=label[:80], style=style or (discord.ButtonStyle.secondary if action == "pass"
                                              else discord.ButtonStyle.primary),
            custom_id=f"mr:act:{game}:{version}:{action}"))
        self.game, self.version, self.action = game, version, action

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str],
                             /) -> ActButton:
        return cls(int(match["game"]), int(match["version"]), match["action"],
                   _label(item, match["action"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _clicked(interaction, Click("act", self.game, self.version, self.action))


class ActSelect(discord.ui.DynamicItem[discord.ui.Select[Any]],
                template=r"mr:sel:(?P<game>\d+):(?P<version>\d+):(?P<page>\d+)"):
    """Up to 25 legal actions in a select menu; the chosen value is the action text."""

    def __init__(self, game: int, version: int, page: int,
                 options: Sequence[discord.SelectOption] = (), placeholder: str = "") -> None:
        super().__init__(_menu(f"mr:sel:{game}:{version}:{page}", options, placeholder))
        self.game, self.version = game, version

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str],
                             /) -> ActSelect:
        return cls(int(match["game"]), int(match["version"]), int(match["page"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _clicked(interaction, Click("act", self.game, self.version,
                                          _selected(interaction)))


class PairSelect(discord.ui.DynamicItem[discord.ui.Select[Any]],
                 template=r"mr:pair:(?P<game>\d+):(?P<version>\d+)"):
    """Step one of building: which two stored parcels; step two shows where they fit."""

    def __init__(self, game: int, version: int,
                 options: Sequence[discord.SelectOption] = (), placeholder: str = "") -> None:
        super().__init__(_menu(f"mr:pair:{game}:{version}", options, placeholder))
        self.game, self.version = game, version

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str],
                             /) -> PairSelect:
        return cls(int(match["game"]), int(match["version"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _clicked(interaction, Click("pair", self.game, self.version,
                                          _selected(interaction)))


class SpotSelect(discord.ui.DynamicItem[discord.ui.Select[Any]],
                 template=r"mr:spot:(?P<game>\d+):(?P<version>\d+):(?P<page>\d+)"):
    """Step two of building: where the pair goes; step three shows it and asks to confirm."""

    def __init__(self, game: int, version: int, page: int,
                 options: Sequence[discord.SelectOption] = (), placeholder: str = "") -> None:
        super().__init__(_menu(f"mr:spot:{game}:{version}:{page}", options, placeholder))
        self.game, self.version = game, version

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str],
                             /) -> SpotSelect:
        return cls(int(match["game"]), int(match["version"]), int(match["page"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _clicked(interaction, Click("spot", self.game, self.version,
                                          _selected(interaction)))


class ProposeButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                    template=r"mr:prop:(?P<game>\d+):(?P<version>\d+):(?P<action>[A-Za-z0-9 ]+)"):
    """⇄ on a proposal: the same cells with the two ends swapped (another legal build)."""

    def __init__(self, game: int, version: int, action: str, label: str = "⇄") -> None:
        super().__init__(discord.ui.Button(label=label[:80], style=discord.ButtonStyle.secondary,
                                           custom_id=f"mr:prop:{game}:{version}:{action}"))
        self.game, self.version, self.action = game, version, action

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str],
                             /) -> ProposeButton:
        return cls(int(match["game"]), int(match["version"]), match["action"],
                   _label(item, "⇄"))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _clicked(interaction, Click("spot", self.game, self.version, self.action))


class BackButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                 template=r"mr:back:(?P<game>\d+):(?P<version>\d+)"):
    """Back from a proposal or a placement menu to the turn's first decision."""

    def __init__(self, game: int, version: int, label: str = "Back") -> None:
        super().__init__(discord.ui.Button(label=label[:80], style=discord.ButtonStyle.secondary,
                                           custom_id=f"mr:back:{game}:{version}"))
        self.game, self.version = game, version

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str],
                             /) -> BackButton:
        return cls(int(match["game"]), int(match["version"]), _label(item, "Back"))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _clicked(interaction, Click("back", self.game, self.version))


class RematchButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                    template=r"mr:rematch:(?P<game>\d+)"):
    """Under the final post: a new lobby with the same players."""

    def __init__(self, game: int, label: str = "Rematch") -> None:
        super().__init__(discord.ui.Button(label=label[:80], style=discord.ButtonStyle.success,
                                           custom_id=f"mr:rematch:{game}"))
        self.game = game

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str],
                             /) -> RematchButton:
        return cls(int(match["game"]), _label(item, "Rematch"))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _clicked(interaction, Click("rematch", self.game, 0))


DYNAMIC_ITEMS = (LobbyButton, TurnButton, ActButton, ActSelect, PairSelect, SpotSelect,
                 ProposeButton, BackButton, RematchButton)


def lobby_view(locale: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for what in ("join", "leave", "start", "cancel"):
        view.add_item(LobbyButton(what, t(f"bot.{what}", locale)))
    return view
