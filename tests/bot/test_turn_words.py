"""What players read: labels without ids, one narrated line per player turn."""

from __future__ import annotations

import json
import os
import re
import subprocess
from collections import Counter
from datetime import UTC, datetime
from itertools import pairwise
from pathlib import Path

import pytest

from bot.cli import no_token_message
from bot.discord.turns import matches
from bot.tables.domain import LoggedAction
from bot.tables.fronts.moonriver.labels import (
    draft_slots,
    labels_for,
    position_label,
    proposal_text,
    step_prompt,
)
from bot.tables.fronts.moonriver.narrate import segments_of
from bot.tables.narration import told_turns
from bot.tables.words import MAX_DESCRIPTION, MAX_LABEL, Segment, fit, turn_lines
from engine.games.i18n import t
from engine.games.rng import Rng
from engine.moonriver import events as ev
from engine.moonriver.actions import Build
from engine.moonriver.ai import make_player
from engine.moonriver.game import apply, legal_actions, new_game
from engine.moonriver.grid import cell_name, parse_cell
from engine.moonriver.state import GameState, Phase
from engine.moonriver.view import public_view
from render.moonriver.labels import draft_labels
from render.moonriver.placement import placement_positions

ROOT = Path(__file__).resolve().parents[2]
RAW_ID = re.compile(r"\bp\d+\b|\b(?:build|choose|discard|skull|recruit|move|swap|steal|bonus)"
                    r" (?:p\d|[A-Z]\d+\b|\d)|\bseat \d")
ENGLISH = re.compile(r"\b(?:Forest|Meadow|Desert|Cornfield|Pass|Steal|Swap|Cattle thief)\b")
NAMES = ("alice", "bob", "carol", "dave")
SYMBOLS = re.compile("[🐄💀⭕🦫🌽🪙]")  # a parcel's printed symbols, as `symbols` writes them


def playout(players: int, seed: int) -> list[tuple[GameState, object, list[ev.Event]]]:
    """(state before, action, events) of a whole random game."""
    state = new_game(list(NAMES[:players]), seed)
    player = make_player("random", seed)
    out = []
    while state.phase is not Phase.OVER:
        action = player.choose(state)
        after, events = apply(state, action)
        out.append((state, action, list(events)))
        state = after
    return out


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_legal_action_has_a_label_without_ids_R_TURN_R_SYM_R_PART(players: int) -> None:
    kinds = set()
    for state, _action, _events in playout(players, 40 + players):
        options = legal_actions(state)
        kinds |= {type(a).__name__ for a in options}
        for locale in ("en", "de", "ja"):
            for label in labels_for(state, options, locale):
                assert not RAW_ID.search(label.text + label.description), label
                assert len(label.text) <= MAX_LABEL and len(label.description) <= MAX_DESCRIPTION
                if locale != "en":
                    assert not ENGLISH.search(label.text + label.description), label
    assert {"Choose", "Build", "Pass"} <= kinds


def test_placement_positions_are_lettered_with_their_effect_R_PLACE() -> None:
    for state, _action, _events in playout(3, 7):
        builds = [a for a in legal_actions(state) if isinstance(a, Build)]
        if len(builds) < 3:
            continue
        positions = placement_positions(builds)
        labels = [position_label(state, p, "en") for p in positions]
        assert [label.text.split(")")[0] for label in labels] == [p.letter for p in positions]
        for label, position in zip(labels, positions, strict=True):  # what differs leads
            build = position.builds[0]
            assert label.text.startswith(f"{position.letter}) {cell_name(build.cell)} ")
            assert f", {cell_name(build.second_cell)} " in label.text
            assert not SYMBOLS.search(label.text), label.text  # the pair is named above
            proposal = proposal_text(state, position.letter, build, "en")
            assert proposal.startswith(f"{position.letter}) {cell_name(build.cell)} ")
        assert all("pts now" in label.description for label in labels)
        return
    raise AssertionError("no turn with three candidate positions")


def logged(seq: int, seat: int, said: list[Segment],
           events: list[ev.Event] | None = None) -> LoggedAction:
    """A log row as the service writes it: the call's narration on its last action."""
    return LoggedAction(seq, seat, f"action {seq}", datetime(2026, 1, 1, tzinfo=UTC),
                        json.dumps([e.to_dict() for e in events or []]),
                        json.dumps({"en": [x.to_dict() for x in said]}) if said else "")


