#!/usr/bin/env bash
# Mutation testing of the rules engine with mutmut (docs/mutation.md has the last score and
# every surviving mutant with the reason it is equivalent). Too slow for CI: about an hour
# for the rule modules on two cores.
#
#   bash scripts/mutation.sh                       # the modules with the most rules
#   bash scripts/mutation.sh engine/moonriver/state.py ...   # other modules
#
# Results stay in mutants/ (ignored by git); `mutmut results` lists the survivors and
# `mutmut show NAME` shows one.
set -euo pipefail
cd "$(dirname "$0")/.."
MUTMUT=${MUTMUT:-.venv/bin/mutmut}
modules=("$@")
if [ ${#modules[@]} -eq 0 ]; then
  modules=(engine/moonriver/game.py engine/moonriver/scoring.py engine/moonriver/scenarios.py engine/moonriver/legends.py)
fi
only=$(printf '"%s", ' "${modules[@]}")
# mutmut reads its settings from pyproject.toml; the module list is passed by a copy of it.
backup=$(mktemp)
cp pyproject.toml "$backup"
trap 'cp "$backup" pyproject.toml; rm -f "$backup"' EXIT
sed -i "s|^source_paths = \[\"engine/\"\]|source_paths = [\"engine/\"]\nonly_mutate = [${only%, }]|" \
  pyproject.toml
"$MUTMUT" run --max-children "${MUTATION_JOBS:-2}"
"$MUTMUT" results | tee mutants/survivors.txt
