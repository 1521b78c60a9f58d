#!/usr/bin/env bash
# npm test: every check a change must pass, in the order a failure is cheapest to find.
# Types, lint (folder rules), the build, unit and integration tests (vitest, against one seeded
# sandbox on a real Anvil), then the end-to-end journeys (Playwright, Debian Chromium).
set -euo pipefail
cd "$(dirname "$0")/.."
# Everything runs inside a private D-Bus session with an unlocked gnome-keyring, so the keychain
# tests and the app's journeys use a real keychain (scripts/keyring-session.sh says what to install).
if [ -z "${BLOCKGLASS_KEYRING_SESSION:-}" ]; then exec bash scripts/keyring-session.sh bash "$0" "$@"; fi
mkdir -p .cache
results=.cache/test-results
rm -rf "$results"; mkdir -p "$results"

echo "== typecheck"; npx tsc -b
echo "== lint"; npx eslint .
echo "== build"; node scripts/build.mjs >"$results/build.log" 2>&1 || { cat "$results/build.log"; exit 1; }

status=0
echo "== unit and integration (vitest)"
npx vitest run --reporter=default --reporter=json --outputFile.json="$results/vitest.json" || status=1
echo "== end-to-end (playwright)"
PLAYWRIGHT_JSON_OUTPUT_NAME="$results/playwright.json" npx playwright test --reporter=list,json || status=1

# One closing line for both runners, in the plain form CI reads: "tests: N passed, N failed".
node scripts/summarize-tests.mjs "$results/vitest.json" "$results/playwright.json"
exit $status