@pytest.mark.parametrize("locale", ["en", "de", "ja"])
def test_R_2P_3_the_bonus_tile_step_letters_its_spots_on_the_picture(locale: str) -> None:
    """The bonus tile decision is no list of bare cells: its private step carries the
    preview with every spot lettered, and each option starts with its spot's letter, in
    the letters' order (a tile's landscapes share their spot's letter)."""
    from types import SimpleNamespace

    from bot.discord.games.moonriver.steps import decision_screen
    from engine.moonriver.actions import Bonus
    from render.moonriver.placement import bonus_spots
    from render.stamps import drawn_texts
    from tests.helpers import at_bonus_decision

    state = at_bonus_decision()
    options = legal_actions(state)
    spots = bonus_spots([a for a in options if isinstance(a, Bonus)])
    game = SimpleNamespace(id=1, version=1, options=SimpleNamespace(game="moonriver"),
                           settings=SimpleNamespace(theme="dark"))
    with drawn_texts() as texts:
        screen = decision_screen(game, state, options, locale)  # type: ignore[arg-type]
    assert screen.picture is not None and screen.picture[0] == "preview.png"
    assert screen.picture[1][:8] == b"\x89PNG\r\n\x1a\n"
    drawn = {text for text, _ in texts}
    letters = [s.letter for s in spots]
    assert set(letters) <= drawn
    shown = view_labels(screen.view)
    assert len(shown) == len(options) and all(not RAW_ID.search(label) for label in shown)
    expected = [s.letter for s in spots for _ in s.bonuses]
    assert [label.split(")")[0] for label in shown] == expected
    for spot in spots:  # the option names the spot's cell, as the picture's coordinates
        for label in (label for label in shown if label.startswith(f"{spot.letter})")):
            assert cell_name(spot.cells[0]) in label


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_post_tells_one_line_per_player_turn_name_first(players: int) -> None:
    """Each move logged with its narration; a post where the turn passes on tells the
    turns since the last post, from the log alone (`told_turns`)."""
    rows: list[LoggedAction] = []
    since: int | None = None
    turns = lines = cows_told = 0
    for before, action, events in playout(players, 90 + players):
        seat = before.active_seat
        assert seat is not None
        after, _ = apply(before, action)  # type: ignore[arg-type]
        rows.append(logged(len(rows) + 1, seat, segments_of([(seat, events)], before, after),
                           events))
        if any(isinstance(e, ev.TurnStarted | ev.GameEnded) for e in events) \
                or after.active_seat != seat:
            told = told_turns(rows, len(rows), since)
            since = len(rows)
            said = turn_lines(told.segments, after.config.players, "en")
            # a seat the final placement passes over is told apart: "**bob** loses … at
            # the end" (R-END-2), table news rather than a turn
            turn_said = [line for line in said if line.startswith("**")
                         and not re.fullmatch(r"\*\*\w+\*\* loses .* at the end", line)]
            assert all(re.match(r"\*\*(alice|bob|carol|dave)\*\* ", line) for line in turn_said)
            final = any(isinstance(e, ev.FinalPlacement) for e in events)  # R-END-2's own
            assert len(turn_said) <= 1 + final + sum(isinstance(e, ev.TurnStarted)
                                                     for e in events)
            if final:  # R-END-1: the announcement comes before what the placement does
                announced = said.index(t("turn.final", "en"))
                assert not [line for line in said[:announced] if "at the end" in line]
            for line in said:  # each seat's own passes only, once a turn; a second
                # domino declined after a build is no "passed" (R-BUILD-1)
                assert line.count(t("turn.no_build", "en")) <= 1, line
                assert not re.search(r"\bbuilt .*, passed\b", line), line
                # a build's cows (R-SYM-1) are told with it, "on C1–D1 (+1 🐄)", or
                # with a verb ("gained 2 🐄"), never bare where "then" falls on them
                assert not re.search(r", (then )?\+\d+ 🐄", line), line
                cows_told += len(re.findall(r"\(\+\d+ 🐄\)", line))
            turns += 1
            lines += len(turn_said)
    assert lines >= turns * 0.9  # nearly every turn says something (a pass says "passed")
    assert cows_told > 0


