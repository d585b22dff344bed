"""Where the game's files are: the `moonriver_data` package, which is the data/ folder.

Components, fonts and translations ship inside the wheel as package data and are read
through importlib.resources, so the game behaves the same from a checkout, an installed
wheel or a container, whatever the working directory. Nothing here computes paths from
`__file__`.
"""

from __future__ import annotations

from importlib.resources import files
from importlib.resources.abc import Traversable

DATA_PACKAGE = "moonriver_data"


def data_file(*parts: str) -> Traversable:
    """A file (or folder) of the data package, e.g. `data_file("locale", "en.json")`."""
    return files(DATA_PACKAGE).joinpath(*parts)
