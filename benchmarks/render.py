"""Picture speed (issues 3 and 10): the phone turn picture against a plain PNG encode.

    python -m benchmarks.render [--repeats 30]

Warm caches (sprites, fonts and text stamps load once per process, as in the bot's
drawing worker); medians, since the machine is shared and noisy. The target of issue 10:
the turn picture drawn and encoded costs at most half of a plain default-settings PNG
encode (`img.save(buf, "PNG")`) of the same picture.
"""

from __future__ import annotations

import argparse
import io
import statistics
import time
from collections.abc import Callable

from PIL import Image

from engine import events as ev
from engine.game import apply, legal_actions, new_game
from engine.rng import Rng
from engine.state import GameState
from engine.view import public_view
from render import DARK, LIGHT, render_ranch, render_table, to_png_bytes
from render.changes import changes_of
from render.pool import DrawingPool, DrawRequest
from render.theme import Theme
from render.turn import render_turn

TARGET_RATIO = 0.5


def median_ms(action: Callable[[], object], repeats: int,
              clock: Callable[[], float] = time.perf_counter) -> float:
    """Median wall time (or, with `clock=time.process_time`, CPU time: on a shared
    machine that stays near what a free core would take)."""
    action()  # warm up
    times = []
    for _ in range(repeats):
        started = clock()
        action()
        times.append((clock() - started) * 1e3)
    return statistics.median(times)


def interleaved(first: Callable[[], object], second: Callable[[], object],
                repeats: int) -> tuple[list[float], list[float]]:
    """Times of two actions taken turn about, so a noisy neighbour slows both alike."""
    first()
    second()
    a: list[float] = []
    b: list[float] = []
    for _ in range(repeats):
        for action, times in ((first, a), (second, b)):
            started = time.perf_counter()
            action()
            times.append((time.perf_counter() - started) * 1e3)
    return a, b


def busy_table(players: int, until_round: int) -> tuple[GameState, list[ev.Event]]:
    """A late, busy table and the events of the last complete player turn."""
    names = ["Alice", "ボブ", "Carol", "Dmitri"][:players]
    state = new_game(names, 3)
    rng = Rng(3)
    current: list[ev.Event] = []
    finished: list[ev.Event] = []
    while state.round < until_round:
        state, events = apply(state, rng.choice(legal_actions(state)))
        for event in events:
            if isinstance(event, ev.TurnStarted):
                finished, current = current, []
            current.append(event)
    return state, finished


def plain_png(image: Image.Image) -> bytes:
    out = io.BytesIO()
    image.save(out, "PNG")
    return out.getvalue()


def turn_figures(label: str, state: GameState, events: list[ev.Event], theme: Theme,
                 repeats: int) -> float:
    view = public_view(state)
    changes = changes_of(events)

    def draw_and_encode() -> bytes:
        return to_png_bytes(render_turn(view, theme=theme, changes=changes).image, theme=theme)

    image = render_turn(view, theme=theme, changes=changes).image
    draw = median_ms(lambda: render_turn(view, theme=theme, changes=changes), repeats)
    totals, plains = interleaved(draw_and_encode, lambda: plain_png(image), repeats)
    total, plain = statistics.median(totals), statistics.median(plains)
    ratio = total / plain
    print(f"turn picture {label} {image.width}x{image.height} ({theme.name}): draw {draw:.1f} ms,"
          f" draw + encode {total:.1f} ms ({len(draw_and_encode()) / 1024:.0f} KB); plain "
          f"PNG encode {plain:.1f} ms ({len(plain_png(image)) / 1024:.0f} KB); ratio "
          f"{ratio:.2f} (target <= {TARGET_RATIO})")
    cpu_total = median_ms(draw_and_encode, repeats, time.process_time)
    cpu_plain = median_ms(lambda: plain_png(image), repeats, time.process_time)
    print(f"  CPU time: draw + encode {cpu_total:.1f} ms, plain encode {cpu_plain:.1f} ms, "
          f"ratio {cpu_total / cpu_plain:.2f}")
    return ratio


def rss_mib(pid: int) -> float:
    """Resident memory of a process (Linux /proc), in MiB."""
    with open(f"/proc/{pid}/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def worker_figures(state: GameState, events: list[ev.Event], repeats: int) -> None:
    """The drawing worker as the bot would use it: round trip per turn picture, and
    the worker's memory once its caches are warm."""
    request = DrawRequest.of("turn", state, events=tuple(events))
    started = time.perf_counter()
    with DrawingPool() as pool:
        pool.submit(request).result()
        ready = time.perf_counter() - started
        round_trip = median_ms(lambda: pool.submit(request).result(), repeats)
        burst = time.perf_counter()
        pool.draw_many([request] * 50)
        per_second = 50 / (time.perf_counter() - burst)
        memory = sum(rss_mib(pid) for pid in pool.worker_pids())
    print(f"drawing worker: ready in {ready:.1f} s; turn picture round trip "
          f"{round_trip:.1f} ms median; {per_second:.0f} pictures/s back to back; "
          f"worker memory {memory:.0f} MiB")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeats", type=int, default=30)
    args = parser.parse_args()
    ratios = []
    for players, until in ((4, 20), (2, 18)):
        state, events = busy_table(players, until)
        for theme in (DARK, LIGHT):
            ratios.append(turn_figures(f"{players}p", state, events, theme, args.repeats))
    state, _ = busy_table(4, 20)
    view = public_view(state)
    table = render_table(view, theme=DARK)
    print(f"old table picture {table.width}x{table.height}: draw "
          f"{median_ms(lambda: render_table(view, theme=DARK), args.repeats):.1f} ms, encode "
          f"{median_ms(lambda: to_png_bytes(table), args.repeats):.1f} ms")
    print(f"ranch (5x5, 56 px cells): draw "
          f"{median_ms(lambda: render_ranch(view, 0, theme=DARK), args.repeats):.1f} ms")
    worker_figures(*busy_table(4, 20), args.repeats)
    print(f"worst turn-picture ratio {max(ratios):.2f} "
          f"({'meets' if max(ratios) <= TARGET_RATIO else 'misses'} the target)")


if __name__ == "__main__":
    main()