def test_a_post_holds_back_the_next_turns_beginning_for_the_next_post() -> None:
    """A call that ends a turn and begins the next (an automatic step) is told in two
    posts: the finished turn now, the rest with the turn it begins."""
    built = Segment(0, ("built",), ends_turn=True)
    begun = Segment(1, ("could not build",))
    took = Segment(1, ("took ③",), ends_turn=True)
    rows = [logged(1, 0, []), logged(2, 0, [built, begun]), logged(3, 1, [took])]
    assert told_turns(rows, 2, None).segments == [built]
    assert told_turns(rows, 3, 2).segments == [begun, took]
    assert [r.seq for r in told_turns(rows, 3, 2).actions] == [3]


def test_a_post_after_a_lost_or_pruned_one_tells_every_turn_since_it() -> None:
    """A superseded post's turns are told by the next post (it counts from the last post
    that went out); with no post known, the previous turn's end bounds it."""
    one = Segment(0, ("built",), ends_turn=True)
    two = Segment(1, ("built",), ends_turn=True)
    three = Segment(0, ("took ①",), ends_turn=True)
    rows = [logged(1, 0, [one]), logged(2, 1, [two]), logged(3, 0, [three])]
    assert told_turns(rows, 3, 1).segments == [two, three]  # the post at 2 never went out
    assert told_turns(rows, 3, None).segments == [three]
    assert told_turns(rows, 1, None).segments == [one]  # the first post tells from the start


def test_a_post_behind_an_undo_tells_nothing_and_its_row_text_stands() -> None:
    rows = [logged(1, 0, [Segment(0, ("built",), ends_turn=True)])]
    assert told_turns(rows, 1, 4).segments == []  # the log was cut below the last post


@pytest.mark.parametrize("players", [2, 4])
def test_the_narration_names_draft_slots_as_the_picture_does_R_ORDER_1(players: int) -> None:
    """The narration reads ①–④ from the state, the picture from the public view: the
    same label for every parcel in either column, all game long."""
    states = [before for before, _, _ in playout(players, 7)]
    for state in states:
        assert draft_slots(state) == draft_labels(public_view(state))
    assert sum(len(draft_slots(s)) for s in states) > 0


def test_typed_moves_autocomplete_by_any_token_in_any_case() -> None:
    name = "build p17 p42 C3 up · Forest 5 🐄 + Desert 1"
    assert matches(name, ["c3"]) and matches(name, ["forest"]) and matches(name, ["FOR", "p4"])
    assert matches(name, []) and not matches(name, ["a1"])


@pytest.mark.system
def test_the_no_token_message_names_commands_that_work_as_typed() -> None:
    assert "bash run.sh sandbox" in no_token_message({"MOONRIVER_LAUNCHER": "bash run.sh"})
    assert "moonriver run" in no_token_message({})
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    done = subprocess.run(["bash", "run.sh"], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=120)
    assert "DISCORD_TOKEN=your-token bash run.sh" in done.stderr
    assert "bash run.sh sandbox" in done.stderr


def test_fit_cuts_to_discords_limits() -> None:
    from bot.tables.words import Label
    cut = fit(Label("x" * 200, "y" * 200))
    assert len(cut.text) == MAX_LABEL and len(cut.description) == MAX_DESCRIPTION


def test_parcels_another_seat_loses_at_the_end_are_told_under_its_name_R_END_2() -> None:
    """The final placement passes over a seat left with one parcel while someone else
    moves: that loss was told as the mover's ("**alice** passed, then loses …")."""
    from bot.tables.fronts.moonriver.labels import parcel_text

    for seed in range(2, 40):
        for before, action, events in playout(2 + seed % 3, seed):
            mover = before.active_seat
            lost = [e for e in events if isinstance(e, ev.ParcelsRemoved)
                    and e.seat is not None and e.seat != mover]
            if not lost:
                continue
            assert mover is not None
            after, _ = apply(before, action)  # type: ignore[arg-type]
            lines = turn_lines(segments_of([(mover, events)], before, after),
                               after.config.players)
            mine = [line for line in lines
                    if line.startswith(f"**{after.config.players[mover]}**")]
            for other in lost:
                assert other.seat is not None
                words = ", ".join(parcel_text(after, p, "en") for p in other.parcels)
                owner = after.config.players[other.seat]
                assert f"**{owner}** loses {words} at the end" in lines, lines
                assert not any(words in line for line in mine), lines
            return
    raise AssertionError("no final placement passed over another seat's last parcel")


