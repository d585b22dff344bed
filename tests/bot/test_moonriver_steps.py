"""Moon River's private steps about the mover's own ranch show it: the drought's cow
(R-SYM-2), the circle's partner (R-SYM-3) and the Cowboy's moves (R-PART-2), each with
the ranch picture; a Cowboy's few moves are buttons ("🐄 C4 → D4"), a tap each. Back
under a proposal goes one step back, to where its pair fits."""

from __future__ import annotations

import random
from collections.abc import Iterator
from types import SimpleNamespace
from typing import cast

import pytest

from bot.discord.games.moonriver.steps import ON_THE_RANCH, decision_screen, placement_screen
from bot.tables.domain import Game, TableSettings
from bot.tables.fronts.moonriver.labels import pair_key
from engine.moonriver import events as ev
from engine.moonriver.actions import Build, Move
from engine.moonriver.ai import make_player
from engine.moonriver.game import apply, legal_actions, new_game
from engine.moonriver.grid import cell_name
from engine.moonriver.grid import parse_cell as parse
from engine.moonriver.state import GameState, Phase
from tests.bot.test_end_to_end import (  # noqa: F401 (the fixture)
    ALICE,
    BOB,
    discord_and_bot,
    started_table,
)
from tests.bot.test_kept_message import Table
from tests.fake_discord import Sent, next_click

GAME = cast(Game, SimpleNamespace(id=3, version=8, settings=TableSettings()))


def random_states(seeds: range = range(60)) -> Iterator[GameState]:
    """Every decision of random 3-player games, one game after another."""
    for seed in seeds:
        state = new_game(["ann", "bo", "cy"], seed)
        player = make_player("random", seed)
        while state.phase is not Phase.OVER:
            yield state
            state, _ = apply(state, player.choose(state))


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


def test_the_pair_and_the_discard_steps_show_the_movers_ranch_R_BUILD_2() -> None:
    """Which two parcels to join (a pair step, several pairs) or to let go when nothing
    fits (R-BUILD-2) is chosen looking at the storage and the ranch: both show it."""
    from engine.moonriver.actions import Discard
    seen = set()
    for state in random_states():
        options = legal_actions(state)
        builds = {frozenset((a.first, a.second)) for a in options if isinstance(a, Build)}
        kind = "discard" if options and all(isinstance(a, Discard) for a in options) \
            else "pair" if len(builds) > 1 else None
        if kind is not None and kind not in seen:
            screen = decision_screen(GAME, state, options, "en")
            assert screen.picture is not None and screen.picture[0] == "ranch.png", kind
            seen.add(kind)
            if len(seen) == 2:
                return
    raise AssertionError(f"steps not met: {seen}")


def test_place_options_describe_their_effect_only_where_it_differs_R_PLACE() -> None:
    """Each lettered place says what it does ("+2 pts now · 1 cow arrives") where the
    places differ; where every place does the same, the same words on every option
    tell nothing about where, and the options are the places alone."""
    from bot.tables.fronts.moonriver.labels import pair_key
    kinds = set()
    for state in random_states(range(40)):
        options = legal_actions(state)
        builds = [a for a in options if isinstance(a, Build)]
        if not builds:
            continue
        same = [b for b in builds if pair_key(b) == pair_key(builds[0])]
        others = [a for a in options if not isinstance(a, Build)]
        screen = placement_screen(GAME, state, same, others, "en", back=False)
        described = [o.get("description") for row in screen.view.to_components()
                     for c in row["components"] if c["type"] == 3 for o in c["options"]]
        if len(described) > 1:
            if all(d is None for d in described):
                kinds.add("same")
            else:
                assert len(set(described)) > 1, described
                kinds.add("differ")
            if len(kinds) == 2:
                return
    raise AssertionError(f"not met: {kinds}")


def test_a_cowboys_few_moves_are_buttons_named_by_their_cells() -> None:
    state = first_of_each(frozenset({Phase.COWBOY}))[Phase.COWBOY]
    options = legal_actions(state)
    moves = [a for a in options if isinstance(a, Move)]
    screen = decision_screen(GAME, state, options, "en")
    buttons = [b for row in screen.view.to_components() for b in row["components"]]
    assert moves and len(options) <= 10 and all(b["type"] == 2 for b in buttons)
    assert sorted(b["label"] for b in buttons if b["label"].startswith("🐄 ")) == sorted(
        f"🐄 {cell_name(m.source)} → {cell_name(m.target)}" for m in moves)


