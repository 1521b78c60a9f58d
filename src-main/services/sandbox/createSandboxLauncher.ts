// SECURITY: the launcher makes the Local sandbox's key, keeps it in the keychain (credential `local`) and
// hands it to the sandbox through its environment only. Statuses, logs and errors never carry it: addresses
// are kept without the key, stderr lines are redacted, and the ready line is never logged.
import fs from 'node:fs';
import path from 'node:path';
import type { ApiError } from '../../../src-shared/api/apiError';
import type { SandboxStatus } from '../../../src-shared/api/sandbox';
import { LOCAL_CREDENTIAL_ID, type LocalSandboxAddresses } from '../../../src-shared/networks/localNetwork';
import type { Credential } from '../secrets/credential';
import type { SecretStore } from '../secrets/createSecretStore';
import { BlockglassError } from '../errors/blockglassError';
import { toApiError } from '../errors/thrownToApiError';
import { generateSandboxCredential, isSandboxCredential } from './generateSandboxCredential';
import { readSandboxFacts } from './readSandboxFacts';
import { DEFAULT_RESTART_BACKOFF_MS, restartDelay } from './restartDelay';
import { classifyStartFailure } from './classifyStartFailure';
import { SandboxCrashedError } from './sandboxErrors';
import { describeExit, SANDBOX_STOP_GRACE_MS, spawnSandbox, type SandboxChild } from './spawnSandbox';

/** The Local sandbox as the app runs it: a child process, restarted when it crashes. */
export interface SandboxLauncher {
  /** The current state (from src-shared/api/views). */
  status(): SandboxStatus;
  /** Hears every change of state; returns the function that stops it. */
  onStatus(listener: (status: SandboxStatus) => void): () => void;
  /** The running sandbox's addresses (for localNetwork()), without the key, or undefined. */
  addresses(): LocalSandboxAddresses | undefined;
  /** Starts it (creating its key on first run); resolves with the status reached, never throws. */
  start(): Promise<SandboxStatus>;
  /** Stops and starts it again, keeping its chain and key. */
  restart(): Promise<SandboxStatus>;
  /** Stops, starts with --fresh (reseeds), keeps the key. */
  resetChain(): Promise<SandboxStatus>;
  /** Stops it (SIGTERM, SIGKILL after a grace period) and cancels any pending restart. */
  stop(): Promise<void>;
}

/** Options of {@link createSandboxLauncher}. */
export interface SandboxLauncherOptions {
  /** The app's data folder; the sandbox's data goes in `<dataDir>/sandbox`. */
  dataDir: string;
  secrets: Pick<SecretStore, 'get' | 'set'>;
  /** Folder holding the sandbox's bundle, `out/sandbox/cli.mjs`. */
  projectRoot: string;
  log?: (line: string) => void;
  /** Waits before restarts after consecutive crashes (default 1, 2, 5, 10 s; the last repeats). */
  restartBackoffMs?: number[];
  /** Running this long makes the next crash count as the first again (default one minute). */
  stableMs?: number;
  /** Consecutive failures to come up after which it stays crashed until asked again (default 5). */
  maxConsecutiveFailures?: number;
  /** SIGTERM to SIGKILL (default 15 s: the sandbox saves its chain first). */
  stopGraceMs?: number;
  /** Longest wait for the ready line (default 3 minutes: a first start seeds the chain). */
  readyTimeoutMs?: number;
  /** Extra sandbox flags (tests: `--block-time 1`). Never credentials. */
  extraArgs?: string[];
}

/**
 * The sandbox launcher. States: stopped → starting → running; a child that dies unexpectedly → crashed, then
 * (after a backoff that grows with consecutive crashes and resets after a stable minute) restarting →
 * running. Operations run one at a time. No orphan: a POSIX guard stops the sandbox when the app dies, and
 * a `process.on('exit')` fallback (in `spawnSandbox`) SIGKILLs it when the app exits without `stop()`. A
 * crash never throws into the app: it shows in the status (`lastError`, redacted).
 */
