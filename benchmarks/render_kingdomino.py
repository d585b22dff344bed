"""Kingdomino picture speed (with its target): the phone turn picture
against a plain default-settings PNG encode of the same picture.

    python -m benchmarks.render_kingdomino [--repeats 30]

Warm caches (sprites, fonts and text stamps load once per process, as in the bot's
drawing worker); medians, taken turn about with the plain encode, since the machine is
shared and noisy. Target: drawn and encoded, at most half of `img.save(buf, "PNG")`.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Sequence

from benchmarks.render import TARGET_RATIO, interleaved, median_ms, plain_png
from engine.games.events import Event
from engine.kingdomino import Place, apply, legal_actions, new_game
from engine.kingdomino.ai import make_player
from engine.kingdomino.state import GameState, Phase
from render.kingdomino import render_final, render_kingdom, render_preview, render_turn, to_png
from render.theme import DARK, LIGHT, Theme


def places_of(state: GameState) -> list[Place]:
    return [a for a in legal_actions(state) if isinstance(a, Place)]


def greedy_game(players: int, seed: int, until_round: int | None,
                variants: Sequence[str] = ()) -> tuple[GameState, list[Event]]:
    """Greedy players (kingdoms as people build them) up to a placement decision in
    `until_round`, or to the end; the state and the last action's events."""
    state = new_game(["Alice", "ボブ", "Carol", "Dmitri"][:players], seed, variants=variants)
    player = make_player("greedy", seed)
    events: list[Event] = []
    while state.phase is not Phase.OVER and not (
            until_round is not None and state.round >= until_round
            and state.phase is Phase.PLACE):
        state, events = apply(state, player.choose(state))
    return state, events


def turn_figures(label: str, state: GameState, events: list[Event], theme: Theme,
                 repeats: int) -> float:
    def draw_and_encode() -> bytes:
        return to_png(render_turn(state, events=events, theme=theme).image, theme)

    image = render_turn(state, events=events, theme=theme).image
    draw = median_ms(lambda: render_turn(state, events=events, theme=theme), repeats)
    totals, plains = interleaved(draw_and_encode, lambda: plain_png(image), repeats)
    total, plain = statistics.median(totals), statistics.median(plains)
    ratio = total / plain
    print(f"kingdomino turn picture {label} {image.width}x{image.height} ({theme.name}): "
          f"draw {draw:.1f} ms, draw + encode {total:.1f} ms "
          f"({len(draw_and_encode()) / 1024:.0f} KB); plain PNG encode {plain:.1f} ms "
          f"({len(plain_png(image)) / 1024:.0f} KB); ratio {ratio:.2f} "
          f"(target <= {TARGET_RATIO})")
    cpu_total = median_ms(draw_and_encode, repeats, time.process_time)
    cpu_plain = median_ms(lambda: plain_png(image), repeats, time.process_time)
    print(f"  CPU time: draw + encode {cpu_total:.1f} ms, plain encode {cpu_plain:.1f} ms, "
          f"ratio {cpu_total / cpu_plain:.2f}")
    return ratio


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeats", type=int, default=30)
    args = parser.parse_args()
    ratios = []
    for label, players, until, variants in (("4p", 4, 8, ()), ("2p", 2, 4, ()),
                                            ("mighty duel", 2, 8, ("mighty-duel",))):
        state, events = greedy_game(players, 3, until, variants)
        for theme in (DARK, LIGHT):
            ratios.append(turn_figures(label, state, events, theme, args.repeats))
    state, _ = greedy_game(4, 3, 8)
    seat = state.active_seat or 0
    options = places_of(state)
    print(f"preview ({len(options)} placements): draw + encode "
          f"{median_ms(lambda: to_png(render_preview(state, seat, options, theme=DARK)[0], DARK), args.repeats):.1f} ms")  # noqa: E501
    print(f"kingdom (/kingdomino board): draw + encode "
          f"{median_ms(lambda: to_png(render_kingdom(state, seat, theme=DARK), DARK), args.repeats):.1f} ms")  # noqa: E501
    over, _ = greedy_game(4, 3, None)
    print(f"final picture: draw + encode "
          f"{median_ms(lambda: to_png(render_final(over, theme=DARK).image, DARK), args.repeats):.1f} ms")  # noqa: E501
    print(f"worst turn-picture ratio {max(ratios):.2f} "
          f"({'meets' if max(ratios) <= TARGET_RATIO else 'misses'} the target)")


if __name__ == "__main__":
    main()
