"""Run a module under cProfile counting the CPU time of the main thread only.

    python -m benchmarks.profiled OUT.prof bot.cli run

The default cProfile timer is the wall clock, which charges the event loop's idle
`epoll` and every wait for the GIL to whatever happens to be running; `time.thread_time`
shows where the bot's event loop spends its CPU. (`benchmarks.bot --profile` uses it.)
"""

from __future__ import annotations

import cProfile
import runpy
import sys
import time


def main() -> None:
    out, module, *args = sys.argv[1:]
    sys.argv = [module, *args]
    profiler = cProfile.Profile(time.thread_time)
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
