"""Golden images of every Kingdomino picture kind, both themes, three languages."""

from __future__ import annotations

import pytest

from tests.render.golden import assert_like_golden
from tests.render.kingdomino.golden import KINGDOMINO_DIR, PICTURES


def test_goldens_cover_every_kind_theme_and_language() -> None:
    names = set(PICTURES)
    for kind in ("turn", "preview", "final", "kingdom"):
        ours = {n for n in names if n.startswith(kind + "-")}
        assert any("-dark-" in n for n in ours) and any("-light-" in n for n in ours), kind
        assert {n.rsplit("-", 1)[1] for n in ours} == {"en", "de", "ja"}, kind
    assert {p.stem for p in KINGDOMINO_DIR.glob("*.png")} == names


@pytest.mark.parametrize("name", sorted(PICTURES))
def test_golden_image(name: str) -> None:
    assert_like_golden(PICTURES[name](), KINGDOMINO_DIR / f"{name}.png",
                       "tests.render.kingdomino.golden")
