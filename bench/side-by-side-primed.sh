#!/usr/bin/env bash
# Otterscan beside Blockglass (../shared/peers/otterscan/side-by-side.sh), run once more with one change to how a
# warm visit is timed: Playwright's script for waiting is put in the page before the clock starts.
#
# measure.mjs times a warm visit from the navigation to the first check its waitForFunction makes, and Playwright
# creates its injected script in the page for that first check: 17-19 ms of the page's main thread on this kind of
# machine, whichever page it is (blank, Otterscan or Blockglass). A page that draws at once (Blockglass's home,
# drawn from what the window holds) has its main thread busy when that script arrives, so the script's creation
# comes after the page's work and adds to it; a page waiting on the network (Otterscan's) creates it meanwhile. Here
# the script is created (`page.waitForFunction(() => true)`) once block 1 has loaded, before the clock starts, for
# both tools alike; everything else is the shared harness as it is.
#
# usage, in the project checkout: bash bench/side-by-side-primed.sh HARNESS_DIR OTTERSCAN_GIT_DIR [RUNS]
# HARNESS_DIR: the shared harness's folder (the one holding side-by-side.sh and measure.mjs).
set -eu
. "$(dirname "$0")/copyHarness.sh"
copy_harness primed "${1:?usage: side-by-side-primed.sh HARNESS_DIR OTTERSCAN_GIT_DIR [RUNS]}"
shift
trap 'rm -rf "$top"' EXIT
anchor="    await page.waitForLoadState('networkidle').catch(() => {});"
[ "$(grep -cxF "$anchor" "$copy/measure.mjs")" = 1 ] || { echo "FAIL: measure.mjs changed: its warm visit's wait for block 1 is not where this script expects it"; exit 1; }
awk -v anchor="$anchor" '{ print } $0 == anchor { print "    await page.waitForFunction(() => true); // primed: the injected script created before t0" }' \
  "$harness/measure.mjs" >"$copy/measure.mjs"
grep -q '// primed:' "$copy/measure.mjs" || { echo "FAIL: could not prime measure.mjs"; exit 1; }
cd "$root"
bash "$copy/side-by-side.sh" "$@"
