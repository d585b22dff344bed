"""Picture speed (issue 3): ranch, table picture, PNG encoding and file size.

    python -m benchmarks.render [--repeats 30]

Warm caches (sprites and fonts load once per process, as in the bot); medians.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

from engine.game import apply, legal_actions, new_game
from engine.rng import Rng
from engine.view import public_view
from render import DARK, render_ranch, render_table, to_png_bytes


def median_ms(action: Callable[[], object], repeats: int) -> float:
    action()  # warm up
    times = []
    for _ in range(repeats):
        started = time.perf_counter()
        action()
        times.append((time.perf_counter() - started) * 1e3)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeats", type=int, default=30)
    args = parser.parse_args()
    state = new_game(["Alice", "ボブ", "Carol", "Dmitri"], 3)
    rng = Rng(3)
    while state.round < 20:  # a late, busy table
        state, _ = apply(state, rng.choice(legal_actions(state)))
    view = public_view(state)
    table = render_table(view, theme=DARK)
    print(f"ranch (5x5, 56 px cells), median: "
          f"{median_ms(lambda: render_ranch(view, 0, theme=DARK), args.repeats):.1f} ms")
    print(f"table picture {table.width}x{table.height}, median: "
          f"{median_ms(lambda: render_table(view, theme=DARK), args.repeats):.1f} ms")
    print(f"encode table, palette PNG (default), median: "
          f"{median_ms(lambda: to_png_bytes(table), args.repeats):.1f} ms, "
          f"{len(to_png_bytes(table)) / 1024:.0f} KB")
    print(f"encode table, RGB PNG, median: "
          f"{median_ms(lambda: to_png_bytes(table, palette=False), args.repeats):.1f} ms, "
          f"{len(to_png_bytes(table, palette=False)) / 1024:.0f} KB")


if __name__ == "__main__":
    main()
