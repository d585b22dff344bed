"""Moon River's events as one line per player turn, the player's name first.

"**Alice** built Farm 3 + Desert 1 on C1–D1 (+1 🐄), recruited a Cattle thief on C1,
stole a cow from **Bob** (E2), then chose ③ Forest 5"

A player turn may take several service calls (build, then a partner, then choose), so
each call is first turned into `Segment`s, kept until the turn passes on, and then
joined by `turn_lines`. Parcels are named as on the buttons
(`bot.tables.fronts.moonriver.labels`), never by id. Table-wide news (a round ends, the
last round, the final placement) follows the turn line it happened in.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bot.tables.fronts.moonriver.labels import draft_slots, parcel_text
from bot.tables.words import Segment as Segment
from bot.tables.words import turn_lines as turn_lines
from engine.games.i18n import list_of, t
from engine.moonriver import events as ev
from engine.moonriver.grid import cell_name
from engine.moonriver.state import GameState


def _cells(first: int, second: int) -> str:
    return f"{cell_name(first)}–{cell_name(second)}"


def _phrases(seat: int, events: Sequence[ev.Event], state: GameState,
             draft: Callable[[], Sequence[dict[int, str]]], locale: str,
             literal: Callable[[str], str], chosen: bool = True,
             built_before: bool = False, empty_handed: bool = False
             ) -> tuple[list[str], list[str]]:
    """(the mover's phrases, table-wide lines) for the events of one action by `seat`;
    `literal` makes a player's name inert in the target's markup (the bot escapes
    markdown). `chosen`: the first event is what the player picked; every later one is
    the game playing a decision with one option (`game._advance`). Only a pass the player
    was offered reads "passed", and not a second domino declined after a build
    (`built_before`: the turn had built when the call began); a build
    step the game ended for them reads "could not build" when nothing was built
    (R-BUILD-1, R-END-2) and is not told after a build, nor by a player who held fewer
    than two parcels (`empty_handed`: every turn of the first round would say it)."""
    names = [literal(name) for name in state.config.players]
    said: list[str] = []
    table: list[str] = []

    def parcel(pid: int) -> str:
        return parcel_text(state, pid, locale)

    def drafted(pid: int) -> str:
        for slots in draft():  # the label the picture showed when the choice was made
            if pid in slots:
                return f"{slots[pid]} {parcel(pid)}"
        return parcel(pid)

    cows = 0
    built = False
    path: list[int] = []  # the cells of the Cowboy's last run of steps, told as one phrase
    moved_at = -1
    for index, e in enumerate(events):
        if isinstance(e, ev.CowAdded):
            cows += 1
            continue
        if cows:
            _add_cows(said, cows, locale)
            cows = 0
        if isinstance(e, ev.DominoPlaced):
            built = True
            said.append(t("turn.built", locale, first=parcel(e.first), second=parcel(e.second),
                          cells=_cells(e.first_cell, e.second_cell)))
        elif isinstance(e, ev.RancheroPlaced):
            said.append(t("turn.took", locale, parcel=drafted(e.parcel)))
        elif isinstance(e, ev.SkullResolved) and e.cow_cell is not None:
            said.append(t("turn.skull", locale, cell=cell_name(e.cow_cell)))
        elif isinstance(e, ev.PartnerRecruited):
            said.append(t("turn.recruited", locale, partner=t(f"partner.{e.face}", locale),
                          cell=cell_name(e.cell)))
        elif isinstance(e, ev.CowMoved):
            if path and path[-1] == e.source and moved_at == len(said) - 1:
                path.append(e.target)  # R-PART-2: the next step on: one phrase, its path
                said[-1] = t("turn.moved", locale, source=cell_name(path[0]),
                             target="→".join(cell_name(cell) for cell in path[1:]))
            else:
                path = [e.source, e.target]
                said.append(t("turn.moved", locale, source=cell_name(e.source),
                              target=cell_name(e.target)))
            moved_at = len(said) - 1
        elif isinstance(e, ev.ParcelsSwapped):
            said.append(t("turn.swapped", locale, mine=parcel(e.mine), other=names[e.other],
                          theirs=parcel(e.theirs)))
        elif isinstance(e, ev.CowStolen):
            said.append(t("turn.stole", locale, victim=names[e.victim],
                          cell=cell_name(e.source)))
        elif isinstance(e, ev.ParcelsRemoved) and e.seat is not None:
            key = "turn.discarded" if e.reason == "nothing_fits" else "turn.left_over"
            what = t(key, locale, parcels=list_of((parcel(p) for p in e.parcels), locale))
            if e.seat == seat:
                said.append(what)
            else:  # R-END-2: the final placement passes over a seat left with one parcel
                table.append(t("turn.line", locale, player=names[e.seat], what=what))
        elif isinstance(e, ev.BonusTilePlaced):
            said.append(t("turn.bonus", locale,
                          landscape=t(f"landscape.{e.landscape}", locale),
                          cell=cell_name(e.cell)))
        elif isinstance(e, ev.Passed) and e.seat is not None and e.seat != seat:
            continue  # another seat's pass in this call (R-END-2's final placement): its
            # losses are told on a line of its own, and the pass is not this player's
        elif isinstance(e, ev.Passed) and e.step == "desperado" and not (chosen and index == 0):
            said.append(t("turn.no_swap", locale))  # R-PART-3: nothing to swap, said so
        elif isinstance(e, ev.Passed) and e.step == "build":
            if chosen and index == 0:
                if not built_before:  # a second domino declined (R-BUILD-1) is told by
                    said.append(t("turn.passed", locale))  # the first one's line
            elif not built and not empty_handed:  # one parcel or none cannot make a
                said.append(t("turn.no_build", locale))  # domino: nothing to tell
        elif isinstance(e, ev.RoundEnded):
            table.append(t("turn.round_ended", locale, round=e.round))
        elif isinstance(e, ev.LastRound):
            table.append(t("turn.last_round", locale))
        elif isinstance(e, ev.FinalPlacement):
            table.append(t("turn.final", locale))
    if cows:
        _add_cows(said, cows, locale)
    return said, table


def _add_cows(said: list[str], count: int, locale: str) -> None:
    """The cows a parcel's symbols brought (R-SYM-1) belong to the phrase that placed it:
    "built … on C1–D1 (+1 🐄)"; resolved in a later call (R-SYM-0: after a second domino,
    or none) they are a phrase with a verb, so a turn's last "then" never falls on a bare
    "+1 🐄"."""
    if said:
        said[-1] = t("turn.with_cows", locale, what=said[-1],
                     cows=t("turn.cows", locale, count=count))
    else:
        said.append(t("turn.cows_gained", locale, count=count))


def segments_of(played: Sequence[tuple[int, Sequence[ev.Event]]], before: GameState | None,
                after: GameState, locale: str = "en",
                literal: Callable[[str], str] = str) -> list[Segment]:
    """One segment per (seat, events) played in one service call, oldest first.

    `before` is the state the call started from: its draft labels are the ones the
    mover saw when choosing (the picture's ①–④); read only for a choice from the draft."""
    labels: list[dict[int, str]] = []

    def draft() -> Sequence[dict[int, str]]:
        if not labels:
            labels.extend(draft_slots(s) for s in (before, after) if s is not None)
        return labels

    out = []
    # seats holding fewer than two parcels when the call began: no domino to build
    # (R-BUILD-1), so the build step the game ends for them is not worth a phrase
    empty_handed = {i for i, p in enumerate(before.players) if len(p.storage) < 2} \
        if before is not None else set()
    # seats whose turn going on has built (R-BUILD-1): from the state the call began in,
    # then from this call's own moves (a computer's whole turn is one call's moves)
    turn = before.turn if before is not None else None
    built = {turn.seat} if turn is not None and turn.built > 0 else set()

    def segment(seat: int, chunk: Sequence[ev.Event], *, ends: bool, chosen: bool,
                had_built: bool) -> Segment:
        said, table = _phrases(seat, chunk, after, draft, locale, literal, chosen,
                               had_built and chosen, seat in empty_handed)
        return Segment(seat, tuple(said), tuple(table), ends)

    for seat, events in played:
        chunk: list[ev.Event] = []
        chosen = True  # the call's first chunk opens with the mover's own decision
        had_built = seat in built
        for e in events:
            if isinstance(e, ev.TurnStarted) or (  # what follows is the next turn's; in
                    isinstance(e, ev.RancheroPlaced) and e.seat != seat and chunk):
                # the setup, another's ranchero the game placed for them (the last parcel,
                # R-SETUP-5, R-2P-2) is that player's turn, not the mover's
                out.append(segment(seat, chunk, ends=True, chosen=chosen,
                                   had_built=had_built))
                built.discard(seat)
                seat, chunk, chosen, had_built = e.seat, [], False, False
                if isinstance(e, ev.TurnStarted):
                    continue
            chunk.append(e)
            if isinstance(e, ev.DominoPlaced):
                built.add(e.seat)
            if isinstance(e, ev.FinalPlacement):  # R-END-1: "Final placement: …" comes
                # before what the final placement does, on a line of its own
                out.append(segment(seat, chunk, ends=True, chosen=chosen,
                                   had_built=had_built))
                chunk, chosen = [], False
        ends = any(isinstance(e, (ev.FinalPlacement, ev.GameEnded)) for e in chunk)
        out.append(segment(seat, chunk, ends=ends, chosen=chosen, had_built=had_built))
    return [s for s in out if s.phrases or s.table or s.ends_turn]


def summarize(events: Sequence[ev.Event], state: GameState, locale: str = "en",
              literal: Callable[[str], str] = str) -> str:
    """The events of one call as text lines (the sandbox prints this after a move)."""
    seat = next((e.seat for e in events if isinstance(e, ev.RancheroPlaced | ev.DominoPlaced
                                                       | ev.Passed | ev.ParcelsRemoved)
                 and e.seat is not None), 0)
    return "\n".join(turn_lines(segments_of([(seat, events)], None, state, locale, literal),
                                [literal(n) for n in state.config.players], locale))


