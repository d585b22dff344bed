"""Finished random games of every game as records, and their story pictures drawn from
the rows the table's front end keeps (`bot.tables.fronts.story.rounds_of`): what the
end post's second picture is made of."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.tables.fronts.story import rounds_of
from engine.games.base import Record
from engine.games.rng import Rng
from engine.moonriver.view import public_view
from engine.registry import game_named
from render.kingdomino.story import render_kingdomino_story
from render.moonlight.story import render_moonlight_story
from render.moonriver.story import render_moonriver_story
from render.moonriver.style import moonriver_theme
from render.story import StoryPicture
from render.theme import Theme

NAMES = ("Alice", "ボブ", "Carol 🤠", "Dmitri Alexandrovich Karamazov-Smerdyakov")


def finished(game: str, players: int, seed: int,
             options: Mapping[str, Any] | None = None) -> Record:
    """A whole random game of `game` as its record."""
    rules = game_named(game)
    names = NAMES[:players]
    state, _ = rules.new_game(names, seed, options or {})
    rng = Rng(seed)
    actions = []
    while not rules.is_over(state):
        action = rng.choice(rules.legal_actions(state))
        state, _ = rules.apply(state, action)
        actions.append(str(action))
    return Record(game, seed, names, rules.options(options or {}), tuple(actions))


def story(record: Record, theme: Theme, locale: str) -> StoryPicture:
    """The story picture of `record`, as the drawing worker draws it."""
    state, rows = rounds_of(record)
    if record.game == "moonriver":
        return render_moonriver_story(public_view(state), rows, theme=moonriver_theme(theme),
                                      locale=locale)
    if record.game == "kingdomino":
        return render_kingdomino_story(state, rows, theme=theme, locale=locale)
    view = game_named("moonlight").player_view(state, None)
    return render_moonlight_story(view, rows, theme=theme, locale=locale)