@pytest.mark.parametrize("players", [2, 3])
def test_only_a_pass_the_player_was_offered_reads_passed_R_BUILD_1_R_END_2(
        players: int) -> None:
    """The game plays decisions with one option itself (a build step with nothing to
    build, the final placement with nothing that fits): nobody chose those passes, so
    they read as what happened, in every language."""
    from engine.moonriver.actions import Pass

    automatic = 0
    for before, action, events in playout(players, 60 + players):
        chosen = isinstance(action, Pass) and before.phase is Phase.BUILD
        seat = before.active_seat
        assert seat is not None
        for locale, passed, could_not in (("en", "passed", "could not build"),
                                          ("de", "passte", "konnte nicht bauen"),
                                          ("ja", "パスした", "建てられなかった")):
            segments = segments_of([(seat, events)], before, before, locale)
            phrases = [p for s in segments for p in s.phrases]
            assert phrases.count(passed) == (1 if chosen else 0), (action, phrases)
            automatic += locale == "en" and could_not in phrases
    assert automatic, "no build step the game ended for a player"


def test_each_resource_has_its_own_symbol_as_the_partner_menu_names_it_R_COMP_3() -> None:
    """Gold nuggets, beavers and corn cobs are three resources (the gold digger, trapper
    and farmer each count one, R-PART-5): a label shows which one a parcel carries."""
    from bot.tables.fronts.moonriver.labels import parcel_text
    from engine.moonriver.components import Landscape

    state = new_game(list(NAMES[:2]), 1)
    expected = {"gold": "🪙", "beaver": "🦫", "corn": "🌽"}
    seen = set()
    for parcel in state.components.parcels:
        text = parcel_text(state, parcel.id, "en")
        resource = Landscape(parcel.landscape).resource
        assert "💰" not in text, text
        if parcel.resources:
            assert resource is not None
            assert text.count(expected[resource]) == parcel.resources, text
            assert all(other not in text for key, other in expected.items()
                       if key != resource), text
            seen.add(resource)
    assert seen == set(expected)
    for locale in ("en", "de", "ja"):  # the partner menu shows the same symbols
        for partner, symbol in (("golddigger", "🪙"), ("trapper", "🦫"),
                                ("farmer", "🌽")):
            assert symbol in t(f"partner_help.{partner}", locale)


def test_draft_choices_follow_the_pictures_labels_when_numbers_tie_R_ORDER_1() -> None:
    """A column lies sorted by number; parcels tied on it are listed ①, ②, … as the
    picture labels them on the buttons and in the sandbox's numbers, not by their ids."""
    from types import SimpleNamespace

    from bot.discord.components import Components
    from bot.discord.games.moonriver.steps import _add_choices
    from bot.tables.fronts.moonriver.front import MoonRiverFront

    front = MoonRiverFront()
    tied = 0
    for players in (2, 3, 4):
        for state, _action, _events in playout(players, 70 + players):
            options = legal_actions(state)
            if state.phase is not Phase.CHOOSE or len(options) < 2:
                continue
            labels = draft_labels(public_view(state))
            in_id_order = [labels[a.parcel] for a in options]  # type: ignore[union-attr]
            tied += in_id_order != sorted(in_id_order)
            menu = front.decision(state, options, "en", "classic").menu
            assert [c.label.text[0] for c in menu] == sorted(labels[a.parcel]  # type: ignore[union-attr]
                                                          for a in options)
            view = Components()
            _add_choices(view, SimpleNamespace(id=1, version=1),  # type: ignore[arg-type]
                         state, options, "en")
            shown = [label[0] for label in view_labels(view)]
            assert shown == sorted(shown), shown
    assert tied, "no draft with parcels tied on their number in these games"


def view_labels(view: object) -> list[str]:
    """The button labels, or else the menu option labels, of a private step."""
    rows = view.to_components()  # type: ignore[attr-defined]
    out: list[str] = []
    for row in rows:
        for item in row.get("components", []):
            if item.get("label"):
                out.append(item["label"])
            out += [o["label"] for o in item.get("options", [])]
    return out


