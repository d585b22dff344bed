"""What players read (issue 9): labels without ids, one narrated line per player turn."""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

import pytest

from bot.cli import no_token_message
from bot.discord.turns import matches
from bot.tables.fronts.moonriver.labels import labels_for, position_label
from bot.tables.fronts.moonriver.narrate import draft_slots, segments_of
from bot.tables.journal import TurnJournal
from bot.tables.words import MAX_DESCRIPTION, MAX_LABEL, Segment, fit, turn_lines
from engine.moonriver import events as ev
from engine.moonriver.actions import Build
from engine.moonriver.ai import make_player
from engine.moonriver.game import apply, legal_actions, new_game
from engine.moonriver.state import GameState, Phase
from engine.moonriver.view import public_view
from render.moonriver.labels import draft_labels
from render.moonriver.placement import placement_positions

ROOT = Path(__file__).resolve().parents[2]
RAW_ID = re.compile(r"\bp\d+\b|\b(?:build|choose|discard|skull|recruit|move|swap|steal|bonus)"
                    r" (?:p\d|[A-Z]\d+\b|\d)|\bseat \d")
ENGLISH = re.compile(r"\b(?:Forest|Meadow|Desert|Cornfield|Pass|Steal|Swap|Cattle thief)\b")
NAMES = ("alice", "bob", "carol", "dave")


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
        view = public_view(state)
        options = legal_actions(state)
        kinds |= {type(a).__name__ for a in options}
        for locale in ("en", "de", "ja"):
            for label in labels_for(state, view, options, locale):
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
        assert all("pts now" in label.description for label in labels)
        return
    raise AssertionError("no turn with three candidate positions")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_journal_narrates_one_line_per_player_turn_name_first(players: int) -> None:
    journal = TurnJournal()
    moves = playout(players, 90 + players)
    turns = lines = 0
    for before, _action, events in moves:
        seat = before.active_seat
        assert seat is not None
        after, _ = apply(before, _action)  # type: ignore[arg-type]
        journal.add(1, [(seat, events)], before, after, segments_of)
        if any(isinstance(e, ev.TurnStarted | ev.GameEnded) for e in events) \
                or after.active_seat != seat:
            reading = journal.read(1, "en")
            journal.settle(1, reading)
            said = turn_lines(reading.segments, after.config.players, "en")
            # a seat the final placement passes over is told apart: "**bob** loses … at
            # the end" (R-END-2), table news rather than a turn
            turn_said = [line for line in said if line.startswith("**")
                         and not re.fullmatch(r"\*\*\w+\*\* loses .* at the end", line)]
            assert all(re.match(r"\*\*(alice|bob|carol|dave)\*\* ", line) for line in turn_said)
            assert len(turn_said) <= 1 + sum(isinstance(e, ev.TurnStarted) for e in events)
            turns += 1
            lines += len(turn_said)
    assert lines >= turns * 0.9  # nearly every turn says something (a pass says "passed")


def test_the_journal_narrates_each_call_once_per_language_whoever_reads_it() -> None:
    """The mover's confirmation and the table post read the same turn: the words are
    made once per language, and a turn left over for the next post keeps them."""
    calls: list[str] = []

    def counted(*args: object) -> list[Segment]:
        calls.append(str(args[3]))
        return segments_of(*args)  # type: ignore[arg-type]

    journal = TurnJournal()
    moves = playout(3, 11)
    for before, action, events in moves[:6]:
        assert before.active_seat is not None
        after, _ = apply(before, action)  # type: ignore[arg-type]
        journal.add(1, [(before.active_seat, events)], before, after, counted)
    first = journal.first_turn(1, "en")
    assert journal.first_turn(1, "en") == first and len(calls) == 6
    taken = journal.read(1, "en")
    journal.settle(1, taken)
    assert taken.segments[:len(first)] == first and len(calls) == 6
    journal.first_turn(1, "de")  # another language is narrated in its own words
    assert calls.count("de") == len(journal._games.get(1, []))


def test_a_reading_is_forgotten_only_when_settled_and_only_what_it_read() -> None:
    """A post retried after a 429 reads the same turns again; moves made while it was out
    stay for the next post; an undo's dropped journal is not touched by an old reading."""
    moves = playout(3, 12)
    journal = TurnJournal()

    def add(index: int) -> None:
        before, action, events = moves[index]
        assert before.active_seat is not None
        journal.add(1, [(before.active_seat, events)], before, after_of(before, action),
                    segments_of)

    def after_of(state: GameState, action: object) -> GameState:
        return apply(state, action)[0]  # type: ignore[arg-type]

    for index in range(3):
        add(index)
    first = journal.read(1, "en")
    assert first.covered and journal.read(1, "en").segments == first.segments
    add(3)  # a move made while the post was out
    journal.settle(1, first)
    rest = journal.read(1, "en")
    kept = range(len(first.covered), 4)  # entries not read whole, and the new one
    assert rest.events == [e for i in kept for e in moves[i][2]]
    journal.drop(1)  # an undo
    add(4)
    journal.settle(1, rest)  # an old reading changes nothing now
    assert journal.read(1, "en").events == list(moves[4][2])


def test_a_restored_journal_narrates_as_the_one_kept_in_memory_and_skips_what_it_holds(
        ) -> None:
    """After a restart the delivery restores the moves since the last post from the log,
    one entry per action; a call that made a version up to the restored one is already
    in it (it landed while the log was read), a later one is kept."""
    moves = playout(3, 13)[:8]
    states = [(before, apply(before, action)[0]) for before, action, _ in moves]  # type: ignore[arg-type]
    kept, restored = TurnJournal(), TurnJournal()
    for version, ((before, after), (_, _, events)) in enumerate(zip(states, moves,
                                                                     strict=True), 1):
        assert before.active_seat is not None
        kept.add(1, [(before.active_seat, events)], before, after, segments_of, version=version)
    assert not restored.is_complete(1)
    played = [(before.active_seat, events, before, after)
              for (before, after), (_, _, events) in zip(states[:6], moves[:6], strict=True)]
    restored.restore(1, played, version=6, narrate=segments_of)
    assert restored.is_complete(1)
    for version in (5, 6, 7, 8):  # 5 and 6 are in the log it was restored from
        before, after = states[version - 1]
        assert before.active_seat is not None
        restored.add(1, [(before.active_seat, moves[version - 1][2])], before, after,
                     segments_of, version=version)
    assert restored.read(1, "en").segments == kept.read(1, "en").segments
    assert restored.read(1, "en").events == kept.read(1, "en").events


def test_a_journal_is_complete_once_a_post_went_out() -> None:
    journal = TurnJournal()
    before, action, events = playout(2, 3)[0]
    assert before.active_seat is not None
    journal.add(1, [(before.active_seat, events)], before, apply(before, action)[0],  # type: ignore[arg-type]
                segments_of)
    assert not journal.is_complete(1)
    journal.settle(1, journal.read(1, "en"))
    assert journal.is_complete(1)
    journal.drop(1)  # the game is over
    assert not journal.is_complete(1)


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
