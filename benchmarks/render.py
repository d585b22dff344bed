"""Picture speed: the phone turn picture against a plain PNG encode.

    python -m benchmarks.render [--repeats 30] [--games 12] [--turns 4] [--turn-after-turn]

Warm caches (sprites, fonts and text stamps load once per process, as in the bot's
drawing worker); medians, since the machine is shared and noisy. The target:
the turn picture drawn and encoded costs at most half of a plain default-settings PNG
encode (`img.save(buf, "PNG")`) of the same picture. "Turn after turn" is what the
drawing worker does in a bot: the pictures of several games, one after each player
turn, taken in turn, so each picture finds in the piece cache what the same table's
last picture left there (and a fresh game, nothing); its CPU per picture is measured
in a real worker process, from /proc, with the picture drawn cold (pieces cache
emptied before each) beside it. Kingdomino's turn picture goes through the same worker.
"""

from __future__ import annotations

import argparse
import io
import os
import statistics
import time
from collections.abc import Callable

from PIL import Image

from engine.games.rng import Rng
from engine.moonriver import events as ev
from engine.moonriver.actions import Build
from engine.moonriver.game import apply, legal_actions, new_game
from engine.moonriver.state import GameState, Phase
from engine.moonriver.view import TableView, public_view
from render.encode import to_png_bytes
from render.moonriver import render_ranch, render_table
from render.moonriver.changes import changes_of
from render.moonriver.turn import render_turn
from render.pieces import PIECES
from render.pool import DrawingPool, DrawRequest, draw
from render.theme import DARK, LIGHT, Theme

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
        """As the worker does it, from nothing cached: the honest figure for a table
        seen for the first time (the same picture again would be all cache hits)."""
        PIECES.clear()
        return to_png_bytes(render_turn(view, theme=theme, changes=changes,
                                        palette=True).image, theme=theme)

    image = render_turn(view, theme=theme, changes=changes).image

    def cold_draw() -> None:
        PIECES.clear()
        render_turn(view, theme=theme, changes=changes)

    draw = median_ms(cold_draw, repeats)
    totals, plains = interleaved(draw_and_encode, lambda: plain_png(image), repeats)
    total, plain = statistics.median(totals), statistics.median(plains)
    ratio = total / plain
    print(f"turn picture {label} {image.width}x{image.height} ({theme.name}), nothing cached: "
          f"draw {draw:.1f} ms, draw + encode {total:.1f} ms "
          f"({len(draw_and_encode()) / 1024:.0f} KB); plain PNG encode {plain:.1f} ms "
          f"({len(plain_png(image)) / 1024:.0f} KB); ratio "
          f"{ratio:.2f} (target <= {TARGET_RATIO})")
    cpu_total = median_ms(draw_and_encode, repeats, time.process_time)
    cpu_plain = median_ms(lambda: plain_png(image), repeats, time.process_time)
    print(f"  CPU time: draw + encode {cpu_total:.1f} ms, plain encode {cpu_plain:.1f} ms, "
          f"ratio {cpu_total / cpu_plain:.2f}")
    return ratio


