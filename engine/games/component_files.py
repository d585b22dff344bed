"""Reading and checking the games' component files (Moon River's parcels and boards,
Kingdomino's dominoes): one wording for a file that cannot be read, is not JSON or holds
a bad entry, so every refusal names the file and the entry the same way."""

from __future__ import annotations

import json
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

from engine.games.errors import ComponentError


def read_document(path: Path | Traversable) -> Any:
    """The JSON document in `path`; a ComponentError naming the file if there is none."""
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise ComponentError(f"{path}: cannot read ({exc.strerror})") from None
    except json.JSONDecodeError as exc:
        raise ComponentError(f"{path}: not JSON (line {exc.lineno}: {exc.msg})") from None


def require(condition: bool, where: str, message: str) -> None:
    """Refuse a component entry that breaks a rule: `where` names file and entry."""
    if not condition:
        raise ComponentError(f"{where}: {message}")
