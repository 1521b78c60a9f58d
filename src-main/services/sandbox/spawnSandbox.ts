// SECURITY: the sandbox's key and secret go to the child ONLY through its environment
// (BLOCKGLASS_SANDBOX_KEY / _SECRET): a command line is readable by every user of the machine, an
// environment only by its owner. The child's stdout carries the ready line, with the key: it is parsed and
// never logged. Its stderr lines are logged only after redaction.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { LocalSandboxAddresses } from '../../../src-shared/networks/localNetwork';
import { basicAuthToken } from '../secrets/basicAuthorization';
import type { Credential } from '../secrets/credential';
import { redactSecrets } from '../secrets/redactSecrets';
import { parseReadyLine } from './parseReadyLine';
import { SandboxStartError } from './sandboxErrors';
import { SANDBOX_GUARD } from './sandboxGuard';
import { SANDBOX_NODE_FLAGS } from './sandboxNodeFlags';

/** How a sandbox process ended. */
export interface SandboxExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** A running sandbox child process. */
export interface SandboxChild {
  /** PID of the sandbox process (under POSIX, the guard's child). */
  readonly pid: number;
  readonly addresses: LocalSandboxAddresses;
  /** Settles when the process (and its guard) ended, for whatever reason. */
  readonly exited: Promise<SandboxExit>;
  /** The last stderr lines, redacted, for crash reports. */
  lastLines(): string;
  /** SIGTERM (the sandbox saves its chain and stops Anvil), then SIGKILL after `graceMs`; resolves once it is gone. */
  stop(graceMs: number): Promise<void>;
  /** SIGKILL now, synchronously (for `process.on('exit')`, where nothing asynchronous runs). */
  killNow(): void;
}

/** Options of {@link spawnSandbox}. */
export interface SpawnSandboxOptions {
  /** Folder holding the sandbox's bundle, `out/sandbox/cli.mjs` (`npm run build` makes it). */
  projectRoot: string;
  /** The sandbox's own data folder. */
  dataDir: string;
  credential: Credential;
  /** 0 picks a free port. */
  port: number;
  /** Discard the saved chain and seed anew. */
  fresh?: boolean;
  /** Longest wait for the ready line (a first start seeds the chain, which takes a while on a slow machine). */
  readyTimeoutMs?: number;
  /** Hears the sandbox's progress lines, redacted. */
  log?: (line: string) => void;
  /** Extra CLI flags (tests: `--block-time`). Never credentials. */
  extraArgs?: string[];
  /** Aborting gives up on the start: the process is stopped and the promise rejects. */
  signal?: AbortSignal;
  /**
   * How long a start given up on (aborted, timed out) has to stop in order before it is killed ({@link SANDBOX_STOP_GRACE_MS}).
   * A sandbox told to stop while it restores its chain finishes the restore, then saves and stops Anvil: killed
   * sooner, its Anvil is left to save the chain on its own, after the app has gone.
   */
  stopGraceMs?: number;
}

/** How long a sandbox has to save its chain and stop its Anvil when asked, before it is killed. */
export const SANDBOX_STOP_GRACE_MS = 15_000;

const MAX_READY_LINE = 64 * 1024;

/** Where `npm run build` puts the sandbox (scripts/buildSandbox.mjs). */
export const sandboxBundlePath = (projectRoot: string) => path.join(projectRoot, 'out', 'sandbox', 'cli.mjs');
const TAIL_LINES = 12;

/**
 * Starts the sandbox CLI as a child process (`<node> <root>/out/sandbox/cli.mjs --json --port N --data DIR`:
 * the bundle, run by plain node, starts in a third of the time and memory the TypeScript sources took under
 * tsx) behind {@link SANDBOX_GUARD}, and resolves once it printed its ready line. Rejects with a
 * `SandboxStartError` (redacted, with its last stderr lines) when it exits first or stays silent too long;
 * the process is stopped then.
 */
