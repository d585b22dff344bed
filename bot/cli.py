"""The `moonriver` command line (NOTATION.md contract: JSON out, exit 2 on bad input)."""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, NoReturn

from PIL import Image

from bot.config import DEFAULT_DB, ConfigError, load_settings
from bot.sandbox import SandboxOptions
from bot.sandbox import main as sandbox_main
from bot.tables.domain import RANDOM_SCENARIO
from bot.tables.errors import TableError
from engine import events as ev
from engine.actions import Build, parse_action
from engine.ai import AI_LEVELS, AI_PLAYERS, DEFAULT_THINK_MS, make_player
from engine.components import load_components
from engine.errors import MoonRiverError
from engine.game import apply, legal_actions, outcome
from engine.i18n import LOCALES
from engine.legends import scenario_name, scenario_number
from engine.ranch import parse_ranch
from engine.record import GameRecord, replay, result_of
from engine.rules import PLAYER_COUNTS, VARIANTS
from engine.scoring import apply_overpopulation, score_ranch
from engine.state import Phase
from engine.view import public_view
from render import (
    render_grid,
    render_preview,
    render_ranch,
    render_scores,
    render_table,
    render_turn,
    to_png_bytes,
)
from render.changes import changes_of
from render.theme import THEMES, theme_named

EXIT_BAD_INPUT = 2
#: Input bounds: a real game record is a few kilobytes and four levels deep.
MAX_JSON_BYTES = 4 * 1024 * 1024
MAX_JSON_DEPTH = 32
#: `simulate --games` at most this many (about an hour of greedy games on one core).
MAX_GAMES = 100_000
#: `simulate --think-ms` at most a minute per decision.
MAX_THINK_MS = 60_000


