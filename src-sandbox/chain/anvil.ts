import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import fs from 'node:fs';
import { guardScript } from '../../src-node/process/guardScript';

/** The sandbox's fixed mnemonic: Anvil's and Hardhat's well-known test mnemonic, so every seed is identical. */
export const SANDBOX_MNEMONIC = 'test test test test test test test test test test test junk';
/** Chain id of the Local network. */
export const SANDBOX_CHAIN_ID = 31337;
/** Genesis timestamp, fixed so the seeded chain's block hashes are the same on every machine. */
export const GENESIS_TIMESTAMP = 1_735_689_600; // 2025-01-01T00:00:00Z

export interface AnvilOptions {
  /** Port to listen on; 0 (default) lets the OS pick one. */
  port?: number;
  /** Extra command-line flags. */
  args?: string[];
  /** How long to wait for the node to answer, in ms. */
  readyTimeoutMs?: number;
}

export interface AnvilProcess {
  /** HTTP JSON-RPC address, e.g. http://127.0.0.1:41234 */
  url: string;
  /** WebSocket JSON-RPC address. */
  wsUrl: string;
  /** PID of the Anvil process itself (not of its guard). */
  pid: number;
  /** Resolves with the exit code once Anvil (and its guard) have exited. */
  exited: Promise<number | null>;
  /** Stops Anvil (SIGTERM, then SIGKILL after a grace period) and waits for it. */
  stop(): Promise<void>;
}

/** Absolute path of the Anvil binary shipped by the `@foundry-rs/anvil` platform package. */
export function anvilBinaryPath(): string {
  const require = createRequire(import.meta.url);
  const pkg = `@foundry-rs/anvil-${process.platform === 'win32' ? 'win32' : process.platform}-${process.arch === 'x64' ? 'amd64' : process.arch}`;
  let dir: string;
  try {
    dir = path.dirname(require.resolve(`${pkg}/package.json`));
  } catch {
    throw new Error(`Anvil binary package ${pkg} is not installed; run npm install (it is an optional dependency of @foundry-rs/anvil)`);
  }
  const bin = path.join(dir, 'bin', process.platform === 'win32' ? 'anvil.exe' : 'anvil');
  if (!fs.existsSync(bin)) throw new Error(`Anvil binary missing at ${bin}`);
  return bin;
}

// Anvil runs behind a guard (see guardScript): when this process dies for any reason, even SIGKILL,
// the guard's stdin pipe closes and it stops Anvil. That is what makes "no orphan Anvil" hold
// without relying on our own signal handlers.
const GUARD = guardScript('anvil');

/** Starts Anvil behind the guard and resolves once it answers JSON-RPC. */
export async function startAnvil(options: AnvilOptions = {}): Promise<AnvilProcess> {
  const args = [
    '--port', String(options.port ?? 0),
    '--host', '127.0.0.1',
    '--chain-id', String(SANDBOX_CHAIN_ID),
    '--mnemonic', SANDBOX_MNEMONIC,
    '--timestamp', String(GENESIS_TIMESTAMP),
    ...(options.args ?? []),
  ];
  // Never the sandbox's key or secret: Anvil and its guard get the environment without them.
  const env = { ...process.env };
  delete env.BLOCKGLASS_SANDBOX_KEY;
  delete env.BLOCKGLASS_SANDBOX_SECRET;
  const child = spawn('/bin/sh', ['-c', GUARD, 'anvil-guard', anvilBinaryPath(), ...args], {
    stdio: ['pipe', 'pipe', 'pipe'],
    env,
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  // A crash report needs the node's last words, but its banner lists private keys: keep a short tail only.
  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString('utf8')).slice(-4000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);

  const pidLine = waitForLine(child, /anvil-pid (\d+)/, 'stderr', options.readyTimeoutMs ?? 20_000, exited);
  pidLine.catch(() => {}); // a start that fails says why below
  try {
    const [pid, port] = await Promise.all([
      pidLine,
      waitForLine(child, /Listening on [\d.]+:(\d+)/, 'stdout', options.readyTimeoutMs ?? 20_000, exited),
    ]);
    const url = `http://127.0.0.1:${port}`;
    await waitForRpc(url, options.readyTimeoutMs ?? 20_000, exited);
    return {
      url,
      wsUrl: `ws://127.0.0.1:${port}`,
      pid: Number(pid),
      exited,
      stop: () => stopGuard(child, exited, pidLine),
    };
  } catch (error) {
    await stopGuard(child, exited, pidLine);
    throw new Error(`Anvil did not start: ${(error as Error).message}\n${tail.slice(-1000)}`);
  }
}

function waitForLine(
  child: ChildProcess,
  pattern: RegExp,
  stream: 'stdout' | 'stderr',
  timeoutMs: number,
  exited: Promise<number | null>,
): Promise<string> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`no "${pattern.source}" within ${timeoutMs} ms`)), timeoutMs);
    const onData = (chunk: Buffer) => {
      seen = (seen + chunk.toString('utf8')).slice(-8000);
      const match = pattern.exec(seen);
      if (match) {
        clearTimeout(timer);
        child[stream]!.off('data', onData);
        resolve(match[1]!);
      }
    };
    child[stream]!.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`exited with code ${code}`));
    });
  });
}

/** Polls `eth_chainId` until the node answers; readiness by polling, never by sleeping a fixed time. */
async function waitForRpc(url: string, timeoutMs: number, exited: Promise<number | null>): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let dead = false;
  void exited.then(() => (dead = true));
  while (Date.now() < deadline && !dead) {
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":[]}',
        signal: AbortSignal.timeout(1000),
      });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(dead ? 'exited before answering' : `no JSON-RPC answer within ${timeoutMs} ms`);
}

/**
 * SIGTERM to the guard, which passes it on to Anvil once it has printed Anvil's PID (`pidLine`; before that the
 * signal would end the guard alone), then its stdin closed, then SIGKILL; waits for the guard's exit.
 */
async function stopGuard(child: ChildProcess, exited: Promise<number | null>, pidLine: Promise<string>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await Promise.race([pidLine.catch(() => {}), exited]);
  child.kill('SIGTERM');
  const killTimer = setTimeout(() => child.stdin?.destroy(), 5000);
  const hardTimer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(killTimer);
  clearTimeout(hardTimer);
}
