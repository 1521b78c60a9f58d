/**
 * A tiny `/bin/sh` script that owns a child process: `sh -c <script> <label>-guard <command> <args…>`.
 * It reads its stdin, a pipe from the parent: when the parent dies for any reason, even SIGKILL (when no
 * exit handler of its own runs), the pipe closes and the guard sends SIGTERM to the child. A SIGTERM, INT
 * or HUP to the guard is passed on the same way, once it has printed `<label>-pid <pid>` on stderr; the child's
 * exit status becomes the guard's. The sandbox guards its Anvil with it, and the app guards its sandbox.
 * `secretVariables`: names the guard reads, one line each, from its stdin before anything else and passes
 * to the child's environment only (an empty line: the variable is set empty). The guard exits only once its
 * stdin watcher (a subshell with the guard's own command line) is gone too: whoever waited for the guard then
 * finds nothing of it left.
 */
export function guardScript(label: string, secretVariables: readonly string[] = []): string {
  if (!/^[a-z]+$/.test(label)) throw new Error(`guard label must be lowercase letters, not ${JSON.stringify(label)}`);
  for (const name of secretVariables) if (!/^[A-Z_][A-Z0-9_]*$/.test(name)) throw new Error(`not a variable name: ${JSON.stringify(name)}`);
  // Secrets arrive as the first lines of stdin and go into the child's environment only: shell variables are
  // not exported, so the guard's own environment (/proc/<guard>/environ) never holds them.
  const reads = secretVariables.map((name) => `IFS= read -r ${name}\n`).join('');
  const assignments = secretVariables.map((name) => `${name}="$${name}" `).join('');
  // The trap is set once the child and the watcher run (forked before it, they keep the default SIGTERM: one
  // forked with a trap in place can take a SIGTERM into that trap and lose it before its exec). The PID line
  // comes after the trap: from then on a SIGTERM to the guard is passed on, so a parent that wants the child
  // stopped waits for that line before it signals. The loop waits first: dash may already have reaped a child
  // that ended at once (kill -0 then fails), but \`wait\` still gives its status. A status over 128 is either
  // the child's signal or a trapped signal breaking the wait; only a live child is waited for again.
  return `
${reads}exec 3<&0
${assignments}"$@" </dev/null &
child=$!
( read _unused <&3; kill -TERM "$child" 2>/dev/null ) &
watcher=$!
trap 'kill -TERM "$child" 2>/dev/null' TERM INT HUP
echo "${label}-pid $child" >&2
while :; do
  wait "$child"; status=$?
  [ "$status" -gt 128 ] && kill -0 "$child" 2>/dev/null || break
done
kill "$watcher" 2>/dev/null
wait "$watcher" 2>/dev/null
exit "$status"
`;
}
