"""Moonlight's pictures of one moment of a game, written as PNG files (the command line),
and the PNG bytes the bot sends: the theme's palette with Moonlight's colours kept exact."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from PIL import Image

from engine.games.events import Event
from engine.moonlight.actions import Play
from engine.moonlight.game import legal_actions
from engine.moonlight.state import GameState, Phase
from engine.moonlight.view import player_view
from render.encode import to_png_bytes
from render.moonlight.final import render_final
from render.moonlight.hand import render_hand
from render.moonlight.style import moonlight_theme
from render.moonlight.turn import render_turn
from render.theme import Theme


def to_png(image: Image.Image, theme: Theme) -> bytes:
    return to_png_bytes(image, theme=moonlight_theme(theme))


def write_all(state: GameState, events: Sequence[Event], folder: Path | str, locale: str,
              theme: Theme) -> list[Path]:
    """turn.png (public, `events` marked), hand.png for the seat to move (the first card
    it may play, its cells lettered) while a card is to be placed or a power chosen, and
    final.png once the game is over; returns the paths in that order."""
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    pictures: dict[str, Image.Image] = {
        "turn": render_turn(player_view(state, None), events=events, locale=locale,
                            theme=theme).image}
    seat = state.active_seat
    if seat is not None and state.phase is not Phase.OVER:
        plays = [a for a in legal_actions(state) if isinstance(a, Play)]
        card = plays[0].card if plays else None
        pictures["hand"] = render_hand(player_view(state, seat),
                                       choices=[p for p in plays if p.card == card],
                                       proposed=card, locale=locale, theme=theme).image
    if state.phase is Phase.OVER:
        pictures["final"] = render_final(player_view(state, None), locale=locale,
                                         theme=theme).image
    paths = []
    for name, image in pictures.items():
        path = out / f"{name}.png"
        path.write_bytes(to_png(image, theme))
        paths.append(path)
    return paths
