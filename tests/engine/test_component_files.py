"""Both games' component files are read and refused the same way (engine.component_files):
a missing file, a file that is not JSON and a bad entry all name the file."""

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from engine.components import load_components_file
from engine.errors import ComponentError
from engine.kingdomino.dominoes import load_dominoes_file

LOADERS: list[Callable[[Path], Any]] = [load_components_file, load_dominoes_file]


@pytest.mark.parametrize("load", LOADERS)
def test_a_missing_file_is_named(load: Callable[[Path], Any], tmp_path: Path) -> None:
    missing = tmp_path / "gone.json"
    with pytest.raises(ComponentError, match=rf"^{missing}: cannot read"):
        load(missing)


@pytest.mark.parametrize("load", LOADERS)
def test_a_file_that_is_not_json_is_named_with_its_line(load: Callable[[Path], Any],
                                                        tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text('{\n  "dominoes": [,]\n}', encoding="utf-8")
    with pytest.raises(ComponentError, match=rf"^{broken}: not JSON \(line 2"):
        load(broken)


@pytest.mark.parametrize("load", LOADERS)
def test_a_document_of_the_wrong_shape_is_named(load: Callable[[Path], Any],
                                                tmp_path: Path) -> None:
    wrong = tmp_path / "wrong.json"
    wrong.write_text("[1, 2, 3]", encoding="utf-8")
    with pytest.raises(ComponentError, match=rf"^{wrong}: expected a JSON object"):
        load(wrong)
