"""The pictures the golden-image tests compare against, and how to regenerate them.

    python -m tests.render.golden        # rewrite tests/golden/*.png after a deliberate change

Look at every regenerated picture before committing it.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PIL import Image

from engine.actions import Build
from engine.components import load_components
from engine.game import apply, legal_actions, new_game
from engine.ranch import parse_ranch
from engine.rng import Rng
from engine.state import GameState, Phase
from engine.view import public_view
from render import DARK, LIGHT, render_grid, render_preview, render_scores, render_table

GOLDEN_DIR = Path(__file__).resolve().parent.parent / "golden"
EXAMPLE = ("co5 co5 co4 co4 fo1 / de de1 de de+ de1 / ca+ ca+ ca1 ca ca+ / ca1 ca me+ me+ me / "
           "fa+ fa+ fa+ fa+!farmer .")
NAMES = ["Alice", "ボブ", "Carol 🤠", "Dmitri Alexandrovich Karamazov-Smerdyakov"]


def played(players: int, seed: int, until_round: int | None) -> GameState:
    state = new_game(NAMES[:players], seed)
    rng = Rng(seed)
    while state.phase is not Phase.OVER and (until_round is None or state.round < until_round):
        state, _ = apply(state, rng.choice(legal_actions(state)))
    return state


def at_build_decision(seed: int) -> GameState:
    state = new_game(NAMES[:3], seed)
    rng = Rng(seed)
    while not (state.round >= 8 and any(isinstance(a, Build) for a in legal_actions(state))):
        state, _ = apply(state, rng.choice(legal_actions(state)))
    return state


def preview() -> Image.Image:
    state = at_build_decision(11)
    builds = [a for a in legal_actions(state) if isinstance(a, Build)]
    first, second = builds[0].first, builds[0].second
    pair = [b for b in builds if (b.first, b.second) == (first, second)]
    return render_preview(public_view(state), state.turn.seat, pair, pair[-1], theme=DARK)


PICTURES: dict[str, Callable[[], Image.Image]] = {
    "ranch-example-light": lambda: render_grid(parse_ranch(EXAMPLE),
                                               load_components().boards["camp"], theme=LIGHT),
    "table-4p-dark": lambda: render_table(public_view(played(4, 3, 12)), theme=DARK),
    "table-2p-light-ja": lambda: render_table(public_view(played(2, 5, 18)), theme=LIGHT,
                                              locale="ja"),
    "preview-dark": preview,
    "scores-3p-light-de": lambda: render_scores(public_view(played(3, 8, None)), theme=LIGHT,
                                                locale="de"),
}


def main() -> None:
    GOLDEN_DIR.mkdir(exist_ok=True)
    for name, make in PICTURES.items():
        path = GOLDEN_DIR / f"{name}.png"
        make().save(path)
        print(path)


if __name__ == "__main__":
    main()
