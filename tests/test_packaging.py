"""The package list in pyproject.toml names every package, so installs are complete."""

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_every_package_directory_is_installed() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    listed = set(config["tool"]["setuptools"]["packages"])
    found = {".".join(p.parent.relative_to(ROOT).parts)
             for top in ("engine", "render", "bot") for p in (ROOT / top).rglob("__init__.py")}
    assert found == listed
    scripts = config["project"]["scripts"]
    assert scripts == {"moonriver": "bot.cli:main"}
