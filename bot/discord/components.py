"""Buttons and select menus that survive restarts: custom_ids routed by one handler.

No game state lives on a message: each custom_id carries what the click means
(`mr:<kind>:<game>:<version>[:<payload>]`), and the bot asks the table service, which
refuses stale versions. Every offer is built from `legal_actions`. A click becomes a
`Click` (`click_of`) handed to the client, which routes it; this module knows no handler.

Components are built as the JSON Discord takes (`Components`), not as discord.py `View`s
of `DynamicItem`s: a view per message costs a timeout task and a view-store entry for
each private step, and every click rebuilt a whole view from the clicked message to find
its item. Laid out exactly as discord.py lays out a view (first row with room).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, ClassVar, cast

import discord

from bot.discord.host import Click
from engine.games.i18n import t

PAGE = 25  # Discord: at most 25 options in a select menu
ROWS = 5  # Discord: at most five rows of components per message
BUTTONS_PER_ROW = 5
ACTION_ROW, BUTTON, SELECT = 1, 2, 3  # Discord's component types

PRIMARY = discord.ButtonStyle.primary.value
SECONDARY = discord.ButtonStyle.secondary.value
SUCCESS = discord.ButtonStyle.success.value
DANGER = discord.ButtonStyle.danger.value
LINK = discord.ButtonStyle.link.value


class Components:
    """Rows of buttons and menus for one message, as Discord's JSON. discord.py sends it
    wherever it takes a view (it asks only for `to_components`); it is never stored in
    discord.py's view store: clicks reach the client's one router instead."""

    __discord_ui_view__: ClassVar[bool] = True  # what discord.py checks of a view
    timeout: float | None = None

    def __init__(self) -> None:
        self._rows: list[list[dict[str, Any]]] = [[] for _ in range(ROWS)]
        self._room = [BUTTONS_PER_ROW] * ROWS

    def _place(self, component: dict[str, Any], width: int) -> Components:
        """Into the first row with room, as discord.py's view does."""
        for row, room in enumerate(self._room):
            if width <= room:
                self._rows[row].append(component)
                self._room[row] -= width
                return self
        raise ValueError("no room left for another component (five rows)")

    def button(self, custom_id: str, label: str, style: int = PRIMARY) -> Components:
        return self._place({"type": BUTTON, "style": style, "disabled": False,
                            "label": label[:80], "custom_id": custom_id}, 1)

    def action(self, game: int, version: int, action: str, label: str,
               style: int | None = None) -> Components:
        """One legal action as a button (pass in grey, the rest in blue)."""
        return self.button(act_id(game, version, action), label,
                           style or (SECONDARY if action == "pass" else PRIMARY))

    def link(self, label: str, url: str) -> Components:
        return self._place({"type": BUTTON, "style": LINK, "disabled": False,
                            "label": label[:80], "url": url}, 1)

    def menu(self, custom_id: str, options: Sequence[dict[str, Any]],
             placeholder: str = "") -> Components:
        """A select menu of `option(...)`s (at most PAGE; one placeholder if none)."""
        component: dict[str, Any] = {"type": SELECT, "custom_id": custom_id, "min_values": 1,
                                     "max_values": 1, "disabled": False, "required": True}
        if placeholder:
            component["placeholder"] = placeholder
        component["options"] = list(options) or [option("-", "-")]
        return self._place(component, BUTTONS_PER_ROW)

    def has_room(self, width: int = 1) -> bool:
        return any(width <= room for room in self._room)

    def end_row(self) -> Components:
        """What comes next starts a row of its own (a row of choices, then Back)."""
        self._room = [0 if row else room for row, room in zip(self._rows, self._room,
                                                              strict=True)]
        return self

    def rows_used(self) -> int:
        return sum(1 for row in self._rows if row)

    def rows_free(self) -> int:
        """Rows with nothing in them yet (a menu needs a whole one)."""
        return sum(1 for room in self._room if room == BUTTONS_PER_ROW)

    def __len__(self) -> int:
        return sum(len(row) for row in self._rows)

    def __bool__(self) -> bool:
        return True  # even an empty one means "these components": none left

    def custom_ids(self) -> list[str]:
        return [c["custom_id"] for row in self._rows for c in row if "custom_id" in c]

    # --- what discord.py asks of a view it sends ------------------------------------------

    def as_view(self) -> discord.ui.View:
        """This, where discord.py's signatures say `View`: it checks a view by its
        `__discord_ui_view__` mark and asks for the methods below, nothing else."""
        return cast(discord.ui.View, self)

    def to_components(self) -> list[dict[str, Any]]:
        return [{"type": ACTION_ROW, "components": row} for row in self._rows if row]

    def has_components_v2(self) -> bool:
        return False

    def is_finished(self) -> bool:
        return True  # nothing to listen for: never put in discord.py's view store

    def is_dispatchable(self) -> bool:
        return False


def sendable(components: Components | None) -> discord.ui.View | None:
    """For discord.py's `view=`: the components, or None to take every one away."""
    return components.as_view() if components is not None else None


def option(label: str, value: str, description: str | None = None) -> dict[str, Any]:
    """One select-menu option (labels are fitted to Discord's 100 characters by
    `bot.tables.words.fit`; a value is an action text and is never cut)."""
    payload: dict[str, Any] = {"label": label, "value": value, "default": False}
    if description:
        payload["description"] = description
    return payload


