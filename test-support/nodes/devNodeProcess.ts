// Test support: a development node nobody here wrote (Hardhat's, Ganache) run from its own npm package's CLI, the
// way a person runs it, for tests of how the app reads other nodes' dialects. The app reaches it only over
// JSON-RPC, as any custom network.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { guardScript } from '../../src-node/process/guardScript';
import { nodeClient } from '../nodeClient';

/** A running development node. */
export interface DevNode {
  /** Which node it is, for messages. */
  name: string;
  /** HTTP JSON-RPC address, e.g. http://127.0.0.1:41234 */
  url: string;
  /** Its chain id, as it answered eth_chainId. */
  chainId: number;
  /** PID of the node process itself (not of its guard). */
  pid: number;
  /** Resolves with the exit code once the node (and its guard) have exited. */
  exited: Promise<number | null>;
  /** Stops the node: SIGTERM to its process group, SIGKILL if it is still there after a grace period. */
  stop(): Promise<void>;
}

export interface DevNodeLaunch {
  /** Lowercase letters: the guard's label (`<label>-pid N` on stderr) and the node's name in messages. */
  label: string;
  /** The CLI's script, run with this Node. */
  script: string;
  args: string[];
  /** The line the node prints once it listens; its first group is the port. */
  readyLine: RegExp;
  /** How long to wait for it, in ms. */
  readyTimeoutMs?: number;
  /** Extra environment for the node. */
  env?: Record<string, string>;
}

/** The repository's root: development nodes run from it so they find their own packages (Hardhat insists). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

const GRACE_MS = 5_000;

/**
 * Starts a node's CLI behind the process guard (src-node/process/guardScript.ts: when the test process dies, even
 * by SIGKILL, the node goes too) in a process group of its own, and resolves once it printed its ready line and
 * answers eth_chainId.
 */
export async function startDevNode(launch: DevNodeLaunch): Promise<DevNode> {
  const env: NodeJS.ProcessEnv = { ...process.env, ...launch.env };
  delete env.BLOCKGLASS_SANDBOX_KEY;
  delete env.BLOCKGLASS_SANDBOX_SECRET;
  const child = spawn('/bin/sh', ['-c', guardScript(launch.label), `${launch.label}-guard`, process.execPath, launch.script, ...launch.args], {
    cwd: REPO_ROOT,
    stdio: ['pipe', 'pipe', 'pipe'],
    env,
    detached: true,
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  // The banner lists the well-known accounts' keys and every request is logged: keep a short tail for a failure.
  let stdout = '';
  let stderr = '';
  const ready = new Promise<{ pid: number; port: number }>((resolve, reject) => {
    let pid: number | undefined;
    let port: number | undefined;
    const settle = () => {
      if (pid !== undefined && port !== undefined) resolve({ pid, port });
    };
    child.stdout.on('data', (chunk: Buffer) => {
      stdout = (stdout + chunk.toString('utf8')).slice(-8000);
      // eslint-disable-next-line no-control-regex -- Hardhat colours its ready line
      const match = launch.readyLine.exec(stdout.replace(/\u001b\[[0-9;]*m/g, ''));
      if (match && port === undefined) {
        port = Number(match[1]);
        settle();
      }
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-8000);
      const match = new RegExp(`${launch.label}-pid (\\d+)`).exec(stderr);
      if (match && pid === undefined) {
        pid = Number(match[1]);
        settle();
      }
    });
    void exited.then((code) => reject(new Error(`exited with code ${code} before it was ready`)));
  });
  const stop = () => stopGroup(child.pid!, child.exitCode !== null || child.signalCode !== null, exited);
  let timer: NodeJS.Timeout | undefined;
  try {
    const timeoutMs = launch.readyTimeoutMs ?? 60_000;
    const { pid, port } = await Promise.race([
      ready,
      new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no ready line within ${timeoutMs} ms`)), timeoutMs))),
    ]);
    const url = `http://127.0.0.1:${port}`;
    // It printed its ready line, so it listens: one answer, or the error says why.
    const chainId = await nodeClient(url).getChainId();
    return { name: launch.label, url, chainId, pid, exited, stop };
  } catch (error) {
    await stop();
    throw new Error(`${launch.label} did not start: ${(error as Error).message}\n${(stdout + stderr).slice(-1500)}`);
  } finally {
    clearTimeout(timer);
  }
}

/** SIGTERM to the guard's process group (the guard and the node), SIGKILL to it after the grace; waits for the exit. */
async function stopGroup(groupId: number, gone: boolean, exited: Promise<number | null>): Promise<void> {
  if (gone) return;
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-groupId, name);
    } catch {
      // the group has ended
    }
  };
  signal('SIGTERM');
  const hard = setTimeout(() => signal('SIGKILL'), GRACE_MS);
  await exited;
  clearTimeout(hard);
  signal('SIGKILL'); // anything of the group still there once the guard is gone
}
