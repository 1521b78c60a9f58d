/**
 * A tiny `/bin/sh` script that owns a child process: `sh -c <script> <label>-guard <command> <args…>`.
 * It reads its stdin, a pipe from the parent: when the parent dies for any reason, even SIGKILL (when no
 * exit handler of its own runs), the pipe closes and the guard sends SIGTERM to the child. A SIGTERM, INT
 * or HUP to the guard is passed on the same way. It prints `<label>-pid <pid>` on stderr first; the child's
 * exit status becomes the guard's. The sandbox guards its Anvil with it, and the app guards its sandbox.
 * `secretVariables`: names the guard reads, one line each, from its stdin before anything else and passes
 * to the child's environment only (an empty line: the variable is set empty).
 */
export function guardScript(label: string, secretVariables: readonly string[] = []): string {
  if (!/^[a-z]+$/.test(label)) throw new Error(`guard label must be lowercase letters, not ${JSON.stringify(label)}`);
  for (const name of secretVariables) if (!/^[A-Z_][A-Z0-9_]*$/.test(name)) throw new Error(`not a variable name: ${JSON.stringify(name)}`);
  // Secrets arrive as the first lines of stdin and go into the child's environment only: shell variables are
  // not exported, so the guard's own environment (/proc/<guard>/environ) never holds them.
  const reads = secretVariables.map((name) => `IFS= read -r ${name}\n`).join('');
  const assignments = secretVariables.map((name) => `${name}="$${name}" `).join('');
  return `
${reads}exec 3<&0
${assignments}"$@" </dev/null &
child=$!
echo "${label}-pid $child" >&2
( read _unused <&3; kill -TERM "$child" 2>/dev/null ) &
watcher=$!
trap 'kill -TERM "$child" 2>/dev/null' TERM INT HUP
status=0
while kill -0 "$child" 2>/dev/null; do wait "$child"; status=$?; done
kill "$watcher" 2>/dev/null
exit "$status"
`;
}
