"""A player's ranch above their supply board: the one ranch panel of every picture.

Any cell size, two kinds: `detailed` has coordinates (A–E, 1–N as the action text uses
them) and is what a player builds from (the mover in the turn picture, the `/moonriver
board` answer, the placement preview); the compact kind is an overview of the others.
Both carry the seat colour (panel outline, name bar, ranchero) and the marks of the turn
just played. Layers, bottom to top: panel, header, grid of cells with territory
outlines, river with bridges, storage slots with the parcels held, marks.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from functools import partial
from typing import Protocol

from PIL import Image, ImageDraw

from engine.games.i18n import t
from engine.moonriver.components import Board
from engine.moonriver.grid import COLUMN_LETTERS, WIDTH
from engine.moonriver.ranch import RanchGrid
from engine.moonriver.scoring import apply_overpopulation, score_ranch, territories
from engine.moonriver.view import PlayerView, TableView
from render.canvas import Canvas, Ink
from render.moonriver import sprites
from render.moonriver.cells import cell_image, draw_parcel
from render.moonriver.changes import TurnChanges
from render.moonriver.style import BOARD, BOARD_DARK, BRIDGE, RIVER, moonriver_theme, seat_rgb
from render.plural import counted
from render.stamps import draw_text, name_and_score, text_width
from render.theme import OUTLINE, RGB, Theme

Box = tuple[int, int, int, int]
ARRIVED = (46, 204, 113)   # a cow came: green badge with +
LOST = (231, 76, 60)       # a cow went: red badge with −
WHITE = (255, 255, 255)
STORAGE_GAP = 6


@dataclass(frozen=True, slots=True)
class RanchSizes:
    """Sizes of one ranch panel, all derived from the cell size and the text size."""

    cell: int
    rows: int
    text: int
    detailed: bool
    min_width: int = 0  # wider panels centre their grid and give names more room
    breakdown: bool = False  # a line under the name: the score's three parts (R-SCORE-*)

    @property
    def pad(self) -> int:
        return 8

    @property
    def name_h(self) -> int:  # the name row: ranchero, name over its bar, score
        return self.text + 18

    @property
    def breakdown_text(self) -> int:
        return self.text * 3 // 4

    @property
    def label(self) -> int:  # room for coordinates (detailed only)
        return self.text + 6 if self.detailed else 0

    @property
    def header(self) -> int:
        return self.name_h + (self.breakdown_text + 6 if self.breakdown else 0)

    @property
    def slot(self) -> int:
        return self.cell if self.detailed else max(self.cell, 28)

    @property
    def natural_width(self) -> int:
        return 2 * (self.pad + self.label) + WIDTH * self.cell

    @property
    def grid_x(self) -> int:
        return self.pad + self.label + max(0, self.min_width - self.natural_width) // 2

    @property
    def grid_y(self) -> int:
        return self.pad + self.header + self.label

    @property
    def river_h(self) -> int:
        return max(8, self.cell // 5)

    @property
    def board_y(self) -> int:
        return self.grid_y + self.rows * self.cell + self.river_h

    @property
    def width(self) -> int:
        return max(self.natural_width, self.min_width)

    @property
    def height(self) -> int:
        return self.board_y + self.slot + 12 + self.pad


@dataclass(frozen=True, slots=True)
class RanchGeometry:
    """Where one ranch went in the picture (absolute pixels), for tests and overlays."""

    seat: int
    panel: Box
    grid: Box
    cell: int
    rows: int

    def cell_box(self, cell: int) -> Box:
        """Pixel box of a ranch cell: row 1 at the bottom, next to the river."""
        column, row = cell % WIDTH, cell // WIDTH
        x = self.grid[0] + column * self.cell
        y = self.grid[1] + (self.rows - 1 - row) * self.cell
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


def _badge(draw: ImageDraw.ImageDraw, box: Box, colour: tuple[int, int, int],
           sign: str, ink: Callable[[RGB], Ink]) -> None:
    """A round + or − badge in the bottom-left corner of a cell."""
    x0, _y0, _x1, y1 = box
    r = max(8, (box[2] - box[0]) // 5)
    cx, cy = x0 + r + 3, y1 - r - 3
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=ink(colour), outline=ink(OUTLINE),
                 width=2)
    w = max(2, r // 3)
    draw.line((cx - r * 0.55, cy, cx + r * 0.55, cy), fill=ink(WHITE), width=w)
    if sign == "+":
        draw.line((cx, cy - r * 0.55, cx, cy + r * 0.55), fill=ink(WHITE), width=w)


def _arrow(draw: ImageDraw.ImageDraw, start: Box, end: Box, ink: Callable[[RGB], Ink]) -> None:
    """A cow's step from one cell to another (R-PART-2), drawn centre to centre."""
    sx, sy = (start[0] + start[2]) / 2, (start[1] + start[3]) / 2
    ex, ey = (end[0] + end[2]) / 2, (end[1] + end[3]) / 2
    width = max(3, (start[2] - start[0]) // 12)
    for colour, w in ((OUTLINE, width + 3), (WHITE, width)):
        draw.line((sx, sy, ex, ey), fill=ink(colour), width=w)
    dx, dy = ex - sx, ey - sy
    length = max(1.0, (dx * dx + dy * dy) ** 0.5)
    ux, uy = dx / length, dy / length
    head = width * 3
    points = [(ex, ey), (ex - ux * head - uy * head * 0.6, ey - uy * head + ux * head * 0.6),
              (ex - ux * head + uy * head * 0.6, ey - uy * head - ux * head * 0.6)]
    draw.polygon(points, fill=ink(WHITE), outline=ink(OUTLINE))


def _draw_header(panel: Image.Image, player: PlayerView, sizes: RanchSizes, canvas: Canvas,
                 locale: str) -> None:
    """The panel's top strip: ranchero, name over its seat-colour bar, score, Legends
    character. The strip is cleared to the panel colour, then pasted together from kept
    text and sprite pieces (a header changes with every score, its words do not)."""
    theme, ink = canvas.theme, canvas.ink
    d = ImageDraw.Draw(panel)
    text, pad = sizes.text, sizes.pad
    d.rectangle((0, 0, sizes.width - 1, pad + sizes.header), fill=ink(theme.panel))
    meeple_size = sizes.name_h - 4
    canvas.sprite(panel, ("ranchero", player.colour, meeple_size, theme),
                  partial(sprites.ranchero, player.colour, meeple_size, theme), (pad, pad),
                  theme.panel)
    score = counted("render.score", player.score.total, locale)
    middle = pad + sizes.name_h / 2
    name_x = pad + meeple_size + 4
    score, bold = name_and_score(player.name, score, str(player.score.total), text,
                                 sizes.width - name_x - pad)
    score_w = canvas.text(panel, (sizes.width - pad, middle), score, text, theme.text,
                          theme.panel, bold=True, anchor="rm")
    name_room = sizes.width - name_x - pad - score_w - 10
    name_w = canvas.text(panel, (name_x, middle), player.name, text, theme.text, theme.panel,
                         bold=bold, anchor="lm", max_width=name_room)
    bar_y = pad + sizes.name_h - 3
    d.rectangle((name_x, bar_y, name_x + name_w, bar_y + 3),
                fill=ink(seat_rgb(player.colour, theme)))
    character = player.board.character  # R-LEG-1: whose Legends board this is
    room = sizes.width - pad - score_w - 10 - (name_x + name_w + 8)
    if character is not None and text_width(character, text, True) <= room:  # whole or none
        canvas.text(panel, (name_x + name_w + 8, middle), character, text, theme.muted,
                    theme.panel, bold=True, anchor="lm", max_width=room)
    if sizes.breakdown:
        score_parts = player.score
        # written as the sum it is ("= Territories 3 + … + Partners 0"), so a part reads
        # as points, not as a count of partners (R-SCORE-1..3; R-LEG-2's scenario too)
        parts = [(t('render.territories', locale), score_parts.territory_points),
                 (t('render.resources', locale), score_parts.resource_points),
                 (t('render.partners', locale), score_parts.partner_points)]
        if score_parts.scenario is not None:
            parts.append((t('render.scenario_row', locale), score_parts.scenario_points))
        breakdown = "= " + " + ".join(f"{name} {points}" for name, points in parts)
        canvas.text(panel, (pad, pad + sizes.name_h + 3 + sizes.breakdown_text / 2),
                    breakdown, sizes.breakdown_text, theme.muted, theme.panel, anchor="lm",
                    max_width=sizes.width - 2 * pad,
                    shrink=sizes.breakdown_text * 3 // 4)  # four parts fit, still read


def _coordinates(image: Image.Image, sizes: RanchSizes, theme: Theme) -> None:
    """Column letters above, row numbers both sides: the names the action text uses."""
    text, cell = sizes.text, sizes.cell
    for column, letter in enumerate(COLUMN_LETTERS):
        draw_text(image, (sizes.grid_x + column * cell + cell / 2, sizes.grid_y - sizes.label / 2),
                  letter, text, theme.muted, bold=True, anchor="mm")
    right = sizes.grid_x + WIDTH * cell + sizes.label / 2
    for row in range(1, sizes.rows + 1):
        cy = sizes.grid_y + (sizes.rows - row) * cell + cell / 2
        draw_text(image, (sizes.grid_x - sizes.label / 2, cy), str(row), text, theme.muted,
                  bold=True, anchor="mm")
        draw_text(image, (right, cy), str(row), text, theme.muted, bold=True, anchor="mm")


def _river(draw: ImageDraw.ImageDraw, player: PlayerView, sizes: RanchSizes,
           ink: Callable[[RGB], Ink]) -> None:
    """The river with the board's bridges (R-PLACE-2a)."""
    cell, gx = sizes.cell, sizes.grid_x
    river_y = sizes.board_y - sizes.river_h
    draw.rectangle((gx, river_y, gx + WIDTH * cell, sizes.board_y), fill=ink(RIVER))
    for column in player.board.bridges:
        bx = gx + (column - 1) * cell + cell // 5
        draw.rectangle((bx, river_y - 1, bx + cell * 3 // 5, sizes.board_y + 1),
                       fill=ink(BRIDGE), outline=ink(OUTLINE))


def _storage_layout(player: PlayerView, sizes: RanchSizes) -> tuple[int, int, int]:
    """Slots shown, the first slot's x and the strip's left edge, relative to the grid:
    parcels held beyond the slots (R-TURN-1) can reach past the board on both sides."""
    boxes = max(player.board.slots, len(player.storage))
    total = boxes * sizes.slot + (boxes - 1) * STORAGE_GAP
    sx = (WIDTH * sizes.cell - total) // 2
    return boxes, sx, min(0, sx - 3)


def _storage(player: PlayerView, sizes: RanchSizes, swapped: frozenset[int],
             theme: Theme) -> Image.Image:
    """The supply board under the river with the parcels held (what `_storage_key`
    names), drawn on its own: its strip covers everything drawn under it before."""
    slot, grid_w = sizes.slot, WIDTH * sizes.cell
    boxes, first, left = _storage_layout(player, sizes)
    right = max(grid_w, first + (boxes - 1) * (slot + STORAGE_GAP) + slot + 2)
    image = Image.new("RGB", (right - left + 1, slot + 13), theme.panel)
    d = ImageDraw.Draw(image)
    d.rectangle((-left, 0, grid_w - left, slot + 12), fill=BOARD, outline=BOARD_DARK, width=2)
    held = player.storage
    sx, sy = first - left, 6
    for i in range(boxes):
        bx = sx + i * (slot + STORAGE_GAP)
        extra = i >= player.board.slots  # R-TURN-1: a parcel held beyond the slots
        d.rectangle((bx - 1, sy - 1, bx + slot, sy + slot), fill=BOARD_DARK,
                    outline=(200, 40, 40) if extra else OUTLINE, width=3 if extra else 1)
        if i < len(held):
            draw_parcel(image, held[i], bx, sy, slot, text=sizes.text, number=False)
            if held[i].id in swapped:  # R-PART-3: swapped this turn
                d.rectangle((bx - 3, sy - 3, bx + slot + 2, sy + slot + 2),
                            outline=theme.highlight, width=4)
    return image


def _storage_key(player: PlayerView, sizes: RanchSizes, swapped: frozenset[int],
                 theme: Theme) -> Hashable:
    return ("storage", player.storage, player.board.slots, swapped, sizes, theme)


def _has_marks(seat: int, changes: TurnChanges) -> bool:
    return any(changes.cells_of(marks, seat) for marks in (
        changes.placed, changes.recruited, changes.cows_arrived, changes.cows_lost)) or any(
        step.from_seat == step.to_seat == seat for step in changes.cow_steps)


def _marks(image: Image.Image, player: PlayerView, geometry: RanchGeometry,
           changes: TurnChanges, theme: Theme, ink: Callable[[RGB], Ink]) -> None:
    """This turn's marks, drawn last over the panel (so a cached panel takes them too)."""
    d = ImageDraw.Draw(image)
    seat, cell = player.seat, geometry.cell
    for c in changes.cells_of(changes.placed, seat):
        x0, y0, x1, y1 = geometry.cell_box(c)
        d.rectangle((x0 + 1, y0 + 1, x1 - 1, y1 - 1), outline=ink(theme.highlight),
                    width=max(3, cell // 12))
    for c in changes.cells_of(changes.recruited, seat):
        x0, y0, _x1, _y1 = geometry.cell_box(c)
        token = max(12, int(cell * 0.44))  # as render.moonriver.cells.draw_cell places it
        cx, cy, r = x0 + 2 + token / 2, y0 + 2 + token / 2, token / 2 + 3
        d.ellipse((cx - r, cy - r, cx + r, cy + r), outline=ink(theme.highlight),
                  width=max(2, cell // 20))
    for step in changes.cow_steps:
        if step.from_seat == step.to_seat == seat:
            _arrow(d, geometry.cell_box(step.source), geometry.cell_box(step.target), ink)
    for c in changes.cells_of(changes.cows_arrived, seat):
        _badge(d, geometry.cell_box(c), ARRIVED, "+", ink)
    for c in changes.cells_of(changes.cows_lost, seat):
        _badge(d, geometry.cell_box(c), LOST, "−", ink)


def _frame(sizes: RanchSizes, theme: Theme) -> Image.Image:
    """An empty panel of this size: background, and the coordinates when detailed."""
    panel = Image.new("RGB", (sizes.width, sizes.height), theme.panel)
    if sizes.detailed:
        _coordinates(panel, sizes, theme)
    return panel


def _panel(player: PlayerView, sizes: RanchSizes, theme: Theme, locale: str,
           swapped: frozenset[int], local: RanchGeometry, canvas: Canvas) -> Image.Image:
    """The panel without this turn's marks, a new image composed on the canvas from
    smaller pieces: the empty frame with its coordinates, the header's texts, each built
    cell, the supply board; opaque lines and boxes are drawn in between, in
    the order a panel drawn in one go has them, so the pixels are the same."""
    panel = canvas.piece(("frame", sizes, theme), lambda: _frame(sizes, theme)).copy()
    _draw_header(panel, player, sizes, canvas, locale)
    d = ImageDraw.Draw(panel)
    ink = canvas.ink
    d.rectangle((0, 0, sizes.width - 1, sizes.height - 1),
                outline=ink(seat_rgb(player.colour, theme)), width=3)
    empty, edge = ink(theme.grid), ink(theme.grid_line)
    cell, text = sizes.cell, sizes.text
    cells = player.ranch.cells
    built_rows = max((c // WIDTH + 1 for c, content in enumerate(cells) if content), default=0)
    for c, content in enumerate(cells[:built_rows * WIDTH]):
        x0, y0, x1, y1 = local.cell_box(c)
        if content is None:
            d.rectangle((x0, y0, x1, y1), fill=empty, outline=edge)
        else:
            panel.paste(canvas.piece(("cell", content, cell, text),
                                     partial(cell_image, content, cell, text=text)),
                        (x0, y0))
    if built_rows < sizes.rows:  # the empty rows above, drawn last as one block
        free = sizes.rows - built_rows
        panel.paste(canvas.piece(("empty rows", free, cell, theme),
                                 lambda: _empty_rows(free, cell, theme)),
                    local.cell_box((sizes.rows - 1) * WIDTH)[:2])
    outline_territories(d, player.ranch, local, ink(OUTLINE))
    _river(d, player, sizes, ink)
    panel.paste(canvas.piece(_storage_key(player, sizes, swapped, theme),
                             lambda: _storage(player, sizes, swapped, theme)),
                (sizes.grid_x + _storage_layout(player, sizes)[2], sizes.board_y))
    return panel


def _empty_rows(rows: int, cell: int, theme: Theme) -> Image.Image:
    """`rows` rows of empty cells, each its box with an edge, as the cell loop draws them;
    their bottom edge is the top pixel row of the row under them, as drawn in one go
    (the rows above are drawn after it)."""
    image = Image.new("RGB", (WIDTH * cell + 1, rows * cell + 1))
    d = ImageDraw.Draw(image)
    for row in range(rows):
        for column in range(WIDTH):
            x0, y0 = column * cell, row * cell
            d.rectangle((x0, y0, x0 + cell, y0 + cell), fill=theme.grid,
                        outline=theme.grid_line)
    return image


def draw_ranch(image: Image.Image, player: PlayerView, x: int, y: int, *,
               sizes: RanchSizes, theme: Theme, locale: str,
               changes: TurnChanges | None = None,
               canvas: Canvas | None = None) -> RanchGeometry:
    """Draw one ranch panel with its top-left corner at (x, y), this turn's marks over
    it (none without `changes`). The panel is composed afresh from kept pieces (frame,
    texts, cells, supply board) each time, never kept whole: a bot serves many tables
    turn about, and whole panels (~150 KB each) of all of them would not fit a bounded
    cache, so kept panels were pushed out before they were asked for again, and pushed
    out the small pieces with them."""
    canvas = canvas or Canvas(theme)
    changes = changes or TurnChanges()
    local = RanchGeometry(player.seat, (0, 0, sizes.width, sizes.height),
                          (sizes.grid_x, sizes.grid_y, sizes.grid_x + WIDTH * sizes.cell,
                           sizes.grid_y + sizes.rows * sizes.cell), sizes.cell, sizes.rows)
    swapped = changes.cells_of(changes.swapped, player.seat)
    panel = _panel(player, sizes, theme, locale, swapped, local, canvas)  # its own copy
    if _has_marks(player.seat, changes):
        _marks(panel, player, local, changes, theme, canvas.ink)
    image.paste(panel, (x, y))
    gx0, gy0, gx1, gy1 = local.grid
    return RanchGeometry(player.seat, (x, y, x + sizes.width, y + sizes.height),
                         (x + gx0, y + gy0, x + gx1, y + gy1), sizes.cell, sizes.rows)


BOARD_CELL = 64  # a ranch alone: as the mover's in the turn picture, 32 px at phone size
BOARD_TEXT = 22
MARGIN = 10


def board_sizes(rows: int) -> RanchSizes:
    """A ranch on its own (the `/moonriver board` answer, the preview, a typed ranch):
    detailed, with the score's parts under the name."""
    return RanchSizes(BOARD_CELL, rows, BOARD_TEXT, detailed=True, breakdown=True)


def ranch_picture(player: PlayerView, *, theme: Theme, locale: str = "en",
                  changes: TurnChanges | None = None) -> tuple[Image.Image, RanchGeometry]:
    """One ranch alone on the background, and where it went."""
    theme = moonriver_theme(theme)
    sizes = board_sizes(player.ranch.height)
    image = Image.new("RGB", (sizes.width + 2 * MARGIN, sizes.height + 2 * MARGIN),
                      theme.background)
    geometry = draw_ranch(image, player, MARGIN, MARGIN, sizes=sizes, theme=theme,
                          locale=locale, changes=changes)
    return image, geometry


def last_placed(player: PlayerView) -> TurnChanges:
    """The marks of a ranch shown out of a turn: its own last domino."""
    return TurnChanges(placed=frozenset((player.seat, c) for c in player.last_placed))


def player_from_grid(grid: RanchGrid, name: str, board: Board) -> PlayerView:
    """A stand-alone ranch (from ranch notation) as a player view, for `moonriver render`."""
    return PlayerView(
        seat=0, name=name, colour="purple", board=board, ranch=grid,
        parcels=(None,) * len(grid.cells), bonus_tile=0, storage=(), last_placed=(),
        score=score_ranch(apply_overpopulation(grid)[0]),
    )


def render_grid(grid: RanchGrid, board: Board, *, theme: Theme, name: str = "",
                locale: str = "en") -> Image.Image:
    """A ranch written in ranch notation, drawn like a player's ranch."""
    player = player_from_grid(grid, name or t("render.sample", locale), board)
    return ranch_picture(player, theme=theme, locale=locale)[0]


def render_ranch(view: TableView, seat: int, *, theme: Theme,
                 locale: str = "en") -> Image.Image:
    """One player's ranch as a picture (the `/moonriver board` answer)."""
    player = view.players[seat]
    return ranch_picture(player, theme=theme, locale=locale, changes=last_placed(player))[0]
