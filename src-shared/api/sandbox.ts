import { z } from 'zod';
import type { ApiError } from './apiError';
import { method, topic } from './define';

// Area `sandbox`: the Local sandbox as the app runs it.

/** The local sandbox as the app runs it. */
export interface SandboxStatus {
  /**
   * `failed`: it could not start (`lastError` says why and what to do; `retrying` says whether the app tries
   * again by itself). `crashed`: it was running and stopped unexpectedly.
   */
  state: 'stopped' | 'starting' | 'running' | 'restarting' | 'crashed' | 'failed';
  /** With `failed`: whether the app will try again by itself (false when a restart would not cure the cause). */
  retrying?: boolean;
  /** Restarts after crashes since the app started. */
  restarts: number;
  /** Why it last stopped or failed to start (redacted). */
  lastError?: ApiError;
  /** Origin of its interfaces (no key), e.g. `http://127.0.0.1:41234`, while running. */
  origin?: string;
  /** Unix milliseconds when it became `running`. */
  since?: number;
  /** Block the seeded chain ends at; live blocks follow it. */
  seededToBlock?: number;
  /** Root CID of the demo content folder. */
  demoContentCid?: string;
  /** While running: how many of its latest live blocks' states it keeps (every seeded block's is kept besides). */
  liveStatesKept?: number;
  /** While running: how many of its latest live blocks it keeps, with their transactions, receipts and logs (every seeded block besides). */
  liveBlocksKept?: number;
}

const empty = z.strictObject({});

/** The methods of area `sandbox`. */
export const sandboxMethods = {
  /** The local sandbox's state. */
  'sandbox.status': method<SandboxStatus>()({ input: empty, doc: "The local sandbox's state." }),
  /** Restarts the sandbox, keeping its chain. */
  'sandbox.restart': method<SandboxStatus>()({ input: empty, doc: 'Restarts the sandbox; the chain is kept.' }),
  /** Discards the sandbox's chain and seeds a new one. */
  'sandbox.resetChain': method<SandboxStatus>()({ input: empty, doc: "Discards the sandbox's chain and seeds it anew." }),
} as const;

/** The subscriptions of area `sandbox`. */
export const sandboxTopics = {
  /** The sandbox's state whenever it changes (first event: the current state). */
  'sandbox.status': topic<SandboxStatus>()({ mode: 'live', input: empty, doc: "The sandbox's state, now and on every change." }),
} as const;
