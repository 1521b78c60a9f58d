// Test helper run as a child process (`node --import tsx launcherHost.ts <dataDir> <exit|hang>`): an "app"
// that starts the sandbox with the launcher (keys in memory, not the keychain), prints `running` once it is,
// then either exits without stopping it when a line arrives on stdin (`exit`: the process.on('exit')
// fallback must kill it) or waits to be killed (`hang`: the test SIGKILLs it and the guard must stop the
// sandbox).
import type { Credential } from '../../secrets/credential';
import { createSandboxLauncher } from '../createSandboxLauncher';

const [dataDir = '', mode = 'exit'] = process.argv.slice(2);
const entries = new Map<string, Credential>();
const launcher = createSandboxLauncher({
  dataDir,
  projectRoot: process.cwd(),
  secrets: { get: async (id) => entries.get(id), set: async (id, credential) => void entries.set(id, credential) },
  extraArgs: ['--block-time', '1'],
});
const status = await launcher.start();
process.stdout.write(`${status.state}\n`);
if (mode === 'exit') process.stdin.once('data', () => process.exit(0));
else setInterval(() => {}, 1000);
