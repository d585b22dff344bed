#!/usr/bin/env bash
# Mutation testing of the rules engine with mutmut (docs/mutation.md has the last score and
# every surviving mutant with the reason it is equivalent). Too slow for CI: about an hour
# per game's rule modules on one core.
#
#   bash scripts/mutation.sh                       # Moon River's modules with the most rules
#   bash scripts/mutation.sh engine/kingdomino/game.py ...   # other modules
#
# Each mutant runs only the tests of its game: tests/engine/kingdomino/ for Kingdomino's
# modules, tests/engine/moonlight/ for Moonlight's, and the rest of tests/engine/ for Moon
# River's, plus the engine tests that check every game through the registry
# (MUTATION_TESTS overrides, e.g. MUTATION_TESTS="tests/engine/"). One game per run:
# modules of two games in one call are refused. MUTATION_JOBS sets the parallel mutants (2).
#
# Results stay in mutants/ (ignored by git); `mutmut results` lists the survivors and
# `mutmut show NAME` shows one. A run with other tests than the last one reruns every mutant.
set -euo pipefail
cd "$(dirname "$0")/.."
MUTMUT=${MUTMUT:-.venv/bin/mutmut}
modules=("$@")
if [ ${#modules[@]} -eq 0 ]; then
  modules=(engine/moonriver/game.py engine/moonriver/scoring.py engine/moonriver/scenarios.py engine/moonriver/legends.py)
fi
games=$(printf '%s\n' "${modules[@]}" | sed -n 's|^engine/\([a-z]*\)/.*|\1|p' | sort -u)
if [ "$(printf '%s\n' "$games" | grep -c .)" -ne 1 ]; then
  echo "mutation.sh: give modules of one game under engine/<game>/ (got: ${games:-none})" >&2
  exit 2
fi
case "$games" in
  moonriver)
    default_tests='"tests/engine/", "--ignore=tests/engine/kingdomino", "--ignore=tests/engine/moonlight"' ;;
  *)
    default_tests="\"tests/engine/$games/\", \"tests/engine/test_games.py\", "
    default_tests+='"tests/engine/test_player_views.py", "tests/engine/test_component_files.py"' ;;
esac
tests=$default_tests
if [ -n "${MUTATION_TESTS:-}" ]; then
  tests=$(printf '"%s", ' $MUTATION_TESTS)
  tests=${tests%, }
fi
only=$(printf '"%s", ' "${modules[@]}")
# mutmut reads its settings from pyproject.toml; the modules and tests are passed by a copy.
backup=$(mktemp)
cp pyproject.toml "$backup"
trap 'cp "$backup" pyproject.toml; rm -f "$backup"' EXIT
sed -i -e "s|^source_paths = \[\"engine/\"\]|source_paths = [\"engine/\"]\nonly_mutate = [${only%, }]|" \
  -e "s|^pytest_add_cli_args_test_selection = .*|pytest_add_cli_args_test_selection = [${tests}]|" \
  pyproject.toml
echo "mutation.sh: mutating ${modules[*]} against ${tests}"
"$MUTMUT" run --max-children "${MUTATION_JOBS:-2}"
"$MUTMUT" results | tee mutants/survivors.txt
