"""The Kingdomino rules machine: `new_game`, `legal_actions`, `apply`, `outcome`.

Built like Moon River's (engine.moonriver.game): `legal_actions` is the single source of truth,
`apply` refuses anything it does not list and never mutates its input, and decisions with
exactly one option (the last free domino of a line, a domino that fits in one place only,
a forced discard) are played by the engine itself, so a record holds only real choices.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from engine.games.base import ranks_of
from engine.games.errors import IllegalActionError
from engine.games.events import Event
from engine.games.geometry import Direction
from engine.games.rng import Rng
from engine.kingdomino import events as ev
from engine.kingdomino.actions import Action, Claim, Discard, Place
from engine.kingdomino.dominoes import DOMINO_COUNT, domino
from engine.kingdomino.kingdom import Kingdom, cell_name
from engine.kingdomino.options import is_legal, legal_action, legal_action_count, legal_actions
from engine.kingdomino.rules import GameConfig
from engine.kingdomino.scoring import ScoreSheet, Standing, score_kingdom, winners
from engine.kingdomino.state import GameState, Phase, Slot

Events = list[Event]

__all__ = [  # the rules machine's whole surface, legal actions included
    "Outcome", "apply", "explain_illegal", "is_legal", "is_over", "legal_action",
    "legal_action_count", "legal_actions", "new_game", "outcome", "score_sheets",
    "start_game",
]


# --- setup (K-SETUP-*) ----------------------------------------------------------------

def start_game(players: Sequence[str], seed: int, *, variants: Iterable[str] = ()
               ) -> tuple[GameState, list[Event]]:
    """A new game and what happened while setting it up (kings drawn, forced claims)."""
    config = GameConfig.make(tuple(players), seed, tuple(variants))
    state = GameState(config, 0, [], [], [], [], [], [], Phase.SETUP, 0, [], 0, [])
    out: Events = []
    _start_game(state, out)
    _advance(state, out)
    return state, out


def new_game(players: Sequence[str], seed: int, *, variants: Iterable[str] = ()) -> GameState:
    """A new game for 2–4 named players, fully determined by `seed` and the variants."""
    return start_game(players, seed, variants=variants)[0]


def _deal(config: GameConfig, game: int) -> tuple[list[int], list[int], list[int]]:
    """Game `game`'s draw pile, unseen removed dominoes and king order, from the seed.

    Each game of a Dynasty series continues the same random sequence, so the whole series
    is determined by one seed and needs no random state in the snapshot.
    """
    rng = Rng(config.seed)
    n = len(config.players)
    pile: list[int] = []
    removed: list[int] = []
    kings: list[int] = []
    for _ in range(game + 1):
        numbers = list(range(1, DOMINO_COUNT + 1))
        rng.shuffle(numbers)
        removed, pile = numbers[: config.removed], numbers[config.removed:]  # K-SETUP-1
        kings = [seat for seat in range(n) for _ in range(config.kings_per_player)]
        rng.shuffle(kings)  # K-SETUP-3
    return pile, removed, kings


def _start_game(state: GameState, out: Events) -> None:
    config = state.config
    n = len(config.players)
    state.pile, state.removed, state.pending = _deal(config, state.game)
    state.kingdoms = [Kingdom.empty(config.kingdom_size)] * n
    state.discards = [()] * n
    state.next_line, state.phase, state.cursor, state.round = [], Phase.SETUP, 0, 0
    out.append(ev.KingsDrawn(state.game + 1, tuple(state.pending)))
    state.line = _draw_line(state, out)


def _draw_line(state: GameState, out: Events) -> list[Slot]:
    """K-SETUP-2: the next dominoes of the pile, face up in ascending order."""
    size = state.config.line_size
    drawn, state.pile = sorted(state.pile[:size]), state.pile[size:]
    out.append(ev.LineDrawn(tuple(drawn)))
    return [Slot(number, None) for number in drawn]


def _start_round(state: GameState, out: Events) -> None:
    state.round += 1
    state.cursor = 0
    state.phase = Phase.PLACE
    state.next_line = _draw_line(state, out) if state.pile else []
    out.append(ev.RoundStarted(state.round, last=not state.next_line))  # K-TURN-2


# --- carrying out an action -----------------------------------------------------------

def _do(state: GameState, action: Action, out: Events) -> None:
    """Carry out one legal action on a state the caller owns."""
    seat = state.active_seat
    assert seat is not None
    if state.phase is Phase.SETUP:  # K-SETUP-3
        _put_king(state.line, action.number, state.pending.pop(0))
        out.append(ev.DominoClaimed(seat, action.number))
        if not state.pending:
            _start_round(state, out)
    elif state.phase is Phase.PLACE:
        if isinstance(action, Place):
            _place(state, seat, action, out)
        else:  # K-PLACE-4: offered only when nothing fits
            state.discards[seat] += (action.number,)
            out.append(ev.DominoDiscarded(seat, action.number))
        if state.next_line:
            state.phase = Phase.CLAIM  # K-TURN-1 (2)
        else:
            _next_king(state, out)  # K-TURN-2
    else:  # Phase.CLAIM
        _put_king(state.next_line, action.number, seat)
        out.append(ev.DominoClaimed(seat, action.number))
        _next_king(state, out)
    state._legal = None
    state._masks = None


def _put_king(line: list[Slot], number: int, seat: int) -> None:
    index = next(i for i, s in enumerate(line) if s.domino == number)
    line[index] = Slot(number, seat)


def _place(state: GameState, seat: int, action: Place, out: Events) -> None:
    kingdom = state.kingdoms[seat]
    area = kingdom.area
    cell = area.cell(action.column, action.row)
    state.kingdoms[seat] = kingdom.place(domino(action.number), cell, action.direction)
    second = area.second_cell(cell, action.direction)
    out.append(ev.DominoPlaced(seat, action.number, cell_name(kingdom.size, cell),
                               cell_name(kingdom.size, second)))


def _next_king(state: GameState, out: Events) -> None:
    """K-TURN-1: the next king in line order; after the last, the next round or the end."""
    if state.cursor + 1 < len(state.line):
        state.cursor += 1
        state.phase = Phase.PLACE
    elif state.next_line:
        state.line = state.next_line
        _start_round(state, out)
    else:
        _end_game(state, out)


def _end_game(state: GameState, out: Events) -> None:
    sheets = score_sheets(state)
    out.append(ev.GameScored(state.game + 1, tuple(sheet.total for sheet in sheets)))
    if state.game + 1 < state.config.games:  # K-DYN: the next game of the series
        state.series.append([list(Standing.of(sheet).key) for sheet in sheets])
        state.game += 1
        _start_game(state, out)
        return
    state.phase = Phase.OVER
    result = _outcome(state, sheets)
    out.append(ev.GameEnded(result.totals, result.winners))


def _advance(state: GameState, out: Events) -> None:
    """Play every decision that has only one option, leaving a real choice (or the end)."""
    while state.phase is not Phase.OVER:
        if legal_action_count(state) != 1:
            return
        _do(state, legal_action(state, 0), out)
    state._legal = []


def apply(state: GameState, action: Action) -> tuple[GameState, list[Event]]:
    """The state after `action` and what happened; `state` itself is left unchanged."""
    if not is_legal(state, action):
        raise IllegalActionError(explain_illegal(state, action))
    new = state.copy()
    out: Events = []
    _do(new, action, out)
    _advance(new, out)
    return new, out


def explain_illegal(state: GameState, action: Action) -> str:
    """Why `action` is refused, in words a player understands."""
    if state.phase is Phase.OVER:
        return f"`{action}` is not possible: the game is over"
    expected = {
        Phase.SETUP: "claim a free domino of the first line",
        Phase.PLACE: f"place domino {state.line[state.cursor].domino}",
        Phase.CLAIM: "claim a free domino of the next line",
    }[state.phase]
    reason = "it is not one of the legal choices"
    if isinstance(action, Place) and state.phase is Phase.PLACE:
        reason = _explain_place(state, action)
    elif isinstance(action, Discard) and state.phase is Phase.PLACE:
        reason = "a domino that fits somewhere must be placed (K-PLACE-4)"
    elif isinstance(action, Claim):
        reason = f"domino {action.number} is not free in that line"
    return f"`{action}` is not possible: {reason}; now {expected}"


def _explain_place(state: GameState, action: Place) -> str:
    slot = state.line[state.cursor]
    if action.number != slot.domino:
        return f"your king stands on domino {slot.domino}, not {action.number}"
    assert slot.king is not None
    kingdom = state.kingdoms[slot.king]
    area = kingdom.area
    if not (0 <= action.column < area.width and 0 <= action.row < area.height):
        return f"{action.cell_name} is outside the play area"
    cell = area.cell(action.column, action.row)
    second = area.second_cell(cell, action.direction)
    if not area.contains(second):
        return "half B would lie outside the play area"
    for where in (cell, second):
        if (kingdom.occupied >> where) & 1:
            return f"{cell_name(kingdom.size, where)} is already taken"
        if not (kingdom.frame >> where) & 1:
            return (f"the kingdom would no longer fit in {kingdom.size}×{kingdom.size} "
                    "(K-PLACE-2)")
    piece = domino(action.number)
    if piece.symmetric and action.direction in (Direction.LEFT, Direction.UP):
        return ("both halves are alike: name the same spot from the other half, pointing "
                "right or down")
    return "the domino must touch the castle or a square of the same terrain (K-PLACE-1)"


# --- the end (K-SCORE-*) --------------------------------------------------------------

def score_sheets(state: GameState) -> list[ScoreSheet]:
    """The current game's score sheet per seat, with the table's bonuses."""
    config = state.config
    return [score_kingdom(kingdom, middle_kingdom=config.middle_kingdom,
                          harmony=config.harmony, discarded=len(discards))
            for kingdom, discards in zip(state.kingdoms, state.discards, strict=True)]


@dataclass(frozen=True, slots=True)
class Outcome:
    sheets: tuple[ScoreSheet, ...]  # the last game's
    games: tuple[tuple[int, ...], ...]  # points per game per seat (three in a Dynasty)
    totals: tuple[int, ...]
    winners: tuple[int, ...]
    #: K-SCORE-4's order below first place too: each seat's place, 0 first, ties shared
    ranks: tuple[int, ...] = ()
    #: each seat's (points, largest property, crowns) as K-SCORE-4 compares them (a
    #: Dynasty's summed, K-DYN)
    standings: tuple[tuple[int, int, int], ...] = ()


def outcome(state: GameState) -> Outcome | None:
    """Scores and winners once the game (or Dynasty series) is over, else None."""
    if state.phase is not Phase.OVER:
        return None
    return _outcome(state, score_sheets(state))


def _outcome(state: GameState, sheets: list[ScoreSheet]) -> Outcome:
    standings = [Standing.of(sheet) for sheet in sheets]
    for game in state.series:  # K-DYN: three games summed, tie-breaks summed too
        standings = [s + Standing(*row) for s, row in zip(standings, game, strict=True)]
    games = [tuple(row[0] for row in game) for game in state.series]
    games.append(tuple(sheet.total for sheet in sheets))
    return Outcome(tuple(sheets), tuple(games), tuple(s.points for s in standings),
                   tuple(winners(standings)), ranks_of([s.key for s in standings]),
                   tuple(s.key for s in standings))


def is_over(state: GameState) -> bool:
    return state.phase is Phase.OVER
