"""Run a module under cProfile counting the CPU time of the main thread only.

    python -m benchmarks.profiled [--windows] OUT.prof bot.cli run

The default cProfile timer is the wall clock, which charges the event loop's idle
`epoll` and every wait for the GIL to whatever happens to be running; `time.thread_time`
shows where the bot's event loop spends its CPU. With `--windows` the profiler starts
paused and counts only between SIGUSR1 (resume) and SIGUSR2 (pause), so start-up and a
benchmark's set-up stay out of the profile (`benchmarks.bot --profile` uses it).
"""

from __future__ import annotations

import cProfile
import runpy
import signal
import sys
import time
from types import FrameType


def main() -> None:
    args = sys.argv[1:]
    windows = args[0] == "--windows"
    out, module, *rest = args[1:] if windows else args
    sys.argv = [module, *rest]
    profiler = cProfile.Profile(time.thread_time)
    if windows:
        def resume(_signal: int, _frame: FrameType | None) -> None:
            profiler.enable()

        def pause(_signal: int, _frame: FrameType | None) -> None:
            profiler.disable()

        signal.signal(signal.SIGUSR1, resume)
        signal.signal(signal.SIGUSR2, pause)
    else:
        profiler.enable()
    try:
        runpy.run_module(module, run_name="__main__", alter_sys=True)
    except SystemExit:
        pass
    finally:
        profiler.disable()
        profiler.dump_stats(out)


if __name__ == "__main__":
    main()
