"""The phone-first turn picture: what the decision needs first, the rest compact.

Designed at 800 px wide for Discord's ~400 px display on phones (scale 1/2): the draft
with labelled tiles on top, the ranch of the player to move in big cells beside the
saloon, the other ranches as an overview below (beside the saloon with two players).
When only one draft column has parcels left the draft takes half the width and the
saloon rises beside it; with none it is not drawn: the ranches take the room, the others
beside the mover's where they fit (`_compact`).
At the end of the game the picture is the standings and the score sheet instead.
The picture reports its geometry (`TurnLayout`), so tests check sizes at phone scale.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from functools import partial

from PIL import Image, ImageDraw

from engine.games.i18n import t
from engine.moonriver.state import Phase
from engine.moonriver.view import PlayerView, TableView
from render.canvas import Canvas
from render.encode import to_palette
from render.moonriver import sprites
from render.moonriver.changes import TurnChanges
from render.moonriver.draft import NEXT, NOW, DraftSizes, compose_draft, shown_columns, tile_boxes
from render.moonriver.final import render_final
from render.moonriver.labels import status_text
from render.moonriver.layout import Box, TurnLayout, TurnPicture
from render.moonriver.ranch import RanchGeometry, RanchSizes, draw_ranch
from render.moonriver.style import moonriver_theme
from render.plural import counted
from render.stamps import drawn_texts
from render.theme import Theme

WIDTH = 800          # native width; Discord shows it at ~400 px on a phone
TEXT = 22            # smallest text: 11 px at phone size
TITLE = 28
PAD = 12
MOVER_CELL = 64      # 32 px at phone size (>= 28)
OTHER_CELLS = (40, 36, 32, 28)  # beside the saloon: 20 px down to 14 px at phone size
ROW_CELLS = (48, 44)  # in the row below: as big as fits, keeping the picture ~4:3
SIDE_CELLS = (48, 44, 40, 36, 32, 28)  # beside the mover's, under the risen saloon
ROOMY_ROW_CELLS = (64, 56, 48, 44)  # in rows below, when the draft left room
DRAFT_TILE = 88      # 44 px (>= 40)
TOKEN = 44


def _draw_banner(image: Image.Image, view: TableView, canvas: Canvas, locale: str) -> None:
    """Status on the left ('Round 9 of 24 · Carol to move': the rounds say how long the
    game runs, R-END-1, as the pile's count would); on the right the cows left in the
    supply, in words, as Kingdomino's banner counts its dominoes (a cow and a number
    read as a puzzle); in the Legends variant a second line with the scenario. Drawn at
    the top of the picture (plain background) from kept text pieces: the banner changes
    every turn, its words and numbers do not."""
    theme, background = canvas.theme, canvas.theme.background
    middle = PAD + TITLE // 2 + 4
    cows = counted("render.cows_short", view.cow_supply, locale)
    x = WIDTH - PAD - canvas.text(image, (WIDTH - PAD, middle), cows, TEXT, theme.muted,
                                  background, bold=True, anchor="rm") - 24
    canvas.text(image, (PAD, middle), status_text(view, locale), TITLE, theme.text, background,
                bold=True, anchor="lm", max_width=x - PAD, keep=False)  # new every turn
    if view.scenario is not None:  # R-LEG-2: the table picture names the scenario
        scenario = f"{t('variant.legends', locale)} · {t(f'scenario.{view.scenario}', locale)}"
        canvas.text(image, (PAD, PAD + TITLE + 12 + TEXT / 2), scenario, TEXT, theme.muted,
                    background, bold=True, anchor="lm", max_width=WIDTH - 2 * PAD)


def _banner_height(view: TableView) -> int:
    """The status line, and in the Legends variant the scenario's line under it."""
    return PAD + TITLE + 16 + (TEXT + 8 if view.scenario is not None else 0)


def _saloon_height(view: TableView) -> int:
    return TEXT + 24 + len(view.saloon) * (TOKEN + 8)


