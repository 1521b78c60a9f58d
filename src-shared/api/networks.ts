import { z } from 'zod';
import { customNetworkInputSchema } from '../networks/customNetworkInput';
import { networkIdSchema, type Network } from '../networks/network';
import type { ApiError } from './apiError';
import type { CredentialView } from './credentials';
import { method, topic } from './define';

// Area `networks`: the networks, the one the app shows, and each one's live health and head.

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

/** A live status event of a network (subscription `network.health`). */
export interface HealthEvent extends HealthReport {
  /** `connecting` until the first answer; `connected` while heads arrive; `error` when the last probe failed. */
  state: 'connecting' | 'connected' | 'error';
  /** In `error`: when the first of the failed attempts in a row was made, Unix milliseconds. */
  failingSince?: number;
  /** In `error`: how many attempts in a row have failed (it goes on trying, with a backoff up to 10 s). */
  failedAttempts?: number;
}

const networkRef = z.strictObject({ networkId: networkIdSchema });

/** The methods of area `networks`. */
export const networkMethods = {
  /** All networks (presets, Local, custom) with credential status; never a key. */
  'networks.list': method<NetworkView[]>()({ input: z.strictObject({}), doc: 'Every network with its credential status and which is selected.' }),
  /** Reads the chain id of a node being added. */
  'networks.chainIdAt': method<{ chainId: number | string }>()({
    input: z.strictObject({ rpcUrl: z.string().max(2048), family: z.enum(['evm', 'starknet']), credential: z.enum(['own', 'hosted', 'none']) }),
    doc: "The chain id the node at a JSON-RPC address reports (eth_chainId; starknet_chainId), for the form that adds a network: read with the hosted service's key when the network will use it; an error in words when the node cannot be reached or the address needs a key not set yet.",
  }),
  /** Adds a custom network (any JSON-RPC URL). */
  'networks.add': method<NetworkView>()({ input: customNetworkInputSchema, doc: 'Adds a custom network; its key is set separately.' }),
  /** Replaces a custom network's fields. */
  'networks.update': method<NetworkView>()({
    input: z.strictObject({ networkId: networkIdSchema, network: customNetworkInputSchema }),
    doc: 'Replaces a custom network; built-in networks cannot be changed.',
  }),
  /** Deletes a custom network and its own key. */
  'networks.delete': method<{ deleted: true }>()({ input: networkRef, doc: 'Deletes a custom network and its own key.' }),
  /** Makes a network the one the app shows (persisted). */
  'networks.select': method<NetworkView>()({ input: networkRef, doc: 'Selects the network the app shows.' }),
  /** Probes a network once: chain id, head, latency, chain id mismatch. */
  'networks.test': method<HealthReport>()({ input: networkRef, doc: 'Probes a network once with its stored key.' }),
} as const;

/** The subscriptions of area `networks`. */
export const networkTopics = {
  /**
   * Live status of a network: connecting, each new head with latency, errors. Main keeps one feed per network
   * however many views watch it; a new watcher gets the latest event at once.
   */
  'network.health': topic<HealthEvent>()({ mode: 'live', input: networkRef, doc: 'Live status of a network: heads, latency, chain id mismatch, errors.' }),
} as const;
