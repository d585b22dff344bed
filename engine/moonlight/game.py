"""The Moonlight rules machine: `start_game`, `legal_actions`, `apply`, `outcome`.

Built like Kingdomino's: `legal_actions` is the single source of truth (sorted,
deterministic), `apply` refuses anything it does not list with an IllegalActionError
naming the rule, and never mutates its input. Randomness is explicit: deal N of a game
shuffles with a generator derived from the seed and N only, so a game replays from seed
and action texts, and a replayed round (M-SCORE-4) is dealt anew.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from engine.games.errors import GameError, IllegalActionError
from engine.games.events import Event
from engine.games.rng import Rng
from engine.moonlight import events as ev
from engine.moonlight.actions import PASS, Action, Pass, Play, Power, play_of, play_table
from engine.moonlight.area import (
    CARD_MASK,
    CELL_NAMES,
    CENTRE,
    MAX_CELLS,
    NEIGHBOURS,
    SEAT_SHIFT,
    format_area,
    join_cells,
)
from engine.moonlight.cards import AMBUSH, HOWL, components
from engine.moonlight.scoring import card_table, score_area
from engine.moonlight.state import WINS_NEEDED, GameState, Phase

Events = list[Event]
PLAYER_COUNTS = (2,)

__all__ = ["Outcome", "apply", "explain_illegal", "is_legal", "is_over", "legal_action",
           "legal_action_count", "legal_actions",
           "new_game", "outcome", "start_game"]


# --- setup (M-SETUP-*) ----------------------------------------------------------------

def _rng(seed: int, deal: int) -> Rng:
    """The generator of deal `deal` (0: the start player of round 1)."""
    rng = Rng(seed)
    sub = rng.next_u64()
    for _ in range(deal):
        sub = rng.next_u64()
    return Rng(sub)


def start_game(players: Sequence[str], seed: int, options: Mapping[str, Any] | None = None
               ) -> tuple[GameState, list[Event]]:
    """A new game and what happened while setting it up (the first deal)."""
    if options:
        raise GameError(f"Moonlight has no table options yet (got {sorted(options)})")
    names = tuple(players)
    if len(names) not in PLAYER_COUNTS:
        raise GameError(f"Moonlight is for 2 players, not {len(names)}")
    if len(set(names)) != 2 or not all(isinstance(n, str) for n in names):
        raise GameError("player names must differ")
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise GameError(f"the seed must be a whole number >= 0, not {seed!r}")
    start = _rng(seed, 0).below(2)  # M-SETUP-2: round 1's start player at random
    state = GameState((names[0], names[1]), seed, Phase.PLAY, 1, 0, start, start, 0,
                      [(), ()], [(), ()], {}, [0, 0], [False, False], [(), ()], [(), ()],
                      False, [])
    parts = components()
    state.decks = [parts.deck, parts.deck]
    out: Events = []
    _deal(state, out, replay=False)
    return state, out


def new_game(players: Sequence[str], seed: int, options: Mapping[str, Any] | None = None
             ) -> GameState:
    """A new game for two named players, fully determined by `seed`."""
    return start_game(players, seed, options)[0]


def _deal(state: GameState, out: Events, *, replay: bool) -> None:
    """M-SETUP-1: every card back into its deck, shuffled; hands of 3 (4 with `den`)."""
    state.deal += 1
    rng = _rng(state.seed, state.deal)
    parts = components()
    for seat in (0, 1):
        cards = list(parts.deck)
        if state.lone_wolf[seat]:
            cards.append(parts.lone_wolf)
        rng.shuffle(cards)
        size = state.hand_limit(seat)
        state.hands[seat] = tuple(sorted(cards[:size]))
        state.decks[seat] = tuple(cards[size:])
    state.stacks = {}
    state.occupied = 0
    state.phase = Phase.PLAY
    state.active = state.start_seat
    state.last_turn = False
    state.used = [(), ()]
    state.turn += 1
    state._legal = None
    state._cells = None
    out.append(ev.RoundStarted(state.round, replay, state.start_seat,
                               (len(state.hands[0]), len(state.hands[1])),
                               (len(state.decks[0]), len(state.decks[1]))))


# --- legal actions --------------------------------------------------------------------

def legal_actions(state: GameState) -> list[Action]:
    """Every legal action, sorted (actions.sort_key); remembered on the state."""
    legal = state._legal
    if legal is None:
        legal = state._legal = _legal_actions(state)
    return legal


def _legal_actions(state: GameState) -> list[Action]:
    if state.phase is Phase.OVER:
        return []
    if state.phase is Phase.POWER:  # M-NEXT-2: a power not yet chosen by anyone
        taken = state.powers[0] + state.powers[1]
        keys = sorted(p.key for p in components().powers if p.key not in taken)
        return [Power(key) for key in keys]
    plays = play_table()
    out: list[Action] = []
    for cid, cells in _play_cells(state):
        row = plays[cid]
        out += [row[cell] for cell in cells]  # type: ignore[misc]
    if state.phase is Phase.HOWL:
        out.append(PASS)
    return out


def _play_cells(state: GameState) -> list[tuple[int, tuple[int, ...]]]:
    """(card id, the cells it may go on, ascending) per distinct card in hand."""
    seat = state.active
    joins = join_cells(state.occupied)
    hand = dict.fromkeys(state.hands[seat])  # distinct, ascending (hands are sorted)
    # M-PLACE-3: value on top -> the opponent's cells showing it; never its last wolf
    value = card_table().value
    covers: dict[int, list[int]] = {}
    count = 0
    for cell, stack in state.stacks.items():  # sorted below, where the lists merge
        top = stack[-1]
        if top >> SEAT_SHIFT != seat:
            count += 1
            low = value[top & CARD_MASK]
            if low in covers:
                covers[low].append(cell)
            else:
                covers[low] = [cell]
    if count < 2:
        return [(cid, joins) for cid in hand]
    ambush = AMBUSH in state.powers[seat] and AMBUSH not in state.used[seat]
    out = []
    for cid in hand:
        v = value[cid]
        cells = covers.get(v - 1)
        if ambush and v in covers:
            cells = (cells or []) + covers[v]
        out.append((cid, tuple(sorted(cells + list(joins))) if cells else joins))
    return out


def legal_action_count(state: GameState) -> int:
    """len(legal_actions(state)), without building the actions when not yet known."""
    if state._legal is not None:
        return len(state._legal)
    if state.phase is not Phase.PLAY:
        return len(legal_actions(state))
    cells = state._cells = _play_cells(state)
    count = 0
    for _, options in cells:
        count += len(options)
    return count


def legal_action(state: GameState, index: int) -> Action:
    """legal_actions(state)[index], without building the list (random playouts)."""
    cells = state._cells
    if state._legal is not None or state.phase is not Phase.PLAY or cells is None:
        return legal_actions(state)[index]
    for cid, options in cells:
        if index < len(options):
            return play_of(cid, options[index])
        index -= len(options)
    raise IndexError("no such legal action")


def is_legal(state: GameState, action: Action) -> bool:
    """Whether `action` is one of `legal_actions(state)`, without building the list."""
    phase = state.phase
    if isinstance(action, Play):
        if phase is not Phase.PLAY and phase is not Phase.HOWL:
            return False
        seat = state.active
        cid = action.cid
        if cid not in state.hands[seat]:
            return False
        cell = action.index
        stack = state.stacks.get(cell)
        if stack is None:
            return cell in join_cells(state.occupied)
        top = stack[-1]
        if top >> SEAT_SHIFT == seat or state.visible(1 - seat) < 2:
            return False
        value = card_table().value
        v, low = value[cid], value[top & CARD_MASK]
        return v == low + 1 or (v == low and state.ready(seat, AMBUSH))
    if isinstance(action, Power):
        return phase is Phase.POWER and action in legal_actions(state)
    return isinstance(action, Pass) and phase is Phase.HOWL


# --- carrying out an action -----------------------------------------------------------

def apply(state: GameState, action: Action) -> tuple[GameState, list[Event]]:
    """The state after `action` and what happened; `state` itself is left unchanged."""
    if not is_legal(state, action):
        raise IllegalActionError(explain_illegal(state, action))
    new = state.copy()
    out: Events = []
    _do(new, action, out)
    return new, out


def _do(state: GameState, action: Action, out: Events) -> None:
    """Carry out one legal action on a state the caller owns."""
    seat = state.active  # (a copy: nothing remembered about legal actions)
    if isinstance(action, Play):
        _play(state, seat, action.cid, action.index, out)
    elif isinstance(action, Power):
        state.powers[seat] += (action.key,)
        out.append(ev.PowerChosen(seat, action.key))
        state.round += 1
        state.start_seat = seat  # M-SETUP-2 (Decision): the loser starts
        _deal(state, out, replay=False)
    else:
        out.append(ev.HowlKept(seat))
        _end_turn(state, out)


def _play(state: GameState, seat: int, cid: int, cell: int, out: Events) -> None:
    hand = list(state.hands[seat])
    hand.remove(cid)
    code = seat << SEAT_SHIFT | cid
    stack = state.stacks.get(cell)
    covered: str | None = None
    ambush = False
    if stack is None:  # M-PLACE-1, M-PLACE-2: a join
        state.stacks[cell] = (code,)
        state.occupied |= 1 << cell
    else:  # M-PLACE-3, M-PLACE-4: a cover
        table = card_table()
        below = stack[-1] & CARD_MASK
        covered = table.code[below]
        if table.value[below] == table.value[cid]:
            ambush = True
            state.used[seat] += (AMBUSH,)
        state.stacks[cell] = (*stack, code)
    howl = state.phase is Phase.HOWL
    if howl:
        state.used[seat] += (HOWL,)
    out.append(_card_played(seat, cid, cell, covered, ambush, howl))
    deck = state.decks[seat]
    if deck:  # M-TURN-1: draw one if the deck is not empty
        hand.append(deck[0])
        hand.sort()
        state.decks[seat] = deck[1:]
        out.append(_card_drawn(seat, len(deck) - 1))
    state.hands[seat] = tuple(hand)
    if len(state.stacks) == MAX_CELLS:  # M-END-1: the area is complete
        _end_round(state, out)
    elif not hand:  # M-END-1: the last card placed
        if seat == state.start_seat and not state.last_turn:
            state.last_turn = True
            out.append(ev.LastTurn(1 - seat))
            _pass_turn(state)
        else:
            _end_round(state, out)
    elif not howl and state.ready(seat, HOWL):
        state.phase = Phase.HOWL  # the same turn: one more card, or pass
    else:
        _end_turn(state, out)


@cache
def _card_played(seat: int, cid: int, cell: int, covered: str | None, ambush: bool,
                 howl: bool) -> ev.CardPlayed:
    """Events are immutable values: the common ones are made once (a random game makes
    forty of them, and building a frozen dataclass is a tenth of a move's time)."""
    return ev.CardPlayed(seat, card_table().code[cid], CELL_NAMES[cell], covered, ambush, howl)


@cache
def _card_drawn(seat: int, deck_left: int) -> ev.CardDrawn:
    return ev.CardDrawn(seat, deck_left)


def _pass_turn(state: GameState) -> None:
    state.active = 1 - state.active
    state.phase = Phase.PLAY
    state.turn += 1


def _end_turn(state: GameState, out: Events) -> None:
    """M-TURN-1: players alternate; after the last turn of M-END-1 the round ends."""
    if state.last_turn:
        _end_round(state, out)
    else:
        _pass_turn(state)


def _end_round(state: GameState, out: Events) -> None:
    """M-SCORE-*, then M-WIN, or M-NEXT-1 and M-NEXT-2, or a replay."""
    tops = state.tops()
    sheet = score_area(tops, state.powers)
    out.append(ev.RoundScored(state.round, format_area(tops), sheet.moons, sheet.moon_bonus,
                              tuple(r.winner for r in sheet.rows), sheet.points,
                              sheet.visible, sheet.winner))
    state.rounds.append(sheet.winner)
    state.last_turn = False
    winner = sheet.winner
    if winner is None:  # M-SCORE-4: replayed, by the same start player (M-SETUP-2)
        _deal(state, out, replay=True)
        return
    state.wins[winner] += 1
    if state.wins[winner] >= WINS_NEEDED:  # M-WIN
        state.phase = Phase.OVER
        out.append(ev.GameEnded((state.wins[0], state.wins[1]), (winner,)))
        return
    if not state.lone_wolf[winner]:  # M-NEXT-1 (once)
        state.lone_wolf[winner] = True
        state.decks[winner] += (components().lone_wolf,)
        out.append(ev.LoneWolfJoined(winner))
    loser = 1 - winner
    state.phase = Phase.POWER  # M-NEXT-2
    state.active = loser
    state.turn += 1
    if not legal_actions(state):  # no power left to choose (only with a shorter list)
        state._legal = None
        state.round += 1
        state.start_seat = loser
        _deal(state, out, replay=False)


def explain_illegal(state: GameState, action: Action) -> str:
    """Why `action` is refused, in words a player understands, naming the rule."""
    return f"`{action}` is not possible: {_reason(state, action)}"


def _reason(state: GameState, action: Action) -> str:
    phase = state.phase
    if phase is Phase.OVER:
        return "the game is over (M-WIN)"
    if phase is Phase.POWER:
        if not isinstance(action, Power):
            return "the round's loser now chooses an Alpha Power (M-NEXT-2)"
        return f"{action.key} is already taken or not in this game (M-NEXT-2)"
    if isinstance(action, Power):
        return "Alpha Powers are chosen between rounds, by the round's loser (M-NEXT-2)"
    if isinstance(action, Pass):
        return "`pass` only declines the extra card of howl (M-COMP-4)"
    seat = state.active
    cid = action.cid
    if cid not in state.hands[seat]:
        return f"you hold no {action.card} (M-TURN-1)"
    cell = action.index
    stack = state.stacks.get(cell)
    if stack is None:
        if not state.stacks:
            return "the first card of a round goes on D4 (M-PLACE-1)"
        if not any(n in state.stacks for n in NEIGHBOURS[cell]):
            return (f"{action.cell} is next to no card: a card joins another orthogonally "
                    "(M-PLACE-2)")
        return "the area would no longer fit 3×4 or 4×3 (M-PLACE-2)"
    top = stack[-1]
    if top >> SEAT_SHIFT == seat:
        return f"{action.cell} shows your own wolf: you cover only the opponent's (M-PLACE-3)"
    if state.visible(1 - seat) < 2:
        return "you may not cover the opponent's last visible wolf (M-PLACE-3)"
    low = card_table().value[top & CARD_MASK]
    extra = " or, once a round with ambush, an equal one" if state.ready(seat, AMBUSH) else ""
    return f"covering a {low} takes a card of value exactly {low + 1}{extra} (M-PLACE-3)"


# --- the end (M-WIN) ------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Outcome:
    wins: tuple[int, int]  # rounds won per seat
    winners: tuple[int, ...]  # the seat that won two rounds
    rounds: tuple[int | None, ...]  # each deal's winner, None for a replayed round


def outcome(state: GameState) -> Outcome | None:
    """Rounds won and the winner once the game is over, else None."""
    if state.phase is not Phase.OVER:
        return None
    winner = 0 if state.wins[0] >= WINS_NEEDED else 1
    return Outcome((state.wins[0], state.wins[1]), (winner,), tuple(state.rounds))


def is_over(state: GameState) -> bool:
    return state.phase is Phase.OVER


# the centre is where every round begins (re-exported for views and tests)
START_CELL = CELL_NAMES[CENTRE]