def _draw_saloon(image: Image.Image, view: TableView, xy: tuple[int, int], width: int,
                 height: int, canvas: Canvas, locale: str) -> None:
    """The partners waiting in the saloon, one per line with its name (R-SYM-3): a
    rounded panel of `width` × `height` with its top-left corner at `xy`, on plain
    background, pasted together from kept pieces (the empty panel, texts, tokens)."""
    theme, ink = canvas.theme, canvas.ink
    x0, y0 = xy
    x1 = x0 + width
    image.paste(canvas.piece(("saloon-frame", width, height, theme),
                             lambda: _saloon_frame(width, height, theme)), xy)
    title = f"{t('render.saloon', locale)} · {t('render.stack', locale, count=view.stack_size)}"
    canvas.text(image, (x0 + 10, y0 + 8 + TEXT / 2), title, TEXT, theme.muted, theme.panel,
                bold=True, anchor="lm", max_width=x1 - x0 - 20)
    d = ImageDraw.Draw(image)
    y = y0 + TEXT + 20
    for kind in view.saloon:
        if kind is None:
            d.ellipse((x0 + 10, y, x0 + 10 + TOKEN, y + TOKEN), outline=ink(theme.grid_line),
                      width=2)
            name = t("render.empty_saloon", locale)
            colour = theme.muted
        else:
            canvas.sprite(image, ("partner", kind, TOKEN),
                          partial(sprites.partner_token, kind, TOKEN),
                          (x0 + 10, y), theme.panel)
            name, colour = t(f"partner.{kind}", locale), theme.text
        canvas.text(image, (x0 + 20 + TOKEN, y + TOKEN / 2), name, TEXT, colour, theme.panel,
                    anchor="lm", max_width=x1 - x0 - TOKEN - 30)
        y += TOKEN + 8


def _saloon_frame(width: int, height: int, theme: Theme) -> Image.Image:
    """The saloon's empty rounded panel on the background."""
    image = Image.new("RGB", (width + 1, height + 1), theme.background)
    ImageDraw.Draw(image).rounded_rectangle((0, 0, width, height), radius=10,
                                            fill=theme.panel, outline=theme.panel_edge)
    return image


def render_turn(view: TableView, *, theme: Theme, locale: str = "en",
                changes: TurnChanges | None = None, palette: bool = False,
                resigned: Collection[int] = ()) -> TurnPicture:
    """The picture posted after a player turn, for phones first.

    `changes` are the marks of the turn just played (`render.moonriver.changes.changes_of` of its
    events); without them nothing is marked. With `palette` the picture is a 'P' image in
    the theme's fixed palette, the same pixels as the RGB picture mapped to it, composed
    from cached parts (render.canvas): what the drawing worker encodes."""
    theme = moonriver_theme(theme)  # Moon River's colours in the palette
    if view.phase is Phase.OVER:
        final = render_final(view, theme=theme, locale=locale, resigned=resigned)
        return TurnPicture(to_palette(final.image, theme), final.layout) if palette else final
    changes = changes or TurnChanges()
    with drawn_texts() as texts:
        return _render_turn(view, Canvas(theme, palette), locale, changes, texts)


def _row_sizes(rows: int, count: int) -> tuple[RanchSizes, int]:
    """Compact ranch sizes for `count` ranches in rows below, and how many share a row."""
    per_row = max(1, min(count, 3))
    slot_w = (WIDTH - PAD) // per_row - PAD
    cell = next((c for c in ROW_CELLS
                 if RanchSizes(c, rows, TEXT, False).natural_width <= slot_w), OTHER_CELLS[0])
    return RanchSizes(cell, rows, TEXT, detailed=False, min_width=slot_w), per_row


def _roomy_row_sizes(rows: int, count: int, room: int) -> tuple[RanchSizes, int]:
    """As `_row_sizes`, but as big as the rows fit in `room` (when the draft left
    room); `_row_sizes` when no bigger size fits."""
    per_row = max(1, min(count, 3))
    slot_w = (WIDTH - PAD) // per_row - PAD
    for cell in ROOMY_ROW_CELLS:
        sizes = RanchSizes(cell, rows, TEXT, detailed=False, min_width=slot_w)
        if sizes.natural_width <= slot_w and _rows_height(count, sizes) <= room:
            return sizes, per_row
    return _row_sizes(rows, count)


