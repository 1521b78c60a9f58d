/**
 * A tiny `/bin/sh` guard that owns the sandbox process (the same idea as the sandbox's own Anvil guard).
 * It reads its stdin, a pipe from the app: when the app dies for any reason, even SIGKILL (when no exit
 * handler runs), the pipe closes and the guard sends SIGTERM to the sandbox, which saves its chain and stops
 * its Anvil. A SIGTERM to the guard is passed on the same way. It prints `sandbox-pid <pid>` on stderr first.
 *
 * Usage: `sh -c SANDBOX_GUARD sandbox-guard <command> <args…>`; the command's stdout and stderr are the
 * guard's, and its exit status becomes the guard's.
 */
export const SANDBOX_GUARD = `
exec 3<&0
"$@" </dev/null &
child=$!
echo "sandbox-pid $child" >&2
( read _unused <&3; kill -TERM "$child" 2>/dev/null ) &
watcher=$!
trap 'kill -TERM "$child" 2>/dev/null' TERM INT HUP
status=0
while kill -0 "$child" 2>/dev/null; do wait "$child"; status=$?; done
kill "$watcher" 2>/dev/null
exit "$status"
`;
