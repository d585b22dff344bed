"""Every game is a peer: outside a game's own folders and the registries, no module
imports a game's package or names a game's key.

A new game adds its folders and one registration line per layer (docs/code.md, "Adding a
game"); this test is what keeps that promise true for the next one.
"""

from __future__ import annotations

import ast
from pathlib import Path

from engine.registry import GAMES

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("engine", "render", "bot")
#: Where each game lives, per layer (a folder, or one module for the Discord steps).
GAME_HOMES = ("engine/{game}", "render/{game}", "bot/tables/fronts/{game}",
              "bot/discord/games/{game}", "bot/cli/games/{game}")
#: The one place per layer that names every game.
REGISTRIES = ("engine/registry.py", "render/registry.py", "bot/tables/fronts/__init__.py",
              "bot/discord/games/__init__.py", "bot/cli/games/__init__.py")


def game_of(path: Path) -> str | None:
    """The game whose home holds `path`, if any."""
    rel = path.relative_to(ROOT).as_posix()
    for game in GAMES:
        for home in GAME_HOMES:
            place = home.format(game=game)
            if rel == f"{place}.py" or rel.startswith(f"{place}/"):
                return game
    return None


def shared_modules() -> list[Path]:
    return [path for package in PACKAGES for path in sorted((ROOT / package).rglob("*.py"))
            if game_of(path) is None and path.relative_to(ROOT).as_posix() not in REGISTRIES]


def game_packages() -> set[str]:
    return {home.format(game=game).replace("/", ".") for game in GAMES for home in GAME_HOMES}


def imported(tree: ast.AST) -> list[str]:
    names = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            names += [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
    return names


def test_shared_code_imports_no_game() -> None:
    games = game_packages()
    found = [f"{path.relative_to(ROOT)}: {name}" for path in shared_modules()
             for name in imported(ast.parse(path.read_text(encoding="utf-8")))
             if any(name == g or name.startswith(g + ".") for g in games)]
    assert found == []


#: Constants whose value is a game's key by coincidence: the project's own name.
NOT_A_GAME = {"APP_NAME"}


def _named_constants(tree: ast.AST) -> set[int]:
    """ids of the constants assigned to a name of NOT_A_GAME."""
    return {id(node.value) for node in ast.walk(tree) if isinstance(node, ast.Assign)
            and any(isinstance(t, ast.Name) and t.id in NOT_A_GAME for t in node.targets)}


def test_shared_code_names_no_game_key() -> None:
    """A string equal to a game's key is a branch on that game (or a default that should
    be the registry's)."""
    found = []
    for path in shared_modules():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        exempt = _named_constants(tree)
        found += [f"{path.relative_to(ROOT)}:{node.lineno}: {node.value!r}"
                  for node in ast.walk(tree)
                  if isinstance(node, ast.Constant) and node.value in GAMES
                  and id(node) not in exempt]
    assert found == []


def test_one_game_never_imports_another() -> None:
    for game in GAMES:
        others = {home.format(game=other).replace("/", ".")
                  for other in GAMES if other != game for home in GAME_HOMES}
        for home in GAME_HOMES:
            place = ROOT / home.format(game=game)
            paths = sorted(place.rglob("*.py")) if place.is_dir() else [place.with_suffix(".py")]
            for path in (p for p in paths if p.exists()):
                for name in imported(ast.parse(path.read_text(encoding="utf-8"))):
                    assert not any(name == o or name.startswith(o + ".") for o in others), \
                        f"{path.relative_to(ROOT)} imports {name}"


def test_every_game_has_a_home_in_every_layer() -> None:
    for game in GAMES:
        for home in GAME_HOMES:
            place = ROOT / home.format(game=game)
            assert place.is_dir() or place.with_suffix(".py").exists(), (game, home)