def _other_sizes(rows: int, count: int, room: int,
                 side_w: int) -> tuple[RanchSizes, bool, int]:
    """Compact ranch sizes, whether the one other ranch fits beside the mover's (under
    the saloon, with two players; as wide as the saloon, so the name and score fit), and
    how many share a row below otherwise."""
    fitting = [c for c in OTHER_CELLS if RanchSizes(c, rows, TEXT, False).height <= room]
    if count == 1 and fitting:
        return RanchSizes(fitting[0], rows, TEXT, detailed=False, min_width=side_w), True, 1
    sizes, per_row = _row_sizes(rows, count)
    return sizes, False, per_row


def _side_sizes(rows: int, count: int, room: int, side_w: int) -> RanchSizes | None:
    """The biggest compact ranch of which `count` fit stacked in `room` beside the
    mover's (as wide as that column, so names fit), or None."""
    for cell in SIDE_CELLS:
        sizes = RanchSizes(cell, rows, TEXT, detailed=False, min_width=side_w)
        if sizes.natural_width <= side_w and count * (sizes.height + PAD) - PAD <= room:
            return sizes
    return None


@dataclass(frozen=True, slots=True)
class _Plan:
    """Where the parts of one turn picture go (native pixels)."""

    draft: DraftSizes | None
    mover_y: int
    saloon_y: int
    side: RanchSizes  # the other ranches beside the mover's, under the saloon
    beside: int
    row: RanchSizes  # the rest, in rows below
    per_row: int
    low_y: int
    height: int


def _plan(view: TableView, big: RanchSizes, columns: tuple[str, ...],
          budget: int = 0) -> _Plan:
    """The layout for the draft columns shown. Both: the draft across the top, the
    saloon beside the mover's ranch, with two players the other ranch under it. One:
    the draft as wide as the mover's ranch, the saloon risen beside it. None: no draft.
    Then as many others as fit go beside the mover's ranch, under the saloon, and the
    rest in rows below, as big as `budget` (the picture's height with the whole draft)
    allows: the room the draft left goes to the ranches."""
    rows, count = big.rows, len(view.players) - 1
    top = _banner_height(view)
    side_w = WIDTH - 3 * PAD - big.width
    full = len(columns) == 2
    draft = (DraftSizes(WIDTH - 2 * PAD, DRAFT_TILE, TEXT) if full else
             DraftSizes(big.width, DRAFT_TILE, TEXT, columns) if columns else None)
    mover_y = top + (draft.height + PAD if draft is not None else 0)
    saloon_y = mover_y if full else top
    side_y = saloon_y + _saloon_height(view) + PAD
    room = mover_y + big.height - side_y
    if full:
        row, beside, per_row = _other_sizes(rows, count, room, side_w)
        return _arranged(mover_y + big.height, side_y, draft, mover_y, saloon_y, row,
                         int(beside), row, per_row, count)
    plans = []
    for next_to in range(count + 1):
        side = _side_sizes(rows, next_to, room, side_w) if next_to else RanchSizes(
            SIDE_CELLS[0], rows, TEXT, False, min_width=side_w)
        if side is None:
            break
        low_y = max(mover_y + big.height, side_y + next_to * (side.height + PAD) - PAD) + PAD
        below = count - next_to
        row, per_row = _roomy_row_sizes(rows, below, budget - low_y)
        plans.append(_arranged(mover_y + big.height, side_y, draft, mover_y, saloon_y, side,
                               next_to, row, per_row, count))
    return max(plans, key=lambda p: _merit(p, count, budget))


