"""The pictures the golden-image tests compare against, and how to regenerate them.

    python -m tests.render.golden        # rewrite tests/golden/*.png after a deliberate change

It also writes the README's pictures (docs/turn.png and friends) from the same images.

Every picture kind is kept in both themes and the three languages. Look at every
regenerated picture (full size and at 400 px wide) before committing it.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PIL import Image, ImageChops, ImageStat

from engine.games.rng import Rng
from engine.moonriver import events as ev
from engine.moonriver.actions import Build
from engine.moonriver.components import load_components
from engine.moonriver.game import apply, legal_actions, new_game
from engine.moonriver.ranch import parse_ranch
from engine.moonriver.state import GameState, Phase
from engine.moonriver.view import TableView, public_view
from render.encode import to_png_bytes
from render.kingdomino.legend import render_kingdomino_legend
from render.moonlight.legend import render_moonlight_legend
from render.moonriver import render_grid, render_preview, render_ranch, render_scores, render_table
from render.moonriver.changes import changes_of
from render.moonriver.legend import render_moonriver_legend
from render.moonriver.turn import render_turn
from render.theme import DARK, LIGHT, Theme
from tests.render.story_games import finished, story

GOLDEN_DIR = Path(__file__).resolve().parent.parent / "golden"
MEAN_TOLERANCE = 1.5    # mean absolute difference per channel, 0–255
PIXEL_TOLERANCE = 0.01  # share of pixels allowed to differ by more than 48
EXAMPLE = ("co5 co5 co4 co4 fo1 / de de1 de de+ de1 / ca+ ca+ ca1 ca ca+ / ca1 ca me+ me+ me / "
           "fa+ fa+ fa+ fa+!farmer .")
NAMES = ["Alice", "ボブ", "Carol 🤠", "Dmitri Alexandrovich Karamazov-Smerdyakov"]
THEMES = {"dark": DARK, "light": LIGHT}
LEGENDS = {"moonriver": render_moonriver_legend, "kingdomino": render_kingdomino_legend,
           "moonlight": render_moonlight_legend}


def assert_like_golden(actual: Image.Image, golden_path: Path, regenerate: str) -> None:
    """`actual` matches its golden image within the tolerances; else the message says
    how to regenerate (`python -m <regenerate>`) after a deliberate change."""
    golden = Image.open(golden_path).convert("RGB")
    actual = actual.convert("RGB")
    assert actual.size == golden.size, f"layout changed: python -m {regenerate}"
    diff = ImageChops.difference(actual, golden)
    mean = sum(ImageStat.Stat(diff).mean) / 3
    strong = sum(diff.convert("L").point(lambda v: 255 if v > 48 else 0).histogram()[255:])
    share = strong / (actual.width * actual.height)
    assert mean <= MEAN_TOLERANCE and share <= PIXEL_TOLERANCE, (
        f"{golden_path.stem}: mean difference {mean:.2f}, {share:.2%} of pixels differ; if "
        f"the change is deliberate, regenerate with python -m {regenerate} and look at the "
        "pictures")


def played_with_events(players: int, seed: int, until_round: int | None,
                       scenario: int | None = None) -> tuple[GameState, list[ev.Event]]:
    """A random game (Legends of the West with `scenario`, R-LEG-2), and the events of the
    last complete player turn in it."""
    state = (new_game(NAMES[:players], seed) if scenario is None else
             new_game(NAMES[:players], seed, variant="legends", scenario=scenario))
    rng = Rng(seed)
    current: list[ev.Event] = []
    finished: list[ev.Event] = []
    while state.phase is not Phase.OVER and (until_round is None or state.round < until_round):
        state, events = apply(state, rng.choice(legal_actions(state)))
        for event in events:
            if isinstance(event, ev.TurnStarted):
                finished, current = current, []
            current.append(event)
    return state, (current if state.phase is Phase.OVER else finished)


def played(players: int, seed: int, until_round: int | None) -> GameState:
    return played_with_events(players, seed, until_round)[0]


def at_build_decision(seed: int) -> GameState:
    state = new_game(NAMES[:3], seed)
    rng = Rng(seed)
    while not (state.round >= 8 and any(isinstance(a, Build) for a in legal_actions(state))):
        state, _ = apply(state, rng.choice(legal_actions(state)))
    return state


def preview(theme: Theme, locale: str, proposed: bool = False) -> Image.Image:
    """The pair's places lettered; or, `proposed`, the confirm picture of the last."""
    state = at_build_decision(11)
    builds = [a for a in legal_actions(state) if isinstance(a, Build)]
    first, second = builds[0].first, builds[0].second
    pair = [b for b in builds if (b.first, b.second) == (first, second)]
    assert state.turn is not None
    return render_preview(public_view(state), state.turn.seat, pair,
                          pair[-1] if proposed else None, theme=theme, locale=locale)


