"""The one place the renderer names its games: each game's picture kinds and drawing.

A new game adds one line to `GAMES`: its `draw` module (a `KINDS` tuple and a
`draw(request) -> bytes`). The drawing worker and in-place drawing both come here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from render import ratings
from render.kingdomino import draw as kingdomino
from render.moonlight import draw as moonlight
from render.moonriver import draw as moonriver
from render.request import DrawRequest


@dataclass(frozen=True, slots=True)
class Pictures:
    kinds: tuple[str, ...]
    draw: Callable[[DrawRequest], bytes]


#: Every game's pictures, by the engine's registry key.
GAMES: dict[str, Pictures] = {
    "moonriver": Pictures(moonriver.KINDS, moonriver.draw),
    "kingdomino": Pictures(kingdomino.KINDS, kingdomino.draw),
    "moonlight": Pictures(moonlight.KINDS, moonlight.draw),
}
#: The pictures every game draws alike (a leaderboard, a profile): asked for under any
#: game's key, drawn by one game-free module.
SHARED = Pictures(ratings.KINDS, ratings.draw)


def check(request: DrawRequest) -> Pictures:
    """The game's pictures for `request`; ValueError naming the choices for an unknown
    game or picture kind (refused before a worker is asked)."""
    pictures = GAMES.get(request.game)
    if pictures is None:
        raise ValueError(f"unknown game {request.game!r} ({', '.join(GAMES)})")
    if request.kind in SHARED.kinds:
        return SHARED
    if request.kind not in pictures.kinds:
        raise ValueError(f"unknown picture kind {request.kind!r} "
                         f"({', '.join((*pictures.kinds, *SHARED.kinds))})")
    return pictures


def draw(request: DrawRequest) -> bytes:
    """Draw and encode one picture (runs in the worker, or in place for tools and tests)."""
    return check(request).draw(request)