def _merit(plan: _Plan, count: int, budget: int) -> tuple[bool, int, int, int, int]:
    """Not taller than with the whole draft; then the biggest smallest ranch, the most
    ranch, the lower picture, the fewest moved beside."""
    cells = [plan.side.cell] * plan.beside + [plan.row.cell] * (count - plan.beside)
    return (plan.height <= budget, min(cells), sum(c * c for c in cells), -plan.height,
            -plan.beside)


def _rows_height(count: int, sizes: RanchSizes) -> int:
    """The rows below for `count` ranches of `sizes` (as `_row_sizes` shares them)."""
    per_row = max(1, min(count, 3))
    return (count + per_row - 1) // per_row * (sizes.height + PAD)


def _arranged(mover_bottom: int, side_y: int, draft: DraftSizes | None, mover_y: int,
              saloon_y: int, side: RanchSizes, beside: int, row: RanchSizes, per_row: int,
              count: int) -> _Plan:
    """A plan with `beside` others stacked under the saloon and the rest in rows."""
    low_y = max(mover_bottom, side_y + beside * (side.height + PAD) - PAD) + PAD
    return _Plan(draft, mover_y, saloon_y, side, beside, row, per_row, low_y,
                 low_y + _rows_height(count - beside, row))


def _render_turn(view: TableView, canvas: Canvas, locale: str, changes: TurnChanges,
                 texts: list[tuple[str, int]]) -> TurnPicture:
    """Compose the picture from its parts: banner, draft, ranches and saloon are pieces
    drawn on their own (cached by content, render.pieces) and pasted; the rest is
    background."""
    theme = canvas.theme
    mover = view.active_seat if view.active_seat is not None else 0
    big = RanchSizes(MOVER_CELL, view.players[mover].ranch.height, TEXT, detailed=True)
    others = [p for p in view.players if p.seat != mover]
    columns = shown_columns(view)
    plan = _plan(view, big, columns, 0 if len(columns) == 2 else
                 _plan(view, big, (NOW, NEXT)).height)
    image = canvas.new((WIDTH, plan.height))
    _draw_banner(image, view, canvas, locale)
    top = _banner_height(view)
    tiles: list[Box] = []
    if plan.draft is not None:
        image.paste(compose_draft(view, plan.draft, theme, locale, changes.chosen, canvas),
                    (PAD, top))
        tiles = tile_boxes(view, PAD, top, plan.draft)
    ranches = [draw_ranch(image, view.players[mover], PAD, plan.mover_y, sizes=big,
                          theme=theme, locale=locale, changes=changes, canvas=canvas)]
    side_x, side_w = 2 * PAD + big.width, WIDTH - 3 * PAD - big.width
    saloon_h = _saloon_height(view)
    _draw_saloon(image, view, (side_x, plan.saloon_y), side_w, saloon_h, canvas, locale)
    side = plan.side
    for i, player in enumerate(others[:plan.beside]):
        ranches.append(draw_ranch(image, player, side_x + (side_w - side.width) // 2,
                                  plan.saloon_y + saloon_h + PAD + i * (side.height + PAD),
                                  sizes=side, theme=theme, locale=locale, changes=changes,
                                  canvas=canvas))
    ranches += _draw_row(image, others[plan.beside:], plan.low_y, plan.row, plan.per_row,
                         canvas, locale, changes)
    smallest = min((size for _, size in texts), default=TEXT)
    layout = TurnLayout(WIDTH, plan.height, smallest, tuple(tiles), tuple(ranches), mover)
    return TurnPicture(image, layout)


def _draw_row(image: Image.Image, players: list[PlayerView], y: int, sizes: RanchSizes,
              per_row: int, canvas: Canvas, locale: str,
              changes: TurnChanges) -> list[RanchGeometry]:
    """The other ranches in rows below, `per_row` to a row."""
    return [draw_ranch(image, player, PAD + (i % per_row) * (sizes.width + PAD),
                       y + (i // per_row) * (sizes.height + PAD), sizes=sizes,
                       theme=canvas.theme, locale=locale, changes=changes, canvas=canvas)
            for i, player in enumerate(players)]
