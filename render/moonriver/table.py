"""The draft, the saloon, the whole table after a turn, and the placement preview."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from engine.games.i18n import t
from engine.moonriver.actions import Bonus, Build
from engine.moonriver.components import Parcel
from engine.moonriver.view import SlotView, TableView
from render.moonriver import sprites
from render.moonriver.cells import draw_parcel
from render.moonriver.changes import TurnChanges
from render.moonriver.labels import status_text
from render.moonriver.placement import (
    Position,
    Spot,
    bonus_spots,
    placement_positions,
    position_of,
)
from render.moonriver.ranch import (
    BOARD_TEXT,
    RanchGeometry,
    RanchSizes,
    draw_ranch,
    last_placed,
    ranch_picture,
)
from render.moonriver.style import moonriver_theme
from render.plural import counted
from render.stamps import draw_text, text_width
from render.theme import GHOST_ALPHA, LEGAL_TINT_ALPHA, OUTLINE, Theme, readable_size

PAD = 14
TILE = 60          # draft parcels
NAME_W = 120       # ranchero name beside a draft parcel
TOKEN = 48         # saloon partner tokens
TILE_TEXT = 14     # a draft parcel's number
RANCH_CELL = 40    # every ranch, with coordinates
RANCH_TEXT = 16
LETTER = 20        # preview: letters of the candidate positions
BADGE = 18         # preview: the proposed domino's letter, in its corner


def _panel(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], theme: Theme) -> None:
    draw.rounded_rectangle(box, radius=10, fill=theme.panel, outline=theme.panel_edge)


def _column(image: Image.Image, view: TableView, slots: Sequence[SlotView], x: int, y: int,
            title: str, theme: Theme) -> None:
    d = ImageDraw.Draw(image)
    draw_text(d, (x, y), title, 15, theme.muted, bold=True, anchor="ls")
    y += 8
    for slot in slots:
        if slot.parcel is None:  # taken this round
            d.rectangle((x, y, x + TILE, y + TILE), outline=theme.grid_line, width=2)
        else:
            draw_parcel(image, slot.parcel, x, y, TILE, text=TILE_TEXT)
            d = ImageDraw.Draw(image)
            d.rectangle((x, y, x + TILE, y + TILE), outline=OUTLINE)
        if slot.ranchero is not None:
            player = view.players[slot.ranchero]
            meeple = sprites.ranchero(player.colour, 34, theme)
            image.paste(meeple, (x + TILE + 6, y + (TILE - 34) // 2), meeple)
            draw_text(d, (x + TILE + 44, y + TILE / 2), player.name, 14, theme.text,
                      anchor="lm", max_width=NAME_W - 44 + 20,
                      shrink=readable_size(image.width))
        y += TILE + 8


def draft_size(view: TableView) -> tuple[int, int]:
    rows = max(len(view.column), len(view.next_column), 1)
    return 2 * (TILE + NAME_W + 10) + 3 * PAD, 34 + rows * (TILE + 8) + PAD


def draw_draft(image: Image.Image, view: TableView, x: int, y: int, *, theme: Theme,
               locale: str) -> None:
    """R-ORDER-1: the column being played, top (first) to bottom, and the next column."""
    w, h = draft_size(view)
    _panel(ImageDraw.Draw(image), (x, y, x + w, y + h), theme)
    _column(image, view, view.column, x + PAD, y + 26, t("render.column_now", locale), theme)
    if view.next_column:
        _column(image, view, view.next_column, x + 2 * PAD + TILE + NAME_W, y + 26,
                t("render.column_next", locale), theme)
    elif view.last_round:  # R-END-1; during setup the next column is simply not drawn yet
        draw_text(ImageDraw.Draw(image), (x + 2 * PAD + TILE + NAME_W, y + 26),
                  t("render.last_round", locale), 15, theme.highlight, bold=True, anchor="ls")


def saloon_size() -> tuple[int, int]:
    return 5 * (TOKEN + 46) + PAD, TOKEN + 70


def draw_saloon(image: Image.Image, view: TableView, x: int, y: int, *, theme: Theme,
                locale: str) -> None:
    """The partners waiting in the saloon (specialist side up) and the stack size."""
    w, h = saloon_size()
    d = ImageDraw.Draw(image)
    _panel(d, (x, y, x + w, y + h), theme)
    draw_text(d, (x + PAD, y + 22), t("render.saloon", locale), 15, theme.muted, bold=True,
              anchor="ls")
    draw_text(d, (x + w - PAD, y + 22), t("render.stack", locale, count=view.stack_size), 13,
              theme.muted, anchor="rs")
    step = (w - PAD) // 5
    for i, kind in enumerate(view.saloon):
        cx = x + PAD // 2 + step * i + step // 2
        if kind is None:
            d.ellipse((cx - TOKEN // 2, y + 30, cx + TOKEN // 2, y + 30 + TOKEN),
                      outline=theme.grid_line, width=2)
            continue
        token = sprites.partner_token(kind, TOKEN)
        image.paste(token, (cx - TOKEN // 2, y + 30), token)
        draw_text(d, (cx, y + 30 + TOKEN + 14), t(f"partner.{kind}", locale), 12, theme.text,
                  anchor="mm", max_width=step - 4)


def render_table(view: TableView, *, theme: Theme, locale: str = "en") -> Image.Image:
    """Everything after a turn in one picture: status, draft, saloon, every ranch."""
    theme = moonriver_theme(theme)
    dw, dh = draft_size(view)
    sw, sh = saloon_size()
    left_w = max(dw, sw)
    sizes = RanchSizes(RANCH_CELL, view.players[0].ranch.height, RANCH_TEXT, detailed=True,
                        breakdown=True)
    columns = 2 if len(view.players) > 1 else 1
    rows = (len(view.players) + columns - 1) // columns
    ranches_w = columns * sizes.width + (columns - 1) * PAD
    ranches_h = rows * sizes.height + (rows - 1) * PAD
    banner = 40
    width = PAD * 3 + left_w + ranches_w
    height = PAD * 2 + banner + max(dh + PAD + sh, ranches_h)
    image = Image.new("RGB", (width, height), theme.background)
    d = ImageDraw.Draw(image)
    draw_text(d, (PAD, PAD + banner / 2), status_text(view, locale), 20, theme.text, bold=True,
              anchor="lm", max_width=width - 2 * PAD - 260)
    info = (f"{counted('render.pile_left', view.pile_size, locale)} · "
            f"{counted('render.cows_left', view.cow_supply, locale)}")
    draw_text(d, (width - PAD, PAD + banner / 2), info, 13, theme.muted, anchor="rm")
    top = PAD + banner
    draw_draft(image, view, PAD, top, theme=theme, locale=locale)
    draw_saloon(image, view, PAD, top + dh + PAD, theme=theme, locale=locale)
    for i, player in enumerate(view.players):
        rx = PAD * 2 + left_w + (i % columns) * (sizes.width + PAD)
        ry = top + (i // columns) * (sizes.height + PAD)
        draw_ranch(image, player, rx, ry, sizes=sizes, theme=theme, locale=locale,
                   changes=last_placed(player))
    return image


def _box_of(cells: Sequence[int], geometry: RanchGeometry) -> Box:
    boxes = [geometry.cell_box(c) for c in cells]
    return (min(b[0] for b in boxes), min(b[1] for b in boxes),
            max(b[2] for b in boxes), max(b[3] for b in boxes))


def _lettered_outline(image: Image.Image, position: Position | Spot, geometry: RanchGeometry,
                      theme: Theme) -> None:
    """One candidate position: an outline round its cells and its letter in the middle."""
    x0, y0, x1, y1 = _box_of(position.cells, geometry)
    d = ImageDraw.Draw(image)
    d.rounded_rectangle((x0 + 4, y0 + 4, x1 - 4, y1 - 4), radius=8, outline=theme.legal,
                        width=2)
    cx, cy, r = (x0 + x1) / 2, (y0 + y1) / 2, LETTER // 2 + 5
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=theme.legal, outline=OUTLINE, width=2)
    draw_text(image, (cx, cy), position.letter, LETTER, OUTLINE, bold=True, anchor="mm")


def _proposal_outline(image: Image.Image, cells: Sequence[int], letter: str | None,
                      geometry: RanchGeometry, theme: Theme) -> None:
    """The proposed domino: a thick outline on the edge of its two cells (the parcels'
    symbols begin 3 px inside them) and its letter on a small badge in the top left
    corner, where a parcel drawn without its number has nothing (its symbols run along
    the bottom, its resources sit top right), so nothing on the parcels is hidden."""
    x0, y0, x1, y1 = _box_of(cells, geometry)
    d = ImageDraw.Draw(image)
    d.rounded_rectangle((x0 - 2, y0 - 2, x1 + 2, y1 + 2), radius=6, outline=theme.highlight,
                        width=4)
    if letter is None:
        return
    r = BADGE // 2 + 4
    size = BADGE if len(letter) == 1 else BADGE - 3  # "aa" and on: a pill clear of the
    w = max(0, text_width(letter, size, bold=True) + 8 - 2 * r)  # resources (x0 + 38 on)
    bx, by = x0 + 1, y0 + 1
    d.rounded_rectangle((bx, by, bx + 2 * r + w, by + 2 * r), radius=r, fill=theme.highlight,
                        outline=OUTLINE, width=2)
    draw_text(image, (bx + r + w / 2, by + r), letter, size, OUTLINE, bold=True, anchor="mm")


def render_preview(view: TableView, seat: int, builds: Sequence[Build | Bonus],
                   proposed: Build | None = None, *, theme: Theme,
                   locale: str = "en") -> Image.Image:
    """A ranch with the legal positions of a chosen pair lettered, or a proposal drawn in.

    `builds` are the legal builds for the pair (from `legal_actions`); each position they
    cover is outlined with its letter (`render.moonriver.placement.placement_positions` gives the
    same letters to the menu). `proposed`, if given (the confirm picture), is drawn alone:
    its parcels translucent, outlined, its letter on a badge in its corner; the other
    positions are not drawn, as their outlines and letters would lie over its parcels'
    symbols. Bonus tile placements (R-2P-3) instead letter their spots, one cell each
    (`render.moonriver.placement.bonus_spots`, the menu's letters too).
    """
    theme = moonriver_theme(theme)
    player = view.players[seat]
    image, geometry = ranch_picture(player, theme=theme, locale=locale, changes=TurnChanges())
    dominoes = [b for b in builds if isinstance(b, Build)]
    if proposed is not None:
        chosen = position_of(placement_positions(dominoes), proposed)
        _draw_proposal(image, player.storage, proposed, geometry)
        _proposal_outline(image, (proposed.cell, proposed.second_cell),
                          chosen.letter if chosen is not None else None, geometry, theme)
        return image
    positions: Sequence[Position | Spot] = (
        placement_positions(dominoes) if dominoes else
        bonus_spots([b for b in builds if isinstance(b, Bonus)]))
    tinted = [geometry.cell_box(c) for c in sorted({c for p in positions for c in p.cells})]
    if tinted:
        box = _bounds(tinted, image.size)
        overlay = Image.new("RGBA", _size(box), (0, 0, 0, 0))
        od = ImageDraw.Draw(overlay)
        for x0, y0, x1, y1 in tinted:
            od.rectangle((x0 - box[0], y0 - box[1], x1 - box[0], y1 - box[1]),
                         fill=(*theme.legal, LEGAL_TINT_ALPHA))
        _blend(image, box, overlay)
    for position in positions:
        _lettered_outline(image, position, geometry, theme)
    return image


def _draw_proposal(image: Image.Image, storage: Sequence[Parcel], proposed: Build,
                   geometry: RanchGeometry) -> None:
    """The proposed domino's two parcels, translucent, in the cells it would cover."""
    cell = geometry.cell
    parcels = {p.id: p for p in storage}
    faces = [(parcel, geometry.cell_box(c))
             for pid, c in ((proposed.first, proposed.cell),
                            (proposed.second, proposed.second_cell))
             if (parcel := parcels.get(pid)) is not None]
    if not faces:
        return
    box = _bounds([(x0, y0, x0 + cell - 1, y0 + cell - 1)
                   for _, (x0, y0, _x1, _y1) in faces], image.size)
    ghost = Image.new("RGBA", _size(box), (0, 0, 0, 0))
    for parcel, (x0, y0, _x1, _y1) in faces:
        face = Image.new("RGB", (cell, cell))
        draw_parcel(face, parcel, 0, 0, cell, text=BOARD_TEXT, number=False)
        ghost.paste(face.convert("RGBA"), (x0 - box[0], y0 - box[1]))
    ghost.putalpha(ghost.getchannel("A").point(lambda a: GHOST_ALPHA if a else 0))
    _blend(image, box, ghost)


Box = tuple[int, int, int, int]


def _bounds(boxes: Sequence[Box], size: tuple[int, int]) -> Box:
    """The region (right and bottom exclusive) holding every box, whose right and bottom
    edges are drawn (as ImageDraw's rectangles are), within a picture of `size`."""
    return (max(0, min(b[0] for b in boxes)), max(0, min(b[1] for b in boxes)),
            min(size[0], max(b[2] for b in boxes) + 1),
            min(size[1], max(b[3] for b in boxes) + 1))


def _size(box: Box) -> tuple[int, int]:
    return box[2] - box[0], box[3] - box[1]


def _blend(image: Image.Image, box: Box, layer: Image.Image) -> None:
    """Composite the RGBA `layer` over the RGB `image` inside `box` only: the preview's
    layers are transparent elsewhere, where compositing leaves every pixel as it is, so
    the region alone gives the picture the whole layer would (a fifth of the work)."""
    region = image.crop(box).convert("RGBA")
    image.paste(Image.alpha_composite(region, layer).convert("RGB"), box[:2])