def with_draft(players: int, seed: int,
               shown: tuple[str, ...]) -> tuple[TableView, list[ev.Event]]:
    """The first player turn of a random game whose draft columns with a parcel left are
    `shown` (render.moonriver.draft.shown_columns), and the events of the turn before."""
    from render.moonriver.draft import shown_columns  # here: the imports above stay short

    state = new_game(NAMES[:players], seed)
    rng = Rng(seed)
    turn_events: list[ev.Event] = []
    while state.phase is not Phase.OVER:
        state, events = apply(state, rng.choice(legal_actions(state)))
        if any(isinstance(e, ev.TurnStarted) for e in events) and state.phase is not Phase.OVER:
            view = public_view(state)
            if shown_columns(view) == shown:
                return view, turn_events
            turn_events = []
        turn_events += events
    raise ValueError(f"no turn with the draft columns {shown}")


def turn_with_draft(players: int, seed: int, shown: tuple[str, ...], theme: Theme,
                    locale: str) -> Image.Image:
    view, events = with_draft(players, seed, shown)
    return render_turn(view, theme=theme, locale=locale, changes=changes_of(events)).image


def turn(players: int, seed: int, until_round: int | None, theme: Theme,
         locale: str, scenario: int | None = None) -> Image.Image:
    state, events = played_with_events(players, seed, until_round, scenario)
    return render_turn(public_view(state), theme=theme, locale=locale,
                       changes=changes_of(events)).image


