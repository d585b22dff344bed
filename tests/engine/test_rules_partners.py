"""R-PART-1 … R-PART-6: cowboys, desperados, cattle thieves and the protection of partners."""

from engine.moonriver.components import Landscape as L
from engine.moonriver.events import CowMoved, CowStolen, ParcelsSwapped
from engine.moonriver.state import Phase
from tests.helpers import (
    Spec,
    act,
    build_turn,
    cell,
    cows_at,
    give,
    legal_texts,
    set_ranch,
    set_saloon,
    start_game,
)


def recruit_on_a1(state, kind: str, *, ranch: str | None = None, other: str | None = None):
    """Seat 0 places a circle parcel on A1 and is asked to recruit from a saloon of `kind`."""
    if ranch:
        set_ranch(state, 0, ranch)
    if other:
        set_ranch(state, 1, other)
    set_saloon(state, kind)
    state, (circle, plain) = build_turn(state, 0, [Spec(L.DESERT, circle=True, cows=None),
                                                   Spec(L.FARM)])
    state, _ = act(state, f"build p{circle} p{plain} A1 up")
    assert state.phase is Phase.RECRUIT
    return state


def test_R_PART_1_any_partner_protects_its_territory_from_thieves() -> None:
    state = start_game()
    state = recruit_on_a1(
        state, "thief",
        other=". . . . . / . . . . . / . . . . . / me+ . . . . / me+ fo+!cowboy fo+ ca+!trapper ca")
    state, _ = act(state, "recruit thief")
    assert state.phase is Phase.THIEF
    # meadow A1/A2 unprotected; forest B1-C1 has a cowboy; canyon D1-E1 a trapper
    assert legal_texts(state) == ["steal 2 A1", "steal 2 A2", "pass"]


def test_R_PART_2_cowboy_three_steps_split_among_cows_never_onto_cornfields() -> None:
    state = start_game()
    state = recruit_on_a1(
        state, "farmer",
        ranch=". . . . . / . . . . . / . . . . . / . . . . . / . me+ co1 fo+ fo")
    state, _ = act(state, "recruit farmer as cowboy")
    assert state.phase is Phase.COWBOY
    moves = legal_texts(state)
    assert "move B1 C1" not in moves and "move D1 C1" not in moves  # cornfield C1
    assert "move B1 A1" in moves and "move D1 E1" in moves and "pass" in moves
    state, _ = act(state, "move B1 A1", "move D1 E1")
    assert state.phase is Phase.COWBOY and state.turn.steps_left == 1
    state, events = act(state, "move A1 A2")
    assert [e for e in events if isinstance(e, CowMoved)]
    assert state.phase is Phase.CHOOSE  # three steps used
    assert cows_at(state, 0, "A2") == 1 and cows_at(state, 0, "E1") == 1


def test_R_PART_2_a_cowboy_cannot_cross_a_cornfield() -> None:
    state = start_game()
    state = recruit_on_a1(
        state, "farmer",
        ranch=". . . . . / . . . . . / . . . . . / . . co1 . . / . me+ co1 me .")
    state, _ = act(state, "recruit farmer as cowboy")
    assert legal_texts(state) == ["move B1 A1", "pass"]  # never through C1 to D1


def test_R_PART_3_desperado_swaps_stored_parcels() -> None:
    state = start_game()
    set_saloon(state, "desperado")
    state, (circle, plain, kept) = build_turn(state, 0, [
        Spec(L.DESERT, circle=True, cows=None), Spec(L.FARM), Spec(L.MEADOW)])
    (theirs,) = give(state, 1, Spec(L.FOREST))
    state, _ = act(state, f"build p{circle} p{plain} A1 up", "recruit desperado")
    assert state.phase is Phase.DESPERADO
    assert legal_texts(state) == [f"swap p{kept} p{theirs}", "pass"]
    state, events = act(state, f"swap p{kept} p{theirs}")
    assert state.players[0].storage == [theirs] and state.players[1].storage == [kept]
    assert next(e for e in events if isinstance(e, ParcelsSwapped)).other == 1


def test_R_PART_3_desperado_needs_parcels_on_both_sides() -> None:
    state = start_game()
    set_saloon(state, "desperado")
    state, (circle, plain) = build_turn(state, 0, [Spec(L.DESERT, circle=True, cows=None),
                                                   Spec(L.FARM)])
    give(state, 1, Spec(L.FOREST))
    state, _ = act(state, f"build p{circle} p{plain} A1 up", "recruit desperado")
    assert state.phase is Phase.CHOOSE  # own storage empty: nothing to swap, no decision


def test_R_PART_4_thief_takes_an_unprotected_cow_onto_its_parcel() -> None:
    state = start_game()
    state = recruit_on_a1(state, "thief", other=". . . . . / . . . . . / . . . . . / . . . . . "
                                                "/ . . me+ . .")
    state, _ = act(state, "recruit thief")
    state, events = act(state, "steal 2 C1")
    assert cows_at(state, 1, "C1") == 0 and cows_at(state, 0, "A1") >= 1
    stolen = next(e for e in events if isinstance(e, CowStolen))
    assert (stolen.victim, stolen.source, stolen.target) == (1, cell("C1"), cell("A1"))


def test_R_PART_4_a_thief_on_a_cornfield_cannot_steal() -> None:
    state = start_game()
    state = recruit_on_a1(state, "thief",
                          other=". . . . . / . . . . . / . . . . . / . . . . . / . . me+ . .")
    # The provisional set has no circle on a cornfield; exchange the circle parcel on A1
    # for a cornfield from the pile to test the rule for any component set.
    parcels = state.components.parcels
    corn = next(p for p in state.pile if parcels[p - 1].landscape is L.CORNFIELD)
    state.pile.remove(corn)
    state.pile.append(state.players[0].cells[0])
    state.players[0].cells[0] = corn
    state._legal = None
    state, _ = act(state, "recruit thief")
    assert state.phase is Phase.CHOOSE  # no cow may stand on a cornfield


def test_R_PART_5_scoring_specialists_have_no_immediate_effect() -> None:
    for kind in ("golddigger", "trapper", "farmer"):
        state = recruit_on_a1(start_game(), kind)
        state, _ = act(state, f"recruit {kind}")
        assert state.phase is Phase.CHOOSE


def test_R_PART_6_immediate_effects_are_optional() -> None:
    for kind, face in (("thief", "thief"), ("desperado", "desperado"), ("farmer", "cowboy")):
        state = start_game()
        state = recruit_on_a1(state, kind, ranch=". . . . . / . . . . . / . . . . . / . . . . . "
                                                 "/ . me+ me . .",
                              other=". . . . . / . . . . . / . . . . . / . . . . . "
                                    "/ . . me+ . .")
        give(state, 0, Spec(L.FOREST))
        give(state, 1, Spec(L.CANYON))
        text = f"recruit {kind}" + (" as cowboy" if face == "cowboy" else "")
        state, _ = act(state, text)
        assert "pass" in legal_texts(state) and len(legal_texts(state)) > 1
        state, _ = act(state, "pass")
        assert state.phase is Phase.CHOOSE
