"""The look every game shares: the dark and light themes, the phone width, the overlays
and the outline. Each game's own colours live with its pictures and join its themes as
`Theme.art`, so the palette keeps them exact."""

from __future__ import annotations

from dataclasses import dataclass

RGB = tuple[int, int, int]
#: About how wide Discord shows a picture on a phone: every picture is checked at it.
PHONE_WIDTH = 400
#: The smallest text that reads there (pixels at PHONE_WIDTH): what a name may shrink to.
READABLE_AT_PHONE = 11


def readable_size(picture_width: int) -> int:
    """The smallest text size that still reads once a picture this wide is shown at
    PHONE_WIDTH (a name shrinks to it before it is cut)."""
    return -(-READABLE_AT_PHONE * picture_width // PHONE_WIDTH)


@dataclass(frozen=True, slots=True)
class Theme:
    name: str
    background: RGB
    panel: RGB
    panel_edge: RGB
    text: RGB
    muted: RGB
    grid: RGB           # empty ranch cells
    grid_line: RGB
    highlight: RGB      # last placed domino, the player to move
    legal: RGB          # preview: legal positions
    #: The colours a game's art draws on purpose, kept exact by the theme's palette
    #: (each game's pictures use its own theme: `render.moonriver.style.moonriver_theme`).
    art: tuple[RGB, ...] = ()


DARK = Theme(
    name="dark", background=(30, 31, 34), panel=(43, 45, 49), panel_edge=(64, 67, 73),
    text=(242, 243, 245), muted=(163, 166, 170), grid=(54, 57, 63), grid_line=(72, 75, 82),
    highlight=(255, 214, 10), legal=(88, 214, 141),
)
LIGHT = Theme(
    name="light", background=(250, 247, 240), panel=(255, 255, 255), panel_edge=(214, 208, 196),
    text=(32, 33, 36), muted=(96, 99, 104), grid=(236, 231, 220), grid_line=(214, 208, 196),
    highlight=(205, 30, 120), legal=(20, 150, 80),
)
THEMES = {"dark": DARK, "light": LIGHT}

#: Preview overlays: legal cells tinted with `legal`, the proposed domino a see-through
#: ghost. The palette (render/palette.py) keeps these blends exact too.
LEGAL_TINT_ALPHA = 60
GHOST_ALPHA = 200


def blend(top: RGB, ground: RGB, alpha: int) -> RGB:
    """`top` laid over `ground` at `alpha` (0–255): the exact colour an overlay makes, so a
    game can seed its palette with it (Theme.art)."""
    def mix(t: int, g: int) -> int:
        return round((t * alpha + g * (255 - alpha)) / 255)
    return mix(top[0], ground[0]), mix(top[1], ground[1]), mix(top[2], ground[2])


def theme_named(name: str) -> Theme:
    try:
        return THEMES[name]
    except KeyError:
        raise ValueError(f"unknown theme {name!r} (dark, light)") from None


#: The outline every game's pieces are drawn with.
OUTLINE: RGB = (25, 25, 28)