@pytest.mark.parametrize("locale", ["en", "de", "ja"])
def test_the_build_header_offers_only_what_is_offered_R_BUILD_2(locale: str) -> None:
    """'Build a domino, or pass.' only above a step that offers a pass; discard-only
    options and a build the player must make say so."""
    from bot.tables.fronts.moonriver.labels import step_prompt
    from engine.moonriver.actions import Discard, Pass

    offer_pass, more = t("step.build", locale), t("step.build_more", locale)
    kinds = set()
    for players in (2, 3, 4):
        for seed in range(80, 86):
            for state, _action, _events in playout(players, seed):
                if state.phase is not Phase.BUILD or (state.turn and state.turn.final):
                    continue
                options = legal_actions(state)
                prompt = step_prompt(state, locale)
                passes = any(isinstance(a, Pass) for a in options)
                assert (prompt in (offer_pass, more)) == passes, (prompt, options[:3])
                if all(isinstance(a, Discard) for a in options):
                    kinds.add("discard")
                    assert prompt == t("step.discard", locale)
                elif not passes:
                    kinds.add("forced")
                elif state.turn is not None and state.turn.built:  # R-BUILD-1: its button
                    kinds.add("second")  # is "Done building", and so says the header
                    assert prompt == more and t("label.pass.more", locale) in prompt
    assert kinds == {"discard", "forced", "second"}


@pytest.mark.parametrize(("locale", "one", "two"), [("en", "1 step left", "2 steps left"),
                                                    ("de", "noch 1 Schritt",
                                                     "noch 2 Schritte")])
def test_the_cowboys_steps_left_are_counted_in_the_right_number_R_PART_2(
        locale: str, one: str, two: str) -> None:
    """'1 steps left' read wrong: the cowboy's header counts its steps (R-PART-2)."""
    from dataclasses import replace

    from bot.tables.fronts.moonriver.labels import step_prompt

    for players in (2, 3, 4):
        for seed in range(90, 100):
            for state, _action, _events in playout(players, seed):
                if state.phase is Phase.COWBOY and state.turn is not None:
                    turn = state.turn
                    state.turn = replace(turn, steps_left=1)
                    assert one in step_prompt(state, locale)
                    assert "1 steps" not in step_prompt(state, locale)
                    state.turn = replace(turn, steps_left=2)
                    assert two in step_prompt(state, locale)
                    state.turn = turn
                    return
    raise AssertionError("no cowboy in these games")


def test_status_names_the_setup_and_the_round_as_the_picture_does_R_SETUP_5() -> None:
    """`/status` said 'Round 0' while the picture said 'Setup'."""
    from bot.tables.fronts.moonriver.front import MoonRiverFront

    front = MoonRiverFront()
    seen = set()
    for state, _action, _events in playout(2, 5):
        line = front.status_line(state, "en")
        assert "Round 0" not in line, line
        if state.phase is Phase.SETUP:
            assert line.startswith("Setup · "), line
            seen.add("setup")
        elif state.last_round:
            assert line.startswith("Last round · "), line
            seen.add("last")
        else:
            assert line.startswith(f"Round {state.round} of 24 · "), line  # R-END-1
    assert seen == {"setup", "last"}
    assert front.status_line(playout(2, 5)[0][0], "de").startswith("Aufbau · ")


def test_japanese_lists_with_its_own_comma_and_one_word_for_parcel() -> None:
    """A Japanese turn line joins its moves with 「、」, never the ASCII ", "; every
    Japanese text calls a parcel 区画 (not 土地 or 土地タイル in some and 区画 in others)."""
    from engine.games.i18n import strings
    segments = [Segment(0, ("A", "B", "C"), ends_turn=True)]
    assert turn_lines(segments, ["アリス"], "ja") == ["**アリス** が A、B、そしてC"]
    assert turn_lines(segments, ["Alice"], "en") == ["**Alice** A, B, then C"]
    table = strings("ja")
    assert [k for k, v in table.items() if ", " in v] == []
    assert [k for k, v in table.items() if "?" in v] == []  # 「？」, as every other one
    assert [k for k, v in table.items() if "土地" in v] == []
    assert sum("区画" in v for v in table.values()) >= 10


def test_status_says_it_answers_only_you() -> None:
    """/status answers privately: its description must not promise a public post."""
    assert "only to you" in t("cmd.status.description", "en")
    assert "nur dir" in t("cmd.status.description", "de")
    assert "自分だけ" in t("cmd.status.description", "ja")