class UsageError(Exception):
    """Bad input on the command line: one line on stderr, exit status 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


def _print_json(data: Any) -> None:
    print(json.dumps(data, ensure_ascii=False, indent=2))


def cmd_score(args: argparse.Namespace) -> int:
    scenario = scenario_number(args.scenario) if args.scenario is not None else None
    grid, _removed = apply_overpopulation(parse_ranch(args.ranch))  # R-END-3
    _print_json(score_ranch(grid, scenario).to_dict())  # R-LEG-2 with --scenario
    return 0


def _json_depth(text: str) -> int:
    """The deepest nesting of arrays and objects, counted outside strings, so a hostile
    file is refused before the recursive parser can overflow the stack."""
    depth = deepest = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


def _read_json(path: str) -> Any:
    """A JSON file within the size and depth bounds, else a one-line `UsageError`."""
    try:
        with Path(path).open("rb") as file:
            data = file.read(MAX_JSON_BYTES + 1)
    except OSError as exc:
        raise UsageError(f"cannot read {path}: {exc.strerror}") from None
    if len(data) > MAX_JSON_BYTES:
        raise UsageError(f"{path} is larger than {MAX_JSON_BYTES // (1024 * 1024)} MiB: "
                         "not a game record")
    try:
        text = data.decode("utf-8")
        if _json_depth(text) > MAX_JSON_DEPTH:
            raise UsageError(f"{path} is nested deeper than {MAX_JSON_DEPTH} levels: "
                             "not a game record")
        return json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise UsageError(f"{path} is not JSON: {exc}") from None


def cmd_replay(args: argparse.Namespace) -> int:
    result = replay(GameRecord.from_dict(_read_json(args.file)))
    final = result_of(result.state)
    _print_json({
        "scores": final["scores"] if final else None,
        "winners": final["winners"] if final else None,
        "turns": result.turns,
    })
    return 0


def _positive(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number >= 1, got {text!r}")
    return int(text)


def _game_count(text: str) -> int:
    count = _positive(text)
    if count > MAX_GAMES:
        raise argparse.ArgumentTypeError(f"at most {MAX_GAMES} games, got {text!r}")
    return count


def _think_ms(text: str) -> int:
    ms = _positive(text)
    if ms > MAX_THINK_MS:
        raise argparse.ArgumentTypeError(f"at most {MAX_THINK_MS} ms, got {text!r}")
    return ms


def _seed(text: str) -> int:
    if not text.isdigit():
        raise argparse.ArgumentTypeError(f"expected a whole number >= 0, got {text!r}")
    return int(text)


def _simulated_scenario(args: argparse.Namespace) -> int | None:
    """--scenario NAME|random, only with --variant legends (None: drawn from each seed)."""
    if args.scenario is None:
        return None
    if args.variant != "legends":
        raise UsageError("--scenario needs --variant legends")
    return None if args.scenario == "random" else scenario_number(args.scenario)


def cmd_simulate(args: argparse.Namespace) -> int:
    scenario = _simulated_scenario(args)
    ai_names = args.ai.split(",")
    if len(ai_names) == 1:
        ai_names *= args.players
    known = (*AI_PLAYERS, *AI_LEVELS)
    if len(ai_names) != args.players or any(n not in known for n in ai_names):
        raise UsageError(f"--ai takes one AI or one per player from: {', '.join(known)}")
    records_dir = Path(args.records) if args.records else None
    if records_dir is not None:
        try:
            records_dir.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise UsageError(f"cannot create {records_dir}: {exc.strerror}") from None
    scores: list[int] = []
    scores_by_ai: dict[str, list[int]] = {n: [] for n in ai_names}
    wins = dict.fromkeys(ai_names, 0)
    seats_per_ai = {n: ai_names.count(n) for n in ai_names}
    started = time.perf_counter()
    for game in range(args.games):
        seed = args.seed + game
        names = [f"{ai}-{seat + 1}" for seat, ai in enumerate(ai_names)]
        record = GameRecord(seed=seed, players=names, variant=args.variant, scenario=scenario)
        state = record.new_game()
        record.scenario = state.config.scenario  # a drawn scenario is kept in the record
        players = [make_player(ai, seed * 8 + seat, think_ms=args.think_ms)
                   for seat, ai in enumerate(ai_names)]
        while state.phase is not Phase.OVER:
            seat = state.active_seat
            assert seat is not None
            action = players[seat].choose(state)
            record.actions.append(str(action))
            state, _events = apply(state, action)
        result = outcome(state)
        assert result is not None
        scores += [s.total for s in result.sheets]
        for seat, sheet in enumerate(result.sheets):
            scores_by_ai[ai_names[seat]].append(sheet.total)
        for seat in result.winners:
            wins[ai_names[seat]] += 1
        if records_dir is not None:
            record.result = result_of(state)
            path = records_dir / f"game-{seed}.json"
            path.write_text(json.dumps(record.to_dict(), indent=1), encoding="utf-8")
    elapsed = time.perf_counter() - started
    report: dict[str, Any] = {
        "games": args.games,
        "mean_score": round(sum(scores) / len(scores), 2),
        "min_score": min(scores),
        "max_score": max(scores),
        "games_per_second": round(args.games / elapsed, 2) if elapsed > 0 else None,
    }
    if len(set(ai_names)) > 1:  # per AI: games won per seat it played (shared wins count)
        report["win_rate"] = {n: round(wins[n] / (args.games * seats_per_ai[n]), 3)
                              for n in seats_per_ai}
        report["per_ai"] = {n: {"win_rate": report["win_rate"][n], "seats": seats_per_ai[n],
                                "mean_score": round(sum(s) / len(s), 2)}
                            for n, s in scores_by_ai.items()}
    _print_json(report)
    return 0


def _save_png(image: Image.Image, path: Path) -> None:
    try:
        path.write_bytes(to_png_bytes(image))
    except OSError as exc:
        raise UsageError(f"cannot write {path}: {exc.strerror}") from None


def cmd_render(args: argparse.Namespace) -> int:
    theme = theme_named(args.theme)
    output = Path(args.output)
    if args.record is None:
        if args.ranch is None or args.turn is not None:
            raise UsageError("give a ranch in ranch notation, or --record FILE --turn N")
        grid = parse_ranch(args.ranch)
        board = load_components().boards["camp"]
        _save_png(render_grid(grid, board, theme=theme, locale=args.locale), output)
        print(output)
        return 0
    if args.ranch is not None or args.turn is None:
        raise UsageError("--record draws one moment of a game: give --turn N and no ranch")
    record = GameRecord.from_dict(_read_json(args.record))
    result = replay(record, until_turn=args.turn)
    view = public_view(result.state)
    try:
        output.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UsageError(f"cannot create {output}: {exc.strerror}") from None
    changes = changes_of(_last_turn_events(record, args.turn))
    pictures = [("turn.png", render_turn(view, theme=theme, locale=args.locale,
                                         changes=changes).image),
                ("table.png", render_table(view, theme=theme, locale=args.locale))]
    pictures += [(f"ranch-{p.seat + 1}.png",
                  render_ranch(view, p.seat, theme=theme, locale=args.locale))
                 for p in view.players]
    builds = [a for a in legal_actions(result.state) if isinstance(a, Build)]
    if builds and result.state.turn is not None:  # the placement preview of the first pair
        pair = [b for b in builds if (b.first, b.second) == (builds[0].first, builds[0].second)]
        pictures.append(("preview.png", render_preview(view, result.state.turn.seat, pair,
                                                       theme=theme, locale=args.locale)))
    if result.state.phase is Phase.OVER:
        pictures.append(("scores.png", render_scores(view, theme=theme, locale=args.locale)))
    for name, image in pictures:
        _save_png(image, output / name)
        print(output / name)
    return 0


def _last_turn_events(record: GameRecord, until_turn: int) -> list[ev.Event]:
    """The events of the last complete player turn before turn `until_turn` (the record
    was checked by `replay`), for the turn picture's marks."""
    state = record.new_game()
    turns, current, finished = 0, list[ev.Event](), list[ev.Event]()
    for text in record.actions:
        if turns >= until_turn:
            break
        state, events = apply(state, parse_action(text))
        for event in events:
            if isinstance(event, ev.TurnStarted):
                turns += 1
                finished, current = current, []
            current.append(event)
    return current if state.phase is Phase.OVER else finished


