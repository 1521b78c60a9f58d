#!/usr/bin/env bash
# npm test: every check a change must pass, in the order a failure is cheapest to find.
# Types, lint (folder rules), the build, unit and integration tests (vitest: the component, main and slow tiers,
# against one seeded sandbox on a real Anvil), then the end-to-end journeys (Playwright, Debian Chromium).
# Ends with a table of the tiers (files, tests, seconds) and the line CI reads: "tests: N passed, N failed".
set -euo pipefail
cd "$(dirname "$0")/.."
# Everything runs inside a private D-Bus session with an unlocked gnome-keyring, so the keychain
# tests and the app's journeys use a real keychain (scripts/keyring-session.sh says what to install).
if [ -z "${BLOCKGLASS_KEYRING_SESSION:-}" ]; then exec bash scripts/keyring-session.sh bash "$0" "$@"; fi
mkdir -p .cache
results=.cache/test-results
rm -rf "$results"; mkdir -p "$results"
phases="$results/phases.txt"
# phase NAME COMMAND...: runs it and writes "NAME SECONDS STATUS" to the phase list.
phase() {
  local name=$1; shift
  local started=$SECONDS code=0
  "$@" || code=$?
  echo "$name $((SECONDS - started)) $code" >>"$phases"
  return $code
}

# Types and lint at the same time (one core each), each to its own log, shown when it fails; then the build.
echo "== typecheck and lint"
phase typecheck bash -c "npx tsc -b >'$results/typecheck.log' 2>&1" & typecheck=$!
phase lint bash -c "npx eslint . >'$results/lint.log' 2>&1" & lint=$!
checks=0
wait $typecheck || { echo "typecheck failed:"; cat "$results/typecheck.log"; checks=1; }
wait $lint || { echo "lint failed:"; cat "$results/lint.log"; checks=1; }
[ $checks -eq 0 ] || exit 1
echo "== build"; phase build bash -c "node scripts/build.mjs >'$results/build.log' 2>&1" || { cat "$results/build.log"; exit 1; }

status=0
echo "== unit, components, integration and slow tiers (vitest)"
phase vitest npx vitest run --reporter=default --reporter=json --outputFile.json="$results/vitest.json" || status=1
echo "== end-to-end (playwright)"
PLAYWRIGHT_JSON_OUTPUT_NAME="$results/playwright.json" phase playwright npx playwright test --reporter=list,json || status=1

# The tier table, then one closing line for both runners, in the plain form CI reads.
echo "wall $SECONDS $status" >>"$phases"
node scripts/summarize-tests.mjs "$results/vitest.json" "$results/playwright.json" "$phases"
exit $status
