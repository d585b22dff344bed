"""The legal actions of a Kingdomino position: the single source of truth.

`apply` refuses what is not listed here, the bot builds its buttons from it and the
computer players choose from it. Placements come from the kingdom's bit masks
(`Kingdom.placement_masks`); the Place and Claim objects are made once and shared, since
playouts ask for hundreds of thousands of them. The list is cached on the state.
"""

from __future__ import annotations

from engine.games.geometry import Direction
from engine.kingdomino.actions import Action, Claim, Discard, Place
from engine.kingdomino.dominoes import DOMINO_COUNT, domino
from engine.kingdomino.kingdom import play_area
from engine.kingdomino.state import GameState, Phase


class _PlaceTable(dict[int, Place]):
    """The Place actions of one domino, size and direction by cell, made on first use:
    games build hundreds of thousands of them, and they are immutable."""

    def __init__(self, size: int, number: int, direction: Direction) -> None:
        super().__init__()
        self.key = (size, number, direction)

    def __missing__(self, cell: int) -> Place:
        size, number, direction = self.key
        column, row = play_area(size).column_row(cell)
        action = self[cell] = Place(number, column, row, direction)
        return action


_PLACE_TABLES: dict[tuple[int, int, Direction], _PlaceTable] = {}


def _place_table(size: int, number: int, direction: Direction) -> _PlaceTable:
    key = (size, number, direction)
    table = _PLACE_TABLES.get(key)
    if table is None:
        table = _PLACE_TABLES[key] = _PlaceTable(size, number, direction)
    return table


def _placement_masks(state: GameState) -> list[tuple[Direction, int]]:
    """Per direction, the cells where the acting king's domino may lie (cached)."""
    if state._masks is None:
        slot = state.line[state.cursor]
        assert slot.king is not None
        state._masks = state.kingdoms[slot.king].placement_masks(domino(slot.domino))
    return state._masks


def _placement_options(state: GameState) -> list[Action]:
    """K-PLACE-1…4: every legal placement of the acting king's domino, else its discard."""
    size, number = state.config.kingdom_size, state.line[state.cursor].domino
    options: list[Action] = []
    for direction, mask in _placement_masks(state):
        table = _place_table(size, number, direction)
        while mask:
            low = mask & -mask
            options.append(table[low.bit_length() - 1])
            mask ^= low
    return options or [Discard(number)]


_CLAIMS = {number: Claim(number) for number in range(1, DOMINO_COUNT + 1)}  # shared


def _generate(state: GameState) -> list[Action]:
    phase = state.phase
    if phase is Phase.PLACE:
        return _placement_options(state)
    if phase is Phase.SETUP:
        return [_CLAIMS[s.domino] for s in state.line if s.king is None]
    if phase is Phase.CLAIM:
        return [_CLAIMS[s.domino] for s in state.next_line if s.king is None]
    return []


def legal_actions(state: GameState) -> list[Action]:
    """Exactly the legal actions of the player to move, sorted (`actions.sort_key`)."""
    if state._legal is None:
        state._legal = _generate(state)
    return list(state._legal)


def legal_action_count(state: GameState) -> int:
    """`len(legal_actions(state))`, without building the actions."""
    if state._legal is not None:
        return len(state._legal)
    if state.phase is Phase.PLACE:
        count = 0
        for _, mask in _placement_masks(state):
            count += mask.bit_count()
        return count or 1  # nothing fits: the discard
    state._legal = _generate(state)
    return len(state._legal)


def legal_action(state: GameState, index: int) -> Action:
    """`legal_actions(state)[index]`, without building the others (fast random playouts)."""
    if not 0 <= index < legal_action_count(state):
        raise IndexError(f"legal action {index} of {legal_action_count(state)}")
    if state._legal is not None:
        return state._legal[index]
    # a placement decision whose list was not built: walk the masks
    size, number = state.config.kingdom_size, state.line[state.cursor].domino
    for direction, mask in _placement_masks(state):
        count = mask.bit_count()
        if index < count:
            for _ in range(index):
                mask &= mask - 1
            return _place_table(size, number, direction)[(mask & -mask).bit_length() - 1]
        index -= count
    return Discard(number)  # nothing fits


def is_legal(state: GameState, action: Action) -> bool:
    if state.phase is Phase.PLACE and isinstance(action, Place):
        slot = state.line[state.cursor]
        area = play_area(state.config.kingdom_size)
        if (action.number != slot.domino or not 0 <= action.column < area.width
                or not 0 <= action.row < area.height):
            return False
        bit = 1 << area.cell(action.column, action.row)
        return any(d is action.direction and mask & bit for d, mask in _placement_masks(state))
    if state._legal is None:
        state._legal = _generate(state)
    return action in state._legal
