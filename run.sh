#!/usr/bin/env bash
# Install (first time: a virtual environment in .venv) and run the Moon River bot.
#   DISCORD_TOKEN=your-token bash run.sh          # the bot
#   bash run.sh sandbox                           # play in the terminal, no Discord
set -euo pipefail
cd "$(dirname "$0")"
if [ ! -x .venv/bin/moonriver ]; then
    python3 -m venv .venv
    .venv/bin/python -m pip install --quiet --upgrade pip
    .venv/bin/python -m pip install --quiet -e .
fi
if [ "$#" -eq 0 ]; then
    set -- run
fi
MOONRIVER_LAUNCHER="bash run.sh" exec .venv/bin/moonriver "$@"
