"""Drawing one parcel: placed in a ranch (cows and partner) or loose (its printed symbols).

Shared by the ranch, the storage slots and the draft columns, so a parcel looks the same
everywhere it appears.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from engine.moonriver.components import Parcel
from engine.moonriver.ranch import RanchCell
from render.moonriver import sprites
from render.stamps import draw_text

WHITE = (255, 255, 255)
BLACK = (25, 25, 28)


def _resource(image: Image.Image, kind: str | None, count: int, x: int, y: int,
              size: int) -> None:
    """Resource icons at (x, y), top-right aligned: one icon, or icon + count."""
    if not count or kind is None:
        return
    icon = sprites.RESOURCE_ICON[kind](size)
    image.paste(icon, (x - size, y), icon)
    if count > 1:
        d = ImageDraw.Draw(image)
        label = str(count)
        fs = max(9, int(size * 0.7))
        # black digit on a white one shifted a pixel: readable on every landscape
        draw_text(d, (x - size - 1, y + size // 2), label, fs, WHITE, bold=True, anchor="rm")
        draw_text(d, (x - size - 2, y + size // 2 - 1), label, fs, BLACK, bold=True,
                  anchor="rm")


def draw_placed(image: Image.Image, cell: RanchCell, x: int, y: int, size: int) -> None:
    """A parcel in a ranch: landscape tile, resources, standing cows, partner."""
    image.paste(sprites.tile(cell.landscape, size), (x, y))
    _resource(image, cell.landscape.resource, cell.resources, x + size - 2, y + 2,
              max(10, size // 3))
    if cell.cows:
        cow_size = max(14, int(size * 0.52))
        cx, cy = x + size - cow_size - 2, y + size - cow_size - 2
        if cell.cows >= 2:
            extra = sprites.cow(cow_size)
            image.paste(extra, (cx - cow_size // 3, cy - cow_size // 5), extra)
        icon = sprites.cow(cow_size)
        image.paste(icon, (cx, cy), icon)
        if cell.cows >= 3:
            d = ImageDraw.Draw(image)
            draw_text(d, (x + size - 3, y + size - 3), f"×{cell.cows}", max(9, size // 4),
                      WHITE, bold=True, anchor="rs")
    if cell.partner is not None:
        token = sprites.partner_token(cell.partner, max(12, int(size * 0.44)))
        image.paste(token, (x + 2, y + 2), token)


def draw_loose(image: Image.Image, parcel: Parcel, x: int, y: int, size: int, *,
               number: bool = True) -> None:
    """A parcel not yet placed: its printed symbols matter, and its back number."""
    image.paste(sprites.tile(parcel.landscape, size), (x, y))
    icon_size = max(12, int(size * 0.34))
    icons: list[Image.Image] = [sprites.cow_symbol(icon_size)] * parcel.cows
    if parcel.skull:
        icons.append(sprites.skull(icon_size))
    if parcel.circle:
        icons.append(sprites.circle_symbol(icon_size))
    ix = x + 3
    iy = y + size - icon_size - max(10, size // 5)
    for icon in icons:
        image.paste(icon, (ix, iy), icon)
        ix += icon_size - 2
    _resource(image, parcel.landscape.resource, parcel.resources, x + size - 2,
              y + size - icon_size - max(10, size // 5), icon_size)
    if number:
        d = ImageDraw.Draw(image)
        r = max(7, size // 7)
        d.ellipse((x + size - 2 * r - 3, y + 3, x + size - 3, y + 3 + 2 * r), fill=WHITE,
                  outline=BLACK, width=1)
        draw_text(d, (x + size - r - 3, y + 3 + r), str(parcel.number), int(r * 1.4), BLACK,
                  bold=True, anchor="mm")
