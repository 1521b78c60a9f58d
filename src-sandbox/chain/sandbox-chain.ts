import {
  createClient,
  defineChain,
  http,
  publicActions,
  testActions,
  type Chain,
  type Client,
  type HttpTransport,
  type PublicActions,
  type TestActions,
} from 'viem';
import { SANDBOX_CHAIN_ID } from './anvil';

/** viem chain definition of the sandbox's Local network (Anvil). */
export const sandboxChain: Chain = defineChain({
  id: SANDBOX_CHAIN_ID,
  name: 'Blockglass Sandbox',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
});

/** Options for `createSandboxClient`. */
export interface SandboxClientOptions {
  /** Group requests made in the same tick into JSON-RPC batches of at most this many. */
  batchSize?: number;
}

/** A viem client with public and Anvil test actions; raw `request` accepts Anvil's own methods. */
export function createSandboxClient(rpcUrl: string, options: SandboxClientOptions = {}): SandboxClient {
  return createClient({
    chain: sandboxChain,
    // A local node answers in milliseconds: a short timeout surfaces a hung Anvil quickly,
    // and no retries, because resending a raw transaction after a timeout could double it.
    transport: http(rpcUrl, {
      timeout: 30_000,
      retryCount: 0,
      batch: options.batchSize ? { batchSize: options.batchSize, wait: 0 } : false,
    }),
    pollingInterval: 100,
  })
    .extend(publicActions)
    .extend(testActions({ mode: 'anvil' }));
}

/** The client type used by the seeder and the traffic (spelled out so declarations can name it). */
export type SandboxClient = Client<HttpTransport, Chain, undefined, undefined, PublicActions<HttpTransport, Chain> & TestActions>;

/**
 * Sends a JSON-RPC request viem's schema does not list (Anvil's `evm_mine` with a timestamp,
 * `evm_setTime`, `eth_getBlockReceipts`); the caller states the result type it expects.
 */
export async function rawRequest<T>(client: SandboxClient, method: string, params: readonly unknown[] = []): Promise<T> {
  const request = client.request as unknown as (args: { method: string; params: readonly unknown[] }) => Promise<unknown>;
  return (await request({ method, params })) as T;
}
