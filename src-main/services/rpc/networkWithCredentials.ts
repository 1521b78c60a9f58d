import type { Network } from '../../../src-shared/networks/network';

/** Where a network's gas API answers, with its credentials (MAIN-PROCESS ONLY). */
export interface GasRequest {
  url: string;
  authorization?: string;
}

/**
 * A network ready for the main process's own requests. MAIN-PROCESS ONLY: `rpcUrl`, `wsUrl` and
 * `authorization` carry the key. Redact `secrets` from anything derived from it before it leaves main.
 */
export interface NetworkWithCredentials {
  /** The network as stored and shown (templates without the key). */
  network: Network;
  /** JSON-RPC over HTTP(S), with the key. */
  rpcUrl: string;
  /** JSON-RPC over WebSocket, with the key; null when the network has none. */
  wsUrl: string | null;
  /** Gas-fee API base (no key: send `authorization`); null when none. */
  gasUrl: string | null;
  /** The gas API's suggestedGasFees address with its credentials, in the network's auth form; null when it has none. */
  gasRequest?: GasRequest | null;
  /** Content-store base (no key: send `authorization`); null when none. */
  storageUrl: string | null;
  /** `Authorization` header value (HTTP basic `key:secret`) for the gas API and content store; undefined without a key. */
  authorization: string | undefined;
  /** Every value in here that must be redacted: key, secret, basic-auth token. */
  secrets: string[];
}
