#!/usr/bin/env bash
# Otterscan beside Blockglass (the shared harness's side-by-side.sh), run with a third page timed the same way: a blank
# page, ready at the harness's first check. Its time is the harness's own (the new window's start, the navigation,
# Playwright's first check), so Otterscan ÷ blank is the most any page could reach against Otterscan in that run.
# The harness is run on a copy with two lines changed: the blank page is one more tool, interleaved with the others.
#
# usage, in the project checkout: bash bench/side-by-side-floor.sh HARNESS_DIR OTTERSCAN_GIT_DIR [RUNS]
# HARNESS_DIR: the shared harness's folder (the one holding side-by-side.sh and measure.mjs).
set -eu
. "$(dirname "$0")/copyHarness.sh"
copy_harness floor "${1:?usage: side-by-side-floor.sh HARNESS_DIR OTTERSCAN_GIT_DIR [RUNS]}"
shift
blank_pid=
cleanup() { [ -n "$blank_pid" ] && kill "$blank_pid" 2>/dev/null; rm -rf "$top"; }
trap cleanup EXIT

tools_line="const tools = appUrl ? ['ots', 'app'] : ['ots'];"
origin_prefix="const origin = { ots: new URL(ots).origin"
[ "$(grep -cxF "$tools_line" "$copy/measure.mjs")" = 1 ] && [ "$(grep -c "^$origin_prefix" "$copy/measure.mjs")" = 1 ] ||
  { echo "FAIL: measure.mjs changed: its list of tools or its origins are not where this script expects them"; exit 1; }
awk -v tools="$tools_line" -v origin="$origin_prefix" '
  $0 == tools { print "const tools = appUrl ? [\x27ots\x27, \x27app\x27, \x27blank\x27] : [\x27ots\x27, \x27blank\x27]; // floor: the blank page as a third tool"; next }
  { print }
  index($0, origin) == 1 { print "origin.blank = process.env.BLANK_ORIGIN; for (const sc of scenarios) sc.blank = { path: sc.app.path, ready: { kind: \x27texts\x27 } }; // floor: ready at the first check" }
' "$harness/measure.mjs" >"$copy/measure.mjs"
[ "$(grep -c '// floor:' "$copy/measure.mjs")" = 2 ] || { echo "FAIL: could not add the blank page to measure.mjs"; exit 1; }

# The blank page: the same empty document at every path, from a server of its own.
node -e '
  const server = require("node:http").createServer((request, response) => {
    response.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
    response.end("<!doctype html><html><head><title>blank</title></head><body><p>blank</p></body></html>");
  });
  server.listen(0, "127.0.0.1", () => console.log(server.address().port));
' >"$top/blank.port" &
blank_pid=$!
for _ in $(seq 1 50); do [ -s "$top/blank.port" ] && break; sleep 0.1; done
[ -s "$top/blank.port" ] || { echo "FAIL: the blank page's server did not start"; exit 1; }
export BLANK_ORIGIN="http://127.0.0.1:$(cat "$top/blank.port")"

out=${OUT:-$top/side-by-side.json}
cd "$root"
OUT="$out" bash "$copy/side-by-side.sh" "$@"
echo
npx tsx bench/sideBySideFloor.ts "$out"
