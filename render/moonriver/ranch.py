"""A player's ranch above their supply board: the picture players read most.

Layers, bottom to top: panel, header (name, score), grid of cells with territory
outlines, coordinates (A–E, 1–N as the action text uses them), highlight of the last
placed domino, river with bridges, storage slots with the parcels held.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

from PIL import Image, ImageDraw

from engine.games.i18n import t
from engine.moonriver.components import Board
from engine.moonriver.grid import COLUMN_LETTERS, WIDTH
from engine.moonriver.ranch import RanchGrid
from engine.moonriver.scoring import apply_overpopulation, score_ranch, territories
from engine.moonriver.view import PlayerView, TableView
from render.moonriver import sprites
from render.moonriver.parcels import draw_loose, draw_placed
from render.moonriver.style import BOARD, BOARD_DARK, BRIDGE, RIVER, RIVER_LIGHT
from render.plural import counted
from render.stamps import draw_text
from render.theme import OUTLINE, RGB, Theme, readable_size


class RanchLayout:
    """Where everything of one ranch picture goes, for a given cell size."""

    def __init__(self, height: int, cell: int, slots: int) -> None:
        self.cell = cell
        self.rows = height
        self.pad = max(8, cell // 5)
        self.label = max(16, int(cell * 0.42))  # room for row numbers / column letters
        self.header = int(cell * 0.95)
        self.grid_x = self.pad + self.label
        self.grid_y = self.pad + self.header + self.label
        self.grid_w = WIDTH * cell
        self.grid_h = height * cell
        self.river_y = self.grid_y + self.grid_h
        self.river_h = max(12, cell // 3)
        self.slot = int(cell * 0.8)
        self.board_y = self.river_y + self.river_h
        self.board_h = self.slot + 2 * max(6, cell // 8)
        self.slots = slots
        self.width = self.grid_x + self.grid_w + self.label + self.pad
        self.height = self.board_y + self.board_h + self.pad

    def cell_box(self, cell: int) -> tuple[int, int, int, int]:
        """Pixel box of a ranch cell: row 1 at the bottom, next to the river."""
        column, row = cell % WIDTH, cell // WIDTH
        x = self.grid_x + column * self.cell
        y = self.grid_y + (self.rows - 1 - row) * self.cell
        return x, y, x + self.cell, y + self.cell


class CellBoxes(Protocol):
    """Anything that knows the cell size and where each cell of a grid is drawn."""

    @property
    def cell(self) -> int: ...

    def cell_box(self, cell: int) -> tuple[int, int, int, int]: ...


def outline_territories(draw: ImageDraw.ImageDraw, grid: RanchGrid,
                        layout: CellBoxes, ink: RGB | int = OUTLINE) -> None:
    """Thick lines where territories meet, so each territory reads as one shape (`ink`:
    the outline colour, or its index on a palette picture)."""
    owner = [-1] * len(grid.cells)
    for index, territory in enumerate(territories(grid)):
        for c in territory.cells:
            owner[c] = index
    width = max(2, layout.cell // 18)
    for c, cell in enumerate(grid.cells):
        if cell is None:
            continue
        x0, y0, x1, y1 = layout.cell_box(c)
        column, row = c % WIDTH, c // WIDTH
        sides = (
            (row + 1 < grid.height and owner[c + WIDTH] == owner[c], (x0, y0, x1, y0)),
            (row > 0 and owner[c - WIDTH] == owner[c], (x0, y1, x1, y1)),
            (column > 0 and owner[c - 1] == owner[c], (x0, y0, x0, y1)),
            (column < WIDTH - 1 and owner[c + 1] == owner[c], (x1, y0, x1, y1)),
        )
        for same, line in sides:
            if not same:
                draw.line(line, fill=ink, width=width)


def _highlight(draw: ImageDraw.ImageDraw, cells: Iterable[int], layout: RanchLayout,
               colour: tuple[int, int, int], width: int) -> None:
    for c in cells:
        x0, y0, x1, y1 = layout.cell_box(c)
        draw.rectangle((x0 + 1, y0 + 1, x1 - 1, y1 - 1), outline=colour, width=width)


def draw_ranch(image: Image.Image, player: PlayerView, x: int, y: int, *, theme: Theme,
               cell: int = 56, locale: str = "en", active: bool = False,
               show_last: bool = True) -> RanchLayout:
    """Draw `player`'s ranch panel with its top-left corner at (x, y)."""
    grid = player.ranch
    layout = RanchLayout(grid.height, cell, player.board.slots)
    panel = Image.new("RGB", (layout.width, layout.height), theme.panel)
    d = ImageDraw.Draw(panel)
    edge = theme.highlight if active else theme.panel_edge
    d.rectangle((0, 0, layout.width - 1, layout.height - 1), outline=edge,
                width=3 if active else 1)

    # header: ranchero, name, score
    head = layout.header
    meeple = sprites.ranchero(player.colour, int(head * 0.8), theme)
    panel.paste(meeple, (layout.pad, layout.pad + head // 10), meeple)
    name_x = layout.pad + int(head * 0.9)
    score = player.score
    score_text = counted("render.score", score.total, locale)
    score_size = max(12, int(head * 0.42))
    draw_text(d, (layout.width - layout.pad, layout.pad + head * 0.35), score_text,
              score_size, theme.text, bold=True, anchor="rm")
    name_room = layout.width - name_x - layout.pad - 8 - int(len(score_text) * score_size * 0.7)
    shown = player.name if player.board.character is None else (  # R-LEG-1: their board
        f"{player.name} · {player.board.character}")
    draw_text(d, (name_x, layout.pad + head * 0.35), shown, score_size, theme.text,
              bold=True, anchor="lm", max_width=max(40, name_room),
              shrink=max(score_size * 3 // 4, readable_size(layout.width)))
    breakdown = (f"{t('render.territories', locale)} {score.territory_points} · "
                 f"{t('render.resources', locale)} {score.resource_points} · "
                 f"{t('render.partners', locale)} {score.partner_points}")
    draw_text(d, (name_x, layout.pad + head * 0.8), breakdown, max(9, int(head * 0.26)),
              theme.muted, anchor="lm", max_width=layout.width - name_x - layout.pad)

    # coordinates: letters above the grid, row numbers on both sides
    label_size = max(10, int(layout.label * 0.62))
    for column, letter in enumerate(COLUMN_LETTERS):
        cx = layout.grid_x + column * cell + cell / 2
        draw_text(d, (cx, layout.grid_y - layout.label / 2), letter, label_size, theme.muted,
                  bold=True, anchor="mm")
    for row in range(1, grid.height + 1):
        cy = layout.grid_y + (grid.height - row) * cell + cell / 2
        draw_text(d, (layout.grid_x - layout.label / 2, cy), str(row), label_size,
                  theme.muted, bold=True, anchor="mm")
        draw_text(d, (layout.grid_x + layout.grid_w + layout.label / 2, cy), str(row),
                  label_size, theme.muted, bold=True, anchor="mm")

    # the grid
    for c, content in enumerate(grid.cells):
        x0, y0, x1, y1 = layout.cell_box(c)
        if content is None:
            d.rectangle((x0, y0, x1, y1), fill=theme.grid, outline=theme.grid_line)
        else:
            draw_placed(panel, content, x0, y0, cell)
    d = ImageDraw.Draw(panel)
    outline_territories(d, grid, layout)
    if show_last:
        _highlight(d, player.last_placed, layout, theme.highlight, max(3, cell // 14))

    # river with the board's bridges (R-PLACE-2a), then the storage slots
    d.rectangle((layout.grid_x, layout.river_y, layout.grid_x + layout.grid_w,
                 layout.river_y + layout.river_h), fill=RIVER)
    wave = layout.river_y + layout.river_h // 2
    for wx in range(layout.grid_x, layout.grid_x + layout.grid_w, max(8, cell // 4)):
        d.arc((wx, wave - 3, wx + max(8, cell // 4), wave + 3), 180, 360, fill=RIVER_LIGHT,
              width=2)
    for column in player.board.bridges:
        bx = layout.grid_x + (column - 1) * cell + cell // 5
        d.rectangle((bx, layout.river_y - 1, bx + cell * 3 // 5, layout.river_y +
                     layout.river_h + 1), fill=BRIDGE, outline=OUTLINE)
        for plank in range(bx + 4, bx + cell * 3 // 5, max(4, cell // 10)):
            d.line((plank, layout.river_y, plank, layout.river_y + layout.river_h),
                   fill=BOARD_DARK)
    d.rectangle((layout.grid_x, layout.board_y, layout.grid_x + layout.grid_w,
                 layout.board_y + layout.board_h), fill=BOARD, outline=BOARD_DARK, width=2)
    gap = max(4, cell // 10)
    slot = layout.slot
    held = list(player.storage)
    boxes = max(layout.slots, len(held))
    total = boxes * slot + (boxes - 1) * gap
    sx = layout.grid_x + (layout.grid_w - total) // 2
    sy = layout.board_y + (layout.board_h - slot) // 2
    for i in range(boxes):
        bx = sx + i * (slot + gap)
        extra = i >= layout.slots  # R-TURN-1: a parcel held beyond the slots
        d.rectangle((bx - 1, sy - 1, bx + slot, sy + slot), fill=BOARD_DARK,
                    outline=(200, 40, 40) if extra else OUTLINE, width=3 if extra else 1)
        if i < len(held):
            draw_loose(panel, held[i], bx, sy, slot)
    image.paste(panel, (x, y))
    return layout


def player_from_grid(grid: RanchGrid, name: str, board: Board) -> PlayerView:
    """A stand-alone ranch (from ranch notation) as a player view, for `moonriver render`."""
    return PlayerView(
        seat=0, name=name, colour="purple", board=board, ranch=grid,
        parcels=(None,) * len(grid.cells), bonus_tile=0, storage=(), last_placed=(),
        score=score_ranch(apply_overpopulation(grid)[0]),
    )


def render_grid(grid: RanchGrid, board: Board, *, theme: Theme, name: str = "",
                cell: int = 56, locale: str = "en") -> Image.Image:
    """A ranch written in ranch notation, drawn like a player's ranch."""
    player = player_from_grid(grid, name or t("render.sample", locale), board)
    layout = RanchLayout(grid.height, cell, board.slots)
    image = Image.new("RGB", (layout.width + 20, layout.height + 20), theme.background)
    draw_ranch(image, player, 10, 10, theme=theme, cell=cell, locale=locale)
    return image


def render_ranch(view: TableView, seat: int, *, theme: Theme, cell: int = 56,
                 locale: str = "en") -> Image.Image:
    """One player's ranch as a picture (the `/moonriver board` answer)."""
    player = view.players[seat]
    layout = RanchLayout(player.ranch.height, cell, player.board.slots)
    pad = 10
    image = Image.new("RGB", (layout.width + 2 * pad, layout.height + 2 * pad),
                      theme.background)
    draw_ranch(image, player, pad, pad, theme=theme, cell=cell, locale=locale,
               active=view.active_seat == seat)
    return image