NO_TOKEN = """\
moonriver: DISCORD_TOKEN is not set, so the bot cannot log in to Discord.
  1. Create an application at https://discord.com/developers/applications, open Bot,
     press Reset Token and copy it (the README walks through the invite link).
  2. Run: DISCORD_TOKEN=your-token {launcher}{run}
To try the game without Discord: {launcher} sandbox"""


def no_token_message(environ: Mapping[str, str]) -> str:
    """Commands that work as typed: `bash run.sh …` when started through run.sh."""
    launcher = environ.get("MOONRIVER_LAUNCHER") or "moonriver"
    return NO_TOKEN.format(launcher=launcher, run="" if launcher != "moonriver" else " run")


def cmd_run(args: argparse.Namespace) -> int:
    try:
        settings = load_settings(os.environ)
    except ConfigError as exc:
        if "DISCORD_TOKEN is not set" in str(exc):
            print(no_token_message(os.environ), file=sys.stderr)
            return EXIT_BAD_INPUT
        raise UsageError(str(exc)) from None
    from bot.discord.client import run_bot  # discord.py loads only when the bot really runs

    return run_bot(settings)


def cmd_health(args: argparse.Namespace) -> int:
    """For container health checks: is the heartbeat file fresh?"""
    path = Path(args.file)
    try:
        age = time.time() - path.stat().st_mtime
    except OSError:
        print(f"moonriver: no heartbeat at {path}", file=sys.stderr)
        return 1
    if age > args.max_age:
        print(f"moonriver: heartbeat is {age:.0f} s old", file=sys.stderr)
        return 1
    print(f"ok ({age:.0f} s)")
    return 0


def cmd_restore(args: argparse.Namespace) -> int:
    """Put a backup in place of the database; refused while a bot holds the database."""
    from datetime import UTC, datetime

    from bot.tables.store.guard import restore_backup

    backup = Path(args.backup)
    database = Path(args.db or os.environ.get("MOONRIVER_DB", "").strip() or DEFAULT_DB)
    if not backup.is_file():
        raise UsageError(f"no backup at {backup}")
    if backup.resolve() == database.resolve():
        raise UsageError("the backup and the database are the same file")
    if not database.parent.is_dir():
        raise UsageError(f"the folder {database.parent} does not exist")
    try:
        kept = restore_backup(backup, database, datetime.now(UTC))
    except TableError as exc:
        raise UsageError(str(exc)) from None
    except OSError as exc:
        raise UsageError(f"cannot restore into {database}: {exc.strerror}") from None
    _print_json({"restored": str(backup), "database": str(database),
                 "previous": str(kept) if kept is not None else None})
    return 0


def _sandbox_scenario(args: argparse.Namespace) -> str:
    """--scenario NAME|1–4|random, only with --variant legends (R-LEG-2); default random."""
    if args.scenario is None:
        return RANDOM_SCENARIO
    if args.variant != "legends":
        raise UsageError("--scenario needs --variant legends")
    if args.scenario == RANDOM_SCENARIO:
        return RANDOM_SCENARIO
    return scenario_name(scenario_number(args.scenario))


