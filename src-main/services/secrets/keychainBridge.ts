// SECURITY: keys live only in the OS keychain and main-process memory. This bridge carries them between the
// main thread and the keychain thread; it must keep every call bounded by the timeout, and must never put a
// key into an error (native messages are redacted with the key of the request before they are kept).
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { KeychainError, KeychainUnavailableError, keychainFixHint } from './keychainErrors';
import { KEYCHAIN_WORKER_SOURCE } from './keychainWorkerSource';
import { redactSecrets } from './redactSecrets';

/** One keychain operation on the entry `(service, account)`. */
export type KeychainRequest =
  | { op: 'get'; account: string }
  | { op: 'set'; account: string; value: string }
  | { op: 'delete'; account: string };

/** The answer of each operation: the stored text (or null), nothing, or whether an entry was deleted. */
export type KeychainResult<R extends KeychainRequest> = R['op'] extends 'get' ? string | null : R['op'] extends 'set' ? null : boolean;

/** Runs keychain operations on a worker thread, each bounded by a timeout. */
export interface KeychainBridge {
  /** Runs one operation; rejects with `KeychainUnavailableError` when the keychain does not answer in time. */
  request<R extends KeychainRequest>(request: R): Promise<KeychainResult<R>>;
  /** Stops the worker thread and fails calls still waiting. */
  close(): Promise<void>;
  /** Whether a timed-out call is still stuck in native code (see {@link createKeychainBridge} about exiting). */
  isStuck(): boolean;
}

/** Options of {@link createKeychainBridge}. */
export interface KeychainBridgeOptions {
  /** Keychain service name under which every entry lives. */
  service: string;
  timeoutMs: number;
  /** The keyring module to load in the worker; tests point it at a fake. */
  modulePath?: string;
}

type Reply = { id: number; ok: true; value: unknown } | { id: number; ok: false; message: string; code: string };

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
  secrets: string[];
}

// Native messages that mean "no keychain to talk to" rather than "the keychain said no".
const UNREACHABLE = /platform failure|platform storage|no storage access|dbus|d-bus|secret service|connect|no such file|not available|locked/i;

/**
 * Starts (lazily) a worker thread that owns every keychain call. When a call times out, that worker is
 * abandoned: it may be stuck in native code waiting on D-Bus (a locked keyring's unlock prompt, a silent
 * bus), and threads blocked in native code cannot be killed. While it is still stuck, new calls fail at
 * once with the same error instead of piling more stuck threads (and prompts) up; once it comes back
 * (the person answered the prompt), the next call starts a fresh worker.
 *
 * Note for the app shell: Node joins worker threads when the process exits, even on `process.exit()`, so a
 * thread stuck in native code holds the process open until its call returns. A locked keyring's prompt ends
 * when the person answers it, and libdbus gives up on a lost reply after 25 s; only a bus that accepts
 * connections and never speaks holds forever. So when `isStuck()` is still true at quit, end the process
 * with a signal (`process.kill(process.pid, 'SIGKILL')`) after everything else is saved.
 */
export function createKeychainBridge(options: KeychainBridgeOptions): KeychainBridge {
  const modulePath = options.modulePath ?? createRequire(import.meta.url).resolve('@napi-rs/keyring');
  const seconds = formatSeconds(options.timeoutMs);
  const pending = new Map<number, Pending>();
  let worker: Worker | undefined;
  let stuck: Worker | undefined;
  let nextId = 1;
  let closed = false;

  const timeoutError = (details?: string) =>
    new KeychainUnavailableError(`No keychain answered within ${seconds} s`, { details: details ?? keychainFixHint() });

  const failAll = (error: Error) => {
    for (const [id, call] of pending) {
      clearTimeout(call.timer);
      pending.delete(id);
      call.reject(error);
    }
  };

  const abandon = (current: Worker, error: Error) => {
    if (worker === current) worker = undefined;
    stuck = current;
    current.once('exit', () => {
      if (stuck === current) stuck = undefined;
    });
    current.terminate().catch(() => {});
    failAll(error);
  };

  const start = (): Worker => {
    const created = new Worker(KEYCHAIN_WORKER_SOURCE, {
      eval: true,
      workerData: { modulePath, service: options.service },
    });
    created.unref(); // an idle keychain thread must not keep the app alive
    created.on('message', (reply: Reply) => {
      const call = pending.get(reply.id);
      if (!call) return;
      pending.delete(reply.id);
      clearTimeout(call.timer);
      if (reply.ok) call.resolve(reply.value);
      else call.reject(nativeError(reply, call.secrets));
    });
    created.on('error', (error) => {
      // Only an uncaught error in the worker itself lands here, such as the native module failing to load.
      if (worker === created) worker = undefined;
      failAll(
        new KeychainUnavailableError('The keychain module could not be loaded', {
          details: keychainFixHint(),
          nodeSaid: error.message,
          cause: error,
        }),
      );
    });
    created.on('exit', () => {
      if (worker === created) {
        worker = undefined;
        failAll(new KeychainUnavailableError('The keychain thread stopped unexpectedly', { details: keychainFixHint() }));
      }
    });
    return created;
  };

  return {
    request<R extends KeychainRequest>(request: R): Promise<KeychainResult<R>> {
      if (closed) return Promise.reject(new KeychainUnavailableError('The secret store is closed'));
      if (stuck) {
        return Promise.reject(
          timeoutError(`An earlier keychain request is still waiting for an answer. ${keychainFixHint()}`),
        );
      }
      const current = (worker ??= start());
      const id = nextId++;
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => abandon(current, timeoutError()), options.timeoutMs);
        const secrets = request.op === 'set' ? [request.value] : [];
        pending.set(id, { resolve: resolve as (value: unknown) => void, reject, timer, secrets });
        current.postMessage({ id, ...request });
      });
    },

    isStuck: () => stuck !== undefined,

    async close() {
      closed = true;
      failAll(new KeychainUnavailableError('The secret store is closed'));
      const current = worker;
      worker = undefined;
      // terminate() waits for a thread stuck in native code forever; do not wait longer than a call would.
      if (current) await Promise.race([current.terminate(), delay(options.timeoutMs)]);
    },
  };
}

/** The error for a failed keychain call, with the native message kept (redacted) for whoever debugs it. */
function nativeError(reply: Extract<Reply, { ok: false }>, secrets: string[]): Error {
  const cause = redactSecrets(reply.message, secrets);
  if (UNREACHABLE.test(cause)) {
    return new KeychainUnavailableError('The system keychain could not be reached', {
      details: keychainFixHint(),
      nodeSaid: cause,
    });
  }
  return new KeychainError('The system keychain refused the request', { details: 'Unlock the keychain, or allow Blockglass to use it, and try again.', nodeSaid: cause });
}

/** 3000 → "3", 1500 → "1.5". */
function formatSeconds(ms: number): string {
  return String(Math.round(ms / 100) / 10);
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
