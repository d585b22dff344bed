"""The `moonriver` command line called in-process: `bot.cli.main(argv)` with its stdin,
stdout and stderr captured, answered as `subprocess.run` would (return code and text).

A process start costs about a second on a busy machine, so the tests of argument handling
and output call the CLI here (the fast tier); a few tests in the system tier still start
the real `python -m bot.cli` (and .ci/run the installed `moonriver` script).
"""

from __future__ import annotations

import contextlib
import io
import subprocess
import sys

from bot.cli import main


def run_cli(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """`moonriver ARGS` as `subprocess.run([..., "-m", "bot.cli", *args],
    capture_output=True, text=True, input=stdin)` would answer, without the process."""
    out, err = io.StringIO(), io.StringIO()
    saved_stdin = sys.stdin
    sys.stdin = io.StringIO(stdin or "")
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = main(list(args))
            except SystemExit as exc:  # argparse's --help, or a command that exits
                code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None
                                                                  else 1)
    finally:
        sys.stdin = saved_stdin
    return subprocess.CompletedProcess(["moonriver", *args], code, out.getvalue(),
                                       err.getvalue())