export async function spawnSandbox(options: SpawnSandboxOptions): Promise<SandboxChild> {
  const { apiKey, apiSecret } = options.credential;
  const secrets = [apiKey, ...(apiSecret ? [apiSecret, basicAuthToken(apiKey, apiSecret)] : [basicAuthToken(apiKey)])];
  const redact = (text: string) => redactSecrets(text, secrets);
  const log = options.log ?? (() => {});
  const cli = sandboxBundlePath(options.projectRoot);
  if (!fs.existsSync(cli)) throw new SandboxStartError(`It is not built: ${cli} is missing (run \`npm run build\`)`, '');
  const args = [...SANDBOX_NODE_FLAGS, cli, '--json', '--port', String(options.port), '--data', options.dataDir, ...(options.fresh ? ['--fresh'] : []), ...(options.extraArgs ?? [])];
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.BLOCKGLASS_SANDBOX_KEY;
  delete env.BLOCKGLASS_SANDBOX_SECRET;
  // Under Electron, process.execPath is the Electron binary: this makes it behave as plain Node.
  if (process.versions.electron) env.ELECTRON_RUN_AS_NODE = '1';

  // POSIX: behind the guard, so even a SIGKILLed app leaves no sandbox. Windows has no /bin/sh: the
  // process.on('exit') fallback below is all there is there.
  const guarded = process.platform !== 'win32';
  // The guard reads the key and secret from its stdin and hands them to the sandbox's environment only.
  const child: ChildProcess = guarded
    ? spawn('/bin/sh', ['-c', SANDBOX_GUARD, 'sandbox-guard', process.execPath, ...args], { cwd: options.projectRoot, env, stdio: ['pipe', 'pipe', 'pipe'] })
    : spawn(process.execPath, args, {
        cwd: options.projectRoot,
        env: { ...env, BLOCKGLASS_SANDBOX_KEY: apiKey, ...(apiSecret ? { BLOCKGLASS_SANDBOX_SECRET: apiSecret } : {}) },
        stdio: ['pipe', 'pipe', 'pipe'],
        windowsHide: true,
      });
  if (guarded) child.stdin!.write(`${apiKey}\n${apiSecret ?? ''}\n`);

  const exited = new Promise<SandboxExit>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const spawnFailed = new Promise<Error>((resolve) => child.once('error', resolve));
  const tail: string[] = [];
  let sandboxPid: number | undefined = guarded ? undefined : child.pid;
  let gotPid: (pid: number) => void = () => {};
  const pidKnown = new Promise<number>((resolve) => {
    if (sandboxPid !== undefined) resolve(sandboxPid);
    gotPid = resolve;
  });

  let pendingErr = '';
  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', (chunk: string) => {
    pendingErr += chunk;
    const lines = pendingErr.split('\n');
    pendingErr = lines.pop() ?? '';
    for (const raw of lines) {
      const line = redact(raw.trimEnd());
      const pid = /^sandbox-pid (\d+)$/.exec(line);
      if (pid && sandboxPid === undefined) {
        sandboxPid = Number(pid[1]);
        gotPid(sandboxPid);
        continue;
      }
      if (line === '') continue;
      tail.push(line);
      if (tail.length > TAIL_LINES) tail.shift();
      log(line.startsWith('sandbox: ') ? line : `sandbox: ${line}`);
    }
  });
  const lastLines = () => tail.slice(-4).join(' / ');

  // SECURITY: stdout is the ready line (with the key). It is parsed, never logged or quoted.
  const ready = new Promise<LocalSandboxAddresses>((resolve, reject) => {
    let buffered = '';
    child.stdout!.setEncoding('utf8');
    const onData = (chunk: string) => {
      buffered += chunk;
      const end = buffered.indexOf('\n');
      if (end === -1) {
        if (buffered.length > MAX_READY_LINE) reject(new SandboxStartError('Its ready line was too long', ''));
        return;
      }
      child.stdout!.off('data', onData);
      child.stdout!.resume(); // nothing else is expected; keep the pipe drained anyway
      const addresses = parseReadyLine(buffered.slice(0, end), apiKey);
      buffered = '';
      if (addresses) resolve(addresses);
      else reject(new SandboxStartError('Its ready line was not understood', ''));
    };
    child.stdout!.on('data', onData);
  });

  const killNow = () => {
    for (const pid of [sandboxPid, child.pid]) {
      if (pid === undefined) continue;
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  };

  // No orphan even when the app exits without stopping it (or while it is still starting): SIGKILL then.
  // (A SIGKILLed app runs no handler at all; under POSIX the guard covers that.)
  const onAppExit = () => killNow();
  process.on('exit', onAppExit);
  void exited.then(() => process.off('exit', onAppExit));

  let stopping: Promise<void> | undefined;
  const stop = (graceMs: number) =>
    (stopping ??= (async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const timer = setTimeout(killNow, graceMs);
      // The guard passes a SIGTERM on once it has printed the sandbox's PID; before that it would end the guard
      // alone. (That line comes within a moment of the spawn; the grace above bounds the wait all the same.)
      if (guarded) await Promise.race([pidKnown, exited]);
      child.kill('SIGTERM'); // the guard passes it on; without a guard it is the sandbox itself
      await exited;
      clearTimeout(timer);
      child.stdin?.destroy();
    })());

  const timeoutMs = options.readyTimeoutMs ?? 180_000;
  let timer: NodeJS.Timeout | undefined;
  // Whichever loses the race settles later; each has a handler so that never becomes an unhandled rejection.
  const contenders = [
    ready,
    exited.then((exit): never => {
      throw new SandboxStartError(`It exited (${describeExit(exit)}) before it was ready`, redact(pendingErr.trim()) || lastLines());
    }),
    spawnFailed.then((error): never => {
      throw new SandboxStartError(`It could not be run (${redact(error.message)})`, '');
    }),
    new Promise<never>((_, reject) => {
      const abort = () => reject(new SandboxStartError('It was stopped before it was ready', ''));
      if (options.signal?.aborted) abort();
      options.signal?.addEventListener('abort', abort, { once: true });
      void exited.then(() => options.signal?.removeEventListener('abort', abort));
    }),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new SandboxStartError(`It printed no ready line within ${Math.round(timeoutMs / 1000)} s`, lastLines())), timeoutMs);
    }),
  ];
  for (const contender of contenders) contender.catch(() => {});
  try {
    const addresses = await Promise.race(contenders);
    const pid = guarded ? await Promise.race([pidKnown, exited.then(() => -1)]) : (child.pid ?? -1);
    if (pid === -1) throw new SandboxStartError('It exited as it became ready', lastLines());
    return { pid, addresses, exited, lastLines, stop, killNow };
  } catch (error) {
    await stop(options.stopGraceMs ?? SANDBOX_STOP_GRACE_MS);
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** "exit code 1", "signal SIGKILL". */
export function describeExit({ code, signal }: SandboxExit): string {
  if (signal) return `signal ${signal}`;
  // The guard reports a child killed by a signal as 128 + its number.
  if (code !== null && code > 128) return `exit code ${code} (signal ${code - 128})`;
  return `exit code ${code}`;
}
