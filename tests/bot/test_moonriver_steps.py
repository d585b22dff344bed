"""Moon River's private steps about the mover's own ranch show it: the drought's cow
(R-SYM-2), the circle's partner (R-SYM-3) and the Cowboy's moves (R-PART-2), each with
the ranch picture; a Cowboy's few moves are buttons ("🐄 C4 → D4"), a tap each."""

from __future__ import annotations

from types import SimpleNamespace
from typing import cast

from bot.discord.games.moonriver.steps import ON_THE_RANCH, decision_screen
from bot.tables.domain import Game, TableSettings
from engine.moonriver.actions import Move
from engine.moonriver.ai import make_player
from engine.moonriver.game import apply, legal_actions, new_game
from engine.moonriver.grid import cell_name
from engine.moonriver.state import GameState, Phase

GAME = cast(Game, SimpleNamespace(id=3, version=8, settings=TableSettings()))


def first_of_each(phases: frozenset[Phase]) -> dict[Phase, GameState]:
    """The first state of each phase met in random 3-player games."""
    found: dict[Phase, GameState] = {}
    for seed in range(30):
        state = new_game(["ann", "bo", "cy"], seed)
        player = make_player("random", seed)
        while state.phase is not Phase.OVER and len(found) < len(phases):
            if state.phase in phases:
                found.setdefault(state.phase, state)
            state, _ = apply(state, player.choose(state))
        if len(found) == len(phases):
            return found
    raise AssertionError(f"phases not met: {phases - set(found)}")


def test_ranch_steps_show_the_movers_ranch_and_the_others_do_not() -> None:
    states = first_of_each(ON_THE_RANCH | {Phase.CHOOSE})
    for phase, state in states.items():
        screen = decision_screen(GAME, state, legal_actions(state), "en")
        if phase in ON_THE_RANCH:
            assert screen.picture is not None and screen.picture[0] == "ranch.png", phase
            assert screen.picture[1].startswith(b"\x89PNG")
        else:
            assert screen.picture is None, phase


def test_a_cowboys_few_moves_are_buttons_named_by_their_cells() -> None:
    state = first_of_each(frozenset({Phase.COWBOY}))[Phase.COWBOY]
    options = legal_actions(state)
    moves = [a for a in options if isinstance(a, Move)]
    screen = decision_screen(GAME, state, options, "en")
    buttons = [b for row in screen.view.to_components() for b in row["components"]]
    assert moves and len(options) <= 10 and all(b["type"] == 2 for b in buttons)
    assert sorted(b["label"] for b in buttons if b["label"].startswith("🐄 ")) == sorted(
        f"🐄 {cell_name(m.source)} → {cell_name(m.target)}" for m in moves)
