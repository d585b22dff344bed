"""The bot package's rooms keep their walls: tables and the sandbox need no discord.py,
and no module of the bot imports another in a circle."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BOT = ROOT / "bot"


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(path: Path) -> set[str]:
    """Top-of-file and nested imports alike: a lazy import is still a dependency."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
            names.update(f"{node.module}.{a.name}" for a in node.names)
    return names


def bot_graph() -> dict[str, set[str]]:
    modules = {module_name(p): p for p in BOT.rglob("*.py")}
    return {name: {i for i in imports_of(path) if i in modules and i != name}
            for name, path in modules.items()}


def test_tables_import_no_discord() -> None:
    for path in (BOT / "tables").rglob("*.py"):
        for name in imports_of(path):
            assert name.split(".")[0] != "discord", f"{module_name(path)} imports {name}"
            assert not name.startswith("bot.discord"), f"{module_name(path)} imports {name}"


@pytest.mark.system
def test_cli_sandbox_and_tables_load_with_discord_blocked() -> None:
    """A second front end (the sandbox) depends on bot.tables, not on discord.py."""
    modules = ["bot.cli", "bot.sandbox", "bot.config",
               *sorted(module_name(p) for p in (BOT / "tables").rglob("*.py"))]
    script = ("import sys\nsys.modules['discord'] = None\n"
              + "".join(f"import {m}\n" for m in modules)
              + "assert 'discord' not in {k.split('.')[0] for k, v in sys.modules.items() "
                "if v is not None}\n")
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """A chain of imports that comes back to its start, if there is one."""
    visiting: list[str] = []
    done: set[str] = set()

    def visit(name: str) -> list[str] | None:
        if name in done:
            return None
        if name in visiting:
            return [*visiting[visiting.index(name):], name]
        visiting.append(name)
        for dependency in sorted(graph.get(name, ())):
            cycle = visit(dependency)
            if cycle is not None:
                return cycle
        visiting.pop()
        done.add(name)
        return None

    for name in sorted(graph):
        cycle = visit(name)
        if cycle is not None:
            return cycle
    return None


def test_no_import_cycle_in_the_bot() -> None:
    graph = bot_graph()
    assert "bot.discord.client" in graph and "bot.tables.service" in graph
    assert find_cycle(graph) is None


def test_the_cycle_check_sees_lazy_imports(tmp_path: Path) -> None:
    """The old app <-> discord_ui pair, hidden by an import inside a function, is caught."""
    app, ui = tmp_path / "app.py", tmp_path / "ui.py"
    app.write_text("from bot.ui import DYNAMIC_ITEMS\n", encoding="utf-8")
    ui.write_text("def _bot():\n    from bot.app import MoonRiverBot\n", encoding="utf-8")
    graph = {"bot.app": imports_of(app) & {"bot.ui"}, "bot.ui": imports_of(ui) & {"bot.app"}}
    assert find_cycle(graph) == ["bot.app", "bot.ui", "bot.app"]
    assert find_cycle({"bot.app": {"bot.ui"}, "bot.ui": set()}) is None