export function createSandboxLauncher(options: SandboxLauncherOptions): SandboxLauncher {
  const log = options.log ?? (() => {});
  const sandboxDir = path.join(options.dataDir, 'sandbox');
  const backoff = options.restartBackoffMs ?? [...DEFAULT_RESTART_BACKOFF_MS];
  const stableMs = options.stableMs ?? 60_000;
  const maxFailures = options.maxConsecutiveFailures ?? 5;
  const graceMs = options.stopGraceMs ?? SANDBOX_STOP_GRACE_MS;
  const listeners = new Set<(status: SandboxStatus) => void>();

  let current: SandboxStatus = { state: 'stopped', restarts: 0 };
  let child: SandboxChild | undefined;
  let wanted = false;
  let failures = 0;
  let restartTimer: NodeJS.Timeout | undefined;
  let stableTimer: NodeJS.Timeout | undefined;
  let preferredPort: number | undefined;
  let restarts = 0;
  let launching: AbortController | undefined;
  let queue: Promise<unknown> = Promise.resolve();

  const setStatus = (next: SandboxStatus) => {
    current = next;
    for (const listener of [...listeners]) {
      try {
        listener({ ...next });
      } catch (error) {
        log(`sandbox: a status listener failed: ${(error as Error).message}`);
      }
    }
  };
  const base = (): Pick<SandboxStatus, 'restarts' | 'lastError'> => ({
    restarts,
    ...(current.lastError ? { lastError: current.lastError } : {}),
  });

  // One operation at a time: start, stop, restart, reset and crash restarts never interleave.
  const serialize = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work, work);
    queue = next.catch(() => {});
    return next;
  };

  const cancelRestart = () => {
    if (restartTimer) clearTimeout(restartTimer);
    restartTimer = undefined;
  };

  /** The key from the keychain, or a new one stored there first (first run, or an entry someone removed). */
  const credential = async (): Promise<Credential> => {
    const stored = await options.secrets.get(LOCAL_CREDENTIAL_ID);
    if (stored && isSandboxCredential(stored)) return stored;
    const created = generateSandboxCredential();
    await options.secrets.set(LOCAL_CREDENTIAL_ID, created);
    log(stored ? 'sandbox: the stored key is not one the sandbox accepts; made a new one' : 'sandbox: made a new key for the local sandbox');
    return created;
  };

  const launch = async (state: 'starting' | 'restarting', fresh = false): Promise<void> => {
    if (current.state !== state) setStatus({ state, ...base() }); // restart and reset announced it already
    let started: SandboxChild;
    const port = preferredPort ?? 0;
    const abort = (launching = new AbortController());
    try {
      fs.mkdirSync(sandboxDir, { recursive: true, mode: 0o700 });
      started = await spawnSandbox({
        projectRoot: options.projectRoot,
        dataDir: sandboxDir,
        credential: await credential(),
        // The same port again after a restart, so open views keep their addresses; any free one otherwise.
        port,
        fresh,
        readyTimeoutMs: options.readyTimeoutMs,
        log,
        extraArgs: options.extraArgs,
        signal: abort.signal,
        stopGraceMs: graceMs,
      });
    } catch (error) {
      if (abort.signal.aborted) return; // given up on purpose by stop, restart or reset, which set the state
      preferredPort = undefined; // perhaps someone took the port meanwhile: the next try takes any
      const plain = startErrorToApiError(error);
      const failure = classifyStartFailure(plain);
      log(`sandbox: could not start: ${failure.reason}${failure.permanent ? ' (not retried: a restart would not cure it)' : ''}`);
      failed(
        {
          ...plain,
          shortMessage: `Could not start: ${failure.reason}`,
          details: `${failure.fix}${plain.details ? ` Cause: ${plain.details}` : ''}`,
        },
        failure.permanent ? 'permanent' : 'start',
      );
      return;
    }
    child = started;
    preferredPort = Number(new URL(started.addresses.gasUrl).port) || undefined;
    const origin = new URL(started.addresses.gasUrl).origin;
    const { liveStatesKept, liveBlocksKept } = started.addresses;
    setStatus({
      state: 'running',
      ...base(),
      origin,
      since: Date.now(),
      ...readSandboxFacts(sandboxDir),
      ...(liveStatesKept === undefined ? {} : { liveStatesKept }),
      ...(liveBlocksKept === undefined ? {} : { liveBlocksKept }),
    });
    log(`sandbox: running at ${origin}`);
    if (stableTimer) clearTimeout(stableTimer);
    stableTimer = setTimeout(() => (failures = 0), stableMs);
    stableTimer.unref();
    void started.exited.then((exit) => {
      if (child !== started) return; // stopped on purpose (stop, restart, reset)
      child = undefined;
      if (stableTimer) clearTimeout(stableTimer);
      const error = new SandboxCrashedError(describeExit(exit), started.lastLines());
      log(`sandbox: ${error.shortMessage} (${describeExit(exit)})`);
      failed(toApiError(error), 'crash');
    });
  };

  /**
   * Records a failure and schedules a restart with backoff while one is wanted: a crash (it was running) or a
   * failed start, except one whose cause a restart would not cure (`permanent`), which waits to be asked.
   */
  const failed = (error: ApiError, kind: 'crash' | 'start' | 'permanent') => {
    failures++;
    const retrying = wanted && kind !== 'permanent' && failures <= maxFailures;
    setStatus(kind === 'crash' ? { state: 'crashed', restarts, lastError: error } : { state: 'failed', restarts, lastError: error, retrying });
    if (!wanted || kind === 'permanent') return;
    if (failures > maxFailures) {
      log(`sandbox: ${failures} failures in a row; not restarting it again until asked`);
      return;
    }
    const delay = restartDelay(failures, backoff);
    cancelRestart();
    restartTimer = setTimeout(() => {
      restartTimer = undefined;
      void serialize(async () => {
        if (!wanted || child) return;
        restarts++;
        await launch('restarting');
      });
    }, delay);
    restartTimer.unref();
  };

  // Like serialize, but a start still waiting for its ready line (seeding can take minutes) is given up
  // rather than waited for.
  const interrupting = <T>(work: () => Promise<T>): Promise<T> => {
    launching?.abort();
    return serialize(work);
  };

  const stopChild = async () => {
    const running = child;
    child = undefined;
    if (stableTimer) clearTimeout(stableTimer);
    if (running) await running.stop(graceMs);
  };

  /** Stops the sandbox and starts it again; `fresh` discards its chain and seeds anew. The key is kept. */
  const relaunch = (fresh: boolean) =>
    interrupting(async () => {
      wanted = true;
      cancelRestart();
      failures = 0;
      setStatus({ state: 'restarting', ...base() });
      await stopChild();
      await launch('restarting', fresh);
      return { ...current };
    });

  return {
    status: () => ({ ...current }),

    onStatus(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    addresses: () => (child && current.state === 'running' ? { ...child.addresses } : undefined),

    start: () =>
      serialize(async () => {
        wanted = true;
        if (child) return { ...current };
        cancelRestart();
        failures = 0;
        await launch('starting');
        return { ...current };
      }),

    restart: () => relaunch(false),

    resetChain: () => relaunch(true),

    stop: () =>
      interrupting(async () => {
        wanted = false;
        cancelRestart();
        await stopChild();
        setStatus({ state: 'stopped', ...base() });
      }),
  };
}

function startErrorToApiError(error: unknown): ApiError {
  if (error instanceof BlockglassError) return toApiError(error);
  return { name: 'SandboxStartError', kind: 'sandbox', code: 'SANDBOX_START_FAILED', shortMessage: 'The local sandbox could not start', details: (error as Error)?.message ?? String(error) };
}