def _desperado_without_a_swap(seed: int) -> GameState:
    """A random 3-player game at a circle whose Desperado would have nothing to swap."""
    from engine.games.rng import Rng
    from engine.moonriver.actions import Recruit
    state, rng = new_game(["Ann", "Ben", "Cy"], seed), Rng(seed)
    while state.phase is not Phase.OVER:
        legal = legal_actions(state)
        if state.phase is Phase.RECRUIT and not state.players[state.active_seat].storage \
                and any(isinstance(a, Recruit) and a.face == "desperado" for a in legal):
            return state
        state, _ = apply(state, legal[rng.below(len(legal))])
    raise LookupError(seed)


@pytest.mark.parametrize("locale", ["en", "de", "ja"])
def test_r_part_3_a_desperado_with_nothing_to_swap_says_so(locale: str) -> None:
    """R-PART-3: the Desperado is offered with why it would swap nothing (its help names
    the empty storage), and its turn line says it found nothing to swap instead of
    silently skipping the swap."""
    from engine.moonriver.actions import Recruit
    state = _desperado_without_a_swap(1)
    offer = next(a for a in legal_actions(state)
                 if isinstance(a, Recruit) and a.face == "desperado")
    from bot.tables.fronts.moonriver.labels import action_label
    label = action_label(state, offer, locale)
    assert t("why.own_storage_empty", locale) in label.description, label
    assert label.text == t("label.recruit_no_swap", locale,
                           partner=t("partner.desperado", locale))
    seat = state.active_seat
    after, events = apply(state, offer)
    assert any(isinstance(e, ev.Passed) and e.step == "desperado" for e in events)
    said = [p for s in segments_of([(seat, events)], state, after, locale) for p in s.phrases]
    assert t("turn.no_swap", locale) in said, said
    assert t("label.recruit_no_swap", locale, partner="").strip(" ()") \
        not in label.description  # the label says it; the help says why, not it again


def _at_a_circle(scenario: int | None, seed: int) -> GameState:
    """A random 3-player game (Legends with `scenario`) where a partner is to be recruited."""
    from engine.games.rng import Rng
    names = ["Ann", "Ben", "Cy"]
    state = new_game(names, seed) if scenario is None else \
        new_game(names, seed, variant="legends", scenario=scenario)
    rng = Rng(seed)
    while state.phase is not Phase.RECRUIT:
        legal = legal_actions(state)
        state, _ = apply(state, legal[rng.below(len(legal))])
    return state


@pytest.mark.parametrize("locale", ["en", "de", "ja"])
def test_r_leg_2_the_partner_menu_tells_what_counts_for_outlaws(locale: str) -> None:
    """R-LEG-2 Outlaws: every partner on a parcel counts in a group of partners, and a
    Desperado or Cattle thief shown (the face shown counts) makes its group score; the
    menu says so where the base game says "end: nothing", and a partner that scores on its
    own says both."""
    from bot.tables.fronts.moonriver.labels import action_label
    from engine.moonriver.actions import Recruit
    from engine.moonriver.scenarios import OUTLAW_FACES
    outlaw, in_group = t("partner_end.outlaw", locale), t("partner_end.in_group", locale)
    for scenario in (3, 1, None):  # Outlaws, Timber Trade, the base game
        seen = set()
        for seed in range(1, 40):
            state = _at_a_circle(scenario, seed)
            for offer in legal_actions(state):
                if not isinstance(offer, Recruit):
                    continue
                help_text = action_label(state, offer, locale).description or ""
                assert len(help_text) <= MAX_DESCRIPTION, help_text
                if scenario != 3:
                    assert outlaw not in help_text and in_group not in help_text
                    continue
                seen.add(offer.face)
                expected = outlaw if offer.face in OUTLAW_FACES else in_group
                assert expected in help_text, (offer, help_text)
                if offer.face in ("golddigger", "trapper", "farmer"):
                    assert "+1" in help_text, help_text
        if scenario == 3:
            assert {"cowboy", "thief"} <= seen and seen - {"cowboy", "thief", "desperado"}


