#!/usr/bin/env bash
# Install (first time: a virtual environment in .venv) and run the Moon River bot.
#   DISCORD_TOKEN=your-token bash run.sh          # the bot
#   bash run.sh sandbox [--game kingdomino|moonlight]  # play in the terminal, no Discord
set -euo pipefail
cd "$(dirname "$0")"
# Installed again whenever pyproject.toml or requirements.lock changed since the last
# install (a `git pull` that brings a new dependency or a new pin), so an existing .venv
# never misses one. The versions are the ones CI tested (requirements.lock).
stamp=.venv/.installed-pyproject
wanted=$(cat pyproject.toml requirements.lock | cksum)
if [ ! -x .venv/bin/moonriver ] || [ "$(cat "$stamp" 2>/dev/null)" != "$wanted" ]; then
    [ -x .venv/bin/python ] || python3 -m venv .venv
    .venv/bin/python -m pip install --quiet --upgrade pip
    .venv/bin/python -m pip install --quiet -e . -c requirements.lock
    echo "$wanted" > "$stamp"
fi
if [ "$#" -eq 0 ]; then
    set -- run
fi
MOONRIVER_LAUNCHER="bash run.sh" exec .venv/bin/moonriver "$@"
