# Sourced by the side by side's variants (side-by-side-primed.sh, side-by-side-floor.sh). copy_harness LABEL DIR
# copies the shared Otterscan harness in DIR (the folder holding side-by-side.sh and measure.mjs) into a new temporary
# folder, keeping its place among its neighbours (its lib finds the keychain session at ../../../tools). It sets root
# (the project), harness (DIR, absolute), top (the temporary folder, for the caller to remove) and copy (the copy).
copy_harness() {
  local label=$1 dir=$2
  root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
  [ -f "$dir/measure.mjs" ] && [ -f "$dir/side-by-side.sh" ] || { echo "FAIL: no Otterscan side-by-side harness in $dir"; exit 1; }
  harness=$(cd "$dir" && pwd)
  top=$(mktemp -d "${TMPDIR:-/tmp}/peers-$label.XXXXXX")
  mkdir -p "$top/shared/peers"
  copy="$top/shared/peers/$(basename "$harness")"
  cp -r "$harness" "$copy"
  if [ -d "$harness/../../tools" ]; then ln -s "$(cd "$harness/../../tools" && pwd)" "$top/shared/tools"; fi
}
