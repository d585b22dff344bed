"""The wheel is complete: built, installed away from the checkout, it plays and draws.

The package list in pyproject.toml must name every package folder, and an installed
wheel must find its data (components, fonts, translations) through the package, not
through the source tree. The install runs with `python -S` from an empty folder, so
neither the checkout nor the editable install can stand in for a missing file.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import tomllib
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CONFIG = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def test_every_package_directory_is_listed() -> None:
    setuptools = CONFIG["tool"]["setuptools"]
    listed = set(setuptools["packages"])
    found = {".".join(p.parent.relative_to(ROOT).parts)
             for top in ("engine", "render", "bot") for p in (ROOT / top).rglob("__init__.py")}
    data = {"moonriver_data"} | {f"moonriver_data.{d.name}" for d in (ROOT / "data").iterdir()
                                 if d.is_dir() and d.name != "__pycache__"}
    assert found | data == listed
    assert setuptools["package-dir"] == {"moonriver_data": "data"}
    assert CONFIG["project"]["scripts"] == {"moonriver": "bot.cli:main"}


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The project built as a wheel and unpacked into a folder of its own."""
    out = tmp_path_factory.mktemp("wheel")
    # built from a copy: setuptools writes build/ and *.egg-info into the tree it builds,
    # and another build of the checkout at the same time (a parallel test run, a
    # leftover of one stopped midway) fails it with "File exists"
    source = tmp_path_factory.mktemp("source") / "tree"
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(
        ".git", ".venv", "venv", "build", "dist", "*.egg-info", "__pycache__", ".*_cache",
        ".hypothesis", "*.sqlite3*", "out", "sandbox-pictures"))
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps",
                    "--no-build-isolation", "-w", str(out), str(source)],
                   check=True, capture_output=True, text=True)
    (wheel,) = out.glob("*.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
    for data in ("moonriver_data/locale/en.json", "moonriver_data/fonts/DejaVuSans.ttf",
                 "moonriver_data/fonts/DroidSansFallbackFull.ttf",
                 "moonriver_data/fonts/NotoColorEmoji.ttf",
                 "moonriver_data/fonts/LICENSE-NotoColorEmoji-OFL.txt",
                 "moonriver_data/components/provisional-1.json",
                 "moonriver_data/kingdomino/dominoes.json"):
        assert data in names, f"{data} is missing from the wheel"
    target = tmp_path_factory.mktemp("site")
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps",
                    "--target", str(target), str(wheel)], check=True, capture_output=True)
    return target


def run_installed(target: Path, cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """`moonriver ARGS` from the unpacked wheel; `-S` keeps the editable install away."""
    dependencies = sysconfig.get_paths()["purelib"]
    env = {**os.environ, "PYTHONPATH": f"{target}{os.pathsep}{dependencies}"}
    env.pop("DISCORD_TOKEN", None)
    entry = "import sys; from bot.cli import main; sys.exit(main())"
    return subprocess.run([sys.executable, "-S", "-c", entry, *args],
                          cwd=cwd, env=env, capture_output=True, text=True, timeout=120)


@pytest.mark.system
@pytest.mark.xdist_group("wheel")  # one build: setuptools builds in the tree
def test_the_installed_wheel_simulates_renders_and_checks_the_token(
        installed: Path, tmp_path: Path) -> None:
    probe = run_installed(installed, tmp_path, "simulate", "--games", "1", "--players", "3")
    assert probe.returncode == 0, probe.stderr
    assert json.loads(probe.stdout)["games"] == 1
    ranch = ". . . . . / . . . . . / . . . . . / . . . . . / de++ de me2!golddigger . ."
    picture = tmp_path / "ranch.png"
    drawn = run_installed(installed, tmp_path, "render", ranch, "-o", str(picture),
                          "--locale", "ja")
    assert drawn.returncode == 0, drawn.stderr
    assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    no_token = run_installed(installed, tmp_path, "run")
    assert no_token.returncode == 2 and "DISCORD_TOKEN" in no_token.stderr


@pytest.mark.system
@pytest.mark.xdist_group("wheel")  # one build: setuptools builds in the tree
def test_the_installed_wheel_reads_its_data_from_the_package(installed: Path,
                                                             tmp_path: Path) -> None:
    dependencies = sysconfig.get_paths()["purelib"]
    env = {**os.environ, "PYTHONPATH": f"{installed}{os.pathsep}{dependencies}"}
    code = ("import engine.games.resources as r, render.fonts as f; "
            "print(r.data_file('locale', 'en.json')); print(f.font_path('DejaVuSans.ttf'))")
    shown = subprocess.run([sys.executable, "-S", "-c", code], cwd=tmp_path, env=env,
                           capture_output=True, text=True, check=True)
    for line in shown.stdout.split():
        assert line.startswith(str(installed)), line


def test_a_missing_font_is_a_clear_error_never_a_system_font() -> None:
    from render.fonts import FontError, font_path

    with pytest.raises(FontError, match=r"fonts/DejaVuSans-Oblique\.ttf is missing"):
        font_path("DejaVuSans-Oblique.ttf")  # a real DejaVu name the system may well have
