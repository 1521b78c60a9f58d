// Test support: a node's answers through viem, for tests and benchmarks that want a result (a block number, a
// chain id, a call's revert data) rather than the HTTP answer itself (test-support/rawJsonRpc.ts).
import { BaseError, createPublicClient, createTestClient, http, RpcRequestError, rpcSchema, type Hex, type HttpTransport, type PublicClient, type TestClient } from 'viem';

/** Any method by name, the nodes' own (`evm_mine`, `hardhat_mine`…) included: viem types only the standard ones. */
type AnyMethod = [{ Method: string; Parameters: unknown[]; ReturnType: unknown }];

// One request a call, as the tests' own fetches were: no retry (a failure is the test's to see), no cached block
// number (a test mines and reads again at once), a test's patience rather than viem's 10 s, and the whole answer
// however large (viem caps a body at 10 MiB since 2.5x: the bench's raw eth_getLogs over the log storm is 40 MB).
const transport = (url: string) => http(url, { retryCount: 0, timeout: 60_000, maxResponseBodySize: false });

/** viem's public client for the node at `url`, whose `request` also takes any other method by name. */
export function nodeClient(url: string): PublicClient<HttpTransport, undefined, undefined, AnyMethod> {
  return createPublicClient({ transport: transport(url), cacheTime: 0, rpcSchema: rpcSchema<AnyMethod>() });
}

/** viem's test client (`setCode`, `mine`…) for a Hardhat or Anvil node at `url`. */
export function nodeTestClient(url: string, mode: 'hardhat' | 'anvil'): TestClient<'hardhat' | 'anvil', HttpTransport> {
  return createTestClient({ mode, transport: transport(url), cacheTime: 0 });
}

/** The JSON-RPC error the node answered, found behind viem's error; undefined when the request failed otherwise (no answer, not JSON). */
export function nodeRefusal(error: unknown): RpcRequestError | undefined {
  const found = error instanceof BaseError ? error.walk((cause) => cause instanceof RpcRequestError) : null;
  return found instanceof RpcRequestError ? found : undefined;
}

/** The revert data the node at `url` answers for `eth_call` of `call` at `block`; throws when the call does not revert. */
export async function revertDataOf(url: string, call: Record<string, unknown>, block: string = 'latest'): Promise<Hex> {
  let result: unknown;
  try {
    result = await nodeClient(url).request({ method: 'eth_call', params: [call, block] });
  } catch (error) {
    const data = nodeRefusal(error)?.data;
    if (typeof data === 'string' && data.startsWith('0x')) return data as Hex;
    throw error;
  }
  throw new Error(`the call did not revert on the chain (it returned ${String(result)})`);
}