@pytest.mark.parametrize("game", ["moonriver", "kingdomino", "moonlight"])
def test_the_order_of_play_names_who_moves_first_first(game: str) -> None:
    """After Start the lobby lists the players in the order they move first (R-SETUP-5,
    K-SETUP-3, M-SETUP-2 draw it), not in seat order with someone else to move."""
    from bot.tables.fronts import front_of
    from engine.registry import game_named
    rules = game_named(game)
    names = ["Ann", "Ben"] if game == "moonlight" else ["Ann", "Ben", "Cy"]
    firsts = set()
    for seed in range(12):
        state, _ = rules.new_game(names, seed, rules.options({}))
        order = front_of(game).seat_order(state, str)
        first = names[rules.active_seat(state)]
        assert order.split(" · ")[0].endswith(first), (order, first)
        assert all(name in order for name in names)
        firsts.add(first)
    assert len(firsts) > 1  # the first mover is drawn, and the line follows it


def test_a_catch_up_marks_the_turns_the_game_played_for_its_reader() -> None:
    """A turn played for the reader (their only move, K-SETUP-3, K-TURN-1) says so in
    their catch-up; others' turns and a stand-in's keep their own words."""
    segments = [Segment(0, ("took ①",), ends_turn=True), Segment(1, ("took ②",), ends_turn=True),
                Segment(1, ("took ③",), ends_turn=True, stand_in=True)]
    names = ["Alice", "Bob"]
    assert turn_lines(segments, names, "en", for_you=1) == [
        "**Alice** took ①", "**Bob** (played for you, the only move) took ②",
        "**Bob** (computer stand-in) took ③"]
    assert turn_lines(segments, names, "en")[1] == "**Bob** took ②"  # a post: no marker
    for locale in ("de", "ja"):
        line = turn_lines(segments[1:2], names, locale, for_you=1)[0]
        assert line == t("turn.line_for_you", locale, player="Bob",
                         what="took ②") and "**Bob**" in line


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_ranchero_the_game_placed_for_another_is_told_as_that_players_turn_R_SETUP_5_R_2P_2(
        players: int) -> None:
    """The setup's last parcel goes to its player without a choice (2 players: the first
    takes the last, R-2P-2; 4: the last player the last, R-SETUP-5). Every ranchero a
    call placed is told in a segment of its own owner, never in the mover's line."""
    for seed in range(6):
        for before, action, events in playout(players, seed)[:players + 1]:
            segments = segments_of([(mover_of(before), events)], before,
                                   apply(before, action)[0], "en")
            placed = [e.seat for e in events if isinstance(e, ev.RancheroPlaced)]
            chose = [x.seat for x in segments for p in x.phrases if p.startswith("chose ")]
            assert chose == placed, (placed, segments)


def mover_of(state: GameState) -> int:
    seat = state.active_seat
    assert seat is not None
    return seat


def test_no_could_not_build_for_a_player_with_fewer_than_two_parcels_R_BUILD_1() -> None:
    """One parcel makes no domino: the first round's build steps pass unsaid; a player
    holding two or more whose build the game ended still reads 'could not build'."""
    told: Counter[bool] = Counter()
    for seed in range(8):
        for before, action, events in playout(3, seed):
            after, _ = apply(before, action)
            for segment in segments_of([(mover_of(before), events)], before, after, "en"):
                if t("turn.no_build", "en") in segment.phrases:
                    told[len(before.players[segment.seat].storage) >= 2] += 1
    assert told[True] > 0 and told[False] == 0, told


def test_the_second_setup_pick_of_two_players_says_so_R_2P_2() -> None:
    """R-2P-2: the second player picks twice in a row; the second prompt does not repeat
    the first word for word, so the tap does not look lost."""
    state = new_game(["alice", "bob"], 5)
    prompts = []
    while state.phase is Phase.SETUP:
        prompts.append((state.active_seat, step_prompt(state, "en")))
        state, _ = apply(state, legal_actions(state)[0])
    first, second = prompts[0][0], 1 - prompts[0][0]
    assert prompts == [(first, "Choose your starting parcel."),
                       (second, "Choose your starting parcel."),
                       (second, "Choose your second starting parcel.")]
    assert step_prompt(new_game(["a", "b", "c"], 5), "de") == "Wähle deine Startparzelle."


