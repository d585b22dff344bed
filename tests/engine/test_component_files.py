"""Both games' component files are read and refused the same way (engine.games.component_files):
a missing file, a file that is not JSON and a document of the wrong shape all name the
file, whichever game's loader reads it."""

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from engine.games.errors import ComponentError
from engine.kingdomino.dominoes import load_dominoes_file
from engine.moonriver.components import load_components_file


@pytest.mark.parametrize("load", [load_components_file, load_dominoes_file])
@pytest.mark.parametrize(("content", "message"), [
    (None, "cannot read"),
    ('{\n  "dominoes": [,]\n}', "not JSON (line 2"),
    ("[1, 2, 3]", "expected a JSON object"),
])
def test_a_bad_component_file_is_refused_naming_the_file(
        load: Callable[[Path], Any], content: str | None, message: str,
        tmp_path: Path) -> None:
    path = tmp_path / "parts.json"
    if content is not None:
        path.write_text(content, encoding="utf-8")
    with pytest.raises(ComponentError, match="^" + re.escape(f"{path}: {message}")):
        load(path)
