import type { Network } from '../networks/network';
import type { ApiError } from './apiError';

// JSON-safe shapes the renderer receives. Quantities stay `0x` hex strings as on the wire; the
// renderer formats them. No view ever carries an API key: credentials appear as `{ configured, hint }`.

/** Whether a network's credential has a key, and a hint of it (`a1b2…f9e0`); never the key. */
export interface CredentialView {
  configured: boolean;
  hint?: string;
  /** Set when the keychain could not be asked. */
  error?: ApiError;
}

/** A network as the renderer lists it. */
export type NetworkView = Network & {
  credential: CredentialView;
  /** The network the app shows now. */
  selected: boolean;
  /** False only for the Local network while its sandbox is not running. */
  available: boolean;
};

/** A block header as far as the frame needs it. */
export interface HeadView {
  /** Block number, `0x` hex. */
  number: string;
  hash: string;
  /** Unix seconds, `0x` hex. */
  timestamp: string;
}

/** The result of probing a network once. */
export interface HealthReport {
  networkId: string;
  ok: boolean;
  /** Chain id the node reports: a number for EVM, a felt hex string for Starknet; undefined when unreachable. */
  chainId?: number | string;
  /** Chain id the network is configured with; undefined when the network itself could not be read. */
  expectedChainId?: number | string;
  /** The node reports another chain than the network says. */
  chainIdMismatch: boolean;
  head?: HeadView;
  /** Round trip of the probe's request, milliseconds. */
  latencyMs?: number;
  error?: ApiError;
  /** When the probe finished, Unix milliseconds. */
  checkedAt: number;
}

/** A live status event of the selected network (subscription `network.health`). */
export interface HealthEvent extends HealthReport {
  /** `connecting` until the first answer; `connected` while heads arrive; `error` when the last probe failed. */
  state: 'connecting' | 'connected' | 'error';
}

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
}

/** Settings a person changes in the app. */
export interface SettingsView {
  theme: 'light' | 'dark' | 'system';
}

/** Which shell hosts the app and what it is. */
export interface AppInfo {
  name: 'Blockglass';
  version: string;
  shell: 'electron' | 'web';
  /**
   * Where API keys are kept in this run: `system` the OS keychain; `private` a throwaway keyring the
   * launcher started for this run (no session keychain was reachable); `memory` this process's memory,
   * because no keychain could be reached at all. With `private` and `memory` keys are forgotten on quit.
   */
  keychain: KeychainMode;
}

/** See {@link AppInfo.keychain}. */
export type KeychainMode = 'system' | 'private' | 'memory';