def test_a_cowboys_steps_on_from_where_the_last_ended_read_as_one_path_R_PART_2() -> None:
    """Up to three steps (R-PART-2): a step that goes on from the cell the last one
    reached extends its phrase ('moved a cow C2→B2→B1'); a step elsewhere is its own."""
    state = new_game(["alice", "bob"], 5)
    c2, b2, b1, e5, e4 = (parse_cell(x) for x in ("C2", "B2", "B1", "E5", "E4"))
    events = [ev.CowMoved(0, c2, b2), ev.CowMoved(0, b2, b1), ev.CowMoved(0, e5, e4)]
    [segment] = segments_of([(0, events)], None, state, "en")
    assert segment.phrases == ("moved a cow C2→B2→B1", "moved a cow E5→E4")
    [german] = segments_of([(0, events[:2])], None, state, "de")
    assert german.phrases == ("trieb eine Kuh C2→B2→B1",)


@pytest.mark.parametrize("locale", ["en", "de", "ja"])
def test_the_choice_prompt_names_the_column_as_the_picture_heads_it_R_TURN(locale: str) -> None:
    """'Put your ranchero on one of the “Next round” parcels': the words the picture
    heads the draft column with, not a 'next column' it never names."""
    assert t("render.column_next", locale) in t("step.choose", locale)


def test_tie_breaks_tell_the_first_count_that_differs_or_a_shared_place() -> None:
    from bot.tables.words import tie_breaks
    criteria = ["largest territory", "cows"]
    assert tie_breaks([("c", (40, 9, 1)), ("a", (33, 5, 2))], criteria, "en") == ""
    assert tie_breaks([("c", (40, 9, 1)), ("b", (33, 5, 4)), ("a", (33, 5, 2))], criteria,
                      "en") == "⚖️ Level on points: b before a on cows, 4 against 2"
    assert tie_breaks([("a", (33, 5, 2)), ("b", (33, 5, 2))], criteria, "de") == \
        "⚖️ Punktgleich: a und b auch in jeder Wertung gleich"


def finished(game: str, players: int, seed: int) -> object:
    """A game played to its end by random legal moves."""
    from engine.registry import game_named
    rules = game_named(game)
    state, _ = rules.new_game([NAMES[i] for i in range(players)], seed, {})
    rng = Rng(seed)
    while not rules.is_over(state):
        state, _ = rules.apply(state, rng.choice(rules.legal_actions(state)))
    return state


@pytest.mark.parametrize(("game", "seed", "criterion"), [
    ("moonriver", 59, "largest territory"), ("moonriver", 95, "cows"),
    ("kingdomino", 16, "largest property")])
def test_R_SCORE_4_K_SCORE_4_players_level_on_points_stand_as_the_tie_breaks_say(
        game: str, seed: int, criterion: str) -> None:
    """The end post's ranking orders players level on points by the game's tie-breaks,
    as the end picture does, and a line says which count decided (a play-tester saw
    'Bob 29 · Alice 29' and a picture with Bob second, unexplained)."""
    from bot.tables.fronts import front_of
    front = front_of(game)
    state = finished(game, 3, seed)
    ranked = front.ranking(state)
    line = front.tie_breaks(state, "en")
    level = [(a, b) for (a, pa), (b, pb) in pairwise(ranked) if pa == pb]
    assert level and line.startswith("⚖️ Level on points: ")
    for first, second in level:
        assert f"{first} before {second} on {criterion}" in line, line


async def test_R_SCORE_4_the_end_post_says_which_tie_break_ranked_players_level_on_points(
        service) -> None:  # type: ignore[no-untyped-def]
    """Under the standings, one line on who stands before whom and why."""
    from bot.discord.content import turn_post_with
    from bot.tables.domain import GameOptions
    from tests.bot.conftest import ALICE, BOB, CAROL
    await service.create(100, ALICE, GameOptions("moonriver", 3, {}), seed=14)
    for player in (BOB, CAROL):
        await service.join(100, player)
    await service.start(100, ALICE)
    users, rng = {u.id: u for u in (ALICE, BOB, CAROL)}, Rng(14)
    while True:
        status = await service.status(100)
        user = users[status.game.seats[status.state.active_seat].user_id]
        result = await service.act(100, user, str(rng.choice(await service.legal(100, user))))
        if result.finished:
            break
    lines = turn_post_with(result.game, result.state, ["the last turn"], b"", None).text
    standings, ties = lines.splitlines()[:2]
    assert standings.startswith("🏆 Alice 41 · Bob 41 · ")
    assert ties == "⚖️ Level on points: Alice before Bob on largest territory, 6 against 4"