def game_turns(games: int, turns: int, previews: bool = False) -> list[DrawRequest]:
    """The turn pictures of `games` 3-player games, one after each of their first
    `turns` player turns (the start post first), games taken in turn as a bot serves
    them; themes alternate by game. With `previews`, a build is preceded by the two
    placement previews a bot draws for it (the pair's positions, then the proposal)."""
    runs = []
    for g in range(games):
        names = [f"Player {g}-{i}" for i in range(3)]
        state, rng = new_game(names, 100 + g), Rng(100 + g)
        theme = ("dark", "light")[g % 2]
        turns_drawn: list[list[DrawRequest]] = [
            [DrawRequest.of("moonriver", "turn", state, theme=theme)]]
        waiting: list[DrawRequest] = []  # previews of the turn being played
        current: list[ev.Event] = []
        while len(turns_drawn) <= turns:
            options = legal_actions(state)
            action = rng.choice(options)
            if previews and isinstance(action, Build):
                pair = tuple(b for b in options if isinstance(b, Build)
                             and (b.first, b.second) == (action.first, action.second))
                waiting += [DrawRequest.of("moonriver", "preview", state,
                                           seat=state.active_seat or 0, choices=pair,
                                           proposed=proposed, theme=theme)
                            for proposed in (None, action)]
            state, events = apply(state, action)
            for event in events:
                if isinstance(event, ev.TurnStarted) and current:
                    turns_drawn.append([*waiting, DrawRequest.of(
                        "moonriver", "turn", state, theme=theme, events=tuple(current))])
                    waiting, current = [], []
                current.append(event)
        runs.append(turns_drawn[:turns + 1])
    return [request for t in range(turns + 1) for run in runs for request in run[t]]


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far (Linux /proc)."""
    with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def turn_after_turn(games: int, turns: int) -> None:
    """CPU per player turn in a real worker, turn after turn (the turn picture and the
    previews of a build), and in this process drawn cold (nothing cached) and warm for
    comparison."""
    requests = game_turns(games, turns, previews=True)
    pictures = games * (turns + 1)
    with DrawingPool() as pool:
        pool.draw_many(game_turns(2, 2))  # fonts, sprites, the first pictures: not counted
        pid = pool.worker_pids()[0]
        before = cpu_seconds(pid)
        pool.draw_many(requests)
        worker = (cpu_seconds(pid) - before) / pictures * 1e3
    draw(requests[0])

    def cold() -> None:
        for request in requests:
            PIECES.clear()
            draw(request)

    def in_turn() -> None:
        PIECES.clear()
        for request in requests:
            draw(request)

    print(f"turn after turn ({games} games x {turns + 1} turn pictures, "
          f"{len(requests) - pictures} previews): worker CPU {worker:.1f} ms a player turn; "
          f"here: {median_ms(in_turn, 3, time.process_time) / pictures:.1f} ms in turn, "
          f"{median_ms(cold, 3, time.process_time) / pictures:.1f} ms cold (piece cache "
          f"emptied before each picture)")


def kingdomino_worker(repeats: int) -> None:
    """Kingdomino's turn picture through the drawing worker: round trip."""
    from engine.kingdomino import apply as kd_apply
    from engine.kingdomino import legal_actions as kd_legal
    from engine.kingdomino import new_game as kd_new_game

    state, rng = kd_new_game(["Ann", "Bo", "Cy", "Di"], 7), Rng(7)
    for _ in range(30):
        state, events = kd_apply(state, rng.choice(kd_legal(state)))
    request = DrawRequest.of("kingdomino", "turn", state, events=tuple(events))
    with DrawingPool() as pool:
        pool.submit(request).result()
        round_trip = median_ms(lambda: pool.submit(request).result(), repeats)
    print(f"Kingdomino turn picture in the drawing worker: round trip {round_trip:.1f} ms "
          f"median; drawn here {median_ms(lambda: draw(request), repeats):.1f} ms")


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
    request = DrawRequest.of("moonriver", "turn", state, events=tuple(events))
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


def draft_layouts(repeats: int) -> None:
    """The turn picture by draft layout (both columns, one, none: R-ORDER-1, R-END-1),
    its piece cache cleared before each draw: CPU ms, the median of 5 runs of medians."""
    from render.moonriver.changes import TurnChanges
    from render.moonriver.draft import shown_columns

    for players in (2, 4):
        state = new_game(["Alice", "Bob", "Carol", "Dmitri"][:players], 3)
        rng, turn = Rng(3), list[ev.Event]()
        seen: dict[int, tuple[TableView, TurnChanges]] = {}
        while state.phase is not Phase.OVER:
            state, events = apply(state, rng.choice(legal_actions(state)))
            if any(isinstance(e, ev.TurnStarted) for e in events) and state.phase is not Phase.OVER:
                view = public_view(state)
                seen.setdefault(len(shown_columns(view)), (view, changes_of(turn)))
                turn = []
            turn += events
        for columns, (view, changes) in sorted(seen.items(), reverse=True):
            def cold(view: TableView = view, changes: TurnChanges = changes) -> None:
                PIECES.clear()
                render_turn(view, theme=DARK, changes=changes, palette=True)
            runs = [median_ms(cold, repeats, time.process_time) for _ in range(5)]
            print(f"turn picture, {players} players, {columns} draft column(s): "
                  f"{statistics.median(runs):.1f} ms CPU cold")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeats", type=int, default=30)
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--turns", type=int, default=4,
                        help="player turns a game in the turn-after-turn figure")
    parser.add_argument("--turn-after-turn", action="store_true",
                        help="only the turn-after-turn figure")
    parser.add_argument("--draft-layouts", action="store_true",
                        help="only the turn picture by draft layout")
    args = parser.parse_args()
    if args.draft_layouts:
        draft_layouts(args.repeats)
        return
    if args.turn_after_turn:
        turn_after_turn(args.games, args.turns)
        return
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
    print(f"ranch (5x5, 64 px cells): draw "
          f"{median_ms(lambda: render_ranch(view, 0, theme=DARK), args.repeats):.1f} ms")
    worker_figures(*busy_table(4, 20), args.repeats)
    turn_after_turn(args.games, args.turns)
    kingdomino_worker(args.repeats)
    print(f"worst turn-picture ratio {max(ratios):.2f} "
          f"({'meets' if max(ratios) <= TARGET_RATIO else 'misses'} the target)")


if __name__ == "__main__":
    main()
