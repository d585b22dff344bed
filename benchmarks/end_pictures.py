"""What a game's end costs the bot: the record played back for the story
(`bot.tables.fronts.story.rounds_of`, in the bot's process, once per game), and the end
pictures drawn and encoded (the drawing worker's share), per game.

    python -m benchmarks.end_pictures [--repeats 7]

CPU time (`time.process_time`), medians of `--repeats` runs over a few finished random
games of each game, warm caches (fonts and sprites load once, as in the worker).
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

from bot.tables.fronts.story import rounds_of
from engine.games.base import Record
from render.registry import draw
from render.request import DrawRequest
from tests.render.story_games import finished

GAMES = (("moonriver", 4), ("moonriver", 2), ("kingdomino", 4), ("moonlight", 2))


def cpu_ms(work: Callable[[], object]) -> float:
    start = time.process_time()
    work()
    return (time.process_time() - start) * 1000


def measure(record: Record, repeats: int) -> tuple[float, float, float]:
    """Medians in ms: the replay, the end picture, the story picture."""
    state, rows = rounds_of(record)
    final = DrawRequest.of(record.game, "turn" if record.game == "moonriver" else "final",
                           state)
    story = DrawRequest.of(record.game, "story", state, rounds=rows)
    draw(final), draw(story)  # warm: fonts, sprites, stamps
    replay = statistics.median(cpu_ms(lambda: rounds_of(record)) for _ in range(repeats))
    end = statistics.median(cpu_ms(lambda: draw(final)) for _ in range(repeats))
    told = statistics.median(cpu_ms(lambda: draw(story)) for _ in range(repeats))
    return replay, end, told


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=7)
    args = parser.parse_args()
    print("game          players  actions  replay ms  end picture ms  story ms")
    for game, players in GAMES:
        for seed in (3, 5):
            record = finished(game, players, seed)
            replay, end, told = measure(record, args.repeats)
            print(f"{game:<13} {players:>7} {len(record.actions):>8} {replay:>10.1f} "
                  f"{end:>15.1f} {told:>9.1f}")


if __name__ == "__main__":
    main()
