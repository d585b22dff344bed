"""Golden images of every Kingdomino picture kind, both themes, three languages."""

from __future__ import annotations

import pytest
from PIL import Image, ImageChops, ImageStat

from tests.render.kingdomino.golden import KINGDOMINO_DIR, PICTURES

MEAN_TOLERANCE = 1.5    # mean absolute difference per channel, 0–255 (as Moon River's)
PIXEL_TOLERANCE = 0.01  # share of pixels allowed to differ by more than 48


def test_goldens_cover_every_kind_theme_and_language() -> None:
    names = set(PICTURES)
    for kind in ("turn", "preview", "final", "kingdom"):
        ours = {n for n in names if n.startswith(kind + "-")}
        assert any("-dark-" in n for n in ours) and any("-light-" in n for n in ours), kind
        assert {n.rsplit("-", 1)[1] for n in ours} == {"en", "de", "ja"}, kind
    assert {p.stem for p in KINGDOMINO_DIR.glob("*.png")} == names


@pytest.mark.parametrize("name", sorted(PICTURES))
def test_golden_image(name: str) -> None:
    golden = Image.open(KINGDOMINO_DIR / f"{name}.png").convert("RGB")
    actual = PICTURES[name]().convert("RGB")
    assert actual.size == golden.size, "layout changed: python -m tests.render.kingdomino.golden"
    diff = ImageChops.difference(actual, golden)
    mean = sum(ImageStat.Stat(diff).mean) / 3
    strong = sum(diff.convert("L").point(lambda v: 255 if v > 48 else 0).histogram()[255:])
    share = strong / (actual.width * actual.height)
    assert mean <= MEAN_TOLERANCE and share <= PIXEL_TOLERANCE, (
        f"{name}: mean difference {mean:.2f}, {share:.2%} of pixels differ; if the change is "
        "deliberate, regenerate with python -m tests.render.kingdomino.golden and look at "
        "the pictures")
