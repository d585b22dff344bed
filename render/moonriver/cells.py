"""Cells and loose parcels for every Moon River picture: no text below the readable
minimum.

Small digits and landscape codes become specks at phone size, so counts are drawn only
where they can be read (`text` is the smallest text size, in native pixels), and icons
and the landscape's colour and pattern carry the rest.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from engine.moonriver.components import Parcel
from engine.moonriver.ranch import RanchCell
from render.moonriver import sprites
from render.stamps import draw_text

WHITE = (255, 255, 255)
INK = (25, 25, 28)


def _outlined_text(image: Image.Image, xy: tuple[float, float], text: str, size: int,
                   anchor: str) -> None:
    """White digits with a dark shadow: readable on every landscape."""
    x, y = xy
    draw_text(image, (x + 1, y + 1), text, size, INK, bold=True, anchor=anchor)
    draw_text(image, (x, y), text, size, WHITE, bold=True, anchor=anchor)


def draw_cell(image: Image.Image, cell: RanchCell, x: int, y: int, size: int, *,
              text: int) -> None:
    """A parcel in a ranch: landscape, resources, standing cows, partner.

    Counts (resources > 1, cows > 2) are printed only when the cell is big enough for
    `text`-sized digits; a small cell shows one icon of each kind."""
    image.paste(sprites.tile(cell.landscape, size), (x, y))
    roomy = size >= 2.5 * text
    kind = cell.landscape.resource
    if cell.resources and kind is not None:
        icon_size = max(10, size // 3)
        icon = sprites.RESOURCE_ICON[kind](icon_size)
        image.paste(icon, (x + size - icon_size - 2, y + 2), icon)
        if roomy and cell.resources > 1:
            _outlined_text(image, (x + size - icon_size - 3, y + 2 + icon_size // 2),
                           str(cell.resources), text, "rm")
    if cell.cows:
        cow_size = max(12, int(size * 0.52))
        cx, cy = x + size - cow_size - 2, y + size - cow_size - 2
        if cell.cows >= 2:
            extra = sprites.cow(cow_size)
            image.paste(extra, (cx - cow_size // 3, cy - cow_size // 5), extra)
        icon = sprites.cow(cow_size)
        image.paste(icon, (cx, cy), icon)
        if roomy and cell.cows >= 3:
            _outlined_text(image, (x + 3, y + size - 3), f"×{cell.cows}", text, "ls")
    if cell.partner is not None:
        token = sprites.partner_token(cell.partner, max(12, int(size * 0.44)))
        image.paste(token, (x + 2, y + 2), token)


def cell_image(cell: RanchCell, size: int, *, text: int) -> Image.Image:
    """`draw_cell` on its own square: everything it draws stays inside the cell, over
    the opaque tile, so this square pasted is the cell drawn in place (render.moonriver.ranch
    keeps these by content and size)."""
    image = Image.new("RGB", (size, size))
    draw_cell(image, cell, 0, 0, size, text=text)
    return image


def _icon_size(size: int) -> int:
    return max(12, int(size * 0.36))


def parcel_fits(parcel: Parcel, size: int) -> bool:
    """Whether `draw_parcel` stays inside its square: the printed symbols run along the
    bottom and could, with many, pass the right edge."""
    icons = parcel.cows + parcel.skull + parcel.circle
    return icons == 0 or 3 + (icons - 1) * (_icon_size(size) - 2) + _icon_size(size) <= size


def parcel_image(parcel: Parcel, size: int, *, text: int) -> Image.Image:
    """`draw_parcel` (with its number) on its own square, when it `parcel_fits`."""
    image = Image.new("RGB", (size, size))
    draw_parcel(image, parcel, 0, 0, size, text=text)
    return image


def draw_parcel(image: Image.Image, parcel: Parcel, x: int, y: int, size: int, *,
                text: int, number: bool = True) -> None:
    """A parcel not yet placed: printed symbols along the bottom, resources top right,
    and (with `number`) its back number in a white square badge top left."""
    image.paste(sprites.tile(parcel.landscape, size), (x, y))
    icon_size = _icon_size(size)
    icons: list[Image.Image] = [sprites.cow_symbol(icon_size)] * parcel.cows
    if parcel.skull:
        icons.append(sprites.skull(icon_size))
    if parcel.circle:
        icons.append(sprites.circle_symbol(icon_size))
    ix, iy = x + 3, y + size - icon_size - 3
    for icon in icons:
        image.paste(icon, (ix, iy), icon)
        ix += icon_size - 2
    kind = parcel.landscape.resource
    if parcel.resources and kind is not None:
        icon = sprites.RESOURCE_ICON[kind](icon_size)
        image.paste(icon, (x + size - icon_size - 3, y + 3), icon)
        if parcel.resources > 1 and size >= 3 * text:
            _outlined_text(image, (x + size - icon_size - 4, y + 3 + icon_size // 2),
                           str(parcel.resources), text, "rm")
    if number:
        label = str(parcel.number)
        d = ImageDraw.Draw(image)
        h = int(text * 1.3)
        w = max(h, int(text * 0.62 * len(label)) + text // 2)
        # a square badge: the circled ①–④ above a tile are its slot, not this number
        d.rounded_rectangle((x + 3, y + 3, x + 3 + w, y + 3 + h), radius=max(2, h // 6),
                            fill=WHITE, outline=INK, width=2)
        draw_text(image, (x + 3 + w / 2, y + 3 + h / 2), label, text, INK, bold=True,
                  anchor="mm")