# --- the custom_ids: what each kind of component carries ----------------------------------

def lobby_id(what: str) -> str:
    return f"mr:lobby:{what}"


def turn_id(game: int, version: int) -> str:
    """'Play' under the turn post: opens the private move dialogue."""
    return f"mr:turn:{game}:{version}"


def act_id(game: int, version: int, action: str) -> str:
    """One legal action as a button."""
    return f"mr:act:{game}:{version}:{action}"


def select_id(game: int, version: int, page: int) -> str:
    """Up to 25 legal actions in a select menu; the chosen value is the action text."""
    return f"mr:sel:{game}:{version}:{page}"


def pair_id(game: int, version: int) -> str:
    """Step one of building: which two stored parcels; step two shows where they fit."""
    return f"mr:pair:{game}:{version}"


def spot_id(game: int, version: int, page: int) -> str:
    """Step two of building: where the pair goes; step three shows it and asks to confirm."""
    return f"mr:spot:{game}:{version}:{page}"


def propose_id(game: int, version: int, action: str) -> str:
    """⇄ on a proposal: the same cells with the two ends swapped (another legal build)."""
    return f"mr:prop:{game}:{version}:{action}"


def back_id(game: int, version: int) -> str:
    """Back from a placement menu to the turn's first decision."""
    return f"mr:back:{game}:{version}"


def back_to_pair_id(game: int, version: int, pair: str) -> str:
    """Back from a proposal to where that pair fits (step two), the pair in the id."""
    return f"mr:topair:{game}:{version}:{pair}"


def pick_id(game: int, version: int, value: str) -> str:
    """A first step of a game's own turn dialogue (Moonlight: a card of the hand); the
    next step shows what that choice allows. Never an action by itself."""
    return f"mr:pick:{game}:{version}:{value}"


def take_back_id(game: int, version: int) -> str:
    """Under a step that follows the player's own move within their turn: that move
    taken back (the service's undo, refused once the table moved on)."""
    return f"mr:undo:{game}:{version}"


def rematch_id(game: int) -> str:
    """Under the final post: a new lobby with the same players."""
    return f"mr:rematch:{game}"


def resign_id(game: int, version: int) -> str:
    """Confirms /<game> resign: the clicking player's seat goes to a computer."""
    return f"mr:resign:{game}:{version}"


def reset_id(game_key: str) -> str:
    """Confirms /<game> resetboard: that game's leaderboard of the server starts afresh."""
    return f"mr:reset:{game_key}"


def help_id() -> str:
    """Under the bot's answer to an @mention: the help, privately."""
    return "mr:help"


_GAME = r"(?P<game>\d+)"
_VERSION = r"(?P<version>\d+)"
_ACTION = r"(?P<action>[A-Za-z0-9 _-]+)"  # every game's action text (`power full-moon`)
#: custom_id → (kind of click, where its value comes from: the id or the chosen option).
_TEMPLATES: tuple[tuple[re.Pattern[str], str, str], ...] = tuple(
    (re.compile(pattern), kind, value) for pattern, kind, value in (
        (r"mr:lobby:(?P<action>join|leave|start|cancel)", "lobby", "id"),
        (r"mr:lobby:colour", "colour", "chosen"),
        (rf"mr:turn:{_GAME}:{_VERSION}", "turn", ""),
        (rf"mr:act:{_GAME}:{_VERSION}:{_ACTION}", "act", "id"),
        (rf"mr:sel:{_GAME}:{_VERSION}:\d+", "act", "chosen"),
        (rf"mr:pair:{_GAME}:{_VERSION}", "pair", "chosen"),
        (rf"mr:topair:{_GAME}:{_VERSION}:{_ACTION}", "pair", "id"),
        (rf"mr:spot:{_GAME}:{_VERSION}:\d+", "spot", "chosen"),
        (rf"mr:prop:{_GAME}:{_VERSION}:{_ACTION}", "spot", "id"),
        (rf"mr:back:{_GAME}:{_VERSION}", "back", ""),
        (rf"mr:pick:{_GAME}:{_VERSION}:{_ACTION}", "pick", "id"),
        (rf"mr:undo:{_GAME}:{_VERSION}", "undo", ""),
        (rf"mr:rematch:{_GAME}", "rematch", ""),
        (rf"mr:resign:{_GAME}:{_VERSION}", "resign", ""),
        (r"mr:reset:(?P<action>[a-z0-9_]+)", "reset", "id"),
        (r"mr:help", "help", ""),
    ))


def click_of(custom_id: str, values: Sequence[str] = ()) -> Click | None:
    """What a click means, from its custom_id (and the option chosen in a menu); None for
    an id that is not ours."""
    if not custom_id.startswith("mr:"):
        return None
    for pattern, kind, source in _TEMPLATES:
        match = pattern.fullmatch(custom_id)
        if match is None:
            continue
        fields = match.groupdict()
        value = ""
        if source == "id":
            value = fields.get("action") or ""
        elif source == "chosen" and values:
            value = str(values[0])
        return Click(kind, int(fields.get("game") or 0), int(fields.get("version") or 0),
                     value)
    return None


def lobby_view(locale: str) -> Components:
    styles = {"join": PRIMARY, "start": SUCCESS, "cancel": DANGER}
    view = Components()
    for what in ("join", "leave", "start", "cancel"):
        view.button(lobby_id(what), t(f"bot.{what}", locale), styles.get(what, SECONDARY))
    return view