def test_R_PART_2_a_cowboys_many_moves_are_a_cow_then_where_it_steps() -> None:
    """More moves than buttons: first the cows that can step (a button each, in the
    picture's reading order, with Stop), then one cow's steps as buttons with Back;
    every legal move is reached through its cow and no other."""
    from bot.discord.games.moonriver.steps import cow_screen
    from engine.moonriver.grid import WIDTH
    met = 0
    for state in random_states(range(80)):
        options = legal_actions(state)
        if state.phase is not Phase.COWBOY or len(options) <= 10:
            continue
        moves = [a for a in options if isinstance(a, Move)]
        screen = decision_screen(GAME, state, options, "en")
        buttons = [b for row in screen.view.to_components() for b in row["components"]]
        assert all(b["type"] == 2 for b in buttons) and screen.picture is not None
        cows = [b for b in buttons if b["custom_id"].startswith("mr:pick:")]
        sources = [parse(b["custom_id"].split(":")[-1]) for b in cows]
        assert sorted(sources) == sorted({m.source for m in moves})
        assert sources == sorted(sources, key=lambda c: (-(c // WIDTH), c % WIDTH))
        assert [b["label"] for b in cows] == [f"🐄 {cell_name(c)}" for c in sources]
        assert any(b["custom_id"].endswith(":pass") for b in buttons)  # Stop
        reached = []
        for source in sources:
            mine = [m for m in moves if m.source == source]
            step = cow_screen(GAME, state, mine, "en")
            ids = [b["custom_id"] for row in step.view.to_components() for b in row["components"]]
            assert f"mr:back:{GAME.id}:{GAME.version}" in ids
            reached += [i.split(":", 4)[-1] for i in ids if i.startswith("mr:act:")]
        assert sorted(reached) == sorted(str(m) for m in moves)
        met += 1
    assert met >= 3


@pytest.mark.system
async def test_back_from_a_proposal_returns_to_where_its_pair_fits(
        discord_and_bot) -> None:  # noqa: F811 (the fixture)
    """Back under a proposal (Confirm, ⇄, Back) shows the lettered places of the same
    pair again, not the pair step before it: one tap back, not two."""
    fake, _bot = discord_and_bot
    table = Table(fake, await started_table(fake, ALICE, [BOB]))
    seen: list[Sent] = []

    def step(message: Sent, rng: random.Random) -> tuple[str, list[str] | None]:
        back = next((c for c in message.custom_ids() if c.startswith("mr:topair:")), None)
        if back is not None and not seen:
            seen.append(message)
            return back, None
        if len(seen) == 1:
            seen.append(message)  # what Back showed
        return next_click(message, rng)

    for _ in range(60):
        await table.turn(step)
        if len(seen) == 2:
            break
    proposal, after = seen
    ids = after.custom_ids()
    assert any(c.startswith("mr:spot:") for c in ids), after.content
    assert not any(c.startswith("mr:pair:") for c in ids), after.content
    pair = next(c for c in proposal.custom_ids() if c.startswith("mr:topair:")).split(":")[-1]
    assert all(pair_of(option) == pair for c in ids if c.startswith("mr:spot:")
               for option in after.select_options(c)), (pair, after.content)
    assert fake.violations == [] and fake.unanswered() == []


def pair_of(action: str) -> str:
    """'build p17 p42 C3 up' → 'p17 p42' (the pair, lower id first, as `pair_key`)."""
    a, b = sorted(action.split()[1:3], key=lambda p: int(p[1:]))
    return f"{a} {b}"


def test_the_placement_menu_does_not_repeat_the_line_above_it() -> None:
    """'Where? The letters are on the picture.' above, 'Pick the place by its letter' on
    the menu (R-PLACE-*): the same words twice read as a glitch."""
    state = first_of_each(frozenset({Phase.BUILD}))[Phase.BUILD]
    options = legal_actions(state)
    builds = [a for a in options if isinstance(a, Build)]
    pair = [b for b in builds if pair_key(b) == pair_key(builds[0])]
    screen = placement_screen(GAME, state, pair, [], "en", back=False)
    menus = [c for row in screen.view.to_components() for c in row["components"]
             if c["type"] == 3]
    assert menus and all(m["placeholder"] == "Pick the place by its letter" for m in menus)
    assert "Pick the place" not in screen.text and "Where?" in screen.text


def test_R_SYM_2_a_place_that_brings_a_drought_on_a_cow_says_so() -> None:
    """A place whose skull reaches a cow says so beside its points ("a drought takes a
    cow"), whether the player picks the cow next or it was the only one in reach and is
    taken at once: a play-tester learned it only from the turn's result. A place whose
    skull reaches no cow (R-SYM-2: no effect) says nothing of it."""
    from bot.tables.fronts.moonriver.labels import build_effect
    said = {True: 0, False: 0}
    for state in random_states(range(60)):
        for build in (a for a in legal_actions(state) if isinstance(a, Build)):
            after, events = apply(state, build)
            drought = after.phase is Phase.SKULL or any(  # a lone cow in reach: taken
                isinstance(e, ev.SkullResolved) and e.cow_cell is not None for e in events)
            text = build_effect(state, build, "en")
            assert ("drought" in text) == drought, (text, drought)
            said[drought] += 1
    assert said[True] >= 3 and said[False] >= 100, said


def test_R_PART_2_a_cowboy_with_no_cow_to_move_says_so_before_it_is_chosen() -> None:
    """A partner recruited Cowboy side up where no cow can step (none on the ranch, or
    none with a parcel to step onto) is labelled so, as a Desperado with nothing to swap
    is; one with a cow to move is not."""
    from bot.tables.fronts.moonriver.labels import action_label
    from engine.moonriver.actions import Recruit
    from engine.moonriver.components import COWBOY
    seen = {True: 0, False: 0}
    for state in random_states(range(80)):
        if state.phase is not Phase.RECRUIT:
            continue
        for action in legal_actions(state):
            if isinstance(action, Recruit) and action.face == COWBOY:
                after, _ = apply(state, action)
                moves = any(isinstance(a, Move) for a in legal_actions(after))
                label = action_label(state, action, "en").text
                assert ("no cow can move" in label) == (not moves), label
                seen[moves] += 1
    assert seen[True] >= 3 and seen[False] >= 3, seen