def _pictures() -> dict[str, Callable[[], Image.Image]]:
    example = parse_ranch(EXAMPLE)
    camp = load_components().boards["camp"]
    out: dict[str, Callable[[], Image.Image]] = {}
    for theme_name, locale in (("dark", "en"), ("light", "de"), ("light", "ja")):
        theme = THEMES[theme_name]
        out[f"ranch-example-{theme_name}-{locale}"] = (
            lambda theme=theme, locale=locale: render_grid(example, camp, theme=theme,
                                                           locale=locale))
        out[f"preview-{theme_name}-{locale}"] = (
            lambda theme=theme, locale=locale: preview(theme, locale))
        out[f"proposal-{theme_name}-{locale}"] = (
            lambda theme=theme, locale=locale: preview(theme, locale, proposed=True))
        out[f"ranch-{theme_name}-{locale}"] = (  # the /moonriver board picture
            lambda theme=theme, locale=locale: render_ranch(public_view(played(4, 3, 12)), 1,
                                                            theme=theme, locale=locale))
    for theme_name, locale, players, seed, until in (
            ("dark", "en", 4, 3, 12), ("light", "ja", 2, 5, 18), ("light", "de", 3, 4, 0)):
        theme = THEMES[theme_name]
        out[f"table-{players}p-{theme_name}-{locale}"] = (
            lambda p=players, s=seed, u=until, theme=theme, locale=locale: render_table(
                public_view(played(p, s, u)), theme=theme, locale=locale))
    for theme_name, locale, players in (("light", "de", 3), ("dark", "en", 4),
                                        ("dark", "ja", 2)):
        theme = THEMES[theme_name]
        out[f"scores-{players}p-{theme_name}-{locale}"] = (
            lambda p=players, theme=theme, locale=locale: render_scores(
                public_view(played(p, 8, None)), theme=theme, locale=locale))
        out[f"final-{players}p-{theme_name}-{locale}"] = (
            lambda p=players, theme=theme, locale=locale: turn(p, 8, None, theme, locale))
    for theme_name, locale, players, seed, until in (
            ("dark", "en", 4, 3, 9), ("light", "ja", 2, 2, 9), ("light", "de", 3, 7, 9),
            ("dark", "de", 3, 4, 0), ("light", "en", 4, 6, 6), ("dark", "ja", 2, 5, 18)):
        theme = THEMES[theme_name]
        phase = "setup" if until == 0 else f"{players}p"
        out[f"turn-{phase}-{theme_name}-{locale}"] = (
            lambda p=players, s=seed, u=until, theme=theme, locale=locale: turn(
                p, s, u, theme, locale))
    # a draft column with no parcel left gives its room to the ranches; none: no draft
    out["turn-next-only-dark-en"] = lambda: turn_with_draft(4, 7, ("next",), DARK, "en")
    out["turn-no-draft-light-de"] = lambda: turn_with_draft(3, 3, (), LIGHT, "de")
    # Legends of the West (R-LEG-1, R-LEG-2): the characters' boards and the scenario
    out["turn-legends-gold-dark-en"] = lambda: turn(4, 3, 9, DARK, "en", scenario=2)
    out["final-legends-city-light-de"] = lambda: turn(3, 9, None, LIGHT, "de", scenario=4)
    # the end's second picture, every game's (render.story), and the symbols of /help
    for game, players, seed, theme_name, locale in (
            ("moonriver", 4, 8, "dark", "en"), ("moonriver", 3, 5, "light", "de"),
            ("kingdomino", 3, 5, "dark", "en"), ("kingdomino", 2, 4, "light", "ja"),
            ("moonlight", 2, 5, "light", "ja"), ("moonlight", 2, 3, "dark", "de")):
        out[f"story-{game}-{players}p-{theme_name}-{locale}"] = (
            lambda g=game, p=players, s=seed, theme=THEMES[theme_name], locale=locale:
            story(finished(g, p, s), theme, locale).image)
    for game, theme_name, locale in (("moonriver", "dark", "en"), ("kingdomino", "light", "de"),
                                     ("moonlight", "light", "ja"),
                                     ("moonriver", "light", "ja")):
        out[f"legend-{game}-{theme_name}-{locale}"] = (
            lambda g=game, theme=THEMES[theme_name], locale=locale:
            LEGENDS[g](theme=theme, locale=locale)[0])
    return out


PICTURES: dict[str, Callable[[], Image.Image]] = _pictures()


DOCS_DIR = GOLDEN_DIR.parent.parent / "docs"
#: README pictures: docs name → golden picture (written as the bot sends them).
DOCS = {"turn": "turn-4p-dark-en", "turn-light": "turn-3p-light-de",
        "final": "final-4p-dark-en", "preview": "preview-dark-en",
        "turn-legends": "turn-legends-gold-dark-en", "final-legends": "final-legends-city-light-de",
        "story": "story-moonriver-4p-dark-en", "symbols": "legend-moonriver-dark-en"}


def write_goldens(folder: Path, pictures: dict[str, Callable[[], Image.Image]]) -> None:
    """Draw every picture into `folder` as <name>.png; a golden no longer drawn goes."""
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.glob("*.png"):
        if old.stem not in pictures:
            old.unlink()
    for name, make in pictures.items():
        path = folder / f"{name}.png"
        make().save(path)
        print(path)


def main() -> None:
    write_goldens(GOLDEN_DIR, PICTURES)
    for doc, name in DOCS.items():
        path = DOCS_DIR / f"{doc}.png"
        path.write_bytes(to_png_bytes(Image.open(GOLDEN_DIR / f"{name}.png")))
        print(path)
    from tests.render.kingdomino.golden import main as kingdomino_main  # its own folder

    kingdomino_main()
    from tests.render.moonlight.test_golden import main as moonlight_main  # its own folder

    moonlight_main()
    from tests.render.ratings.golden import main as ratings_main  # game-free pictures

    ratings_main()


if __name__ == "__main__":
    main()