def cmd_sandbox(args: argparse.Namespace) -> int:
    seats = tuple(s.strip() for s in args.seats.split(","))
    names = tuple(n.strip() for n in args.names.split(",")) if args.names else ()
    try:
        options = SandboxOptions(seats=seats, names=names, folder=Path(args.out),
                                 database=Path(args.db) if args.db else None, seed=args.seed,
                                 locale=args.locale, theme=args.theme, variant=args.variant,
                                 scenario=_sandbox_scenario(args))
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    try:
        return sandbox_main(options, sys.stdout)
    except TableError as exc:
        raise UsageError(str(exc)) from None
    except OSError as exc:
        raise UsageError(f"cannot write pictures to {args.out}: {exc.strerror}") from None


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="moonriver", description="Moon River: rules engine tools and bot.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    score = sub.add_parser("score", help="score one ranch written in ranch notation")
    score.add_argument("ranch")
    score.add_argument("--scenario", default=None,
                       help="add a Legends scenario: timber, gold, outlaws, city (or 1–4)")
    score.set_defaults(func=cmd_score)
    rep = sub.add_parser("replay", help="replay a game record, checking every action")
    rep.add_argument("file")
    rep.set_defaults(func=cmd_replay)
    sim = sub.add_parser("simulate", help="play games between AI players")
    sim.add_argument("--games", type=_game_count, default=10)
    sim.add_argument("--players", type=int, choices=PLAYER_COUNTS, default=4)
    sim.add_argument("--ai", default="random",
                     help="one AI, or one per seat: random, greedy, strong (or the levels "
                          "easy, normal, hard), e.g. strong,greedy,greedy,greedy")
    sim.add_argument("--think-ms", type=_think_ms, default=DEFAULT_THINK_MS,
                     help="the strong AI's time per decision in ms (default 1000)")
    sim.add_argument("--seed", type=_seed, default=1)
    sim.add_argument("--records", default=None, help="write each game's record here")
    sim.add_argument("--variant", choices=VARIANTS, default="base")
    sim.add_argument("--scenario", default=None,
                     help="Legends scenario: timber, gold, outlaws, city (or 1–4), or random")
    sim.set_defaults(func=cmd_simulate)
    ren = sub.add_parser("render", help="draw a ranch, or a moment of a recorded game")
    ren.add_argument("ranch", nargs="?", default=None)
    ren.add_argument("-o", "--output", required=True, help="PNG file, or a folder with --record")
    ren.add_argument("--record", default=None, help="a game record (moonriver-record/1)")
    ren.add_argument("--turn", type=_seed, default=None, help="draw the table at turn N")
    ren.add_argument("--theme", choices=sorted(THEMES), default="dark")
    ren.add_argument("--locale", choices=LOCALES, default="en")
    ren.set_defaults(func=cmd_render)
    run = sub.add_parser("run", help="run the Discord bot (needs DISCORD_TOKEN)")
    run.set_defaults(func=cmd_run)
    health = sub.add_parser("health", help="exit 0 if the bot's heartbeat file is fresh")
    health.add_argument("--file", default=os.environ.get("MOONRIVER_HEARTBEAT",
                                                         "/data/heartbeat"))
    health.add_argument("--max-age", type=float, default=120.0)
    health.set_defaults(func=cmd_health)
    res = sub.add_parser("restore", help="put a backup in place of the bot's database "
                                         "(stop the bot first)")
    res.add_argument("backup", help="a backup file (backups/moonriver-….sqlite3)")
    res.add_argument("--db", default=None, help="the database (default: MOONRIVER_DB)")
    res.set_defaults(func=cmd_restore)
    box = sub.add_parser("sandbox", help="play a game in the terminal, no Discord needed")
    box.add_argument("--seats", default="human,random,random",
                     help=f"{min(PLAYER_COUNTS)}–{max(PLAYER_COUNTS)} seats: human, or a "
                          f"computer by level ({', '.join(AI_LEVELS)}) or name "
                          f"({', '.join(AI_PLAYERS)}); default: human,random,random (5×5)")
    box.add_argument("--names", default="", help="names of the human seats, comma-separated")
    box.add_argument("--out", default="sandbox-pictures", help="folder for the pictures")
    box.add_argument("--db", default=None, help="keep the game in this SQLite file (resume)")
    box.add_argument("--seed", type=_seed, default=None)
    box.add_argument("--locale", choices=LOCALES, default="en")
    box.add_argument("--theme", choices=sorted(THEMES), default="dark")
    box.add_argument("--variant", choices=VARIANTS, default="base")
    box.add_argument("--scenario", default=None,
                     help="Legends scenario: timber, gold, outlaws, city (or 1–4), or random")
    box.set_defaults(func=cmd_sandbox)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    try:
        args = build_parser().parse_args(argv)
        code: int = args.func(args)
        return code
    except UsageError as exc:
        print(f"moonriver: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except MoonRiverError as exc:
        print(f"moonriver: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT


if __name__ == "__main__":
    sys.exit(main())
