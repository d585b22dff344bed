"""One kingdom panel, at any cell size: header, squares, crowns, properties, marks.

Two kinds: the detailed panel (the player to move, `/kingdomino board`, the preview) has
coordinates — the play-area names the action text uses (`place 17 E4 right`) — and each
scoring property's points; the compact panel (everyone else) shows the land only. Both
carry the seat colour (outline, name bar, king) and this turn's marks.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw

from engine.games.i18n import t
from engine.kingdomino.kingdom import COLUMN_LETTERS
from engine.kingdomino.scoring import Property
from engine.kingdomino.view import PlayerView
from render.kingdomino import sprites
from render.kingdomino.changes import TurnChanges
from render.kingdomino.squares import draw_castle, draw_square
from render.kingdomino.style import king_rgb
from render.kingdomino.window import KingdomGeometry, Window, in_frame
from render.plural import counted
from render.stamps import draw_text, name_and_score
from render.theme import OUTLINE, Theme

WHITE = (255, 255, 255)


@dataclass(frozen=True, slots=True)
class PanelSizes:
    """Sizes of one kingdom panel, derived from the cell size and the text size."""

    cell: int
    columns: int
    rows: int
    text: int
    detailed: bool
    footer: bool = False  # a line for the discards (K-PLACE-4)
    min_width: int = 0
    name: bool = True  # the final picture's kingdoms leave the names to the standings

    pad = 8

    @property
    def label(self) -> int:  # room for coordinates (detailed only)
        return self.text + 8 if self.detailed else 0

    @property
    def header(self) -> int:
        return self.text + 18

    @property
    def natural_width(self) -> int:
        return 2 * (self.pad + self.label) + self.columns * self.cell

    @property
    def width(self) -> int:
        return max(self.natural_width, self.min_width)

    @property
    def grid_x(self) -> int:
        return self.pad + self.label + (self.width - self.natural_width) // 2

    @property
    def grid_y(self) -> int:
        return self.pad + self.header + self.label

    @property
    def footer_h(self) -> int:
        return self.text + 12 if self.footer else 0

    @property
    def height(self) -> int:
        return self.grid_y + self.rows * self.cell + self.label // 2 + self.pad + self.footer_h


def _header(image: Image.Image, player: PlayerView, sizes: PanelSizes, theme: Theme,
            locale: str) -> None:
    d = ImageDraw.Draw(image)
    pad, text = sizes.pad, sizes.text
    icon_size = sizes.header - 2
    icon = sprites.king(king_rgb(player.seat, theme), icon_size)
    image.paste(icon, (pad, pad - 2), icon)
    middle = pad + sizes.header / 2
    score = counted("render.score", player.score.total, locale)
    name_x = pad + icon_size + 4
    bold = True
    if sizes.name:  # a long name: the bare number, then the regular face, then cut
        score, bold = name_and_score(player.name, score, str(player.score.total), text,
                                     sizes.width - name_x - pad - 4, gap=14)
    score_w = draw_text(image, (sizes.width - pad - 4, middle), score, text, theme.text,
                        bold=True, anchor="rm")
    if not sizes.name:
        return
    name_w = draw_text(image, (name_x, middle), player.name, text, theme.text, bold=bold,
                       anchor="lm", max_width=sizes.width - name_x - pad - score_w - 14)
    bar_y = pad + sizes.header - 4
    d.rectangle((name_x, bar_y, name_x + name_w, bar_y + 3), fill=king_rgb(player.seat, theme))


def _coordinates(image: Image.Image, window: Window, sizes: PanelSizes, theme: Theme) -> None:
    """Column letters above, row numbers both sides: the play-area names of the actions."""
    text, cell = sizes.text, sizes.cell
    for i in range(window.columns):
        draw_text(image, (sizes.grid_x + i * cell + cell / 2, sizes.grid_y - sizes.label / 2),
                  COLUMN_LETTERS[window.left + i], text, theme.muted, bold=True, anchor="mm")
    right = sizes.grid_x + window.columns * cell + sizes.label / 2
    for i in range(window.rows):
        cy = sizes.grid_y + i * cell + cell / 2
        number = str(window.top + i + 1)
        draw_text(image, (sizes.grid_x - sizes.label / 2, cy), number, text, theme.muted,
                  bold=True, anchor="mm")
        draw_text(image, (right, cy), number, text, theme.muted, bold=True, anchor="mm")


def _owners(properties: tuple[Property, ...], castle: int) -> dict[int, int]:
    """Play-area cell → index of its property (K-SCORE-1); the castle stands alone."""
    owner = {castle: -1}
    for index, prop in enumerate(properties):
        mask = prop.cells
        while mask:
            low = mask & -mask
            owner[low.bit_length() - 1] = index
            mask ^= low
    return owner


def outline_properties(image: Image.Image, player: PlayerView, geometry: KingdomGeometry
                       ) -> None:
    """Thick dark lines where properties meet or end: each property reads as one shape."""
    d = ImageDraw.Draw(image)
    kingdom = player.kingdom
    owner = _owners(player.score.properties, kingdom.castle)
    stride = 2 * kingdom.size
    width = max(2, geometry.cell // 16)
    for cell, index in owner.items():
        box = geometry.cell_box(cell)
        if box is None:
            continue
        x0, y0, x1, y1 = box
        for step, line in ((-stride, (x0, y0, x1, y0)), (stride, (x0, y1, x1, y1)),
                           (-1, (x0, y0, x0, y1)), (1, (x1, y0, x1, y1))):
            if owner.get(cell + step, -2) != index or index == -1:
                d.line(line, fill=OUTLINE, width=width)


def _points_badges(image: Image.Image, player: PlayerView, geometry: KingdomGeometry,
                   text: int) -> None:
    """K-SCORE-1: each scoring property's points (squares × crowns) on its top-right cell."""
    d = ImageDraw.Draw(image)
    stride = 2 * player.kingdom.size
    for prop in player.score.properties:
        if not prop.points:
            continue
        cells = []
        mask = prop.cells
        while mask:
            low = mask & -mask
            cells.append(low.bit_length() - 1)
            mask ^= low
        corner = min(cells, key=lambda c: (c // stride, -(c % stride)))
        box = geometry.cell_box(corner)
        if box is None:
            continue
        label = str(prop.points)
        h = text + 6
        w = max(h, int(text * 0.62 * len(label)) + 10)
        x1, y0 = box[2] - 3, box[1] + 3
        d.rounded_rectangle((x1 - w, y0, x1, y0 + h), radius=h // 2, fill=OUTLINE,
                            outline=WHITE, width=2)
        draw_text(image, (x1 - w / 2, y0 + h / 2), label, text, WHITE, bold=True, anchor="mm")


def _footer(image: Image.Image, player: PlayerView, sizes: PanelSizes, theme: Theme,
            locale: str, fresh: frozenset[int]) -> None:
    """K-PLACE-4: the dominoes this player had to discard; this turn's in the highlight."""
    if not player.discards:
        return
    y = sizes.height - sizes.pad - sizes.footer_h / 2
    x = sizes.pad + 4
    x += draw_text(image, (x, y), t("kd.pic.discarded", locale), sizes.text, theme.muted,
                   bold=True, anchor="lm") + 8
    for i, piece in enumerate(player.discards):
        if i:  # a separator: '21 · 1', never '21 1' read as one number
            x += draw_text(image, (x, y), "·", sizes.text, theme.muted, bold=True,
                           anchor="lm") + 8
        colour = theme.highlight if piece.number in fresh else theme.muted
        x += draw_text(image, (x, y), str(piece.number), sizes.text, colour, bold=True,
                       anchor="lm") + 8


def draw_kingdom(image: Image.Image, player: PlayerView, x: int, y: int, *, window: Window,
                 sizes: PanelSizes, theme: Theme, locale: str, changes: TurnChanges,
                 points: bool | None = None) -> KingdomGeometry:
    """Draw one kingdom panel with its top-left corner at (x, y); returns where it went.

    `points` (default: the detailed panels) prints each property's points on it."""
    panel = Image.new("RGB", (sizes.width, sizes.height), theme.panel)
    d = ImageDraw.Draw(panel)
    d.rectangle((0, 0, sizes.width - 1, sizes.height - 1), outline=king_rgb(player.seat, theme),
                width=3)
    _header(panel, player, sizes, theme, locale)
    if sizes.detailed:
        _coordinates(panel, window, sizes, theme)
    kingdom = player.kingdom
    grid = (sizes.grid_x, sizes.grid_y, sizes.grid_x + window.columns * sizes.cell,
            sizes.grid_y + window.rows * sizes.cell)
    local = KingdomGeometry(player.seat, (0, 0, sizes.width, sizes.height), grid, sizes.cell,
                            window, kingdom.size)
    stride = 2 * kingdom.size
    cell = sizes.cell
    for row in range(window.top, window.top + window.rows):
        for column in range(window.left, window.left + window.columns):
            where = row * stride + column
            box = local.cell_box(where)
            assert box is not None
            x0, y0, x1, y1 = box
            if where == kingdom.castle:
                draw_castle(panel, x0, y0, cell)
            elif (square := kingdom.square_at(where)) is not None:
                draw_square(panel, square, x0, y0, cell)
            elif in_frame(kingdom, column, row):
                d.rectangle(box, fill=theme.grid, outline=theme.grid_line)
            else:  # K-PLACE-2: the kingdom can no longer grow here
                panel.paste(sprites.out_of_bounds(theme.background, theme.panel_edge, cell),
                            (x0, y0))
    outline_properties(panel, player, local)
    for where in changes.cells_of(player.seat):
        box = local.cell_box(where)
        if box is not None:
            x0, y0, x1, y1 = box
            d.rectangle((x0 + 1, y0 + 1, x1 - 1, y1 - 1), outline=theme.highlight,
                        width=max(3, cell // 12))
    if points if points is not None else sizes.detailed:
        _points_badges(panel, player, local, sizes.text)
    if sizes.footer:
        _footer(panel, player, sizes, theme, locale, changes.discards_of(player.seat))
    image.paste(panel, (x, y))
    return local.moved(x, y)
