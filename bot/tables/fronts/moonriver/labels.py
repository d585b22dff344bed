"""What players read on buttons and menus instead of engine text.

Parcels are named by landscape, number and symbols ("Forest 5 🐄"), draft parcels also by
the slot label the picture shows ("③ Forest 5 🐄", `render.moonriver.labels`), opponents by name,
placements and bonus tile spots by the letters the preview draws
(`render.moonriver.placement`). The action text
(`build p17 p42 C3 up`) stays in custom_ids and records only. Discord-free: the sandbox
uses the same labels.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from bot.tables.words import MAX_DESCRIPTION as MAX_DESCRIPTION
from bot.tables.words import MAX_LABEL as MAX_LABEL
from bot.tables.words import Label as Label
from bot.tables.words import fit as fit
from engine.games.i18n import placeholders, strings, t
from engine.moonriver import events as ev
from engine.moonriver.actions import Action as EngineAction
from engine.moonriver.actions import (
    Bonus,
    Build,
    Choose,
    Discard,
    Move,
    Pass,
    Recruit,
    Skull,
    Steal,
    Swap,
)
from engine.moonriver.components import COWBOY, Landscape, Parcel
from engine.moonriver.game import apply, legal_actions
from engine.moonriver.grid import cell_name
from engine.moonriver.legends import scenario_name
from engine.moonriver.scenarios import OUTLAW_FACES
from engine.moonriver.scoring import score_ranch
from engine.moonriver.state import GameState, Phase
from engine.moonriver.view import ranch_grid
from render.labels import SLOT_LABELS, slot_label
from render.moonriver.placement import Position, bonus_spots
from render.plural import counted


def landscape_name(landscape: int, locale: str) -> str:
    return t(f"landscape.{Landscape(landscape).name.lower()}", locale)


#: The resource a parcel carries, by its landscape (R-COMP-3), as the partner menu names
#: them (R-PART-5: the gold digger counts gold nuggets, the trapper beavers, the farmer
#: corn cobs) and as the pictures draw three different icons.
RESOURCE_SYMBOLS = {"gold": "🪙", "beaver": "🦫", "corn": "🌽"}


def symbols(parcel: Parcel) -> str:
    """The printed symbols as emoji: cows, skull, circle, resources (R-COMP-3)."""
    resource = Landscape(parcel.landscape).resource
    mark = RESOURCE_SYMBOLS[resource] if resource is not None else ""
    marks = "🐄" * parcel.cows + ("💀" if parcel.skull else "") + \
        ("⭕" if parcel.circle else "") + mark * parcel.resources
    return f" {marks}" if marks else ""


def parcel_text(state: GameState, parcel_id: int, locale: str) -> str:
    """'Forest 5 🐄': what the parcel is, never its id."""
    return _parcel_words(state.components.parcel(parcel_id), locale)


@cache  # a few hundred parcels × three languages: every label and every turn's words
def _parcel_words(parcel: Parcel, locale: str, marks: bool = True) -> str:
    """`marks` off: 'Forest 5', landscape and number alone (a place menu's option)."""
    return t("label.parcel", locale, landscape=landscape_name(parcel.landscape, locale),
             number=parcel.number, symbols=symbols(parcel) if marks else "")


def _parcel_short(state: GameState, parcel_id: int, locale: str) -> str:
    return _parcel_words(state.components.parcel(parcel_id), locale, marks=False)


def draft_slots(state: GameState) -> dict[int, str]:
    """Parcel id → ①–④ as the picture labels the draft (`render.moonriver.labels.draft_labels` of
    the public view), read straight from the state: a public view scores every ranch,
    which cost the labels and the narration more than all their words."""
    return {slot.parcel: slot_label(i) for column in (state.column, state.next_column)
            for i, slot in enumerate(column) if slot.parcel is not None}


def draft_text(state: GameState, parcel_id: int, locale: str) -> str:
    """'③ Forest 5 🐄': the slot label of the picture first, where the parcel has one."""
    slot = draft_slots(state).get(parcel_id)
    text = parcel_text(state, parcel_id, locale)
    return f"{slot} {text}" if slot else text


def in_label_order(state: GameState, actions: Sequence[EngineAction]) -> list[EngineAction]:
    """The actions with the draft choices in the order of the picture's labels ①–④
    (R-ORDER-1: a column lies sorted by number, and parcels tied on their number keep the
    order the picture shows, not their ids') and bonus tile placements by the letters of
    their spots (R-2P-3); everything else keeps its place after them."""
    labels = draft_slots(state)
    order = {pid: SLOT_LABELS.index(label) for pid, label in labels.items()}
    spots = {b: i for i, spot in enumerate(bonus_spots(bonuses_of(actions)))
             for b in spot.bonuses}

    def key(action: EngineAction) -> int:
        if isinstance(action, Choose) and action.parcel in order:
            return order[action.parcel]
        if isinstance(action, Bonus):
            return spots[action]
        return len(SLOT_LABELS) + len(spots)
    return sorted(actions, key=key)


def bonuses_of(actions: Sequence[EngineAction]) -> tuple[Bonus, ...]:
    """The bonus tile placements among `actions` (R-2P-3)."""
    return tuple(a for a in actions if isinstance(a, Bonus))


def bonus_letter(state: GameState, bonus: Bonus) -> str:
    """The letter of a bonus tile's spot, as the preview of every legal one draws it."""
    spots = bonus_spots(bonuses_of(legal_actions(state)))
    return next((spot.letter for spot in spots if bonus in spot.bonuses), "?")


def pair_text(state: GameState, first: int, second: int, locale: str) -> str:
    """'Desert 1 + Canyon 4 🪙' (lower id first, as `pair_key` groups builds)."""
    a, b = sorted((first, second))
    return t("label.pair", locale, first=parcel_text(state, a, locale),
             second=parcel_text(state, b, locale))


def pair_key(action: Build | Discard) -> str:
    """The two parcels of a build, order-free: groups builds into pairs (custom_id text)."""
    a, b = sorted((action.first, action.second))
    return f"p{a} p{b}"


def _owner(state: GameState, parcel_id: int) -> int | None:
    return next((seat for seat, p in enumerate(state.players) if parcel_id in p.storage),
                None)


def _no_swap(state: GameState) -> str | None:
    """Why a Desperado recruited now would have nothing to swap (R-PART-3: a stored parcel
    of yours for another player's), as a text key; None when a swap exists."""
    seat = state.active_seat
    if seat is None:
        return None
    if not state.players[seat].storage:
        return "why.own_storage_empty"
    if not any(p.storage for other, p in enumerate(state.players) if other != seat):
        return "why.others_storage_empty"
    return None


def _cowboy_can_move(state: GameState, action: Recruit) -> bool:
    """Whether a Cowboy recruited now has a cow to move (R-PART-2: one step onto a
    built parcel of the ranch, never a cornfield): said before choosing, as the
    Desperado's nothing to swap is."""
    after, _ = apply(state, action)
    return after.phase is Phase.COWBOY and any(isinstance(a, Move)
                                               for a in legal_actions(after))


def _pass_label(state: GameState, locale: str) -> str:
    phase = state.phase
    if phase is Phase.BUILD:
        built = state.turn.built if state.turn is not None else 0
        return t("label.pass.more" if built else "label.pass.build", locale)
    if phase in (Phase.RECRUIT, Phase.COWBOY, Phase.DESPERADO, Phase.THIEF):
        return t(f"label.pass.{phase.value}", locale)
    return t("label.pass.other", locale)


def _recruit_label(state: GameState, action: Recruit, locale: str) -> Label:
    """The partner, and what it does now and at the end (R-PART-*); in a game of the
    Outlaws scenario (R-LEG-2) every partner counts in a group of partners, and a
    Desperado or Cattle thief shown makes its group score (the face shown counts)."""
    partner = t(f"partner.{action.kind}", locale)
    outlaws = state.config.scenario is not None and \
        scenario_name(state.config.scenario) == "outlaws"
    end = t("partner_end.nothing", locale)
    if outlaws:
        end = t("partner_end.outlaw" if action.face in OUTLAW_FACES else
                "partner_end.in_group", locale)
    if action.face == COWBOY:  # R-PART-2: a cowboy where no cow can step is said so
        key = "label.recruit_as_cowboy" if _cowboy_can_move(state, action) \
            else "label.recruit_as_cowboy_idle"
        return Label(t(key, locale, partner=partner), t("partner_help.cowboy", locale, end=end))
    why = _no_swap(state) if action.face == "desperado" else None
    if why is not None:  # R-PART-3: said before choosing, not found out after
        return Label(t("label.recruit_no_swap", locale, partner=partner),
                     t("partner_help.desperado_none", locale, why=t(why, locale), end=end))
    key = f"partner_help.{action.kind}"
    help_text = t(key, locale, end=end)
    if outlaws and "end" not in placeholders(strings(locale)[key]):
        help_text += " · " + end  # a partner that scores on its own counts in a group too
    return Label(t("label.recruit", locale, partner=partner), help_text)


def action_label(state: GameState, action: EngineAction, locale: str) -> Label:
    """The player's words for one legal action (R-TURN-*, R-SYM-*, R-PART-*, R-2P-3)."""
    names = state.config.players
    if isinstance(action, Choose):
        return Label(draft_text(state, action.parcel, locale))
    if isinstance(action, Pass):
        return Label(_pass_label(state, locale))
    if isinstance(action, Build):
        return Label(pair_text(state, action.first, action.second, locale),
                     build_text(state, action, locale))
    if isinstance(action, Discard):
        return Label(t("label.discard", locale, first=parcel_text(state, action.first, locale),
                       second=parcel_text(state, action.second, locale)))
    if isinstance(action, Skull):
        return Label(t("label.skull", locale, cell=cell_name(action.cell)))
    if isinstance(action, Recruit):
        return _recruit_label(state, action, locale)
    if isinstance(action, Move):
        return Label(t("label.move", locale, source=cell_name(action.source),
                       target=cell_name(action.target)))
    if isinstance(action, Swap):
        owner = _owner(state, action.theirs)
        return Label(t("label.swap", locale, mine=parcel_text(state, action.mine, locale),
                       other=names[owner] if owner is not None else "?",
                       theirs=parcel_text(state, action.theirs, locale)))
    if isinstance(action, Steal):
        victim = state.players[action.seat]
        on = victim.cells[action.cell]
        where = parcel_text(state, on, locale) if on > 0 else \
            landscape_name(victim.bonus_landscape, locale)
        return Label(t("label.steal", locale, victim=names[action.seat],
                       cell=cell_name(action.cell), parcel=where))
    if isinstance(action, Bonus):
        return Label(t("label.bonus", locale, letter=bonus_letter(state, action),
                       landscape=landscape_name(action.landscape, locale),
                       cell=cell_name(action.cell)))
    return Label(t("label.pass.other", locale))  # pragma: no cover - every kind is above


def build_text(state: GameState, build: Build, locale: str) -> str:
    """'Desert 1 on C1, Canyon 4 on D1': one build, both ends placed."""
    return t("label.build", locale, first=parcel_text(state, build.first, locale),
             first_cell=cell_name(build.cell), second=parcel_text(state, build.second, locale),
             second_cell=cell_name(build.second_cell))


def mover_score(state: GameState) -> int:
    """The score of the ranch of the seat to move now (R-SCORE-*): what every build's
    effect is counted from."""
    seat = state.turn.seat if state.turn is not None else 0
    return score_ranch(ranch_grid(state, seat)).total


def build_effect(state: GameState, build: Build, locale: str,
                 before: int | None = None) -> str:
    """'+3 pts now · 1 cow arrives': the score change of placing it (R-SCORE-*, R-SYM-1),
    and a drought it brings on a cow in reach ('a drought takes a cow', R-SYM-2: taken
    at once when it is the only one, else the player picks which next).
    `before`: `mover_score(state)`, when the caller labels several builds of one state."""
    seat = state.turn.seat if state.turn is not None else 0
    if before is None:
        before = mover_score(state)
    after_state, events = apply(state, build)
    after = score_ranch(ranch_grid(after_state, seat)).total
    parts = [counted("label.effect_points", after - before, locale)]
    cows = sum(1 for e in events if isinstance(e, ev.CowAdded))
    if cows:
        parts.append(counted("label.effect_cows", cows, locale))
    # R-SYM-2: a skull with one cow in reach took it already (the engine plays a lone
    # choice); with more, the player picks which next
    droughts = sum(1 for e in events if isinstance(e, ev.SkullResolved) and e.seat == seat
                   and e.cow_cell is not None)
    turn = after_state.turn
    if after_state.phase is Phase.SKULL and turn is not None:
        droughts += len(turn.skulls)
    if droughts:
        parts.append(counted("label.effect_drought", droughts, locale))
    return " · ".join(parts)


def position_label(state: GameState, position: Position, locale: str,
                   with_effect: bool = True, before: int | None = None) -> Label:
    """'a) C1 Desert 1, D1 Canyon 4' with its effect as the description (`before`: as
    `build_effect`'s). The cells first and the parcels by landscape and number alone:
    every option places the same pair (the line above the menu names it whole), so the
    words that tell the options apart lead."""
    build = position.builds[0]
    text = t("label.position", locale, letter=position.letter,
             first=_parcel_short(state, build.first, locale), first_cell=cell_name(build.cell),
             second=_parcel_short(state, build.second, locale),
             second_cell=cell_name(build.second_cell))
    return Label(text, build_effect(state, build, locale, before) if with_effect else "")


def proposal_text(state: GameState, letter: str, build: Build, locale: str) -> str:
    """'a) C1 Desert 1, D1 Canyon 4 💰 — confirm?': the cells first, as the menu option
    it came from, and the parcels whole (symbols too) on the step that places them."""
    return t("step.propose", locale, letter=letter,
             first=parcel_text(state, build.first, locale), first_cell=cell_name(build.cell),
             second=parcel_text(state, build.second, locale),
             second_cell=cell_name(build.second_cell))


def step_prompt(state: GameState, locale: str) -> str:
    """The one line above the buttons: what the player decides now, and only the ways
    out that are offered (R-BUILD-2: a player holding too many parcels must build, and
    discards two when nothing fits)."""
    phase = state.phase
    turn = state.turn
    if phase is Phase.BUILD:
        if turn is not None and turn.final:
            return t("step.final", locale)
        options = legal_actions(state)
        if options and all(isinstance(a, Discard) for a in options):  # R-BUILD-2
            return t("step.discard", locale)
        if not any(isinstance(a, Pass) for a in options):  # R-BUILD-2: must build
            return t("step.build_forced", locale)
        if turn is not None and turn.built:  # R-BUILD-1: a second domino, as its button
            return t("step.build_more", locale)  # says ("Done building", not "pass")
        return t("step.build", locale)
    if phase is Phase.RECRUIT:
        cell = turn.partner_cell if turn is not None else -1
        return t("step.recruit", locale, cell=cell_name(cell) if cell >= 0 else "?")
    if phase is Phase.COWBOY:
        left = turn.steps_left if turn is not None else 0  # R-PART-2: up to 3 steps
        return t("step.cowboy", locale, steps=counted("step.steps_left", left, locale))
    if phase is Phase.SETUP and any(slot.ranchero == state.active_seat
                                    for slot in state.column):  # R-2P-2: a second pick
        return t("step.setup_second", locale)
    if phase in (Phase.SETUP, Phase.CHOOSE, Phase.SKULL, Phase.DESPERADO, Phase.THIEF,
                 Phase.BONUS):
        return t(f"step.{phase.value}", locale)
    return t(f"phase.{phase.value}", locale)


def labels_for(state: GameState, actions: Sequence[EngineAction], locale: str) -> list[Label]:
    return [fit(action_label(state, a, locale)) for a in actions]
